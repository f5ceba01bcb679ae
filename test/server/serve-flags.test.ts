/**
 * Each documented flag of `charleston serve` changes what it says, through `bin/charleston.js serve` as an operator
 * types it (child processes; the compiled CLI): the connection caps, the creation rate, the trusted proxy, the log
 * level, the metrics port and host, the operator token (file and variable), and the three retention hours (over
 * a private PostgreSQL database whose rows the test ages with SQL: the cleanup also runs at start, so no clock is
 * waited on). A few environment variables do what their flags do, and the flag wins over its variable. Each node is
 * started once and asked several things.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild, stopChild, type ChildNode } from './child.js';
import { LiveClient, api, createTable, privateDatabase } from './support.js';
import { pgReason, titled } from '../support/skip.js';

const folder = mkdtempSync(join(tmpdir(), 'charleston-serve-flags-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A port free on 127.0.0.1 now (bound to port 0, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** The answer of GET /metrics at `host:port`, or the error's code when nothing listens there. */
async function metricsAt(host: string, port: number): Promise<{ status: number; text: string } | { failed: string }> {
  try {
    const response = await fetch(`http://${host}:${port}/metrics`);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { failed: String((error as { cause?: { code?: string } }).cause?.code ?? error) };
  }
}

/** The JSON request lines a node printed on stderr for `url`. */
const requestLines = (child: ChildNode, url: string): unknown[] =>
  child.stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request' && line.url === url);

/** Opens a live connection and says hello; resolves with the client once the view or a close came. */
async function hello(base: string, id: string, token: string): Promise<LiveClient> {
  const client = new LiveClient(`${base.replace('http', 'ws')}/api/tables/${id}/live`);
  await client.opened;
  client.socket.send(JSON.stringify({ type: 'hello', token }));
  await Promise.race([client.waitFor((frame) => frame.type === 'view').catch(() => undefined), client.closed]);
  return client;
}

/** Two children started together: both, or (after stopping the one that started) the first failure. */
async function bothStarted(first: Promise<ChildNode>, second: Promise<ChildNode>): Promise<[ChildNode, ChildNode]> {
  const results = await Promise.allSettled([first, second]);
  const [a, b] = results;
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  for (const result of results) if (result.status === 'fulfilled') await stopChild(result.value);
  throw (results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason;
}

/** A page that does not exist: a request every node answers (404) and logs at `info`. */
const PROBE = '/no-such-page';
const OPERATOR = 'operator-from-a-file-0123456789abcdefXYZ';

describe('charleston serve: each flag does what it says', () => {
  it('--max-conn-per-token, --max-conn-per-address, --create-per-minute, --log-level info, --metrics-port on 127.0.0.1 while --host is 127.0.0.2, --operator-token-file', async () => {
    const metricsPort = await freePort();
    const tokenFile = join(folder, 'operator-token');
    writeFileSync(tokenFile, `${OPERATOR}\n`);
    let probe = '/api/tables';
    const child = await startChild(
      'pglite:memory',
      ['--host', '127.0.0.2', '--metrics-port', String(metricsPort), '--log-level', 'info', '--create-per-minute', '2', '--max-conn-per-token', '2', '--max-conn-per-address', '3', '--operator-token-file', tokenFile],
      { host: '127.0.0.2' },
    );
    try {
      // --create-per-minute 2: the third creation from the address answers 429.
      const table = await createTable(child.base, { seed: 3 });
      await createTable(child.base, { seed: 4 });
      const third = await api(child.base, 'POST', '/api/tables', { body: {} });
      expect(third.status).toBe(429);

      // --operator-token-file: that token reads the table in full (the variable every test node also has does not).
      const full = await api(child.base, 'GET', `/api/tables/${table.id}`, { token: OPERATOR });
      expect(full.status).toBe(200);
      expect(full.body.full).toBeDefined();
      expect((await api(child.base, 'GET', `/api/tables/${table.id}`, { token: 'test-operator-token-0123456789abcdef' })).status).not.toBe(200);

      // --max-conn-per-token 2: the third live connection with one token is closed with 1013.
      const spectator = table.tokens.spectator as string;
      const first = await hello(child.base, table.id, spectator);
      const second = await hello(child.base, table.id, spectator);
      const extra = await hello(child.base, table.id, spectator);
      expect(await extra.closed).toBe(1013);
      expect([first.closeCode, second.closeCode]).toEqual([null, null]);
      // --max-conn-per-address 3: with three sockets open from the address, the fourth upgrade is refused.
      const east = await hello(child.base, table.id, table.tokens.east as string);
      expect(east.closeCode).toBeNull();
      const refused = new LiveClient(`${child.base.replace('http', 'ws')}/api/tables/${table.id}/live`);
      await expect(refused.opened).rejects.toThrow(/429/);
      await Promise.all([first, second, east].map((client) => client.close()));

      // --metrics-port: Prometheus text on 127.0.0.1 (the default --metrics-host), not on --host.
      const metrics = await metricsAt('127.0.0.1', metricsPort);
      expect(metrics).toMatchObject({ status: 200 });
      expect('text' in metrics ? metrics.text : '').toMatch(/^# TYPE charleston_\w+ /m);
      expect(await metricsAt('127.0.0.2', metricsPort)).toEqual({ failed: 'ECONNREFUSED' });
      expect(child.stderr).toContain(`charleston serve: metrics at http://127.0.0.1:${metricsPort}/metrics`);
      probe = `/api/tables/${table.id}`;
      expect((await api(child.base, 'GET', probe, { token: spectator })).status).toBe(200);
    } finally {
      expect(await stopChild(child)).toBe(0);
    }
    // --log-level info: a JSON line for the request.
    expect(requestLines(child, probe).length).toBeGreaterThan(0);
  }, 120_000);

  it('--trust-proxy with --create-per-minute 1: two creations from different forwarded addresses; --log-level warn; --metrics-host; CHARLESTON_OPERATOR_TOKEN', async () => {
    const metricsPort = await freePort();
    let probe = '/api/tables';
    const child = await startChild('pglite:memory', ['--trust-proxy', '127.0.0.1', '--create-per-minute', '1', '--log-level', 'warn', '--metrics-port', String(metricsPort), '--metrics-host', '127.0.0.3']);
    try {
      const first = await api(child.base, 'POST', '/api/tables', { body: {}, headers: { 'x-forwarded-for': '198.51.100.1' } });
      probe = `/api/tables/${first.body.id as string}`;
      const second = await api(child.base, 'POST', '/api/tables', { body: {}, headers: { 'x-forwarded-for': '198.51.100.2' } });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((await api(child.base, 'POST', '/api/tables', { body: {}, headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(429);
      // The operator token from the environment (every test node is started with it) reads in full.
      const full = await api(child.base, 'GET', `/api/tables/${first.body.id as string}`, { token: 'test-operator-token-0123456789abcdef' });
      expect(full.body.full).toBeDefined();
      // --metrics-host 127.0.0.3: the metrics answer there and not on 127.0.0.1.
      expect(await metricsAt('127.0.0.3', metricsPort)).toMatchObject({ status: 200 });
      expect(await metricsAt('127.0.0.1', metricsPort)).toEqual({ failed: 'ECONNREFUSED' });
      expect(full.status).toBe(200);
    } finally {
      expect(await stopChild(child)).toBe(0);
    }
    // --log-level warn: no line for the same request.
    expect(requestLines(child, probe)).toEqual([]);
  }, 120_000);

  it('environment variables do what their flags do, and a flag wins over its variable', async () => {
    // The two nodes start at once; if one cannot, the other is stopped before the test fails.
    const [trusted, plain] = await bothStarted(
      startChild('pglite:memory', [], { env: { CHARLESTON_TRUST_PROXY: '127.0.0.1', CHARLESTON_CREATE_PER_MINUTE: '1', CHARLESTON_LOG_LEVEL: 'silent', CHARLESTON_MAX_CONN_PER_TOKEN: '1' } }),
      startChild('pglite:memory', ['--log-level', 'info', '--max-conn-per-token', '2'], { env: { CHARLESTON_CREATE_PER_MINUTE: '1', CHARLESTON_LOG_LEVEL: 'silent', CHARLESTON_MAX_CONN_PER_TOKEN: '1' } }),
    );
    try {
      const create = (base: string, from: string) => api<{ id: string; tokens: Record<string, string> }>(base, 'POST', '/api/tables', { body: {}, headers: { 'x-forwarded-for': from } });
      const cases = [
        // CHARLESTON_TRUST_PROXY and CHARLESTON_CREATE_PER_MINUTE: one creation per forwarded address; the
        // flag --max-conn-per-token 2 wins over CHARLESTON_MAX_CONN_PER_TOKEN 1.
        { node: trusted, statuses: [201, 201], closes: [null, 1013] },
        // Without a trusted proxy the forwarded address is ignored: the second creation is over the rate.
        { node: plain, statuses: [201, 429], closes: [null, null] },
      ];
      for (const { node, statuses, closes } of cases) {
        const first = await create(node.base, '198.51.100.1');
        expect([first.status, (await create(node.base, '198.51.100.2')).status]).toEqual(statuses);
        // CHARLESTON_MAX_CONN_PER_TOKEN 1: the second connection with one token closes with 1013.
        const one = await hello(node.base, first.body.id, first.body.tokens.spectator as string);
        const two = await hello(node.base, first.body.id, first.body.tokens.spectator as string);
        if (closes[1] !== null) await two.closed;
        expect([one.closeCode, two.closeCode]).toEqual(closes);
        await Promise.all([one, two].map((client) => client.close()));
      }
      for (const node of [trusted, plain]) expect((await api(node.base, 'GET', PROBE)).status).toBe(404);
    } finally {
      expect(await stopChild(trusted)).toBe(0);
      expect(await stopChild(plain)).toBe(0);
    }
    // CHARLESTON_LOG_LEVEL silent: no line; --log-level info wins over it.
    expect(requestLines(trusted, PROBE)).toEqual([]);
    expect(requestLines(plain, PROBE).length).toBe(1);
  }, 120_000);

  it('a bad value exits 2 with one line naming the flag, or the variable it came from, and the usage', async () => {
    const { spawnSync } = await import('node:child_process');
    const { CHARLESTON_BIN } = await import('./child.js');
    const run = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, [CHARLESTON_BIN, 'serve', ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
    const cases: Array<{ args: string[]; env?: Record<string, string>; line: string }> = [
      { args: ['--max-conn-per-token', '0'], line: '--max-conn-per-token must be an integer 1 … 10000, got "0"' },
      { args: [], env: { CHARLESTON_MAX_CONN_PER_TOKEN: 'many' }, line: 'CHARLESTON_MAX_CONN_PER_TOKEN must be an integer 1 … 10000, got "many"' },
      { args: [], env: { CHARLESTON_TRUST_PROXY: 'nginx!' }, line: 'CHARLESTON_TRUST_PROXY must list addresses or CIDRs (like 127.0.0.1,10.0.0.0/8), got "nginx!"' },
      { args: ['--keys-retention', '-1'], line: '--keys-retention must be a number of hours above 0, got "-1"' },
      { args: ['--log-level', 'loud'], line: '--log-level must be one of fatal, error, warn, info, debug, trace, silent, got "loud"' },
      { args: [], env: { CHARLESTON_DEMO: 'yes' }, line: 'CHARLESTON_DEMO must be 1, true, 0 or false, got "yes"' },
      { args: ['--allow-origin', 'http://x.test/path'], line: '--allow-origin must be an origin like http://localhost:5173 (no path), got "http://x.test/path"' },
      { args: ['--operator-token-file', join(folder, 'missing')], line: `--operator-token-file: cannot read ${JSON.stringify(join(folder, 'missing'))} (` },
    ];
    for (const { args, env, line } of cases) {
      const result = run(args, env);
      expect(result.status, `${args.join(' ')} ${JSON.stringify(env)}`).toBe(2);
      const [first, usage] = result.stderr.split('\n');
      expect(first?.startsWith(line), `${first} starts with ${line}`).toBe(true);
      expect(usage).toMatch(/^usage: charleston serve \[--host H\]/);
      expect(result.stdout).toBe('');
    }
  }, 120_000);
});

const noPg = pgReason(process.env.CHARLESTON_TEST_PG);
describe.skipIf(noPg !== null)(titled('charleston serve: the retention hours (the cleanup runs at start)', noPg), () => {
  it('--keys-retention, --ended-retention, --idle-retention (and CHARLESTON_IDLE_RETENTION_HOURS) remove what is older, keep what is younger', async () => {
    const database = await privateDatabase(process.env.CHARLESTON_TEST_PG as string);
    const { default: pg } = await import('pg');
    const sql = new pg.Client({ connectionString: database.url });
    try {
      // Two tables and a stored refusal under a key; then no node runs while the test makes them two hours old.
      const maker = await startChild(database.url);
      const ended = await createTable(maker.base, { seed: 21 });
      const idle = await createTable(maker.base, { seed: 22 });
      const keyed = await api(maker.base, 'POST', `/api/tables/${idle.id}/events`, { token: idle.tokens.east as string, body: { event: { type: 'vote.cast', seat: 'east', vote: 'stop' }, key: 'old-key' } });
      expect(keyed.status).toBe(422);
      expect(await stopChild(maker)).toBe(0);
      await sql.connect();
      await sql.query(`UPDATE charleston_tables SET updated_at = now() - interval '2 hours'`);
      await sql.query(`UPDATE charleston_tables SET phase = 'complete' WHERE id = $1`, [ended.id]);
      await sql.query(`UPDATE charleston_idempotency SET created_at = now() - interval '2 hours'`);
      const state = async (): Promise<{ tables: string[]; keys: number }> => {
        const tables = await sql.query<{ id: string }>('SELECT id FROM charleston_tables ORDER BY id');
        const keys = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_idempotency');
        return { tables: tables.rows.map((row) => row.id), keys: keys.rows[0]?.n ?? -1 };
      };
      const both = [ended.id, idle.id].sort();
      expect(await state()).toEqual({ tables: both, keys: 1 });

      const steps: Array<{ flags: string[]; env?: Record<string, string>; after: { tables: string[]; keys: number } }> = [
        // Three hours for everything: nothing is old enough.
        { flags: ['--keys-retention', '3', '--ended-retention', '3', '--idle-retention', '3'], after: { tables: both, keys: 1 } },
        // One hour for keys and ended tables: the key and the ended table go; the table in play stays (idle: 3 h).
        { flags: ['--keys-retention', '1', '--ended-retention', '1', '--idle-retention', '3'], after: { tables: [idle.id], keys: 0 } },
        // The flag wins over its variable: CHARLESTON_IDLE_RETENTION_HOURS=1 with --idle-retention 3 keeps it.
        { flags: ['--idle-retention', '3'], env: { CHARLESTON_IDLE_RETENTION_HOURS: '1' }, after: { tables: [idle.id], keys: 0 } },
        // The variable alone: one hour for any table, the table in play goes.
        { flags: [], env: { CHARLESTON_IDLE_RETENTION_HOURS: '1' }, after: { tables: [], keys: 0 } },
      ];
      for (const { flags, env, after } of steps) {
        const node = await startChild(database.url, flags, env === undefined ? {} : { env });
        try {
          // The first line is printed once the cleanup at start ran.
          expect(await state(), flags.join(' ')).toEqual(after);
          for (const table of [ended, idle]) {
            const status = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).status;
            expect(status, `${table.id} after ${flags.join(' ')}`).toBe(after.tables.includes(table.id) ? 200 : 404);
          }
        } finally {
          expect(await stopChild(node)).toBe(0);
        }
      }
    } finally {
      await sql.end().catch(() => undefined);
      await database.drop();
    }
  }, 180_000);
});
