/**
 * The storage boundary: one small interface over both databases. PGlite (PostgreSQL compiled to WebAssembly, in a
 * folder or in memory) and a PostgreSQL server (through `pg`) speak the same SQL, so one schema and one set of
 * queries (`queries.ts`) serve both; only connecting, transactions and LISTEN differ, and they live here.
 */

export type { Db, DbHealth, DbKind, Queryable, Row } from './types.js';
import type { Db } from './types.js';

/** Where the data lives, parsed from `--db` / `CHARLESTON_DB`. */
export type DbLocation = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

/** The default folder of the embedded database. */
export const DEFAULT_DB_DIR = './.charleston/db';

/**
 * Parses a database location: none → PGlite in `./.charleston/db`; `pglite:PATH`; `pglite:memory`;
 * `postgres://…` or `postgresql://…`. Throws an Error naming the problem for anything else.
 */
export function parseDbLocation(text: string | undefined): DbLocation {
  if (text === undefined || text === '') return { kind: 'pglite', dir: DEFAULT_DB_DIR };
  if (text === 'pglite:memory') return { kind: 'pglite', dir: null };
  if (text.startsWith('pglite:')) {
    const dir = text.slice('pglite:'.length);
    if (dir === '') throw new Error('--db pglite:PATH needs a folder after "pglite:"');
    return { kind: 'pglite', dir };
  }
  if (/^postgres(ql)?:\/\//.test(text)) {
    try {
      new URL(text);
    } catch {
      throw new Error(`--db ${JSON.stringify(text)} is not a valid postgres:// URL`);
    }
    return { kind: 'postgres', url: text };
  }
  throw new Error(`--db must be pglite:PATH, pglite:memory or postgres://…, got ${JSON.stringify(text.slice(0, 80))}`);
}

/** Opens the database at `location` (creating a PGlite folder on first use). */
export async function openDb(location: DbLocation): Promise<Db> {
  if (location.kind === 'pglite') {
    const { openPglite } = await import('./pglite.js');
    return openPglite(location.dir);
  }
  const { openPostgres } = await import('./postgres.js');
  return openPostgres(location.url);
}
