/**
 * The teacher with a card: it aims for its closest hands of the card (up to three, the closest counting most),
 * passes and gives the tiles that serve none of them (jokers never; a blind pass when fewer than three tiles can be
 * spared), offers as many courtesy tiles as serve none (at most three), stops the second Charleston once its closest
 * hand is {@link CARD_STOP_AT} tiles away or less and votes to continue otherwise, and declares East's hand when the
 * rack is a hand of the card (whatever the table's own check). Without a card, use {@link teacherStrategy}.
 */
import type { Card } from '../card/types.js';
import { InputError } from '../errors.js';
import { aimHands, cheapestTiles, splitRack } from './card-plan.js';
import { checkCard } from './card-plan-checked.js';
import type { Strategy } from './strategy.js';
import { teachingStrategy } from './teaching.js';

/** The teacher stops the Charleston when its closest hand is missing this many tiles or fewer. */
export const CARD_STOP_AT = 4;

/** Options of {@link teacherStrategyFor}. */
export interface CardTeacherOptions {
  /** Stop the Charleston at this `missing` or less (default {@link CARD_STOP_AT}). */
  stopAt?: number;
}

/** The teaching strategy that plays toward the hands of `card` (made by `parseCard`); throws an InputError for anything else. */
export function teacherStrategyFor(card: Card, options: CardTeacherOptions = {}): Strategy {
  checkCard(card);
  if (options === null || typeof options !== 'object') throw new InputError('options', 'must be an object such as { stopAt: 4 }');
  const stopAt = options.stopAt ?? CARD_STOP_AT;
  if (!Number.isInteger(stopAt) || stopAt < 0 || stopAt > 14) throw new InputError('options.stopAt', 'must be a whole number from 0 to 14');
  return teachingStrategy((rack) => {
    let hands: ReturnType<typeof aimHands> | null = null;
    const aims = (): ReturnType<typeof aimHands> => (hands ??= aimHands(card, rack));
    return {
      spare: () => splitRack(card, aims(), rack).spare.length,
      pick: (from, n) => cheapestTiles(card, aims(), from, rack, n),
      close: () => (aims()[0]?.missing ?? 14) <= stopAt,
      complete: () => aims()[0]?.missing === 0,
    };
  });
}
