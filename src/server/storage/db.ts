/**
 * The storage boundary: one small interface over both databases. PGlite (PostgreSQL compiled to WebAssembly, in a
 * folder or in memory) and a PostgreSQL server (through `pg`) speak the same SQL, so one schema and one set of
 * queries (`queries.ts`) serve both; only connecting, transactions and LISTEN differ, and they live here.
 */

/** A row as the database returns it. */
export type Row = Record<string, unknown>;

/** Something that runs a parameterized statement: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1 …` parameters and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** Which kind of database is behind the adapter. */
export type DbKind = 'pglite' | 'postgres';

/** A database the service can use. */
export interface Db extends Queryable {
  readonly kind: DbKind;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to a NOTIFY channel; resolves once listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /**
   * Whether the database answers a trivial query now, and whether the change listener is connected. Never
   * throws and never waits longer than a few seconds.
   */
  health(): Promise<DbHealth>;
  /** Calls `callback` each time the change listener is connected again after a loss (announcements may have been missed meanwhile). */
  onListenerRestored(callback: () => void): void;
  /** Connections of the pool: open, idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Closes every connection. */
  close(): Promise<void>;
}

/** What `health()` finds. */
export interface DbHealth {
  database: 'up' | 'down';
  listener: 'up' | 'down';
}

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
