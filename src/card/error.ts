/**
 * The error a bad card throws: where (line and column, from 1), a fixed code, and a message naming the problem.
 */

/** The fixed codes of a bad card. */
export type CardErrorCode = 'CARD_SYNTAX' | 'CARD_HAND_SIZE' | 'CARD_EMPTY' | 'CARD_TOO_LARGE';

/** A card that cannot be read: `line` and `column` count from 1; `message` names the problem and its place. */
export class CardError extends Error {
  /** The line of the problem, from 1. */
  readonly line: number;
  /** The column of the problem on its line, from 1. */
  readonly column: number;
  /** What kind of problem: a fixed code. */
  readonly code: CardErrorCode;

  /** Makes the error; the message is prefixed with the line and column. */
  constructor(code: CardErrorCode, line: number, column: number, problem: string) {
    super(`line ${line}, column ${column}: ${problem}`);
    this.name = 'CardError';
    this.code = code;
    this.line = line;
    this.column = column;
  }
}
