/** The HTTP API: tables, tokens, events, the log, seats, idempotency and every error code. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_FRESH_MILLIS } from '../../src/server/health-check.js';
import { SYSTEM_TIME } from '../../src/server/clock.js';
import { api, createTable, databases, startNode, type Node } from './support.js';

const natural = (view: Record<string, any>): string[] => (view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J');

describe.each(databases())('HTTP API on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location(), allowOrigins: ['http://allowed.test'] });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it('creates a table with one token per human seat, unguessable ids, stored only as hashes', async () => {
    const table = await createTable(node.base, { seats: { north: 'teacher' } });
    expect(table.version).toBe(0);
    expect(table.phase).toBe('firstCharleston.right');
    expect(Object.keys(table.tokens).sort()).toEqual(['admin', 'east', 'south', 'spectator', 'west']);
    expect(table.id).toMatch(/^[A-Za-z0-9_-]{22,}$/); // 128 bits in base64url
    for (const token of Object.values(table.tokens)) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await node.service.db.query<{ hash: string }>('SELECT hash FROM charleston_tokens WHERE table_id = $1', [table.id]);
    expect(stored).toHaveLength(5);
    const hashes = new Set(stored.map((row) => row.hash));
    for (const token of Object.values(table.tokens)) expect(hashes.has(token)).toBe(false);
    const snapshot = await node.service.db.query<{ snapshot: string }>('SELECT snapshot FROM charleston_tables WHERE id = $1', [table.id]);
    for (const token of Object.values(table.tokens)) expect(snapshot[0]?.snapshot).not.toContain(token);
  });

  it('two tables without a seed get different deals', async () => {
    const a = await createTable(node.base);
    const b = await createTable(node.base);
    const viewA = await api(node.base, 'GET', `/api/tables/${a.id}`, { token: a.tokens.east as string });
    const viewB = await api(node.base, 'GET', `/api/tables/${b.id}`, { token: b.tokens.east as string });
    expect(viewA.body.view.rack).not.toEqual(viewB.body.view.rack);
  });

  it('GET gives each token its own view: a seat its rack, spectator and admin the public view', async () => {
    const table = await createTable(node.base, { seed: 3, locale: 'ca' });
    const east = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
    expect(east.status).toBe(200);
    expect(east.body).toMatchObject({ id: table.id, version: 0, phase: 'firstCharleston.right' });
    expect(east.body.view.seat).toBe('east');
    expect(east.body.view.rack).toHaveLength(14);
    expect(east.body.view.locale).toBe('ca');
    for (const role of ['spectator', 'admin']) {
      const reply = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[role] as string });
      expect(reply.status).toBe(200);
      expect(reply.body.view.seat).toBeNull();
      expect(JSON.stringify(reply.body)).not.toMatch(/"rack"|"packet"|"wall"|"seed"|"tile"/);
    }
  });

  it('accepts an event (200, version +1), refuses a bad one (422, unchanged), and logs only what was accepted', async () => {
    const table = await createTable(node.base, { seed: 21 });
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    const path = `/api/tables/${table.id}/events`;
    const ok = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: natural(view).slice(0, 3) } } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, version: 1, phase: 'firstCharleston.right' });
    const again = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: natural(view).slice(3, 6) } } });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ ok: false, version: 1, refusal: { code: 'ALREADY_COMMITTED' } });
    expect(typeof again.body.refusal.message).toBe('string');
    const junk = await api(node.base, 'POST', path, { token: table.tokens.south as string, body: { event: { type: 'nope', seat: 'south' } } });
    expect(junk.status).toBe(422);
    expect(junk.body.refusal.code).toBe('INVALID_EVENT');
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string });
    expect(log.status).toBe(200);
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({ version: 1, seat: 'east', event: { type: 'pass.commit', seat: 'east' } });
    expect(Number.isNaN(Date.parse(log.body.events[0].at))).toBe(false);
  });

  it('a seat may act only for itself: NOT_YOUR_SEAT before any engine rule, in the table’s language', async () => {
    const table = await createTable(node.base, { seed: 8, locale: 'el' });
    const path = `/api/tables/${table.id}/events`;
    // Even an event the engine would refuse for another reason is refused as NOT_YOUR_SEAT first.
    const other = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'south', tiles: ['J', 'J', 'J'] } } });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ ok: false, version: 0, refusal: { code: 'NOT_YOUR_SEAT', params: { own: 'east', named: 'south' } } });
    // The seats by their Greek names (nominative after «ως»), not the wire's ids.
    expect(other.body.refusal.message).toBe('Παίζετε ως Ανατολή: δεν μπορείτε να ενεργήσετε ως Νότος.');
    const weird = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'vote.cast', seat: 42, vote: 'stop' } } });
    expect(weird.body.refusal).toMatchObject({ code: 'NOT_YOUR_SEAT', params: { own: 'east', named: '42' } });
    expect(weird.body.refusal.message).toBe('Παίζετε ως Ανατολή: δεν μπορείτε να ενεργήσετε ως 42.');
    const redeal = await api(node.base, 'POST', path, { token: table.tokens.west as string, body: { event: { type: 'hand.redeal' } } });
    expect(redeal.status).toBe(422);
    expect(redeal.body.refusal.code).toBe('NOT_NOW'); // reached the engine: hand.redeal names no seat
    // The admin link is the host's, not a player's: it sends no event, whichever seat it names (none: hand.redeal).
    for (const event of [{ type: 'pass.retract', seat: 'north' }, { type: 'hand.redeal' }, { type: 'pass.commit', seat: 'south', tiles: ['1B', '1B', '1B'] }]) {
      const admin = await api(node.base, 'POST', path, { token: table.tokens.admin as string, body: { event, key: 'admin-key' } });
      expect(admin.status).toBe(403);
      expect(admin.body.error.code).toBe('FORBIDDEN');
    }
    const spectator = await api(node.base, 'POST', path, { token: table.tokens.spectator as string, body: { event: { type: 'hand.redeal' } } });
    expect(spectator.status).toBe(403);
    expect(spectator.body.error.code).toBe('FORBIDDEN');
  });

  it('the same idempotency key returns the first result and applies nothing twice', async () => {
    const table = await createTable(node.base, { seed: 12 });
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    const path = `/api/tables/${table.id}/events`;
    const event = { type: 'pass.commit', seat: 'east', tiles: natural(view).slice(0, 3) };
    const replies = await Promise.all([1, 2, 3].map(() => api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event, key: 'retry-1' } })));
    for (const reply of replies) expect(reply.body).toEqual({ ok: true, version: 1, phase: 'firstCharleston.right' });
    const retract = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'pass.retract', seat: 'east' }, key: 'retry-2' } });
    expect(retract.body.version).toBe(2);
    const late = await api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event, key: 'retry-1' } });
    expect(late.body).toEqual({ ok: true, version: 1, phase: 'firstCharleston.right' }); // the first result, not re-applied
    const refusedTwice = await Promise.all([1, 2].map(() => api(node.base, 'POST', path, { token: table.tokens.east as string, body: { event: { type: 'pass.retract', seat: 'east' }, key: 'r3' } })));
    for (const reply of refusedTwice) expect(reply.body).toMatchObject({ ok: false, version: 2, refusal: { code: 'NOTHING_TO_RETRACT' } });
    // The same key from another token is that token's own.
    const south = await api(node.base, 'POST', path, { token: table.tokens.south as string, body: { event: { type: 'pass.retract', seat: 'south' }, key: 'retry-1' } });
    expect(south.body.refusal.code).toBe('NOTHING_TO_RETRACT');
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string });
    expect(log.body.events.map((e: { version: number }) => e.version)).toEqual([1, 2]);
  });

  it('answers every error code with { error: { code, message, params } }', async () => {
    const table = await createTable(node.base, { seed: 1 });
    const base = node.base;
    const cases: Array<[string, Promise<{ status: number; body: Record<string, any> }>, number, string, RegExp?]> = [
      ['unknown field', api(base, 'POST', '/api/tables', { body: { sead: 1 } }), 400, 'INVALID_INPUT', /sead/],
      ['bad seat player', api(base, 'POST', '/api/tables', { body: { seats: { east: 'wizard' } } }), 400, 'INVALID_INPUT', /seats\.east/],
      ['bad locale', api(base, 'POST', '/api/tables', { body: { locale: 'xx' } }), 400, 'INVALID_INPUT', /locale/],
      ['bad deal', api(base, 'POST', '/api/tables', { body: { deal: { east: ['ZZ'] } } }), 400, 'INVALID_INPUT', /deal\.east/],
      ['bad seed', api(base, 'POST', '/api/tables', { body: { seed: -1 } }), 400, 'INVALID_INPUT', /seed/],
      ['not JSON', api(base, 'POST', '/api/tables', { raw: '{"seed": 1,' }), 400, 'INVALID_INPUT', /JSON/],
      ['not an object', api(base, 'POST', '/api/tables', { raw: '[1,2]' }), 400, 'INVALID_INPUT'],
      ['missing event', api(base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: {} }), 400, 'INVALID_INPUT', /event/],
      ['key too long', api(base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: {}, key: 'k'.repeat(65) } }), 400, 'INVALID_INPUT', /key/],
      ['bad id', api(base, 'GET', '/api/tables/..%2F..%2Fetc', { token: table.tokens.east as string }), 400, 'INVALID_INPUT', /id/],
      ['bad seat', api(base, 'PUT', `/api/tables/${table.id}/seats/middle`, { token: table.tokens.admin as string, body: { player: 'teacher' } }), 400, 'INVALID_INPUT', /seat/],
      ['no token', api(base, 'GET', `/api/tables/${table.id}`), 401, 'UNAUTHORIZED'],
      ['not a bearer', api(base, 'GET', `/api/tables/${table.id}`, { headers: { authorization: `Basic ${table.tokens.east}` } }), 401, 'UNAUTHORIZED'],
      ['unknown token', api(base, 'GET', `/api/tables/${table.id}`, { token: 'A'.repeat(32) }), 401, 'UNAUTHORIZED'],
      ['another table’s token', createTable(base).then((other) => api(base, 'GET', `/api/tables/${table.id}`, { token: other.tokens.east as string })), 401, 'UNAUTHORIZED'],
      ['spectator hands a seat', api(base, 'PUT', `/api/tables/${table.id}/seats/east`, { token: table.tokens.spectator as string, body: { player: 'teacher' } }), 403, 'FORBIDDEN'],
      ['foreign origin', api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string, headers: { origin: 'http://evil.test' } }), 403, 'FORBIDDEN', /origin/],
      ['unknown table', api(base, 'GET', `/api/tables/${'x'.repeat(22)}`, { token: table.tokens.east as string }), 404, 'NOT_FOUND'],
      ['unknown route', api(base, 'GET', '/api/nothing'), 404, 'NOT_FOUND'],
      ['body over 64 KiB', api(base, 'POST', '/api/tables', { raw: JSON.stringify({ deal: { x: 'y'.repeat(70_000) } }) }), 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [name, reply, status, code, message] of cases) {
      const { status: got, body } = await reply;
      expect({ name, status: got, code: body.error?.code }).toEqual({ name, status, code });
      expect(typeof body.error.message, name).toBe('string');
      expect(typeof body.error.params?.problem, name).toBe('string'); // errors are data: params name the problem
      if (message) expect(body.error.message, name).toMatch(message);
      expect(JSON.stringify(body), name).not.toMatch(/\bat .*\.(ts|js):\d+/); // never a stack trace
    }
    const health = await api(base, 'GET', '/healthz');
    expect(health.body).toEqual({ ok: true, db: node.service.db.kind, database: 'up', listener: 'up' });
  });

  it('the allow-listed origin gets CORS headers and a preflight answer', async () => {
    const preflight = await fetch(`${node.base}/api/tables`, { method: 'OPTIONS', headers: { origin: 'http://allowed.test', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    const created = await api(node.base, 'POST', '/api/tables', { body: {}, headers: { origin: 'http://allowed.test' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
  });

  it('an idle table leaves memory and comes back from the database on demand', async () => {
    const table = await createTable(node.base, { seed: 4 });
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: natural(view).slice(0, 3) } } });
    const cache = node.service.master.cache;
    expect(cache.peek(table.id)).not.toBeNull();
    cache.evictIdle(Number.MAX_SAFE_INTEGER, 0);
    expect(cache.peek(table.id)).toBeNull();
    const back = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
    expect(back.body).toMatchObject({ version: 1, phase: 'firstCharleston.right' });
    expect(back.body.view.packet.tiles.map((t: { tile: string }) => t.tile)).toEqual(natural(view).slice(0, 3));
  });
});

describe('HTTP rate limit (pglite)', () => {
  it('answers 429 RATE_LIMITED per token past the limit, while other tokens go on', async () => {
    const node = await startNode({ location: { kind: 'pglite', dir: null }, httpPerMinute: 5 });
    try {
      const table = await createTable(node.base, { seed: 2 });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const limited = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      const other = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.south as string });
      expect(other.status).toBe(200);
    } finally {
      await node.close();
    }
  });

  it('/healthz still answers an address whose HTTP budget is spent', async () => {
    const node = await startNode({ location: { kind: 'pglite', dir: null }, httpPerMinute: 3, tarpit: { millis: 0 } });
    try {
      const table = await createTable(node.base, { seed: 2 });
      // Requests without a token count against the address (127.0.0.1): three pass, the fourth is over.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await api(node.base, 'GET', `/api/tables/${table.id}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // A balancer or a probe behind that address still hears the health of the node, as often as it asks.
      for (let i = 0; i < 5; i += 1) {
        const health = await api(node.base, 'GET', '/healthz');
        expect(health.status).toBe(200);
        expect(health.body).toEqual({ ok: true, db: 'pglite', database: 'up', listener: 'up' });
      }
      // ...and asking it gave the address's API budget nothing back.
      const limited = await api(node.base, 'GET', `/api/tables/${table.id}`);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
    } finally {
      await node.close();
    }
  });

  it('/healthz costs the database one check a second, however many ask and however often (the master\'s clock)', async () => {
    // A time source moved by hand: health answers are reused by the master's clock, never the test's.
    const time = { current: 1_700_000_000_000, now(): number { return this.current; }, setTimer: SYSTEM_TIME.setTimer };
    const node = await startNode({ location: { kind: 'pglite', dir: null }, master: { time, clockSweepMillis: 0 } });
    try {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const check = vi.spyOn(node.service.db, 'health').mockImplementation(async () => {
        await answered;
        return { database: 'up', listener: 'up' };
      });
      const asked = Array.from({ length: 5 }, () => node.service.master.health());
      expect(check).toHaveBeenCalledTimes(1);
      answer();
      expect(await Promise.all(asked)).toEqual(Array.from({ length: 5 }, () => ({ db: 'pglite', database: 'up', listener: 'up' })));
      // A flood of /healthz within the second: every one answered, from that one check.
      for (let i = 0; i < 50; i += 1) expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
      time.current += HEALTH_FRESH_MILLIS - 1;
      expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
      expect(check).toHaveBeenCalledTimes(1);
      // A second later the next question is a new check.
      time.current += 1;
      expect((await api(node.base, 'GET', '/healthz')).body).toEqual({ ok: true, db: 'pglite', database: 'up', listener: 'up' });
      expect(check).toHaveBeenCalledTimes(2);
      // The database going away shows at the next check, at most a second later.
      check.mockImplementation(async () => ({ database: 'down', listener: 'up' }));
      time.current += HEALTH_FRESH_MILLIS;
      const down = await api(node.base, 'GET', '/healthz');
      expect(down.status).toBe(503);
      expect(down.body.down).toEqual(['database']);
      check.mockRestore();
    } finally {
      await node.close();
    }
  });
});
