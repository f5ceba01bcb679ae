/**
 * The teacher with a card: it aims for its closest hands of the card (up to three, the closest counting most),
 * passes and gives the tiles that serve none of them (jokers never; a blind pass when fewer than three tiles can be
 * spared), offers as many courtesy tiles as serve none (at most three), stops the second Charleston once its closest
 * hand is {@link CARD_STOP_AT} tiles away or less and votes to continue otherwise, and declares East's hand when the
 * rack is a hand of the card (whatever the table's own check). Without a card, use {@link teacherStrategy}.
 */
import type { Card } from '../card/types.js';
import { InputError } from '../errors.js';
import type { CharlestonEvent } from '../types.js';
import { aimHands, cheapestTiles, splitRack } from './card-plan.js';
import { checkCard } from './card-plan-checked.js';
import type { Strategy } from './strategy.js';

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
  return {
    name: 'teacher',
    act(view, legal): CharlestonEvent | null {
      const { seat } = view;
      const rack = view.rack.map((tile) => tile.tile);
      if (legal.acceptDeclaration) return { type: 'declaration.accept', seat };
      if (legal.draw) return { type: 'wall.draw', seat };
      const hands = aimHands(card, rack);
      if (legal.declareMahjong && hands[0]?.missing === 0) return { type: 'hand.declareMahjong', seat };
      if (legal.pass) {
        const junk = splitRack(card, hands, rack).spare.length;
        const blind = Math.max(...legal.pass.blind.filter((b) => b <= Math.max(0, 3 - junk)));
        const tiles = cheapestTiles(card, hands, legal.pass.from, rack, 3 - blind);
        return blind > 0 ? { type: 'pass.commit', seat, tiles, blind } : { type: 'pass.commit', seat, tiles };
      }
      if (legal.vote.length > 0) {
        const close = (hands[0]?.missing ?? 14) <= stopAt;
        return { type: 'vote.cast', seat, vote: close && legal.vote.includes('stop') ? 'stop' : 'continue' };
      }
      if (legal.offer.length > 0) {
        const count = Math.min(3, splitRack(card, hands, rack).spare.length);
        return { type: 'courtesy.offer', seat, count: legal.offer.includes(count) ? count : 0 };
      }
      if (legal.courtesy) return { type: 'courtesy.commit', seat, tiles: cheapestTiles(card, hands, legal.courtesy.from, rack, legal.courtesy.count) };
      return null;
    },
  };
}
