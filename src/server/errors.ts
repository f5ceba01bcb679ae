/** The service's error codes (**fixed**) and their HTTP statuses. */

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

/** A request the service refuses, with a code and a message that names the problem. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  override readonly name = 'ServiceError';

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  /** The HTTP status. */
  get status(): number {
    return STATUS[this.code];
  }

  /** The JSON body: `{ error: { code, message } }`. */
  toBody(): { error: { code: ErrorCode; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}
