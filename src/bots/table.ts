/**
 * Plays a hand with four strategies. Each seat is asked in turn (east, south, west, north) with only its own
 * view and legal actions; a misdeal is followed by a redeal. Deterministic for a given seed and bot seed.
 */
import { legalActions } from '../legal.js';
import { mulberry32, randomWords, type Seed } from '../prng.js';
import { SEATS, type BySeat, type Seat } from '../seats.js';
import { createCharleston, type CharlestonEngine, type SendResult } from '../engine.js';
import type { CharlestonEvent, Phase } from '../types.js';
import { OUTCOME_PHASES } from '../rules/play-order.js';
import { viewFor } from '../views.js';
import { randomStrategy } from './random.js';
import type { Strategy } from './strategy.js';
import { teacherStrategy } from './teacher.js';

/** The strategies by name. */
export const STRATEGIES: Readonly<Record<string, Strategy>> = { teacher: teacherStrategy, random: randomStrategy };

/** One event a bot (or the table, for a redeal) sent, and what came of it. */
export interface PlayedEvent {
  by: Seat | 'table';
  event: CharlestonEvent;
  result: SendResult;
}

/** How to play a hand. */
export interface PlayOptions {
  /** Seed of the deal (ignored when `engine` is given). */
  seed?: number;
  /** An engine (a table in play) to continue instead of a fresh one. */
  engine?: CharlestonEngine;
  /** @deprecated The former name of {@link PlayOptions.engine}, kept for one release. */
  service?: CharlestonEngine;
  /** Strategy per seat (default: the teacher everywhere). */
  strategies?: Partial<BySeat<Strategy>>;
  /** Seed of the bots' random choices (default: the deal's seed). */
  botSeed?: number;
  /** Stop after this many events (default 10,000). */
  maxEvents?: number;
  /** Redeal after a misdeal (default true); the hand number goes up. */
  redeal?: boolean;
  /** Called before each event is sent (the table as it was). */
  beforeEvent?: (by: Seat | 'table', event: CharlestonEvent, engine: CharlestonEngine) => void;
  /** Called after each event. */
  onEvent?: (played: PlayedEvent, engine: CharlestonEngine) => void;
}

/** What a played hand ended with. */
export interface PlayOutcome {
  /** The engine as the bots left it (its `output` holds the result once the hand is over). */
  engine: CharlestonEngine;
  /** @deprecated The same engine under its former name, kept for one release: use {@link PlayOutcome.engine}. */
  service: CharlestonEngine;
  /** Its phase: `complete`, `eastMahjong`, or where play stopped. */
  phase: Phase;
  /** How many events were sent (accepted or refused); use `onEvent` to see them. */
  eventCount: number;
}

const ENDED: readonly Phase[] = OUTCOME_PHASES;

/** The next move of a bot table: a seat's event, or the table's redeal after a misdeal. */
export interface BotMove {
  by: Seat | 'table';
  event: CharlestonEvent;
}

/** Fills in the default strategy (the teacher) for seats without one. */
export function withDefaults(strategies: Partial<BySeat<Strategy>> = {}): BySeat<Strategy> {
  return {
    east: strategies.east ?? teacherStrategy,
    south: strategies.south ?? teacherStrategy,
    west: strategies.west ?? teacherStrategy,
    north: strategies.north ?? teacherStrategy,
  };
}

/**
 * A step-wise bot driver: each call asks the seats in turn (east, south, west, north, round and round) with only
 * their own view and legal actions, and returns the first move; after a misdeal the move is the table's redeal.
 * Returns null when the hand has ended or no seat has anything to do.
 */
export function createBotDriver(strategies: BySeat<Strategy>, random: () => number): (engine: CharlestonEngine) => BotMove | null {
  let turn = 0;
  return (engine) => {
    const phase = engine.phase;
    if (ENDED.includes(phase)) return null;
    if (phase === 'misdeal') return { by: 'table', event: { type: 'hand.redeal' } };
    for (let tried = 0; tried < SEATS.length; tried += 1) {
      const seat = SEATS[turn % SEATS.length] as Seat;
      turn += 1;
      const snapshot = engine.getSnapshot();
      const event = strategies[seat].act(viewFor(snapshot, seat), legalActions(snapshot, seat), random);
      if (event !== null) return { by: seat, event };
    }
    return null;
  };
}

/** A seeded source of numbers in [0, 1) for the bots. */
export function botRandom(seed: Seed): () => number {
  const next = typeof seed === 'number' ? mulberry32(seed) : randomWords(seed, 'bots');
  return () => next() / 0x1_0000_0000;
}

/** Plays until the hand is complete (or East declared), the event budget runs out, or nobody can act. */
export function playHand(options: PlayOptions = {}): PlayOutcome {
  const engine = options.engine ?? options.service ?? createCharleston({ seed: options.seed ?? 1 });
  const driver = createBotDriver(withDefaults(options.strategies), botRandom(options.botSeed ?? options.seed ?? engine.context.seed));
  const budget = options.maxEvents ?? 10_000;
  let events = 0;
  while (events < budget) {
    const move = driver(engine);
    if (move === null || (move.by === 'table' && options.redeal === false)) break;
    options.beforeEvent?.(move.by, move.event, engine);
    const result = engine.send(move.event);
    events += 1;
    options.onEvent?.({ by: move.by, event: move.event, result }, engine);
  }
  return { engine, service: engine, phase: engine.phase, eventCount: events };
}
