/**
 * Group commit (decision 0014). Accepted events of many tables that arrive while the database is busy are
 * committed together in one statement ({@link commitBatch}); each waits for its batch, and its reply and views
 * leave the node only after that commit. A batch holds at most one event per table (the table service's
 * per-table lock already allows one commit in flight per table), at most `maxBatch` events, and at most
 * `maxInFlight` batches run at once; the next batch gathers whatever arrived meanwhile. A failed batch
 * acknowledges none of its events: each is rejected with the same clear error, and nothing of it is stored.
 */
import { ServiceError } from './errors.js';
import { commitBatch, type BatchEntry } from './storage/batch.js';
import type { Queryable } from './storage/db.js';

/** Limits of group commit. */
export interface CommitQueueOptions {
  /** Most events in one statement (default 256). */
  maxBatch: number;
  /** Most batches in flight at once (default 2; each holds one database connection while it runs). */
  maxInFlight: number;
}

interface Waiting {
  entry: BatchEntry;
  resolve(committed: boolean): void;
  reject(error: Error): void;
}

/** Figures of the queue (for the bench and the tests). */
export interface CommitQueueStats {
  batches: number;
  events: number;
  largest: number;
  failed: number;
}

export class CommitQueue {
  readonly #db: Queryable;
  readonly #node: string;
  readonly #options: CommitQueueOptions;
  #waiting: Waiting[] = [];
  #inFlight = 0;
  #scheduled = false;
  readonly stats: CommitQueueStats = { batches: 0, events: 0, largest: 0, failed: 0 };

  constructor(db: Queryable, node: string, options: Partial<CommitQueueOptions> = {}) {
    this.#db = db;
    this.#node = node;
    this.#options = { maxBatch: 256, maxInFlight: 2, ...options };
  }

  /** Commits `entry` with the next batch: true once committed, false when another writer moved its table first. */
  commit(entry: BatchEntry): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.#waiting.push({ entry, resolve, reject });
      this.#schedule();
    });
  }

  /** Events waiting for a batch plus batches running (0 when idle). */
  get busy(): number {
    return this.#waiting.length + this.#inFlight;
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.#options.maxInFlight || this.#waiting.length === 0) return;
    this.#scheduled = true;
    // After the current turn of the event loop: every message read in this turn joins the batch.
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    while (this.#inFlight < this.#options.maxInFlight && this.#waiting.length > 0) {
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const tables = new Set<string>();
      for (const waiting of this.#waiting) {
        if (batch.length < this.#options.maxBatch && !tables.has(waiting.entry.tableId)) {
          tables.add(waiting.entry.tableId);
          batch.push(waiting);
        } else later.push(waiting);
      }
      this.#waiting = later;
      this.#run(batch);
    }
  }

  #run(batch: Waiting[]): void {
    this.#inFlight += 1;
    this.stats.batches += 1;
    this.stats.events += batch.length;
    if (batch.length > this.stats.largest) this.stats.largest = batch.length;
    commitBatch(
      this.#db,
      batch.map((w) => w.entry),
      this.#node,
    ).then(
      (committed) => {
        this.#inFlight -= 1;
        for (const waiting of batch) waiting.resolve(committed.has(waiting.entry.tableId));
        this.#schedule();
      },
      (error: unknown) => {
        this.#inFlight -= 1;
        this.stats.failed += 1;
        process.emitWarning(`charleston: a batch of ${batch.length} events failed to commit (${(error as Error).message}); none was acknowledged`);
        const failure = new ServiceError('UNAVAILABLE', `the event could not be committed (its batch of ${batch.length} events failed); nothing of it was stored: send it again`);
        for (const waiting of batch) waiting.reject(failure);
        this.#schedule();
      },
    );
  }
}
