/** Seeded bot games recorded step by step, shared by the embedding tests. */
import { STRATEGIES, playHand, type PlayedEvent } from '../../src/bots/table.js';
import type { Strategy } from '../../src/bots/strategy.js';
import { persist } from '../../src/persist.js';
import type { BySeat, Seat } from '../../src/seats.js';
import type { CharlestonEvent, RuleOptions } from '../../src/types.js';
import { createCharleston } from '../../src/engine.js';
import type { CharlestonEngine } from '../../src/engine.js';

/** A recorded game: every event sent, and the persisted table after each. */
export interface RecordedGame {
  seed: number;
  played: PlayedEvent[];
  /** persist() after each event (index i = after played[i]). */
  tables: string[];
  final: string;
}

/** The strategy mixes used across the tests: all teachers, all random, and mixed tables. */
export function strategiesFor(seed: number): BySeat<Strategy> {
  const teacher = STRATEGIES.teacher as Strategy;
  const random = STRATEGIES.random as Strategy;
  const mixes: BySeat<Strategy>[] = [
    { east: teacher, south: teacher, west: teacher, north: teacher },
    { east: random, south: random, west: random, north: random },
    { east: teacher, south: random, west: teacher, north: random },
  ];
  return mixes[seed % mixes.length] as BySeat<Strategy>;
}

/** Plays a seeded game, calling `onEvent` after each event with the live service. */
export function recordGame(
  seed: number,
  onEvent?: (played: PlayedEvent, service: CharlestonEngine) => void,
  beforeEvent?: (by: Seat | 'table', event: CharlestonEvent, service: CharlestonEngine) => void,
  table?: { rules: RuleOptions; strategies: BySeat<Strategy> },
): RecordedGame {
  const played: PlayedEvent[] = [];
  const tables: string[] = [];
  const outcome = playHand({
    seed,
    ...(table ? { service: createCharleston({ seed, rules: table.rules }) } : {}),
    strategies: table?.strategies ?? strategiesFor(seed),
    ...(beforeEvent ? { beforeEvent } : {}),
    onEvent: (event, service) => {
      played.push(event);
      tables.push(persist(service));
      onEvent?.(event, service);
    },
  });
  return { seed, played, tables, final: persist(outcome.engine) };
}

/**
 * East declares at once where the table allows it (R10) and plays as the teacher otherwise: with
 * `rules.declarationReview` every hand of such an East goes through the review.
 */
export const declaringEast: Strategy = {
  name: 'declaring-east',
  act(view, legal, random) {
    if (legal.declareMahjong) return { type: 'hand.declareMahjong', seat: view.seat };
    return (STRATEGIES.teacher as Strategy).act(view, legal, random);
  },
};
