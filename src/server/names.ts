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

/** Characters that can be seen: letters, digits, punctuation and symbols (emoji are symbols). */
const SHOWN = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Characters that show nothing although some are letters or symbols by category: the default-ignorable ones
 * (zero-width space and joiners, word joiner, BOM, soft hyphen, invisible operators, tag characters, variation
 * selectors, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Mongolian vowel separator U+180E …) and the
 * blank braille pattern U+2800.
 */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * True when `name` holds at least one visible character (a letter, digit, punctuation mark, symbol or emoji that
 * is not one of the blanks above): a name of format characters, combining marks, whitespace, variation selectors
 * or fillers alone shows nothing.
 */
export function hasVisibleCharacter(name: string): boolean {
  for (const char of name) if (SHOWN.test(char) && !BLANK.test(char)) return true;
  return false;
}

/**
 * What two names are compared by: compatibility-normalized (NFKC: "Ａｎａ" is "Ana"), in lower case, without the
 * characters that show nothing, with runs of whitespace as one space. Names with the same key look alike.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The seat (other than `except`) whose name in `names` looks like `name` ({@link nameKey}), or null. */
export function nameHolder(names: Names, name: string, except: Seat | null = null): Seat | null {
  const key = nameKey(name);
  for (const seat of SEATS) {
    const other = names[seat];
    if (seat !== except && other !== undefined && nameKey(other) === key) return seat;
  }
  return null;
}

/**
 * A display name as stored: `value` trimmed, 1–24 Unicode code points, in any language, with no control
 * character and at least one visible character. Throws 400 INVALID_INPUT naming `field` otherwise.
 */
export function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ServiceError('INVALID_INPUT', 'nameType', { field, max: MAX_NAME_CHARS });
  const name = value.trim();
  const length = [...name].length;
  if (length === 0) throw new ServiceError('INVALID_INPUT', 'nameEmpty', { field });
  if (length > MAX_NAME_CHARS) throw new ServiceError('INVALID_INPUT', 'nameTooLong', { field, max: MAX_NAME_CHARS, got: length });
  if (FORBIDDEN.test(name)) throw new ServiceError('INVALID_INPUT', 'nameControl', { field });
  if (!hasVisibleCharacter(name)) throw new ServiceError('INVALID_INPUT', 'nameInvisible', { field });
  return name;
}

/**
 * The names of a create request, checked (`names.east` …) and unique at the table ({@link nameKey}: "Ana", "ANA"
 * and "Ａｎａ" are one name; the later seat, in the order east, south, west, north, is refused); an empty object
 * when none were given.
 */
export function checkNames(value: Partial<Record<string, unknown>> | undefined): Names {
  const names: Names = {};
  if (value === undefined) return names;
  for (const seat of SEATS) {
    if (value[seat] === undefined) continue;
    const name = checkName(value[seat], `names.${seat}`);
    const holder = nameHolder(names, name);
    if (holder !== null) throw new ServiceError('INVALID_INPUT', 'nameTaken', { field: `names.${seat}`, name, seat: holder });
    names[seat] = name;
  }
  return names;
}
