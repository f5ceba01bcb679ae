/** The bot interface: a strategy sees only its own seat's view and legal actions, never the full state. */
import type { LegalActions } from '../legal.js';
import type { CharlestonEvent } from '../types.js';
import type { SeatView } from '../views.js';

/** Chooses what a seat does. */
export interface Strategy {
  readonly name: string;
  /** The event to send for `view.seat`, or null to wait. `random` is a seeded source in [0, 1). */
  act(view: SeatView, legal: LegalActions, random: () => number): CharlestonEvent | null;
}
