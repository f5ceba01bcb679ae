/**
 * The one set of SQL statements, shared by PGlite and PostgreSQL. Every write of an accepted event goes through
 * {@link lockTable} first (`SELECT … FOR UPDATE`): events for one table are serialized across every node.
 */
import type { Queryable } from './db.js';
import type { Players } from '../players.js';
import type { Deadlines, TableNotice } from '../clock.js';
import type { Names } from '../names.js';
import type { Seat } from '../../index.js';

/** A table row as stored. */
export interface TableRow {
  id: string;
  version: number;
  phase: string;
  locale: string;
  players: Players;
  snapshot: string;
  /** The deal number (1-based, counts next deals; the column `hand`) and the version its deal was logged at (0 for the first). */
  deal: number;
  dealVersion: number;
  /** Names by each person's first-hand seat. */
  names: Names;
  /** Seconds per decision, or null for no clock. */
  clock: number | null;
  /** Deadlines of the seats being waited for (epoch ms). */
  deadlines: Deadlines;
  /** The latest notice, or null. */
  notice: TableNotice | null;
  /** True when the table's creator chose the deal (a seed or explicit racks): every hand is known to them. */
  chosenDeal: boolean;
  /** The people who have opened their link, by first-hand seat (joining.ts). */
  joined: Seat[];
  /** True once the clock runs (joining.ts). */
  clockStarted: boolean;
  /** The table's card of winning hands (its text, from the stored setup), or null for a table without one. */
  card: string | null;
}

/** What a table was created with that the next hand needs again (secret: it holds the seed). */
export interface TableSetupRow {
  seed?: number | string;
  rules?: unknown;
  /** True when the creator gave a seed or a deal (tables created before this was stored: a seed says it). */
  chosen?: boolean;
  /** The card's text (a table with a card plays every hand with it). */
  card?: string;
}

/** A token row as stored (the token itself is never stored, only its SHA-256 hash). */
export interface TokenRow {
  role: 'seat' | 'spectator' | 'admin';
  seat: string | null;
}

/** An event row of the log. */
export interface EventRow {
  version: number;
  seat: string | null;
  event: unknown;
  at: string;
  /** The hand the event belongs to (1-based). */
  hand: number;
}

/** The channel on which committed changes are announced to every node. */
export const CHANGES_CHANNEL = 'charleston_changes';

/** Whether the creator chose the deal, from the stored setup (no column of its own). */
const CHOSEN_DEAL = `(setup ? 'chosen' OR setup ? 'seed') AS "chosenDeal"`;
/**
 * The card's text, from the stored setup: read only where a table is loaded, never by the row lock of a commit (a
 * card may be 16 KiB, and a table's card never changes: the node keeps it with the loaded table).
 */
const CARD = `setup->>'card' AS card`;
/** The columns a row lock reads (no snapshot, no card); the loads add to them. */
const ROW_COLUMNS = `id, version, phase, locale, players, hand AS deal, hand_version AS "dealVersion", names, clock, deadlines, notice, joined, clock_started AS "clockStarted", ${CHOSEN_DEAL}`;
const TABLE_COLUMNS_WITHOUT_CARD = `${ROW_COLUMNS}, snapshot`;
const TABLE_COLUMNS = `${TABLE_COLUMNS_WITHOUT_CARD}, ${CARD}`;

/** A table row as its row lock reads it: without the card, and without the snapshot when the caller's copy is current. */
export type LockedRow = Omit<TableRow, 'snapshot' | 'card'> & { snapshot: string | null };

/** The earliest of a set of deadlines, as stored for the sweep (null for none). */
function earliest(deadlines: Deadlines): number | null {
  const values = Object.values(deadlines).filter((at): at is number => typeof at === 'number');
  return values.length === 0 ? null : Math.min(...values);
}

/** Inserts a new table at version 0. */
export async function insertTable(db: Queryable, row: TableRow, setup: TableSetupRow = {}): Promise<void> {
  await db.query(
    `INSERT INTO charleston_tables (id, version, phase, locale, players, snapshot, initial, setup, names, clock, deadlines, next_deadline, joined, clock_started)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [row.id, row.version, row.phase, row.locale, JSON.stringify(row.players), row.snapshot, JSON.stringify(setup), JSON.stringify(row.names), row.clock, JSON.stringify(row.deadlines), earliest(row.deadlines), JSON.stringify(row.joined), row.clockStarted],
  );
}

/** Inserts a token hash for a table. */
export async function insertToken(db: Queryable, hash: string, tableId: string, token: TokenRow): Promise<void> {
  await db.query('INSERT INTO charleston_tokens (hash, table_id, role, seat) VALUES ($1, $2, $3, $4)', [hash, tableId, token.role, token.seat]);
}

/** Reads a table, or null. */
export async function selectTable(db: Queryable, id: string): Promise<TableRow | null> {
  const rows = await db.query<TableRow & Record<string, unknown>>(`SELECT ${TABLE_COLUMNS} FROM charleston_tables WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Reads a table without its card (for a node that holds the table's card already), or null. */
export async function selectTableWithoutCard(db: Queryable, id: string): Promise<Omit<TableRow, 'card'> | null> {
  const rows = await db.query<Omit<TableRow, 'card'> & Record<string, unknown>>(`SELECT ${TABLE_COLUMNS_WITHOUT_CARD} FROM charleston_tables WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Reads a table's persisted snapshot only, or null. */
export async function selectSnapshot(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ snapshot: string }>('SELECT snapshot FROM charleston_tables WHERE id = $1', [id]);
  return rows[0]?.snapshot ?? null;
}

/**
 * Reads a table and locks its row until the transaction ends (serializes writers on every node). The snapshot
 * comes back only when the stored version is not `knownVersion` (the caller's cached engine is then stale); the
 * card never does ({@link selectCard} reads it when the table is loaded).
 */
export async function lockTable(tx: Queryable, id: string, knownVersion = -1): Promise<LockedRow | null> {
  const rows = await tx.query<LockedRow & Record<string, unknown>>(
    `SELECT ${ROW_COLUMNS}, CASE WHEN version = $2 THEN NULL ELSE snapshot END AS snapshot FROM charleston_tables WHERE id = $1 FOR UPDATE`,
    [id, knownVersion],
  );
  return rows[0] ?? null;
}

/** The table's card text (null: a table without a card, or no such table), for a table being loaded. */
export async function selectCard(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ card: string | null }>(`SELECT ${CARD} FROM charleston_tables WHERE id = $1`, [id]);
  return rows[0]?.card ?? null;
}

/** Reads the version only. */
export async function selectVersion(db: Queryable, id: string): Promise<number | null> {
  const rows = await db.query<{ version: number }>('SELECT version FROM charleston_tables WHERE id = $1', [id]);
  return rows[0]?.version ?? null;
}

/** Finds what a token hash is for on a table, or null. */
export async function selectToken(db: Queryable, tableId: string, hash: string): Promise<TokenRow | null> {
  const rows = await db.query<TokenRow & Record<string, unknown>>('SELECT role, seat FROM charleston_tokens WHERE hash = $1 AND table_id = $2', [hash, tableId]);
  return rows[0] ?? null;
}

/**
 * Commits an accepted event in one statement (one round trip): the log row, the table's new version, phase and
 * persisted snapshot, and the announcement to the other nodes. Run inside the transaction that locked the row.
 */
export async function commitEvent(
  tx: Queryable,
  change: { tableId: string; version: number; seat: string | null; event: unknown; phase: string; snapshot: string; node: string; deadlines?: Deadlines; notice?: TableNotice | null; names?: Names; joined?: readonly Seat[]; clockStarted?: boolean },
): Promise<void> {
  // Deadlines, notice, names, who joined and whether the clock runs change only when given (a parameter left null
  // keeps the stored value).
  await tx.query(
    `WITH logged AS (
       INSERT INTO charleston_events (table_id, version, seat, event, hand)
       SELECT $1, $2, $3, $4, hand FROM charleston_tables WHERE id = $1 RETURNING version
     ), moved AS (
       UPDATE charleston_tables SET version = $2, phase = $5, snapshot = $6, updated_at = now(),
              deadlines = coalesce($9::jsonb, deadlines),
              next_deadline = CASE WHEN $9::jsonb IS NULL THEN next_deadline ELSE $10::bigint END,
              notice = CASE WHEN $11::boolean THEN $12::jsonb ELSE notice END,
              names = coalesce($13::jsonb, names),
              joined = coalesce($14::jsonb, joined),
              clock_started = coalesce($15::boolean, clock_started)
        WHERE id = $1 RETURNING version
     )
     SELECT pg_notify($7, $8) FROM logged, moved`,
    [
      change.tableId,
      change.version,
      change.seat,
      JSON.stringify(change.event),
      change.phase,
      change.snapshot,
      CHANGES_CHANNEL,
      `${change.tableId} ${change.version} ${change.node}`,
      change.deadlines === undefined ? null : JSON.stringify(change.deadlines),
      change.deadlines === undefined ? null : earliest(change.deadlines),
      change.notice !== undefined,
      change.notice === undefined || change.notice === null ? null : JSON.stringify(change.notice),
      change.names === undefined ? null : JSON.stringify(change.names),
      change.joined === undefined ? null : JSON.stringify(change.joined),
      change.clockStarted ?? null,
    ],
  );
}

/**
 * Logs the deal of the next hand at the table's next version and moves the table to it (run under the row's lock):
 * the new hand's number, version 0 and snapshot, who plays each seat now, fresh deadlines, no notice; the clock runs.
 */
export async function commitNextHand(
  tx: Queryable,
  change: { tableId: string; version: number; deal: number; phase: string; snapshot: string; players: Players; deadlines: Deadlines; node: string },
): Promise<void> {
  await tx.query('INSERT INTO charleston_events (table_id, version, seat, event, hand) VALUES ($1, $2, NULL, $3, $4)', [
    change.tableId,
    change.version,
    JSON.stringify({ type: 'table.next', hand: change.deal }),
    change.deal,
  ]);
  await tx.query('INSERT INTO charleston_hands (table_id, hand, version, initial) VALUES ($1, $2, $3, $4)', [change.tableId, change.deal, change.version, change.snapshot]);
  await tx.query(
    `UPDATE charleston_tables SET version = $2, phase = $3, snapshot = $4, hand = $5, hand_version = $2, players = $6,
            deadlines = $7, next_deadline = $8, notice = NULL, clock_started = true, updated_at = now() WHERE id = $1`,
    [change.tableId, change.version, change.phase, change.snapshot, change.deal, JSON.stringify(change.players), JSON.stringify(change.deadlines), earliest(change.deadlines)],
  );
  await notifyChange(tx, change.tableId, change.version, change.node);
}

/** What the table was created with (seed, rules), for the next deal. */
export async function selectSetup(tx: Queryable, id: string): Promise<TableSetupRow> {
  const rows = await tx.query<{ setup: TableSetupRow }>('SELECT setup FROM charleston_tables WHERE id = $1', [id]);
  return rows[0]?.setup ?? {};
}

/** Tables with a deadline at or before `now` (epoch ms), earliest first, at most `limit`. */
export async function selectDueClocks(db: Queryable, now: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM charleston_tables WHERE next_deadline <= $1 ORDER BY next_deadline LIMIT $2', [now, limit]);
  return rows.map((row) => row.id);
}

/**
 * Commits an accepted event in one autocommit statement if, and only if, the table is still at
 * `change.version - 1` (a version check instead of a lock): the table row moves on, the log row and the
 * announcement follow from it. Returns false, having written nothing, when another writer moved the table first.
 */
export async function commitEventIfAt(
  db: Queryable,
  change: { tableId: string; version: number; seat: string | null; event: unknown; phase: string; snapshot: string; node: string },
): Promise<boolean> {
  const rows = await db.query(
    `WITH moved AS (
       UPDATE charleston_tables SET version = $2, phase = $5, snapshot = $6, updated_at = now() WHERE id = $1 AND version = $9 RETURNING id, hand
     ), logged AS (
       INSERT INTO charleston_events (table_id, version, seat, event, hand) SELECT id, $2, $3, $4, hand FROM moved RETURNING version
     )
     SELECT pg_notify($7, $8) AS sent FROM logged`,
    [change.tableId, change.version, change.seat, JSON.stringify(change.event), change.phase, change.snapshot, CHANGES_CHANNEL, `${change.tableId} ${change.version} ${change.node}`, change.version - 1],
  );
  return rows.length === 1;
}

/** True when the table has a token for `seat` (the seat was created for a person). */
export async function hasSeatToken(db: Queryable, tableId: string, seat: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM charleston_tokens WHERE table_id = $1 AND seat = $2 LIMIT 1', [tableId, seat]);
  return rows.length > 0;
}

/** Writes who plays each seat. */
export async function updatePlayers(tx: Queryable, id: string, players: Players): Promise<void> {
  await tx.query('UPDATE charleston_tables SET players = $2, updated_at = now() WHERE id = $1', [id, JSON.stringify(players)]);
}

/** The log, in version order (`limit` rows from `after`). */
export async function selectEvents(db: Queryable, tableId: string, after = 0, limit = 100_000): Promise<EventRow[]> {
  const rows = await db.query<{ version: number; seat: string | null; event: unknown; at: Date | string; hand: number }>(
    'SELECT version, seat, event, at, hand FROM charleston_events WHERE table_id = $1 AND version > $2 ORDER BY version LIMIT $3',
    [tableId, after, limit],
  );
  return rows.map((row) => ({ version: row.version, hand: row.hand, seat: row.seat, event: row.event, at: new Date(row.at).toISOString() }));
}

/** The stored result of an idempotency key, or null. */
export async function selectIdempotent(tx: Queryable, tableId: string, tokenHash: string, key: string): Promise<unknown> {
  const rows = await tx.query<{ result: unknown }>('SELECT result FROM charleston_idempotency WHERE table_id = $1 AND token_hash = $2 AND key = $3', [tableId, tokenHash, key]);
  return rows[0]?.result ?? null;
}

/** Stores the first result of an idempotency key. */
export async function insertIdempotent(tx: Queryable, tableId: string, tokenHash: string, key: string, result: unknown): Promise<void> {
  await tx.query('INSERT INTO charleston_idempotency (table_id, token_hash, key, result) VALUES ($1, $2, $3, $4)', [tableId, tokenHash, key, JSON.stringify(result)]);
}

/** Announces a committed change to every node (delivered when the transaction commits). */
export async function notifyChange(tx: Queryable, tableId: string, version: number, node: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${tableId} ${version} ${node}`]);
}

/**
 * A table's persisted snapshot at the start of its current hand (`initial`, dealt at `handVersion`: 0 for the
 * first hand) and as it is now, with its version (null for no such table).
 */
export async function selectHistory(db: Queryable, id: string): Promise<{ initial: string | null; snapshot: string; version: number; hand: number; handVersion: number } | null> {
  const rows = await db.query<{ initial: string | null; snapshot: string; version: number; hand: number; handVersion: number }>(
    `SELECT coalesce(h.initial, t.initial) AS initial, t.snapshot, t.version, t.hand, t.hand_version AS "handVersion"
       FROM charleston_tables t LEFT JOIN charleston_hands h ON h.table_id = t.id AND h.hand = t.hand WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The persisted table at the start of hand `hand` of table `id` (hand 1: the table's version 0; a later hand: as
 * `POST …/next` dealt it), or null when the table or the hand is not stored.
 */
export async function selectHandStart(db: Queryable, id: string, hand: number): Promise<string | null> {
  const rows =
    hand === 1
      ? await db.query<{ initial: string | null }>('SELECT initial FROM charleston_tables WHERE id = $1', [id])
      : await db.query<{ initial: string | null }>('SELECT initial FROM charleston_hands WHERE table_id = $1 AND hand = $2', [id, hand]);
  return rows[0]?.initial ?? null;
}

/** The events of hand `hand` of table `id`, in version order, at most `limit`. */
export async function selectHandEvents(db: Queryable, id: string, hand: number, limit: number): Promise<unknown[]> {
  const rows = await db.query<{ event: unknown }>('SELECT event FROM charleston_events WHERE table_id = $1 AND hand = $2 ORDER BY version LIMIT $3', [id, hand, limit]);
  return rows.map((row) => row.event);
}

/** How many tables are stored. */
export async function countTables(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM charleston_tables');
  return Number(rows[0]?.n ?? 0);
}
