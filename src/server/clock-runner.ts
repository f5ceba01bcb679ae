/**
 * The clocks of the tables on this node: a timer for the earliest deadline of each table in memory, and a periodic
 * sweep of the database for clocks that ran out anywhere. A deadline that passes is played by the teacher as a
 * `clock` move, committed like any other at the version it was chosen for (so across nodes it is played once).
 */
import { SEATS, phaseOfSnapshot, waitingFor } from '../index.js';
import { teacherMove } from './bots.js';
import { earliestDeadline, expiredSeat, type TimeSource } from './clock.js';
import { ServiceError } from './errors.js';
import type { CachedTable } from './cache.js';
import type { SendReply, Sender } from './protocol.js';
import type { TableStore } from './storage/store.js';
import type { WorkTracker } from './work-tracker.js';

/** Most tables one clock sweep fires (the rest wait for the next sweep). */
const CLOCK_SWEEP_LIMIT = 100;

/** What the clock runner needs: time, the tables, a way to commit a clock's move, and the work tracker. */
export interface ClockHost {
  /** Where time comes from. */
  time: TimeSource;
  /** How often to sweep the database for clocks that ran out (0 = never). */
  sweepMillis: number;
  /** The tables that ran out, in the database. */
  store: Pick<TableStore, 'dueClocks'>;
  /** The copy of table `id` in memory, or null. */
  peek(id: string): CachedTable | null;
  /** The table as committed (loaded on demand); throws when there is none. */
  table(id: string): Promise<CachedTable>;
  /** Commits a clock's move at the version it was chosen for; null when the table moved on meanwhile. */
  submit(id: string, sender: Extract<Sender, { kind: 'clock' }>, event: unknown): Promise<SendReply | null>;
  /** Tracks the work the timers start, and says when the node is closing. */
  work: WorkTracker;
}

/** Runs the clocks of one node's tables. */
export class ClockRunner {
  readonly #host: ClockHost;
  /** The timer of each table in memory whose clock runs: cancels it. */
  readonly #timers = new Map<string, () => void>();
  #sweepTimer: (() => void) | null = null;

  /** Starts the periodic sweep; a drain of `host.work` stops every timer. */
  constructor(host: ClockHost) {
    this.#host = host;
    host.work.onDrain(() => {
      for (const cancel of this.#timers.values()) cancel();
      this.#timers.clear();
      this.#sweepTimer?.();
      this.#sweepTimer = null;
    });
    this.#scheduleSweep();
  }

  /**
   * Plays with the teacher, one decision each, every human seat of table `id` whose deadline has passed (several
   * may run out together), each committed at the version it was chosen for (so across nodes a timeout is played
   * once) and setting the table's notice. Resolves with the number of moves committed here.
   */
  async fire(id: string): Promise<number> {
    const host = this.#host;
    let fired = 0;
    for (let attempt = 0; attempt < 3 * SEATS.length && !host.work.closing; attempt += 1) {
      const table = await host.table(id);
      if (table.clock === null) return fired;
      const phase = phaseOfSnapshot(table.snapshot);
      const seat = expiredSeat(table.deadlines, waitingFor(phase, table.snapshot.context), host.time.now());
      if (seat === null) {
        this.arm(id);
        return fired;
      }
      const event = teacherMove(table, seat);
      if (event === null) return fired;
      const reply = await host.submit(id, { kind: 'clock', seat, expectedVersion: table.version }, event);
      if (reply === null) continue; // another node played it, or moved the table on: look again
      if (!reply.ok) {
        process.emitWarning(`charleston: the teacher's move for ${seat} on table ${id} was refused (${reply.refusal.code})`);
        return fired;
      }
      fired += 1;
    }
    return fired;
  }

  /**
   * Looks in the database for clocks that ran out (any table, in memory or not) and plays them; at most 100 tables
   * a round. Resolves with the number of moves committed here.
   */
  async sweep(): Promise<number> {
    const host = this.#host;
    if (host.work.closing) return 0;
    let fired = 0;
    for (const id of await host.store.dueClocks(host.time.now(), CLOCK_SWEEP_LIMIT)) {
      if (host.work.closing) break;
      try {
        fired += await this.fire(id);
      } catch (error) {
        if (!(error instanceof ServiceError)) process.emitWarning(`charleston: clock of table ${id} could not fire (${(error as Error).message})`);
      }
    }
    return fired;
  }

  /** Sets this node's timer for the earliest deadline of table `id` (in memory), replacing the one it had. */
  arm(id: string): void {
    const host = this.#host;
    this.#timers.get(id)?.();
    this.#timers.delete(id);
    const table = host.peek(id);
    if (host.work.closing || table === null || table.clock === null) return;
    const earliest = earliestDeadline(table.deadlines);
    if (earliest === null) return;
    const cancel = host.time.setTimer(Math.max(0, earliest - host.time.now()), () => {
      if (this.#timers.get(id) === cancel) this.#timers.delete(id);
      const work = this.fire(id).catch((error: unknown) => {
        if (!(error instanceof ServiceError)) process.emitWarning(`charleston: clock of table ${id} could not fire (${(error as Error).message})`);
      });
      host.work.track(work, `the clock of table ${id}`);
    });
    this.#timers.set(id, cancel);
  }

  #scheduleSweep(): void {
    const host = this.#host;
    if (host.sweepMillis <= 0 || host.work.closing) return;
    this.#sweepTimer = host.time.setTimer(host.sweepMillis, () => {
      this.#sweepTimer = null;
      const work = this.sweep()
        .catch((error: unknown) => process.emitWarning(`charleston: clock sweep failed (${(error as Error).message}); it runs again later`))
        .finally(() => this.#scheduleSweep());
      host.work.track(work, 'the clock sweep');
    });
  }
}
