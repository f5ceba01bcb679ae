/**
 * The server adapter: a `pg` pool for statements and transactions, plus one dedicated client for LISTEN that
 * reconnects when its connection drops (a restarted database must not leave a node deaf to other nodes).
 */
import pg from 'pg';
import type { Db, Queryable, Row } from './db.js';

const POOL_SIZE = 10;

/** Opens a pool on `url` and checks that it answers. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle client that loses its connection emits on the pool; without a listener that would end the process.
  pool.on('error', (error) => process.emitWarning(`charleston: database connection lost (${error.message})`));
  await pool.query('SELECT 1');
  const listeners = new Map<string, Array<(payload: string) => void>>();
  let listener: pg.Client | null = null;
  let closed = false;

  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => {
      process.emitWarning(`charleston: LISTEN connection lost (${error.message}); reconnecting`);
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 500).unref();
    });
    client.on('notification', (message) => {
      for (const onPayload of listeners.get(message.channel) ?? []) onPayload(message.payload ?? '');
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listener = client;
  }

  const direct: Queryable = {
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pool.query<T>(sql, [...params]);
      return result.rows;
    },
  };

  return {
    kind: 'postgres',
    query: direct.query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
            return (await client.query<T>(sql, [...params])).rows;
          },
        };
        const value = await work(tx);
        await client.query('COMMIT');
        client.release();
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release(true);
        throw error;
      }
    },
    async listen(channel, onPayload) {
      const list = listeners.get(channel) ?? [];
      list.push(onPayload);
      listeners.set(channel, list);
      if (listener === null) await connectListener();
      else await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      if (client !== null) await client.end().catch(() => undefined);
      await pool.end();
    },
  };
}
