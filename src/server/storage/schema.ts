/**
 * The one schema, as numbered migrations applied in order at start. Several nodes starting at once take a
 * transaction-scoped advisory lock, so each migration runs exactly once.
 */
import type { Db } from './db.js';

/** The migrations, in order; a migration is never edited once released, only followed by a new one. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE charleston_tables (
     id text PRIMARY KEY,
     version integer NOT NULL CHECK (version >= 0),
     phase text NOT NULL,
     locale text NOT NULL,
     players jsonb NOT NULL,
     snapshot text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE charleston_tokens (
     hash text PRIMARY KEY,
     table_id text NOT NULL REFERENCES charleston_tables (id) ON DELETE CASCADE,
     role text NOT NULL CHECK (role IN ('seat', 'spectator', 'admin')),
     seat text
   );
   CREATE TABLE charleston_events (
     table_id text NOT NULL REFERENCES charleston_tables (id) ON DELETE CASCADE,
     version integer NOT NULL CHECK (version >= 1),
     seat text,
     event jsonb NOT NULL,
     at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (table_id, version)
   );
   CREATE TABLE charleston_idempotency (
     table_id text NOT NULL REFERENCES charleston_tables (id) ON DELETE CASCADE,
     token_hash text NOT NULL,
     key text NOT NULL,
     result jsonb NOT NULL,
     PRIMARY KEY (table_id, token_hash, key)
   );`,
  // Retention: idempotency keys expire, ended and untouched tables are removed (cleanup.ts). `initial` keeps the
  // table's version 0, so that its stored snapshot can be checked against the replay of its log.
  `ALTER TABLE charleston_idempotency ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
   CREATE INDEX charleston_idempotency_created ON charleston_idempotency (created_at);
   CREATE INDEX charleston_tables_updated ON charleston_tables (updated_at);
   CREATE INDEX charleston_tokens_table ON charleston_tokens (table_id);
   ALTER TABLE charleston_tables ADD COLUMN initial text`,
  // A table of friends: hands in a row (`hand`, the version its deal was logged at, the creation's seed and rules
  // for the next deal, each later hand's version 0 in charleston_hands), names by person, a clock per decision
  // (deadlines by seat in epoch milliseconds, the earliest for the sweep) and the latest notice. Each log row
  // says which hand it belongs to.
  `ALTER TABLE charleston_tables ADD COLUMN hand integer NOT NULL DEFAULT 1;
   ALTER TABLE charleston_tables ADD COLUMN hand_version integer NOT NULL DEFAULT 0;
   ALTER TABLE charleston_tables ADD COLUMN setup jsonb NOT NULL DEFAULT '{}';
   ALTER TABLE charleston_tables ADD COLUMN names jsonb NOT NULL DEFAULT '{}';
   ALTER TABLE charleston_tables ADD COLUMN clock integer;
   ALTER TABLE charleston_tables ADD COLUMN deadlines jsonb NOT NULL DEFAULT '{}';
   ALTER TABLE charleston_tables ADD COLUMN next_deadline bigint;
   ALTER TABLE charleston_tables ADD COLUMN notice jsonb;
   CREATE INDEX charleston_tables_deadline ON charleston_tables (next_deadline) WHERE next_deadline IS NOT NULL;
   ALTER TABLE charleston_events ADD COLUMN hand integer NOT NULL DEFAULT 1;
   CREATE TABLE charleston_hands (
     table_id text NOT NULL REFERENCES charleston_tables (id) ON DELETE CASCADE,
     hand integer NOT NULL CHECK (hand >= 2),
     version integer NOT NULL,
     initial text NOT NULL,
     PRIMARY KEY (table_id, hand)
   )`,
  // Every accepted event updates its table row. With no index on a column that every update changes
  // (`updated_at`), and room left in each page, the update is a heap-only tuple (HOT): the new row version goes
  // on the same page and no index gets an entry, so an event writes less WAL and the table and its primary key
  // stop growing with each event. The cleanup finds old tables by a scan of the table instead of that index.
  `DROP INDEX charleston_tables_updated;
   ALTER TABLE charleston_tables SET (fillfactor = 50)`,
  // A table row holds two persisted snapshots of about 1 KB each (the current one and the hand's first), so it
  // passed PostgreSQL's default threshold of about 2 KB, and the current snapshot was moved out of line at every
  // event: a new TOAST row, a TOAST index entry and a dead TOAST row per event, besides the update itself. Rows up
  // to a page stay whole in their page: the update stays heap-only, and an event writes one row version.
  `ALTER TABLE charleston_tables SET (toast_tuple_target = 8160)`,
  // The clock waits for the people: who has opened their link (by each person's first-hand seat) and whether the
  // clock runs. A table stored before ran its clock from its creation, hence the default.
  `ALTER TABLE charleston_tables ADD COLUMN joined jsonb NOT NULL DEFAULT '[]';
   ALTER TABLE charleston_tables ADD COLUMN clock_started boolean NOT NULL DEFAULT true`,
];

/** An arbitrary constant naming this schema's advisory lock. */
const MIGRATION_LOCK = 0x43484152;

/** Creates or migrates the schema; returns the schema version reached. */
export async function migrate(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS charleston_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const rows = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM charleston_migrations');
    const done = rows[0]?.version ?? 0;
    for (let index = done; index < MIGRATIONS.length; index += 1) {
      for (const statement of (MIGRATIONS[index] as string).split(';').map((s) => s.trim()).filter((s) => s !== '')) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO charleston_migrations (version) VALUES ($1)', [index + 1]);
    }
    return MIGRATIONS.length;
  });
}
