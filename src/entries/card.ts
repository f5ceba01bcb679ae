/**
 * `charleston-engine/card`: cards of winning hands in the plain-text notation players paste (`FF 2222a 4444a
 * 6666a`): `parseCard` reads one, `closestHands` says how many tiles a rack is from its nearest hands, and
 * `cardValidator` makes the engine's `isWinningHand` option from it. Browser-safe, and kept out of the core entry.
 */
export { parseCard, MAX_CARD_BYTES, MAX_CARD_HANDS } from '../card/parse.js';
export { closestHands, cardValidator } from '../card/match.js';
export { CardError } from '../card/error.js';
export type { CardErrorCode } from '../card/error.js';
export type { Card, CardHand, ClosestHand } from '../card/types.js';
export { PRACTICE_CARD } from '../card/practice.js';
