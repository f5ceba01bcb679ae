/**
 * Refusal messages: one sentence per code, spoken to the player. `refuse()` is the only way a refusal is made.
 */
import type { Refusal, RefusalCode } from '../types.js';

/** Values a message may mention. */
export type MessageParams = Readonly<Record<string, string | number>>;

const MESSAGES: { readonly [C in RefusalCode]: (p: MessageParams) => string } = {
  INVALID_EVENT: (p) => `That event is malformed: ${p.problem}.`,
  UNKNOWN_SEAT: (p) => `There is no seat ${p.seat}: the seats are east, south, west and north.`,
  UNKNOWN_TILE: (p) => `There is no tile ${p.tile}: use codes like 1B, 5C, 9D, N, RD, F or J.`,
  ONLY_EAST: () => 'Only East may declare a winning opening hand.',
  NOT_NOW: (p) => `You cannot do that now (${p.phase}): ${p.why}.`,
  DECLARE_TOO_LATE: () =>
    'Too late to declare: a winning opening hand must be declared before the first pass is on the table.',
  COURTESY_NOT_AGREED: () =>
    'Your courtesy pair has not agreed on a count yet: both of you offer 0 to 3 tiles first.',
  NOTHING_TO_RETRACT: () =>
    'There is nothing to take back: you have no packet on the table, or it has already been passed and seen.',
  NOT_SHORT: () => 'Only North, when holding 12 tiles, may draw the missing tile from the wall.',
  ALREADY_COMMITTED: () =>
    'Your packet is already on the table: wait for everyone to pass, or take it back first.',
  ALREADY_VOTED: () => 'You have already answered "Does anyone want to stop?".',
  ALREADY_OFFERED: () => 'You have already made your courtesy offer; it is final.',
  BLIND_NOT_ALLOWED: () =>
    'A blind pass is allowed only on the last pass of each Charleston (the first left and the second right).',
  WRONG_PACKET_SIZE: (p) => `This packet must hold exactly ${p.expected} tile(s); yours holds ${p.actual}.`,
  COURTESY_COUNT_OUT_OF_RANGE: (p) => `A courtesy offer is 0, 1, 2 or 3 tiles, not ${p.count}.`,
  JOKER_NOT_PASSABLE: () =>
    'Jokers can never be passed: it goes back to your rack; choose a natural tile.',
  TILE_NOT_IN_RACK: (p) => `You do not have ${p.tile} in your rack (counting duplicates).`,
  NOT_A_WINNING_HAND: () => "East's rack is not a winning hand, so the Charleston goes on.",
};

/** Makes a refusal with its player-facing message. */
export function refuse(code: RefusalCode, params: MessageParams = {}): Refusal {
  return { code, message: MESSAGES[code](params) };
}
