/**
 * The clock waits for the people: a table created with a clock starts it only once every person at a human seat
 * has opened their link (a good live hello, or a `GET` of the table, with their seat token), or once the admin
 * starts it (`POST /api/tables/:id/start`). Until then no seat has a deadline, so nothing is ever played for a
 * person who has not sat down; bots play their own seats meanwhile. Who has joined is kept by each person's
 * first-hand seat (their token's home), so it follows them from hand to hand; a new hand runs its clock at once.
 * A table without a clock waits for nobody. Pure functions of the table's stored fields.
 */
import { SEATS, type Seat } from '../index.js';
import { homeOf, seatAfter } from './hands.js';
import type { Players } from './players.js';

/** What joining depends on: the clock, whether it runs, who joined (by home seat), who plays, the hand. */
export interface JoinState {
  /** Seconds per decision, or null for no clock. */
  readonly clock: number | null;
  /** True once the clock runs (everyone joined, the admin started it, or a later hand). */
  readonly clockStarted: boolean;
  /** The people who have opened their link, by their first-hand seat. */
  readonly joined: readonly Seat[];
  readonly players: Players;
  /** The table's hand (1-based): seats move one to the right with each. */
  readonly deal: number;
}

/** The first-hand seats of the people the table still waits for: those at a human seat now who have not joined. */
export function awaitedHomes(state: JoinState): Seat[] {
  if (state.clock === null || state.clockStarted) return [];
  return SEATS.filter((seat) => state.players[seat] === 'human').map((seat) => homeOf(seat, state.deal - 1)).filter((home) => !state.joined.includes(home));
}

/** The seats (where each person sits now, in seat order) whose people the table waits for: a body's `joining`. */
export function joiningSeats(state: JoinState): Seat[] {
  const homes = awaitedHomes(state);
  return SEATS.filter((seat) => homes.includes(homeOf(seat, state.deal - 1)));
}

/** The clock's seconds when it runs, else null: what the deadlines are computed with. */
export function runningClock(state: Pick<JoinState, 'clock' | 'clockStarted'>): number | null {
  return state.clockStarted ? state.clock : null;
}

/** True when a new table (or one whose players changed) has nobody left to wait for: its clock runs at once. */
export function readyToStart(state: JoinState): boolean {
  return !state.clockStarted && awaitedHomes(state).length === 0;
}

/**
 * The change the person with first-hand seat `home` makes by opening their link: who has joined after it, and
 * whether that starts the clock. Null when it changes nothing (no clock, the clock already runs, or they joined
 * before). A person whose seat a bot plays now still joins: handed back their seat, they are not waited for again.
 */
export function joinOf(state: JoinState, home: Seat): { joined: Seat[]; starts: boolean } | null {
  if (state.clock === null || state.clockStarted || state.joined.includes(home)) return null;
  const joined = SEATS.filter((seat) => seat === home || state.joined.includes(seat));
  return { joined, starts: awaitedHomes({ ...state, joined }).length === 0 };
}

/** The seat where the person with first-hand seat `home` sits at `hand`. */
export function seatNow(home: Seat, hand: number): Seat {
  return seatAfter(home, hand - 1);
}
