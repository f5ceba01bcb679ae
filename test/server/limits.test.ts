/**
 * Abuse costs the abuser, not the players: limits key on verified identity (an invalid token counts against its
 * address), table creation has its own per-address limit, live connections are capped per token and per
 * address, unknown tables and tokens are looked up once, refusals never echo unbounded input and a stored
 * idempotent result is small. Storage stays bounded: keys expire, ended and untouched tables are removed by the
 * cleanup. Shutdown writes the replies of committed events, then closes every socket with 1001. Metrics and
 * logs say what an operator needs, and never a token.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SEATS } from '../../src/index.js';
import { createMetrics } from '../../src/server/metrics.js';
import { openDb, type Db } from '../../src/server/storage/db.js';
import { startChild, stopChild } from './child.js';
import { LiveClient, api, createTable, startNode, type Node } from './support.js';

const nodes: Node[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  await Promise.allSettled(nodes.splice(0).map((node) => node.close()));
  await Promise.allSettled(dbs.splice(0).map((db) => db.close()));
});

/** An in-memory database that counts the statements it runs. */
async function countingDb(): Promise<{ db: Db; count: () => number }> {
  const inner = await openDb({ kind: 'pglite', dir: null });
  dbs.push(inner);
  let statements = 0;
  const db: Db = {
    ...inner,
    kind: inner.kind,
    query: (sql, params) => {
      statements += 1;
      return inner.query(sql, params);
    },
    transaction: (work) => inner.transaction(work),
    listen: (channel, onPayload) => inner.listen(channel, onPayload),
    health: () => inner.health(),
    onListenerRestored: (callback) => inner.onListenerRestored(callback),
    poolStats: () => inner.poolStats(),
    close: () => inner.close(),
  };
  return { db, count: () => statements };
}

/**
 * A node over a fresh in-memory database. Its tarpit holds each answer over a limit for 1 ms, not a second: these
 * tests count statuses and statements, not the hold (test/server/tarpit.test.ts checks that), and twenty 429s in a
 * row would otherwise wait twenty seconds.
 */
async function node(options: Parameters<typeof startNode>[0] = {}): Promise<Node> {
  const started = await startNode({ location: { kind: 'pglite', dir: null }, tarpit: { millis: 1 }, ...options });
  nodes.push(started);
  return started;
}

const fakeToken = (): string => randomBytes(24).toString('base64url');

describe('limits key on verified identity', () => {
  it('a random bearer on POST /api/tables is no fresh bucket: creation is limited per address', async () => {
    const n = await node({ createPerMinute: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await api(n.base, 'POST', '/api/tables', { token: fakeToken(), body: { seed: i } })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('fresh bad tokens count against the address: 429 once its failures are used up, with no lookup', async () => {
    const { db, count } = await countingDb();
    // No clock sweep: its statements would be counted with the look-ups (the 429s below are held by the tarpit).
    const n = await node({ db, authFailures: { burst: 5, perSecond: 0.001 }, master: { clockSweepMillis: 0 } });
    const table = await createTable(n.base, { seed: 1 });
    expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).status).toBe(200); // a seat, verified
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: fakeToken() })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const before = count();
    const limited: number[] = [];
    for (let i = 0; i < 20; i += 1) limited.push((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: fakeToken() })).status);
    expect(limited.every((status) => status === 429)).toBe(true);
    expect(count() - before, 'no statement for a bad token once the address is limited').toBe(0);
    // A real seat's verified token is its own budget: it still plays from the same address.
    expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).status).toBe(200);
  });

  it('a verified token sent to tables it does not belong to spends the address\'s failed checks too', async () => {
    const { db, count } = await countingDb();
    const n = await node({ db, authFailures: { burst: 5, perSecond: 0.001 } });
    const table = await createTable(n.base, { seed: 13 });
    const token = table.tokens.east as string;
    expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token })).status).toBe(200);
    const fresh = (i: number): string => `${'B'.repeat(20)}${String(i).padStart(2, '0')}`;
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => api(n.base, 'GET', `/api/tables/${fresh(i)}`, { token }).then((reply) => reply.status)));
    expect(statuses.filter((status) => status === 404)).toHaveLength(5); // concurrent attempts cannot overdraw the budget
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    const before = count();
    expect((await api(n.base, 'GET', `/api/tables/${fresh(99)}`, { token })).status).toBe(429);
    expect(count() - before).toBe(0);
    expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token })).status).toBe(200); // its own table still answers
  });

  it('an unknown table or token is looked up once: repeated attempts run no statement', async () => {
    const { db, count } = await countingDb();
    // No clock sweep: on a slow machine a sweep falls inside the loop below and its statement would be counted.
    const n = await node({ db, authFailures: { burst: 1_000, perSecond: 1_000 }, master: { clockSweepMillis: 0 } });
    const table = await createTable(n.base, { seed: 3 });
    const wrong = fakeToken();
    expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: wrong })).status).toBe(401);
    const missing = 'A'.repeat(22);
    expect((await api(n.base, 'GET', `/api/tables/${missing}`, { token: wrong })).status).toBe(404);
    const before = count();
    for (let i = 0; i < 10; i += 1) {
      expect((await api(n.base, 'GET', `/api/tables/${table.id}`, { token: wrong })).status).toBe(401);
      expect((await api(n.base, 'GET', `/api/tables/${missing}`, { token: wrong })).status).toBe(404);
    }
    expect(count() - before).toBe(0);
  });
});

describe('live connections are capped per token and per address', () => {
  it('one token cannot fill a node: past its cap a connection closes with 1013, other tables play on', async () => {
    const n = await node({ live: { maxPerToken: 3 } });
    const mine = await createTable(n.base, { seed: 4 });
    const theirs = await createTable(n.base, { seed: 5 });
    const player = await LiveClient.connect(n.base, theirs.id, theirs.tokens.east as string);
    const spectators = await Promise.all([0, 1, 2].map(() => LiveClient.connect(n.base, mine.id, mine.tokens.spectator as string)));
    const extra = new LiveClient(`${n.base.replace('http', 'ws')}/api/tables/${mine.id}/live`);
    await extra.opened;
    extra.socket.send(JSON.stringify({ type: 'hello', token: mine.tokens.spectator }));
    expect(await extra.closed).toBe(1013);
    expect(player.closeCode).toBeNull();
    const tiles = (player.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    expect(await player.send({ type: 'pass.commit', seat: 'east', tiles })).toMatchObject({ type: 'result', ok: true });
    await spectators[0]?.close();
    const again = await LiveClient.connect(n.base, mine.id, mine.tokens.spectator as string); // a slot is free again
    await Promise.all([player, again, ...spectators.slice(1)].map((client) => client.close()));
  });

  it('one address cannot fill a node: past its cap the upgrade is refused with 429', async () => {
    const n = await node({ live: { maxPerAddress: 4, maxPerToken: 10 } });
    const table = await createTable(n.base, { seed: 6 });
    const open = await Promise.all([0, 1, 2, 3].map(() => LiveClient.connect(n.base, table.id, table.tokens.spectator as string)));
    const refused = new LiveClient(`${n.base.replace('http', 'ws')}/api/tables/${table.id}/live`);
    await expect(refused.opened).rejects.toThrow(/429/);
    await Promise.all(open.map((client) => client.close()));
  });
});

describe('refusals are bounded', () => {
  it('a refusal never echoes unbounded input; a stored idempotent result is small', async () => {
    const db = await openDb({ kind: 'pglite', dir: null });
    dbs.push(db);
    const n = await node({ db });
    const table = await createTable(n.base, { seed: 7 });
    const long = 'X'.repeat(10_000);
    const reply = await api(n.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: [long, long, long] }, key: 'k1' } });
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.body).length).toBeLessThan(1_000);
    expect(reply.body.refusal.message.length).toBeLessThanOrEqual(300);
    for (const value of Object.values(reply.body.refusal.params ?? {})) if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(40);
    const odd = await api(n.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: long }, key: 'k2' } });
    expect(odd.status).toBe(422);
    expect(JSON.stringify(odd.body).length).toBeLessThan(1_000);
    const rows = await db.query<{ bytes: number }>('SELECT max(length(result::text)) AS bytes FROM charleston_idempotency');
    expect(Number(rows[0]?.bytes)).toBeLessThan(1_000);
  });
});

describe('refusals under a key have a budget per address', () => {
  it('past the budget a keyed send is RATE_LIMITED and stores nothing; sends without a key go on', async () => {
    const db = await openDb({ kind: 'pglite', dir: null });
    dbs.push(db);
    const n = await node({ db, keyedRefusals: { burst: 2, perSecond: 0.001 } });
    const table = await createTable(n.base, { seed: 11 });
    const east = table.tokens.east as string;
    const refusedWithKey = (key: string) => api(n.base, 'POST', `/api/tables/${table.id}/events`, { token: east, body: { event: { type: 'vote.cast', seat: 'east', vote: 'stop' }, key } });
    expect((await refusedWithKey('a')).status).toBe(422);
    expect((await refusedWithKey('b')).status).toBe(422);
    const third = await refusedWithKey('c');
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('RATE_LIMITED');
    const [stored] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_idempotency WHERE table_id = $1', [table.id]);
    expect(stored?.n).toBe(2);
    // The same budget holds on the socket, whose reader then rests a while; a send without a key still goes through.
    const live = await LiveClient.connect(n.base, table.id, east);
    try {
      const limited = await live.send({ type: 'vote.cast', seat: 'east', vote: 'stop' }, 'd');
      expect(limited.ok).toBe(false);
      expect(limited.refusal.code).toBe('RATE_LIMITED');
      const plain = await live.send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
      expect(plain.refusal.code).toBe('NOT_NOW');
    } finally {
      live.close();
    }
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_idempotency WHERE table_id = $1', [table.id]);
    expect(after?.n).toBe(2);
  });
});

describe('storage stays bounded', () => {
  it('the cleanup removes expired keys and ended tables with their tokens and events, keeps the rest', async () => {
    const db = await openDb({ kind: 'pglite', dir: null });
    dbs.push(db);
    const n = await node({ db, retention: { keysMillis: 0, endedMillis: 0, idleMillis: 3_600_000 }, cleanupEveryMillis: 0 });
    const ended = await createTable(n.base, { seed: 8, seats: { east: 'teacher', south: 'teacher', west: 'teacher', north: 'teacher' } });
    const playing = await createTable(n.base, { seed: 9 });
    await api(n.base, 'POST', `/api/tables/${playing.id}/events`, { token: playing.tokens.east as string, body: { event: { type: 'nope' }, key: 'k' } });
    // The bot table plays to its end by itself.
    for (let i = 0; i < 200; i += 1) {
      const [row] = await db.query<{ phase: string }>('SELECT phase FROM charleston_tables WHERE id = $1', [ended.id]);
      if (row?.phase === 'complete' || row?.phase === 'eastMahjong') break;
      await new Promise((resolve) => setImmediate(resolve));
      await n.service.master.table(ended.id);
    }
    const result = await n.service.cleanup();
    expect(result.ran).toBe(true);
    expect(result.tables).toEqual([ended.id]);
    expect(result.keys).toBe(1);
    for (const name of ['charleston_tokens', 'charleston_events', 'charleston_idempotency']) {
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name} WHERE table_id = $1`, [ended.id]);
      expect(row?.n, `${name} of the removed table`).toBe(0);
    }
    expect((await api(n.base, 'GET', `/api/tables/${ended.id}`, { token: ended.tokens.admin as string })).status).toBe(404);
    expect((await api(n.base, 'GET', `/api/tables/${playing.id}`, { token: playing.tokens.east as string })).status).toBe(200);
  });
});

describe('shutdown drains, then closes with 1001', () => {
  it('sends in flight get their replies before the sockets close with 1001', async () => {
    const db = await openDb({ kind: 'pglite', dir: null });
    dbs.push(db);
    const n = await startNode({ db, location: { kind: 'pglite', dir: null } });
    const table = await createTable(n.base, { seed: 10 });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(n.base, table.id, table.tokens[seat] as string)));
    const sends = clients.map((client) => {
      const view = client.latest?.view as Record<string, any>;
      const tiles = (view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      return client.send({ type: 'pass.commit', seat: view.seat, tiles }).catch(() => null);
    });
    await n.close();
    const replies = await Promise.all(sends);
    const codes = await Promise.all(clients.map((client) => client.closed));
    expect(codes).toEqual([1001, 1001, 1001, 1001]);
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_events WHERE table_id = $1', [table.id]);
    const acknowledged = replies.filter((reply) => reply?.type === 'result' && reply.ok === true).length;
    expect(acknowledged, 'every committed send was answered before the close').toBe(row?.n);
  });
});

describe('operators can see it', () => {
  it('metrics count commits, refusals by code, live connections, tables, the listener and the pool', async () => {
    const metrics = await createMetrics();
    const n = await node({ metrics });
    const table = await createTable(n.base, { seed: 11 });
    const east = await LiveClient.connect(n.base, table.id, table.tokens.east as string);
    const tiles = (east.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    expect(await east.send({ type: 'pass.commit', seat: 'east', tiles })).toMatchObject({ ok: true });
    expect(await east.send({ type: 'pass.commit', seat: 'east', tiles })).toMatchObject({ ok: false });
    const { startMetricsServer } = await import('../../src/server/app.js');
    const server = await startMetricsServer(metrics, '127.0.0.1', 0);
    try {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toMatch(/^charleston_events_accepted_total 1$/m);
      expect(text).toMatch(/^charleston_events_refused_total\{code="[A-Z_]+"\} 1$/m);
      expect(text).toMatch(/^charleston_commit_seconds_count 1$/m);
      expect(text).toMatch(/^charleston_live_connections 1$/m);
      expect(text).toMatch(/^charleston_tables_in_memory 1$/m);
      expect(text).toMatch(/^charleston_db_up\{part="listener"\} 1$/m);
      expect(text).toMatch(/^charleston_db_pool_connections\{state="total"\} \d+$/m);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
      await east.close();
    }
  });

  it('JSON logs: one line per request and per live open and close, with a request id, never a token', async () => {
    const child = await startChild('pglite:memory', ['--log-level', 'info']);
    try {
      const table = await createTable(child.base, { seed: 12 });
      await api(child.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
      const live = await LiveClient.connect(child.base, table.id, table.tokens.south as string);
      await live.close();
      const closed = (): boolean => child.stderr.some((line) => line.includes('"live":"close"'));
      for (let i = 0; i < 500 && !closed(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const json = child.stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = json.filter((line) => line.msg === 'request');
      expect(requests.some((line) => line.url === `/api/tables/${table.id}` && line.status === 200 && typeof line.reqId === 'string')).toBe(true);
      expect(json.some((line) => line.live === 'open' && line.table === table.id)).toBe(true);
      expect(json.some((line) => line.live === 'close' && line.role === 'seat')).toBe(true);
      const all = child.stderr.join('\n');
      for (const token of Object.values(table.tokens)) expect(all).not.toContain(token);
    } finally {
      expect(await stopChild(child)).toBe(0);
    }
  });
});
