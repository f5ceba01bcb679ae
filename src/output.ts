/**
 * The Charleston's result for the next phase of the game: what `snapshot.output` (and `table.output`) holds once
 * the hand is `complete` or `eastMahjong`. Plain, serializable data. It is the host's, not a seat's: it holds
 * every rack and the wall in draw order, so never send it whole to a player.
 */
import { agreedCount } from './rules/courtesy.js';
import { bySeat, type BySeat } from './seats.js';
import { facesOf, sortIds, type Tile } from './tiles.js';
import { allSeatsContinued } from './rules/hand.js';
import type { CharlestonContext } from './types.js';

/** How the hand ended: ready for East's first discard, or East's winning opening hand (R10). */
export type CharlestonOutcome = 'complete' | 'eastMahjong';

/** The Charleston's result (see the module comment). */
export interface CharlestonOutput {
  outcome: CharlestonOutcome;
  /** Each seat's rack as tile codes, sorted as views sort them (east 14, the others 13). */
  racks: BySeat<Tile[]>;
  /** The wall in draw order: the next tile East's opponents draw is `wall[0]`. */
  wall: Tile[];
  /** East remains dealer. */
  dealer: 'east';
  /** Hand number: 1, plus one per redeal after a misdeal. */
  hand: number;
  /** R7: whether the second Charleston was played, stopped at the checkpoint, or not reached (East declared). */
  secondCharleston: 'played' | 'stopped' | 'notReached';
  /** R9: each courtesy pair's agreed count (0–3), or null when the courtesy pass was not reached. */
  courtesy: { eastWest: number | null; southNorth: number | null };
}

/** The output of a hand that ended with `outcome`. */
export function charlestonOutput(context: CharlestonContext, outcome: CharlestonOutcome): CharlestonOutput {
  const { votes } = context;
  const secondCharleston =
    votes.east === 'stop' || votes.south === 'stop' || votes.west === 'stop' || votes.north === 'stop'
      ? 'stopped'
      : allSeatsContinued(context)
        ? 'played'
        : 'notReached';
  return {
    outcome,
    racks: bySeat((seat) => facesOf(sortIds(context.racks[seat].slice()))),
    wall: facesOf(context.wall),
    dealer: context.dealer,
    hand: context.hand,
    secondCharleston,
    courtesy: { eastWest: agreedCount(context, 'eastWest'), southNorth: agreedCount(context, 'southNorth') },
  };
}
