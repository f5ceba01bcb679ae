/**
 * One hand line of a card read into groups: unsuited (`FF`, `NEWS`, `ZZZ`), suited (`2026a`, `DDDb`) and relative
 * (`XXXX1a`). Pure; a bad group throws a {@link CardError} at the column of the first character that is wrong.
 */
import { CardError } from './error.js';

/** A suit letter's place: `a` 0, `b` 1, `c` 2. */
export type SuitLetter = 0 | 1 | 2;

/** A group of a hand, as read. */
export type Group =
  | { kind: 'unsuited'; chars: string; column: number }
  | { kind: 'suited'; chars: string; letter: SuitLetter; column: number }
  | { kind: 'relative'; size: number; offset: number; letter: SuitLetter; column: number };

/** A hand line read: its groups, its text (groups joined by one space) and whether its comment says concealed. */
export interface HandLine {
  groups: Group[];
  text: string;
  concealed: boolean;
}

const UNSUITED = 'FNEWS0Z';
const SUITED_BODY = '0123456789D';
const LETTERS = 'abc';

/** How many tiles a group stands for. */
export function groupSize(group: Group): number {
  return group.kind === 'relative' ? group.size : group.chars.length;
}

/** True when a joker may stand in the group: three or more identical tiles. */
export function jokerable(group: Group): boolean {
  if (group.kind === 'relative') return group.size >= 3;
  return group.chars.length >= 3 && [...group.chars].every((char) => char === group.chars[0]);
}

function unsuitedProblem(char: string, token: string): string {
  if (char >= '1' && char <= '9') return `the number ${char} in "${token}" needs a suit letter (a, b or c) at the end of its group`;
  if (char === 'D') return `the dragon D in "${token}" needs a suit letter (a, b or c) at the end of its group`;
  if (char === 'X') return `"${token}": X is written XXX…, then an offset digit 0–8, then a suit letter`;
  return `"${char}" is not a tile of the notation (in "${token}"; tiles are F N E W S 0 Z, digits and D with a suit letter a b c, or X…)`;
}

/** Reads one group written at `column` (from 1) of `line`. */
export function readGroup(token: string, line: number, column: number): Group {
  const fail = (at: number, problem: string): never => {
    throw new CardError('CARD_SYNTAX', line, column + at, problem);
  };
  if (token[0] === 'X') {
    let size = 0;
    while (token[size] === 'X') size += 1;
    const digit = token[size];
    if (digit === undefined || digit < '0' || digit > '8') fail(size, `"${token}": after the X's comes one offset digit 0–8`);
    const letter = token[size + 1];
    if (letter === undefined || !LETTERS.includes(letter)) fail(size + 1, `"${token}": the offset digit is followed by a suit letter a, b or c`);
    if (token.length > size + 2) fail(size + 2, `"${token}": nothing may follow the suit letter`);
    return { kind: 'relative', size, offset: Number(digit), letter: LETTERS.indexOf(letter as string) as SuitLetter, column };
  }
  const last = token[token.length - 1] as string;
  if (LETTERS.includes(last)) {
    if (token.length === 1) fail(0, `"${token}": a suit letter follows the tiles of its group`);
    for (let at = 0; at < token.length - 1; at += 1) {
      const char = token[at] as string;
      if (!SUITED_BODY.includes(char)) fail(at, `"${char}" cannot be in the suited group "${token}" (digits 0–9 and D, then one suit letter)`);
    }
    return { kind: 'suited', chars: token.slice(0, -1), letter: LETTERS.indexOf(last) as SuitLetter, column };
  }
  for (let at = 0; at < token.length; at += 1) {
    const char = token[at] as string;
    if (!UNSUITED.includes(char)) fail(at, unsuitedProblem(char, token));
  }
  return { kind: 'unsuited', chars: token, column };
}

/** Reads a hand line (`line` from 1): its groups, text, and the comment's `concealed`. Throws on any bad group. */
export function readHandLine(source: string, line: number): HandLine {
  const hash = source.indexOf('#');
  const body = hash === -1 ? source : source.slice(0, hash);
  const comment = hash === -1 ? '' : source.slice(hash + 1);
  const groups: Group[] = [];
  const pattern = /[^ \t]+/g;
  for (let match = pattern.exec(body); match !== null; match = pattern.exec(body)) {
    groups.push(readGroup(match[0], line, match.index + 1));
  }
  return { groups, text: groups.length === 0 ? '' : body.trim().split(/[ \t]+/).join(' '), concealed: /\bconcealed\b/i.test(comment) };
}
