/**
 * A connection the server ends on its own never ends the node. The server here ends it as a server that shuts down
 * or restarts does (FATAL 57P01, "terminating connection due to administrator command"), through
 * `pg_terminate_backend` from a second connection: on a routed client with nobody else listening (as between
 * connect and the pool's own listener), and in the service's own pool, on an idle client and under a query. Before
 * the routed client carried its own 'error' listener, one node of the failover test died of exactly this error (an
 * unheard 'error' event).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouter } from '../../src/server/storage/pg-router.js';
import { openPostgres } from '../../src/server/storage/postgres.js';
import { parsePgUri } from '../../src/server/storage/pg-uri.js';
import { pgReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG;
const why = pgReason(url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A script that connects one client (routed or plain), has the server end it, and says 'alive' once it has ended. */
function ended(routed: boolean): string {
  return `
    import pg from 'pg';
    import { createRouter } from './src/server/storage/pg-router.ts';
    import { parsePgUri } from './src/server/storage/pg-uri.ts';
    const url = process.env.TARGET;
    const client = ${routed} ? new (createRouter(parsePgUri(url), 5000, true).Client)() : new pg.Client({ connectionString: url });
    await client.connect();
    const gone = new Promise((resolve) => client.once('end', resolve));
    const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await gone;
    console.log('alive');
  `;
}

/** Ends the server process behind `pid` (57P01 to its client), from a connection of its own. */
async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

/** The server process id of a connected client. */
async function backendPid(client: pg.Client | pg.PoolClient): Promise<number> {
  return (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
}

describe.skipIf(why !== null)(titled('a connection the server ends does not end the node', why), () => {
  let router: ReturnType<typeof createRouter>;
  const errors: unknown[] = [];
  const record = (error: unknown): void => {
    errors.push(error);
  };
  beforeAll(() => {
    router = createRouter(parsePgUri(url as string), 5_000, true);
    process.on('uncaughtException', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
  });

  it('a routed client with no other listener: the server ends it, the client ends, nothing is thrown', async () => {
    const client = new router.Client();
    await client.connect();
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    // Only the router's own listener: a plain pg.Client here throws an unheard 'error' event (the counter-test below).
    expect(client.listenerCount('error')).toBe(1);
    await terminate(await backendPid(client));
    await ended;
    expect(errors).toEqual([]);
  });

  it('the counter-test, in a process of its own: a plain pg.Client ended so kills its process; a routed one does not', () => {
    const run = (routed: boolean): SpawnSyncReturns<string> =>
      spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', ended(routed)], { cwd: ROOT, env: { ...process.env, TARGET: url }, encoding: 'utf8', timeout: 30_000 });
    const plain = run(false);
    expect(plain.status).not.toBe(0);
    expect(plain.stderr).toContain('terminating connection due to administrator command');
    expect(plain.stdout).not.toContain('alive');
    const routed = run(true);
    expect(routed.stderr).toBe('');
    expect([routed.status, routed.stdout.trim()]).toEqual([0, 'alive']);
  });

  it("the service's own pool: a client ended while idle, then one ended under a query; the next query runs", async () => {
    const db = await openPostgres(url as string);
    const pidOf = async (): Promise<number> => (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]?.pid as number;
    try {
      const first = await pidOf();
      await terminate(first);
      // The pool drops the ended client once its error arrives; a query may meet it before that and fail.
      await expect.poll(() => pidOf().catch(() => first)).not.toBe(first);
      const second = await pidOf();
      const under = db.query('SELECT pg_sleep(0.5)').then(() => 'answered', () => 'failed');
      await terminate(second);
      expect(['answered', 'failed']).toContain(await under);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(errors).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
