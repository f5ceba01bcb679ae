/**
 * The storage boundary: one small interface over both databases. PGlite (PostgreSQL compiled to WebAssembly, in a
 * folder or in memory) and a PostgreSQL server (through `pg`) speak the same SQL, so one schema and one set of
 * queries (`queries.ts`) serve both; only connecting, transactions and LISTEN differ, and they live here.
 */

export type { Db, DbHealth, DbKind, Queryable, Row } from './types.js';
import type { Db } from './types.js';
import { PgUriError, parsePgUri, redactPassword } from './pg-uri.js';

/** Where the data lives, parsed from `--db` / `CHARLESTON_DB`. */
export type DbLocation = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

/** The default folder of the embedded database. */
export const DEFAULT_DB_DIR = './.charleston/db';

/**
 * Parses a database location: none → PGlite in `./.charleston/db`; `pglite:PATH`; `pglite:memory`;
 * `postgres://…` or `postgresql://…`, with one host or libpq's list `host1:port1,host2:port2` and
 * `target_session_attrs=read-write|any`. Throws an Error naming the problem for anything else (never showing a password).
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
      parsePgUri(text);
    } catch (error) {
      if (!(error instanceof PgUriError)) throw error;
      throw new Error(`--db ${JSON.stringify(redactPassword(text).slice(0, 200))}: ${error.message}`);
    }
    return { kind: 'postgres', url: text };
  }
  throw new Error(`--db must be pglite:PATH, pglite:memory or postgres://…, got ${JSON.stringify(redactPassword(text).slice(0, 80))}`);
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
