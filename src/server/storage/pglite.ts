/** The embedded adapter: PGlite in a folder (created on first start) or in memory. */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './types.js';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
  };
}

/** Opens PGlite in `dir` (null: in memory, nothing kept). */
export async function openPglite(dir: string | null): Promise<Db> {
  if (dir !== null) mkdirSync(dir, { recursive: true });
  const pg = dir === null ? await PGlite.create() : await PGlite.create(dir);
  const direct = queryable(pg);
  return {
    kind: 'pglite',
    query: direct.query,
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    async listen(channel, onPayload) {
      await pg.listen(channel, onPayload);
    },
    // In the same process: the listener cannot be lost, and the database answers while the process runs.
    async health() {
      try {
        await pg.query('SELECT 1');
        return { database: 'up', listener: 'up' };
      } catch {
        return { database: 'down', listener: 'up' };
      }
    },
    onListenerRestored() {},
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => pg.close(),
  };
}
