/**
 * Plays a hand with four strategies. Each seat is asked in turn (east, south, west, north) with only its own
 * view and legal actions; a misdeal is followed by a redeal. Deterministic for a given seed and bot seed.
 */
import { legalActions } from '../legal.js';
import { mulberry32 } from '../prng.js';
import { SEATS, type BySeat, type Seat } from '../seats.js';
import { createCharleston, type CharlestonService, type SendResult } from '../service.js';
import type { CharlestonEvent, Phase } from '../types.js';
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
  /** Seed of the deal (ignored when `service` is given). */
  seed?: number;
  /** A table to continue instead of a fresh one. */
  service?: CharlestonService;
  /** Strategy per seat (default: the teacher everywhere). */
  strategies?: Partial<BySeat<Strategy>>;
  /** Seed of the bots' random choices (default: the deal's seed). */
  botSeed?: number;
  /** Stop after this many events (default 10,000). */
  maxEvents?: number;
  /** Redeal after a misdeal (default true); the hand number goes up. */
  redeal?: boolean;
  /** Called before each event is sent (the table as it was). */
  beforeEvent?: (by: Seat | 'table', event: CharlestonEvent, service: CharlestonService) => void;
  /** Called after each event. */
  onEvent?: (played: PlayedEvent, service: CharlestonService) => void;
}

/** What a played hand ended with. */
export interface PlayOutcome {
  service: CharlestonService;
  phase: Phase;
  events: number;
}

const ENDED: readonly Phase[] = ['complete', 'eastMahjong'];

/** Plays until the hand is complete (or East declared), the event budget runs out, or nobody can act. */
export function playHand(options: PlayOptions): PlayOutcome {
  const service = options.service ?? createCharleston({ seed: options.seed ?? 1 });
  const random = mulberry32(options.botSeed ?? options.seed ?? service.context.seed);
  const strategies: BySeat<Strategy> = {
    east: options.strategies?.east ?? teacherStrategy,
    south: options.strategies?.south ?? teacherStrategy,
    west: options.strategies?.west ?? teacherStrategy,
    north: options.strategies?.north ?? teacherStrategy,
  };
  const budget = options.maxEvents ?? 10_000;
  const next = () => mulberry32(random())() / 0x1_0000_0000;
  let events = 0;
  const phaseNow = (): Phase => service.phase;
  const send = (by: Seat | 'table', event: CharlestonEvent): void => {
    options.beforeEvent?.(by, event, service);
    const result = service.send(event);
    events += 1;
    options.onEvent?.({ by, event, result }, service);
  };
  while (events < budget && !ENDED.includes(phaseNow())) {
    if (phaseNow() === 'misdeal') {
      if (options.redeal === false) break;
      send('table', { type: 'hand.redeal' });
      continue;
    }
    let acted = false;
    for (const seat of SEATS) {
      if (events >= budget || ENDED.includes(phaseNow()) || phaseNow() === 'misdeal') break;
      const snapshot = service.getSnapshot();
      const event = strategies[seat].act(viewFor(snapshot, seat), legalActions(snapshot, seat), next);
      if (event !== null) {
        send(seat, event);
        acted = true;
      }
    }
    if (!acted) break;
  }
  return { service, phase: phaseNow(), events };
}
