/**
 * The service's errors as the page shows them: every error body (`{ error: { code, message, params } }`) and every
 * live error frame carries `params.problem` and the data of its sentence, so the page words it in its reader's
 * language, a seat as the person holding it ("Μαρία (Δύση)"). The service's own `message` (in the table's language)
 * is shown only for a problem this page does not know.
 */
import type { Locale, Seat } from '../index.js';
import { serviceErrorText } from '../entries/i18n.js';
import { seatLabel } from './table-info.js';

/** A service error as the page keeps it. */
export interface ServiceErrorData {
  code: string;
  message: string;
  params: Readonly<Record<string, unknown>>;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error of a service reply (`status` when the body says nothing useful). */
export function serviceErrorOf(body: unknown, status: number): ServiceErrorData {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : null;
  return {
    code: typeof error?.['code'] === 'string' ? error['code'] : `HTTP_${status}`,
    message: typeof error?.['message'] === 'string' ? error['message'] : `the table answered HTTP ${status}`,
    params: isRecord(error?.['params']) ? error['params'] : {},
  };
}

/**
 * A service error in `locale`, from its code and params, each seat named by the person at it where `names` has one;
 * the service's own message for a problem this page does not know.
 */
export function serviceErrorLine(locale: Locale, error: Pick<ServiceErrorData, 'message' | 'params'>, names?: Partial<Record<Seat, string>> | undefined): string {
  return serviceErrorText(locale, error.params['problem'], error.params, (seat) => seatLabel(locale, seat, names)) ?? error.message;
}
