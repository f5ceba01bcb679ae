/**
 * Display names: what a person calls themselves at the table. Data, never markup: checked here, carried in views
 * as JSON strings, and escaped by whoever renders them.
 */
import { SEATS, type Seat } from '../index.js';
import { ServiceError } from './errors.js';

/** Names by seat (by a person's first-hand seat when stored, by the current seat in views). */
export type Names = Partial<Record<Seat, string>>;

/** Longest name, in Unicode code points after trimming. */
export const MAX_NAME_CHARS = 24;

/** Control characters, line and paragraph separators, and the bidirectional overrides and isolates. */
const FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * A display name as stored: `value` trimmed, 1–24 Unicode code points, in any language, with no control
 * character. Throws 400 INVALID_INPUT naming `field` otherwise.
 */
export function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ServiceError('INVALID_INPUT', `${field}: must be a string of 1 to ${MAX_NAME_CHARS} characters`);
  const name = value.trim();
  const length = [...name].length;
  if (length === 0) throw new ServiceError('INVALID_INPUT', `${field}: must not be empty`);
  if (length > MAX_NAME_CHARS) throw new ServiceError('INVALID_INPUT', `${field}: at most ${MAX_NAME_CHARS} characters, got ${length}`);
  if (FORBIDDEN.test(name)) throw new ServiceError('INVALID_INPUT', `${field}: must not contain control characters`);
  return name;
}

/** The names of a create request, checked (`names.east` …); an empty object when none were given. */
export function checkNames(value: Partial<Record<string, unknown>> | undefined): Names {
  const names: Names = {};
  if (value === undefined) return names;
  for (const seat of SEATS) if (value[seat] !== undefined) names[seat] = checkName(value[seat], `names.${seat}`);
  return names;
}
