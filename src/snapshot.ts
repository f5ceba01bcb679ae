/**
 * The machine's snapshot type and its phase: what the table, the views, legal actions and argument checks share,
 * in a module that imports neither the table (`service.ts`) nor them.
 */
import type { SnapshotFrom } from 'xstate';
import type { charlestonMachine } from '../machines/charleston.machine.js';
import { phaseOf, type StateValue } from './phase.js';
import type { Phase, WinningHandValidator } from './types.js';

/** The machine's snapshot type. */
export type CharlestonSnapshot = SnapshotFrom<typeof charlestonMachine>;

/** What a function that takes "a table or a snapshot" needs of a table. */
export interface TableLike {
  getSnapshot(): CharlestonSnapshot;
  readonly isWinningHand?: WinningHandValidator | undefined;
}

/** The phase of a snapshot. */
export function phaseOfSnapshot(snapshot: CharlestonSnapshot): Phase {
  return phaseOf(snapshot.value as StateValue);
}
