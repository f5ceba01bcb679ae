/**
 * The clock of a table of friends: when a table is created with `clock` seconds, each human seat the table waits
 * for has that long for one decision. A seat's deadline starts when its decision starts (a new phase, or it acted
 * and must act again) and is kept while others act. Deadlines are epoch milliseconds, stored with the table at
 * every commit, so any node can find and fire them after a restart. Pure functions; the time source is injected
 * into the table node (its clock runner) so tests drive it.
 */
import { SEATS, type Phase, type Seat } from '../index.js';
import type { Players } from './players.js';

/** Seconds a table may give one decision, inclusive. */
export const CLOCK_MIN_SECONDS = 10;
export const CLOCK_MAX_SECONDS = 600;

/** The deadline of each seat being waited for, in epoch milliseconds. */
export type Deadlines = Partial<Record<Seat, number>>;

/** The latest notice of a table, shown in every view: a seat's clock ran out and the teacher played for it. */
export interface TableNotice {
  code: 'CLOCK_RAN_OUT';
  /** The seat whose clock ran out, as it was at that moment. */
  seat: Seat;
  /** The table's hand (1-based, counts next deals). */
  hand: number;
  /** The version of the teacher's move. */
  version: number;
}

/** Where time comes from: wall-clock milliseconds and one-shot timers. Tests pass their own. */
export interface TimeSource {
  /** Epoch milliseconds now. */
  now(): number;
  /** Calls `run` once after `millis`; returns a function that cancels it. */
  setTimer(millis: number, run: () => void): () => void;
}

/** The platform's clock and timers (timers do not keep the process alive). */
export const SYSTEM_TIME: TimeSource = {
  now: () => Date.now(),
  setTimer(millis, run) {
    const timer = setTimeout(run, Math.max(0, Math.min(millis, 2 ** 31 - 1)));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** What decides the deadlines after a change. */
export interface DeadlineInput {
  /** The table's clock in seconds, or null for none. */
  clock: number | null;
  /** The deadlines before the change. */
  previous: Deadlines;
  /** The phase before the change (null for a new hand). */
  phaseBefore: Phase | null;
  phaseAfter: Phase;
  /** The seats the table waits for after the change. */
  waiting: readonly Seat[];
  players: Players;
  /** The seat that acted (null for none: a new hand, a redeal). */
  actor: Seat | null;
  now: number;
}

/**
 * The deadlines after a change: a human seat being waited for keeps its deadline when its decision goes on (same
 * phase, and it was not the seat that acted); otherwise its clock starts again. Bot seats and seats not being
 * waited for have none.
 */
export function nextDeadlines(input: DeadlineInput): Deadlines {
  const out: Deadlines = {};
  if (input.clock === null) return out;
  const samePhase = input.phaseBefore === input.phaseAfter;
  for (const seat of SEATS) {
    if (!input.waiting.includes(seat) || input.players[seat] !== 'human') continue;
    const kept = input.previous[seat];
    out[seat] = samePhase && seat !== input.actor && kept !== undefined ? kept : input.now + input.clock * 1000;
  }
  return out;
}

/** The earliest deadline, or null for none. */
export function earliestDeadline(deadlines: Deadlines): number | null {
  let earliest: number | null = null;
  for (const seat of SEATS) {
    const at = deadlines[seat];
    if (at !== undefined && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

/**
 * The first seat (in seat order) whose deadline has passed at `now` and that the table still waits for, or null.
 * A deadline is set only for a person's decision; if the seat was handed to a bot meanwhile, the teacher plays it.
 */
export function expiredSeat(deadlines: Deadlines, waiting: readonly Seat[], now: number): Seat | null {
  for (const seat of SEATS) {
    const at = deadlines[seat];
    if (at !== undefined && at <= now && waiting.includes(seat)) return seat;
  }
  return null;
}

/** The deadlines of the seats being waited for, as a view shows them. */
export function shownDeadlines(deadlines: Deadlines, waiting: readonly Seat[]): Deadlines {
  const out: Deadlines = {};
  for (const seat of SEATS) {
    const at = deadlines[seat];
    if (at !== undefined && waiting.includes(seat)) out[seat] = at;
  }
  return out;
}
