/**
 * The bot scheduler of one node: lets the bots of a table act when it waits for one (asynchronously, a burst of
 * turns at a time), looks again when the table changed while they ran, and retries with backoff when a bot's commit
 * failed.
 */
import { botSeats } from './players.js';
import { ServiceError } from './errors.js';
import type { CachedTable } from './cache.js';
import type { WorkTracker } from './work-tracker.js';

/** Longest delay between two tries of a bot whose commit failed. */
const BOT_RETRY_MAX_MILLIS = 30_000;

/** What the bot runner needs: the tables in memory, the turns to run, the clock to arm, and the work tracker. */
export interface BotRunnerHost {
  /** Most bot events in a row before the bots yield to other work. */
  botBurst: number;
  /** First delay before a bot whose commit failed tries again; doubles up to 30 s. */
  botRetryMillis: number;
  /** The copy of table `id` in memory, or null. */
  peek(id: string): CachedTable | null;
  /** Plays the bots' turns on table `id`, at most `burst` events. */
  turns(id: string, burst: number): Promise<unknown>;
  /** Sets the timer of table `id`'s clock (every change of a table passes here). */
  arm(id: string): void;
  /** Tracks the bots' work, and says when the node is closing. */
  work: WorkTracker;
}

/** Runs the bots of one node's tables. */
export class BotRunner {
  readonly #host: BotRunnerHost;
  readonly #running = new Set<string>();
  /** Tables that changed while their bots were running: look again when they finish. */
  readonly #again = new Set<string>();
  /** Bots whose last commit failed: how many times in a row, and the timer of the next try. */
  readonly #failures = new Map<string, number>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  /** A drain of `host.work` stops every retry timer. */
  constructor(host: BotRunnerHost) {
    this.#host = host;
    host.work.onDrain(() => {
      for (const timer of this.#timers.values()) clearTimeout(timer);
      this.#timers.clear();
    });
  }

  /** True while the bots of table `id` are running. */
  isRunning(id: string): boolean {
    return this.#running.has(id);
  }

  /**
   * Arms the table's clock, and lets the bots act if the table waits for one (asynchronously, one event per turn).
   * When a bot's commit fails (the database is away, say), it tries again after 100 ms, then twice as long each
   * time up to 30 s, until it succeeds or the service closes.
   */
  kick(id: string): void {
    const host = this.#host;
    if (host.work.closing) return;
    host.arm(id);
    if (this.#running.has(id)) {
      this.#again.add(id);
      return;
    }
    const table = host.peek(id);
    if (table !== null && botSeats(table.players).length === 0) return;
    const timer = this.#timers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.#timers.delete(id);
    }
    this.#running.add(id);
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => host.turns(id, host.botBurst))
      .then(
        () => {
          this.#failures.delete(id);
        },
        (error: unknown) => {
          if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
            this.#failures.delete(id); // the table is gone: nothing to retry, nothing to remember
            return;
          }
          const first = !this.#failures.has(id);
          if (first && !(error instanceof ServiceError && error.code === 'UNAVAILABLE')) process.emitWarning(`charleston: bot turn failed on table ${id} (${(error as Error).message}); trying again with backoff`);
          this.#retry(id);
        },
      )
      .finally(() => {
        this.#running.delete(id);
        if (this.#again.delete(id)) this.kick(id);
      });
    host.work.track(work, `the bots of table ${id}`);
  }

  /** Tables whose bots wait to try again after a failed commit. */
  get waitingToRetry(): number {
    return this.#timers.size;
  }

  #retry(id: string): void {
    if (this.#host.work.closing) return;
    const failures = (this.#failures.get(id) ?? 0) + 1;
    this.#failures.set(id, failures);
    const delay = Math.min(BOT_RETRY_MAX_MILLIS, this.#host.botRetryMillis * 2 ** Math.min(failures - 1, 16));
    clearTimeout(this.#timers.get(id));
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      this.kick(id);
    }, delay);
    this.#timers.set(id, timer);
  }
}
