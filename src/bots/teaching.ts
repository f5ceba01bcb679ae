/**
 * The shape both teaching strategies share (the plain teacher and the teacher with a card): accept East's declared
 * hand when the table reviews one, draw when asked, declare a complete rack, pass the tiles the plan spares first
 * (a blind pass for what it cannot spare), stop the Charleston when the hand is close, offer what it can spare and
 * give the tiles it spares first. What "spare", "close" and "complete" mean is the plan's.
 */
import type { Tile } from '../tiles.js';
import type { CharlestonEvent } from '../types.js';
import type { Strategy } from './strategy.js';

/** What a strategy makes of its rack at one move; each question is asked only when the move needs it. */
export interface RackPlan {
  /** How many tiles of the rack serve none of its aims. */
  spare(): number;
  /** The `n` tiles of `from` to give away first. */
  pick(from: readonly Tile[], n: number): Tile[];
  /** Whether the hand is close enough to stop the Charleston. */
  close(): boolean;
  /** Whether the rack is a winning hand, to declare when East may. */
  complete(): boolean;
}

/** The teaching strategy named `teacher` that follows the plan made of each rack by `planFor`. */
export function teachingStrategy(planFor: (rack: readonly Tile[]) => RackPlan): Strategy {
  return {
    name: 'teacher',
    act(view, legal): CharlestonEvent | null {
      const { seat } = view;
      if (legal.acceptDeclaration) return { type: 'declaration.accept', seat };
      if (legal.draw) return { type: 'wall.draw', seat };
      const plan = planFor(view.rack.map((tile) => tile.tile));
      if (legal.declareMahjong && plan.complete()) return { type: 'hand.declareMahjong', seat };
      if (legal.pass) {
        const blind = Math.max(...legal.pass.blind.filter((b) => b <= Math.max(0, 3 - plan.spare())));
        const tiles = plan.pick(legal.pass.from, 3 - blind);
        return blind > 0 ? { type: 'pass.commit', seat, tiles, blind } : { type: 'pass.commit', seat, tiles };
      }
      if (legal.vote.length > 0) return { type: 'vote.cast', seat, vote: plan.close() && legal.vote.includes('stop') ? 'stop' : 'continue' };
      if (legal.offer.length > 0) {
        const count = Math.min(3, plan.spare());
        return { type: 'courtesy.offer', seat, count: legal.offer.includes(count) ? count : 0 };
      }
      if (legal.courtesy) return { type: 'courtesy.commit', seat, tiles: plan.pick(legal.courtesy.from, legal.courtesy.count) };
      return null;
    },
  };
}
