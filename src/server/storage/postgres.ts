/**
 * The server adapter: a `pg` pool for statements and transactions, plus one dedicated client for LISTEN. When the
 * listener's connection is lost (a restarted or stopped database, a network cut), it reconnects with backoff,
 * 100 ms doubling up to 5 s, forever, and tells the service once it is back so the service can read again the
 * tables whose announcements it may have missed (a node must never stay deaf to the other nodes). Both connect
 * through the router (`pg-router.ts`): with several hosts in the URI, to the one that accepts writes, looked for
 * again after every lost connection; a write that meets a standby counts as a lost connection.
 */
import pg from 'pg';
import { createRouter } from './pg-router.js';
import { isLostConnection, parsePgUri } from './pg-uri.js';
import type { Db, DbHealth, Queryable, Row } from './types.js';

const POOL_SIZE = Number(process.env.CHARLESTON_PG_POOL ?? 10);
/** A connection attempt (pool or listener) gives up after this long. */
const CONNECT_TIMEOUT_MILLIS = 5_000;
/** `health()` waits at most this long for the database to answer. */
const HEALTH_TIMEOUT_MILLIS = 3_000;
const RECONNECT_FIRST_MILLIS = 100;
const RECONNECT_MAX_MILLIS = 5_000;
/**
 * `close()` waits at most this long for the pool's connections to end cleanly (a statement still running on a
 * stalled database would hold `pool.end()` forever); then it destroys their sockets, so that the process can exit.
 */
export const CLOSE_MILLIS = 2_000;
/** The most statement texts given a name (the service's own are about 30, all constant). */
const MAX_PREPARED = 128;

/** Cuts a client's connection at once (its socket destroyed; the server rolls back what it was doing). */
function destroySocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** Opens a pool on `url` (one host or a libpq multi-host URI) and checks that it answers. */
export async function openPostgres(url: string): Promise<Db> {
  const router = createRouter(parsePgUri(url), CONNECT_TIMEOUT_MILLIS, true);
  /** A statement failed: when its connection was lost or met a standby, new connections look for the host again. */
  const failed = (error: unknown): void => {
    if (isLostConnection(error)) router.forget();
  };
  // Idle connections stay open (`idleTimeoutMillis: 0`; `pg` closes them after 10 s by default). Under a steady
  // load only two or three of the ten are in use; the others, idle since the last burst, were closed together
  // 10 s later, and every commit in flight at that moment took 40-90 ms: the paced bench's slowest round trips came
  // from that one second. A broken idle connection is still dropped (the pool's 'error' below).
  const pool = new pg.Pool({ Client: router.Client, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MILLIS, keepAlive: true, idleTimeoutMillis: 0 });
  // An idle client that loses its connection emits on the pool; without a listener that would end the process.
  pool.on('error', (error) => {
    router.forget();
    process.emitWarning(`charleston: database connection lost (${error.message})`);
  });
  // Every connection of the pool, so that a close that runs out of time can cut them.
  const connections = new Set<pg.Client>();
  pool.on('connect', (client) => connections.add(client));
  pool.on('remove', (client) => connections.delete(client));
  await pool.query('SELECT 1');
  const listeners = new Map<string, Array<(payload: string) => void>>();
  const restored: Array<() => void> = [];
  let listener: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;
  let warnedDown = false;
  /** The health check's query while it waits for its answer (see `health()`). */
  let healthQuery: Promise<boolean> | null = null;

  function scheduleReconnect(): void {
    if (closed || retry !== null) return;
    const delay = Math.min(RECONNECT_MAX_MILLIS, RECONNECT_FIRST_MILLIS * 2 ** Math.min(attempts, 16));
    attempts += 1;
    retry = setTimeout(() => {
      retry = null;
      connectListener().then(
        () => {
          if (closed) return;
          attempts = 0;
          warnedDown = false;
          process.emitWarning('charleston: LISTEN connection restored; reading the tables this node holds again');
          for (const callback of restored) callback();
        },
        (error: unknown) => {
          if (!warnedDown) process.emitWarning(`charleston: LISTEN connection still down (${(error as Error).message}); retrying with backoff`);
          warnedDown = true;
          scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  }

  async function connectListener(): Promise<void> {
    const client = new router.Client();
    const lost = (reason: string): void => {
      if (listener !== client) return;
      listener = null;
      router.forget();
      process.emitWarning(`charleston: LISTEN connection lost (${reason}); reconnecting`);
      void client.end().catch(() => undefined);
      scheduleReconnect();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('the connection ended'));
    client.on('notification', (message) => {
      for (const onPayload of listeners.get(message.channel) ?? []) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
  }

  /**
   * Statements with parameters run as named prepared statements: each connection parses and plans one the first
   * time it runs it, then only binds and executes it (the group commit's statement took a parse and a plan per
   * commit). The names are per pool and bounded; a text past the bound runs unnamed, as any statement without
   * parameters does (a schema script of several statements can only run unnamed).
   */
  const names = new Map<string, string>();
  const statement = (sql: string, params: readonly unknown[]): pg.QueryConfig => {
    if (params.length === 0) return { text: sql, values: [] };
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `charleston_${names.size}`;
      names.set(sql, name);
    }
    return name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] };
  };
  const direct: Queryable = {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      try {
        const result = await pool.query<T>(statement(sql, params));
        return result.rows;
      } catch (error) {
        failed(error);
        throw error;
      }
    },
  };

  return {
    kind: 'postgres',
    query: direct.query,
    async transaction(work) {
      const client = await pool.connect();
      // A checked-out client whose connection drops between two statements emits 'error' (the pool only listens
      // on idle ones): the failure reaches the transaction through its next statement instead.
      const ignore = (): void => undefined;
      client.on('error', ignore);
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
            return (await client.query<T>(statement(sql, params))).rows;
          },
        };
        const value = await work(tx);
        await client.query('COMMIT');
        client.off('error', ignore);
        client.release();
        return value;
      } catch (error) {
        failed(error);
        await client.query('ROLLBACK').catch(() => undefined);
        client.off('error', ignore);
        client.release(true);
        throw error;
      }
    },
    async listen(channel, onPayload) {
      const list = listeners.get(channel) ?? [];
      list.push(onPayload);
      listeners.set(channel, list);
      if (listener === null) {
        if (retry === null) await connectListener();
      } else await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    async health(): Promise<DbHealth> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MILLIS);
      });
      // One `SELECT 1` at a time: a check that gives up after the timeout leaves its query waiting (a stalled
      // database, a half-open socket), and the checks after it wait on that same query instead of each holding one
      // more pooled connection (`/healthz` and the metrics scrape both ask).
      healthQuery ??= pool
        .query('SELECT 1')
        .then(
          () => true,
          (error: unknown) => {
            failed(error);
            return false;
          },
        )
        .finally(() => {
          healthQuery = null;
        });
      const up = await Promise.race([healthQuery, timeout]);
      clearTimeout(timer);
      return { database: up ? 'up' : 'down', listener: listener !== null ? 'up' : 'down' };
    },
    onListenerRestored(callback) {
      restored.push(callback);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      retry = null;
      const client = listener;
      listener = null;
      const ending = Promise.allSettled([client?.end(), pool.end()]);
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([ending.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_MILLIS)))]);
      clearTimeout(timer);
      if (inTime) return;
      const busy = connections.size - pool.idleCount;
      process.emitWarning(`charleston: shutdown: the database connections did not close within ${CLOSE_MILLIS} ms (${busy} still running a statement); cutting them`);
      for (const open of [...connections, ...(client === null ? [] : [client])]) destroySocket(open);
    },
  };
}
