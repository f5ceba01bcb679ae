/**
 * A table's card of winning hands: the text the creator gave (or the project's practice card), parsed once per
 * distinct text on this node and kept with the table in memory, the engine's declaration check made from it, and
 * each seat's closest hands. Pure functions over the card library; the table master and the views apply them.
 */
import { CardError, PRACTICE_CARD, cardValidator, closestHands, parseCard, type Card, type ClosestHand } from '../entries/card.js';
import { faceOf } from '../entries/rules.js';
import type { CharlestonSnapshot, Seat, TileId, WinningHandValidator } from '../index.js';
import { ServiceError } from './errors.js';

/** How many closest hands a seat's view lists. */
export const CLOSEST_IN_VIEW = 3;

/** A table's card as the service holds it: the stored text, the parsed card and the declaration check made from it. */
export interface TableCard {
  /** The card's text as stored with the table. */
  readonly text: string;
  readonly card: Card;
  /** The engine's `isWinningHand`: true when some hand of the card is the rack. */
  readonly isWinningHand: WinningHandValidator;
}

/** Most parsed cards kept on a node (most tables share the practice card; a pasted card is parsed once per node). */
const MAX_PARSED = 256;
const parsed = new Map<string, TableCard>();

/** The text a table stores for the `card` of a request: `"practice"` names the project's practice card. */
export function cardTextOf(given: string): string {
  return given === 'practice' ? PRACTICE_CARD : given;
}

/**
 * Checks the `card` of a request and returns the text to store; a bad card is INVALID_INPUT naming the line and
 * column (`params: { field: 'card', line, column, cardCode }`).
 */
export function checkCard(given: string): string {
  const text = cardTextOf(given);
  try {
    tableCard(text);
  } catch (error) {
    if (error instanceof CardError) throw new ServiceError('INVALID_INPUT', 'badCard', { field: 'card', line: error.line, column: error.column, cardCode: error.code });
    throw error;
  }
  return text;
}

/** The table card of a stored text (null: a table without a card), parsed once per text (throws CardError). */
export function tableCard(text: string | null | undefined): TableCard | null {
  if (text === null || text === undefined) return null;
  const known = parsed.get(text);
  if (known !== undefined) {
    parsed.delete(text); // most recently used last
    parsed.set(text, known);
    return known;
  }
  const card = parseCard(text);
  const made: TableCard = { text, card, isWinningHand: cardValidator(card) };
  parsed.set(text, made);
  if (parsed.size > MAX_PARSED) parsed.delete(parsed.keys().next().value as string);
  return made;
}

/** The closest hands of `seat`'s own rack (faces), at most {@link CLOSEST_IN_VIEW}. */
export function closestOf(card: Card, snapshot: CharlestonSnapshot, seat: Seat): ClosestHand[] {
  const rack = (snapshot.context.racks[seat] as readonly TileId[]).map((id) => faceOf(id));
  return closestHands(card, rack, CLOSEST_IN_VIEW);
}
