/** The service's error codes (**fixed**) and their HTTP statuses, and the error the service throws. */
import { serviceErrorText, type Locale, type ServiceErrorParams, type ServiceProblem } from '../entries/i18n.js';

/** An error code of the HTTP API. */
export type ErrorCode = 'INVALID_INPUT' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'HAND_IN_PLAY' | 'ALREADY_STARTED' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'UNAVAILABLE';

/** The HTTP status of each code. */
export const STATUS: Readonly<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  HAND_IN_PLAY: 409,
  ALREADY_STARTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** An error body as the service sends it: the fixed code, the sentence, the data the sentence is made from. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; params: ServiceErrorParams };
}

/**
 * A request the service refuses: a code, the problem (`params.problem`, a key of the service's error catalogs) and
 * the params its sentence is made from. `message` (the Error's) is the English sentence, for logs; the body's is in
 * the table's language once {@link ServiceError.inLocale} has said which.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly params: ServiceErrorParams;
  /** The language of the table the error concerns, once known (null: English). */
  locale: Locale | null = null;
  override readonly name = 'ServiceError';

  constructor(code: ErrorCode, problem: ServiceProblem, params: Readonly<Record<string, string | number>> = {}) {
    const all: ServiceErrorParams = { ...params, problem };
    super(serviceErrorText('en', problem, all) ?? problem);
    this.code = code;
    this.params = all;
  }

  /** Says which table language the error concerns (the first one said wins); returns the error. */
  inLocale(locale: Locale): this {
    this.locale ??= locale;
    return this;
  }

  /** The HTTP status. */
  get status(): number {
    return STATUS[this.code];
  }

  /** The sentence in `locale` (default: the table's language when known, else English). */
  messageIn(locale: Locale | null = this.locale): string {
    return serviceErrorText(locale ?? 'en', this.params.problem, this.params) ?? this.message;
  }

  /**
   * The JSON body: `{ error: { code, message, params } }`, the message in `locale` (default: the language the error
   * was marked with, else English). One error may answer requests of several tables (a failed batch): the caller
   * passes each request's own table language rather than marking the shared error.
   */
  toBody(locale: Locale | null = this.locale): ErrorBody {
    return { error: { code: this.code, message: this.messageIn(locale), params: this.params } };
  }
}
