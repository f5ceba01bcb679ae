/**
 * Group commit (decision 0014). Accepted events of many tables that arrive while the database is busy are
 * committed together in one statement; each waits for its batch, and its reply and views leave the node only
 * after that commit. A batch holds at most one event per table (the master's per-table lock already allows one
 * commit in flight per table), at most `maxBatch` events, and at most `maxInFlight` batches run at once; the next
 * batch gathers whatever arrived meanwhile. A failed batch acknowledges none of its events: each is rejected with
 * the same clear error, and nothing of it is stored (`test/server/batch-failure.test.ts`). Only a connection lost
 * while the database commits leaves the node unsure: the events may then be stored without an acknowledgement,
 * which the error says, and a client reads the table's version before sending again.
 *
 * The statement: many tables' accepted events in one autocommit statement (one transaction, one WAL flush). Each event moves its table row only if the table is still at `version - 1` (the version check of
 * the one-event path), writes its log row from that update, and announces itself; an event whose table another
 * writer moved on writes nothing and is reported as not committed. The statement is atomic: if it fails, none
 * of its events is stored.
 */
import { ServiceError } from '../errors.js';
import type { Queryable } from './db.js';
import { CHANGES_CHANNEL } from './queries.js';

/** One accepted event, ready to commit (the event already serialized, once). */
export interface BatchEntry {
  tableId: string;
  version: number;
  seat: string | null;
  eventText: string;
  phase: string;
  snapshot: string;
}

const COMMIT_BATCH = `WITH input AS (
  SELECT * FROM json_to_recordset($1::json) AS i (table_id text, version int, seat text, event text, phase text, snapshot text)
), moved AS (
  UPDATE charleston_tables AS t SET version = i.version, phase = i.phase, snapshot = i.snapshot, updated_at = now()
  FROM input AS i WHERE t.id = i.table_id AND t.version = i.version - 1
  RETURNING t.id, t.version, t.hand
), logged AS (
  INSERT INTO charleston_events (table_id, version, seat, event, hand)
  SELECT i.table_id, i.version, i.seat, i.event::jsonb, m.hand FROM input AS i JOIN moved AS m ON m.id = i.table_id AND m.version = i.version
  RETURNING table_id, version
)
SELECT table_id, pg_notify($2, table_id || ' ' || version || ' ' || $3) AS sent FROM logged`;

/** The same for a batch of one: a plain statement (no arrays to build and take apart). */
const COMMIT_ONE = `WITH moved AS (
  UPDATE charleston_tables SET version = $2, phase = $5, snapshot = $6, updated_at = now() WHERE id = $1 AND version = $2 - 1 RETURNING id, hand
), logged AS (
  INSERT INTO charleston_events (table_id, version, seat, event, hand) SELECT id, $2, $3, $4::jsonb, hand FROM moved RETURNING table_id, version
)
SELECT table_id, pg_notify($7, table_id || ' ' || version || ' ' || $8) AS sent FROM logged`;

/**
 * Commits `entries` (at most one per table) in one statement; resolves with the ids of the tables whose event
 * was committed (the others were moved on by another writer and wrote nothing). Rejects, having stored nothing,
 * when the statement fails.
 */
export async function commitBatch(db: Queryable, entries: readonly BatchEntry[], node: string): Promise<Set<string>> {
  const one = entries.length === 1 ? (entries[0] as BatchEntry) : null;
  if (one !== null) {
    const rows = await db.query<{ table_id: string }>(COMMIT_ONE, [one.tableId, one.version, one.seat, one.eventText, one.phase, one.snapshot, CHANGES_CHANNEL, node]);
    return new Set(rows.map((row) => row.table_id));
  }
  // One JSON parameter (serialized natively) rather than six arrays: the driver would escape each 1 KB snapshot
  // element by element into an array literal, the largest allocation on the hot path.
  const rows = await db.query<{ table_id: string }>(COMMIT_BATCH, [
    JSON.stringify(entries.map((e) => ({ table_id: e.tableId, version: e.version, seat: e.seat, event: e.eventText, phase: e.phase, snapshot: e.snapshot }))),
    CHANGES_CHANNEL,
    node,
  ]);
  return new Set(rows.map((row) => row.table_id));
}

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
        // A statement that failed stored nothing. A connection lost while PostgreSQL committed leaves the outcome
        // unknown to this node, so the message does not promise "not stored": the table's version tells.
        const failure = new ServiceError('UNAVAILABLE', 'batchFailed', { size: batch.length });
        for (const waiting of batch) waiting.reject(failure);
        this.#schedule();
      },
    );
  }
}
