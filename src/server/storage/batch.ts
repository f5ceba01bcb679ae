/**
 * Group commit's one statement: many tables' accepted events in one autocommit statement (one transaction, one
 * WAL flush). Each event moves its table row only if the table is still at `version - 1` (the version check of
 * the one-event path), writes its log row from that update, and announces itself; an event whose table another
 * writer moved on writes nothing and is reported as not committed. The statement is atomic: if it fails, none
 * of its events is stored.
 */
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
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS i (table_id, version, seat, event, phase, snapshot)
), moved AS (
  UPDATE charleston_tables AS t SET version = i.version, phase = i.phase, snapshot = i.snapshot, updated_at = now()
  FROM input AS i WHERE t.id = i.table_id AND t.version = i.version - 1
  RETURNING t.id, t.version
), logged AS (
  INSERT INTO charleston_events (table_id, version, seat, event)
  SELECT i.table_id, i.version, i.seat, i.event::jsonb FROM input AS i JOIN moved AS m ON m.id = i.table_id AND m.version = i.version
  RETURNING table_id, version
)
SELECT table_id, pg_notify($7, table_id || ' ' || version || ' ' || $8) AS sent FROM logged`;

/**
 * Commits `entries` (at most one per table) in one statement; resolves with the ids of the tables whose event
 * was committed (the others were moved on by another writer and wrote nothing). Rejects, having stored nothing,
 * when the statement fails.
 */
export async function commitBatch(db: Queryable, entries: readonly BatchEntry[], node: string): Promise<Set<string>> {
  const rows = await db.query<{ table_id: string }>(COMMIT_BATCH, [
    entries.map((e) => e.tableId),
    entries.map((e) => e.version),
    entries.map((e) => e.seat),
    entries.map((e) => e.eventText),
    entries.map((e) => e.phase),
    entries.map((e) => e.snapshot),
    CHANGES_CHANNEL,
    node,
  ]);
  return new Set(rows.map((row) => row.table_id));
}
