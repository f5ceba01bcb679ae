/**
 * The storage boundary's types: one small interface over both databases (PGlite and a PostgreSQL server). The
 * adapters (`pglite.ts`, `postgres.ts`) implement it; `db.ts` picks one. Kept apart so that no adapter imports the
 * module that loads it.
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

