/**
 * Retention: what the database keeps, and the cleanup that enforces it. Idempotency keys expire after
 * `keysMillis`; a table whose hand ended (`complete`, `eastMahjong`) and was not touched for `endedMillis`, and
 * any table not touched for `idleMillis`, is removed with its tokens, events and keys (the foreign keys cascade).
 * Several nodes may run the cleanup: a transaction-scoped advisory lock lets one node at a time do the work,
 * in batches so that no transaction grows without bound. Removed tables are announced like changes (version -1).
 */
import type { Db } from './db.js';
import { CHANGES_CHANNEL } from './queries.js';

/** How long things are kept, in milliseconds. */
export interface Retention {
  /** Idempotency keys (default 24 h). */
  keysMillis: number;
  /** A table whose hand ended, after its last change (default 24 h). */
  endedMillis: number;
  /** Any table, after its last change (default 7 days). */
  idleMillis: number;
}

/** The defaults of {@link Retention}. */
export const DEFAULT_RETENTION: Retention = { keysMillis: 24 * 3_600_000, endedMillis: 24 * 3_600_000, idleMillis: 7 * 24 * 3_600_000 };

/** What one cleanup did: whether this node held the lock, and what it removed. */
export interface CleanupResult {
  ran: boolean;
  tables: string[];
  keys: number;
}

/** An arbitrary constant naming the cleanup's advisory lock (not the migrations'). */
const CLEANUP_LOCK = 0x43484143;
const BATCH = 500;
/** At most this many batches per run; the rest waits for the next run. */
const MAX_BATCHES = 40;

/** Runs one cleanup (see the module comment); `node` names this node in the announcements. */
export async function cleanup(db: Db, retention: Retention, node: string): Promise<CleanupResult> {
  const result: CleanupResult = { ran: false, tables: [], keys: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const step = await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [CLEANUP_LOCK]);
      if (lock?.locked !== true) return null;
      const keys = await tx.query(
        `DELETE FROM charleston_idempotency WHERE ctid IN (
           SELECT ctid FROM charleston_idempotency WHERE created_at <= now() - ($1::double precision * interval '1 millisecond') LIMIT $2
         ) RETURNING 1`,
        [retention.keysMillis, BATCH],
      );
      const tables = await tx.query<{ id: string }>(
        `DELETE FROM charleston_tables WHERE id IN (
           SELECT id FROM charleston_tables
            WHERE (phase IN ('complete', 'eastMahjong') AND updated_at <= now() - ($1::double precision * interval '1 millisecond'))
               OR updated_at <= now() - ($2::double precision * interval '1 millisecond')
            LIMIT $3
         ) RETURNING id`,
        [retention.endedMillis, retention.idleMillis, BATCH],
      );
      for (const { id } of tables) await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${id} -1 ${node}`]);
      return { keys: keys.length, tables: tables.map((row) => row.id) };
    });
    if (step === null) return result;
    result.ran = true;
    result.keys += step.keys;
    result.tables.push(...step.tables);
    if (step.keys < BATCH && step.tables.length < BATCH) break;
  }
  return result;
}

/** The size of the service's tables and their indexes, in bytes (for the retention's growth figure). */
export async function storedBytes(db: Db): Promise<number> {
  const rows = await db.query<{ bytes: string | number }>(
    `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
      WHERE c.relkind = 'r' AND c.relname LIKE 'charleston\\_%'`,
  );
  return Number(rows[0]?.bytes ?? 0);
}
