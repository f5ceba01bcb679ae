/**
 * What the database does for each accepted event. The table row's update is heap-only (HOT): no index of
 * `charleston_tables` covers a column the event changes, and the page has room, so no index gets an entry and the
 * table does not grow with every event. On PostgreSQL, a statement with parameters is prepared once per
 * connection and then only bound and executed; a script without parameters still runs as a simple query.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitBatch, type BatchEntry } from '../../src/server/storage/batch.js';
import type { Db } from '../../src/server/storage/db.js';
import { migrate } from '../../src/server/storage/schema.js';
import { databases, open, privateDatabase } from './support.js';

/** About 1.1 KB of text that does not compress (a persisted snapshot is about that size). */
const snapshotText = (): string => randomBytes(560).toString('hex');

/**
 * A table row of this test's own (the shared database may hold other files' tables), as large as a real one: the
 * current snapshot and the hand's first one, about 1.1 KB each.
 */
async function insertTable(db: Db): Promise<string> {
  const id = `hot-${randomUUID()}`;
  await db.query(`INSERT INTO charleston_tables (id, version, phase, locale, players, snapshot, initial) VALUES ($1, 0, 'firstCharleston.right', 'en', '{}', $2, $3)`, [id, snapshotText(), snapshotText()]);
  return id;
}

const entry = (tableId: string, version: number): BatchEntry => ({
  tableId,
  version,
  seat: 'east',
  eventText: JSON.stringify({ type: 'pass.retract', seat: 'east' }),
  phase: 'firstCharleston.right',
  snapshot: snapshotText(),
});

describe.each(databases())('each event on $name', ({ location }) => {
  let db: Db;
  let dropPrivate: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    // On PostgreSQL a database of this file's own: another file's rows (or the dead row versions of its failed
    // statements) on the same page would leave an update no room there, and so make it not heap-only.
    const shared = location();
    if (shared.kind === 'postgres') {
      const own = await privateDatabase(shared.url);
      dropPrivate = own.drop;
      db = await open({ kind: 'postgres', url: own.url });
    } else db = await open(shared);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await dropPrivate?.();
  });

  it('updates its table row heap-only and whole in its page: no index entry, no TOAST row, in the one-event and the batch statement alike', async () => {
    const one = await insertTable(db);
    const others = [await insertTable(db), await insertTable(db), await insertTable(db)];
    const counts = await db.transaction(async (tx) => {
      // The counters of this transaction only: other test files' sessions do not move them.
      // `toasted`: rows this transaction wrote to the table's TOAST table (a snapshot moved out of its row).
      const hot = async (): Promise<{ updated: number; hot: number; toasted: number }> => {
        const [row] = await tx.query<{ updated: string | number; hot: string | number; toasted: string | number }>(
          `SELECT pg_stat_get_xact_tuples_updated('charleston_tables'::regclass) AS updated,
                  pg_stat_get_xact_tuples_hot_updated('charleston_tables'::regclass) AS hot,
                  pg_stat_get_xact_tuples_inserted((SELECT reltoastrelid FROM pg_class WHERE oid = 'charleston_tables'::regclass)) AS toasted`,
        );
        return { updated: Number(row?.updated), hot: Number(row?.hot), toasted: Number(row?.toasted) };
      };
      expect(await commitBatch(tx, [entry(one, 1)], 'test-node')).toEqual(new Set([one]));
      expect(await commitBatch(tx, [entry(one, 2)], 'test-node')).toEqual(new Set([one]));
      expect(await commitBatch(tx, others.map((id) => entry(id, 1)), 'test-node')).toEqual(new Set(others));
      return hot();
    });
    expect(counts).toEqual({ updated: 5, hot: 5, toasted: 0 });
  });

  it('leaves no index on a column that every event changes, and room in each page', async () => {
    const indexes = await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'charleston_tables'");
    expect(indexes.length).toBeGreaterThan(0);
    for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/\((version|phase|snapshot|updated_at)\)/);
    const [options] = await db.query<{ reloptions: string[] | string | null }>("SELECT reloptions FROM pg_class WHERE relname = 'charleston_tables'");
    expect(String(options?.reloptions)).toContain('fillfactor=50');
    expect(String(options?.reloptions)).toContain('toast_tuple_target=8160');
  });
});

describe.each(databases().filter((database) => database.name === 'postgres'))('statements on $name', ({ location }) => {
  let db: Db;
  beforeAll(async () => {
    db = await open(location());
  });
  afterAll(async () => {
    await db?.close();
  });

  it('prepares a statement with parameters once per connection; runs a script without them as a simple query', async () => {
    const text = `SELECT $1::int + 1 AS n -- ${randomUUID()}`;
    expect(await db.query<{ n: number }>(text, [1])).toEqual([{ n: 2 }]);
    expect(await db.query<{ n: number }>(text, [2])).toEqual([{ n: 3 }]);
    // One after the other, the pool hands out the connection it got back last: the one that prepared `text`.
    const prepared = await db.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
    const ours = prepared.filter((row) => row.statement === text);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.name).toMatch(/^charleston_\d+$/);
    // Several statements in one text can only run unnamed, as a simple query (a named one would be refused).
    await db.query('CREATE TEMP TABLE statements_probe (n int); DROP TABLE statements_probe');
  });
});
