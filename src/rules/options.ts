/** Validating rule options and deal/seed input (docs/reference.md): an {@link InputError} names the problem. */
import { parseTileList } from '../deal.js';
import { InputError, describeType, isRecord, own, unknownKeys } from '../errors.js';
import type { RuleOptions } from '../types.js';
import type { Tile } from '../tiles.js';

/** The rule options there are. */
export const RULE_OPTIONS = ['winningHands', 'declarationReview'] as const;

/** The most winning hands a `winningHands` option may list (a yearly card has fewer than a hundred). */
export const MAX_WINNING_HANDS = 10_000;

/** Checks rule options; throws an {@link InputError} for an unknown option or a malformed value. */
export function parseRules(value: unknown, where = 'rules'): RuleOptions {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new InputError(where, `must be an object, got ${describeType(value)}`);
  const extra = unknownKeys(value, RULE_OPTIONS);
  if (extra.length > 0) throw new InputError(`${where}.${extra[0]}`, `unknown rule option (known: ${RULE_OPTIONS.join(', ')})`);
  const rules: RuleOptions = {};
  const hands = own(value, 'winningHands');
  if (hands !== undefined) rules.winningHands = parseWinningHands(hands, where);
  const review = own(value, 'declarationReview');
  if (review !== undefined) {
    if (typeof review !== 'boolean') throw new InputError(`${where}.declarationReview`, `must be true or false, got ${describeType(review)}`);
    rules.declarationReview = review;
  }
  return rules;
}

/** Checks the `winningHands` option: a list of 14-tile hands of valid codes. */
function parseWinningHands(hands: unknown, where: string): Tile[][] {
  if (!Array.isArray(hands)) throw new InputError(`${where}.winningHands`, `must be a list of 14-tile hands, got ${describeType(hands)}`);
  if (hands.length > MAX_WINNING_HANDS) throw new InputError(`${where}.winningHands`, `at most ${MAX_WINNING_HANDS} hands, got ${hands.length}`);
  return hands.map((hand: unknown, index) => {
    const at = `${where}.winningHands[${index}]`;
    const tiles = parseTileList(hand, at);
    if (tiles.length !== 14) throw new InputError(at, `a winning hand has 14 tiles, this one ${tiles.length}`);
    return tiles;
  });
}
