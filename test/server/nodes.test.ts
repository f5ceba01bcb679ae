/**
 * Many nodes on one PostgreSQL server: two service instances, each with its own connection pool, serve the same
 * tables. Needs CHARLESTON_TEST_PG (a postgres:// URL); in CI (`CI` set) its absence is a failure, not a skip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { checkFrames, playSeat, replay } from './play.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { LiveClient, api, createTable as create, open, startNode, type Node } from './support.js';
import { pgReason, titled } from '../support/skip.js';

/** Every table these tests make, for the replay check at the end. */
const created: string[] = [];
const createTable: typeof create = async (base, body) => {
  const table = await create(base, body);
  created.push(table.id);
  return table;
};

const url = process.env.CHARLESTON_TEST_PG;
const noPg = pgReason(url);

describe('PostgreSQL is there in CI', () => {
  it('CHARLESTON_TEST_PG is set whenever CI is', () => {
    if (process.env.CI !== undefined && process.env.CI !== '') expect(url, 'CI must run the PostgreSQL suites: .ci/run sets CHARLESTON_TEST_PG').toMatch(/^postgres(ql)?:\/\//);
    else expect(url === undefined || /^postgres(ql)?:\/\//.test(url)).toBe(true);
  });
});

describe.skipIf(noPg !== null)(titled('two nodes on one PostgreSQL', noPg), () => {
  let a: Node;
  let b: Node;
  const fast = { rate: { burst: 10_000, perSecond: 10_000 }, maxInFlight: 256 };
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode({ location: { kind: 'postgres', url: url as string }, live: fast }), startNode({ location: { kind: 'postgres', url: url as string }, live: fast })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  }, 60_000);

  it('seats split over two nodes play a whole hand; views reach clients on the other node', async () => {
    const seed = 2026;
    const table = await createTable(a.base, { seed });
    const nodeOf = (index: number): Node => (index % 2 === 0 ? a : b);
    const clients = await Promise.all(SEATS.map((seat, index) => LiveClient.connect(nodeOf(index).base, table.id, table.tokens[seat] as string)));
    const spectator = await LiveClient.connect(b.base, table.id, table.tokens.spectator as string);
    await Promise.all(clients.map((client) => playSeat(client)));
    const { snapshots, events } = await replay(a.base, table.id, seed);
    await Promise.all([...clients, spectator].map((client) => client.until(() => client.latest?.version === events.length)));
    clients.forEach((client, index) => checkFrames(client, SEATS[index] as Seat, snapshots));
    checkFrames(spectator, null, snapshots);
    // Each client saw changes accepted on the other node.
    for (const [index, client] of clients.entries()) {
      const otherSeats = events.filter((e, i) => SEATS.indexOf(e.seat) % 2 !== index % 2 && i > 0).map((e) => e.version as number);
      const seen = new Set(client.frames.filter((f) => f.type === 'view').map((f) => f.version as number));
      expect(otherSeats.some((version) => seen.has(version))).toBe(true);
    }
    await Promise.all([...clients, spectator].map((client) => client.close()));
  });

  it('concurrent sends to one table from both nodes: gapless versions, no fork, every acceptance logged once', async () => {
    const seed = 77;
    const table = await createTable(b.base, { seed });
    const east = await LiveClient.connect(a.base, table.id, table.tokens.east as string);
    const south = await LiveClient.connect(b.base, table.id, table.tokens.south as string);
    const tilesOf = (client: LiveClient): string[] => (client.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    const eastTiles = tilesOf(east);
    const southTiles = tilesOf(south);
    const rounds = 40;
    const sends: Array<Promise<Record<string, any>>> = [];
    for (let i = 0; i < rounds; i += 1) {
      sends.push(east.send({ type: 'pass.commit', seat: 'east', tiles: eastTiles }), east.send({ type: 'pass.retract', seat: 'east' }));
      sends.push(south.send({ type: 'pass.commit', seat: 'south', tiles: southTiles }), south.send({ type: 'pass.retract', seat: 'south' }));
      // West on both nodes at once with the same key: applied at most once.
      sends.push(api(i % 2 === 0 ? a.base : b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.west as string, body: { event: { type: 'pass.retract', seat: 'west' }, key: `k${i % 5}` } }).then((r) => r.body));
    }
    const results = await Promise.all(sends);
    const accepted = results.filter((r) => r.ok === true).map((r) => r.version as number);
    const { events } = await replay(a.base, table.id, seed);
    expect(accepted.sort((x, y) => x - y)).toEqual(events.map((e) => e.version));
    expect(accepted.length).toBe(rounds * 4); // every commit and every retract of east and south went in, in some order
    await Promise.all([east, south].map((client) => client.until(() => client.latest?.version === events.length)));
    await Promise.all([east.close(), south.close()]);
  });

  it('bots act once per turn although both nodes hold the table', async () => {
    const seed = 31;
    const table = await createTable(a.base, { seed, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    const east = await LiveClient.connect(a.base, table.id, table.tokens.east as string);
    const watcher = await LiveClient.connect(b.base, table.id, table.tokens.spectator as string);
    await playSeat(east);
    const { events } = await replay(b.base, table.id, seed);
    const passes = events.filter((e) => e.event.type === 'pass.commit');
    for (const seat of SEATS) {
      const count = passes.filter((e) => e.seat === seat).length;
      expect(count, `${seat} passed once per pass`).toBe(passes.filter((e) => e.seat === 'east').length);
    }
    await watcher.until(() => watcher.latest?.version === events.length);
    await Promise.all([east.close(), watcher.close()]);
  });
});

describe.skipIf(noPg !== null)(titled('a seat repeats a pass on one node while the admin re-confirms a seat on the other', noPg), () => {
  it('every acceptance is a change: one pass.commit accepted per seat and pass, the stored state shows it', async () => {
    const location = { kind: 'postgres' as const, url: url as string };
    const fast = { rate: { burst: 10_000, perSecond: 10_000 }, maxInFlight: 256 };
    const [a, b] = await Promise.all([startNode({ location, live: fast, httpPerMinute: 100_000 }), startNode({ location, live: fast, httpPerMinute: 100_000 })]);
    try {
      let accepted = 0;
      for (let round = 0; round < 25; round += 1) {
        const table = await createTable(a.base, { seed: 3000 + round });
        const view = (await api(b.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
        const tiles = (view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
        const send = (): Promise<Record<string, any>> => api(b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles } } }).then((reply) => reply.body);
        const confirm = (): Promise<unknown> => api(a.base, 'PUT', `/api/tables/${table.id}/seats/south`, { token: table.tokens.admin as string, body: { player: 'human' } });
        const replies = await Promise.all([send(), confirm(), send(), confirm(), send(), send()]).then((all) => all.filter((reply): reply is Record<string, any> => typeof reply === 'object' && reply !== null && 'ok' in reply));
        const oks = replies.filter((reply) => reply.ok === true);
        expect(oks.length, `round ${round}: one acceptance of East's pass`).toBe(1);
        expect(oks[0]?.version).toBe(1);
        const stored = (await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body;
        expect(stored.version).toBe(1);
        expect(stored.view.packet).not.toBeNull();
        accepted += oks.length;
      }
      expect(accepted).toBe(25);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);
});

describe.skipIf(noPg !== null)(titled('after the multi-node tests', noPg), () => {
  it('every table they made: the stored snapshot equals the replay of its log', async () => {
    const db = await open({ kind: 'postgres', url: url as string });
    try {
      expect(created.length).toBeGreaterThan(0);
      await expectStoredEqualsReplay(db, created);
    } finally {
      await db.close();
    }
  });
});

describe('two services on one database (PGlite in one process)', () => {
  it("a read on a node that has not yet heard of another node's change shows it: GET and a live client's first view", async () => {
    const db = await open({ kind: 'pglite', dir: null });
    const a = await startNode({ db });
    const b = await startNode({ db });
    try {
      const table = await createTable(a.base, { seed: 23 });
      const first = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
      expect(first.body.version).toBe(0);
      expect(a.service.master.cache.peek(table.id)?.version).toBe(0); // A holds the table at version 0
      // A's announcements are late: B's change reaches A only through what A reads.
      a.service.master.onNotify = (): void => undefined;
      const tiles = (first.body.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      const sent = await api(b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles } } });
      expect(sent.body).toMatchObject({ ok: true, version: 1 });
      const after = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
      expect(after.body.version).toBe(1);
      expect(after.body.view.packet).not.toBeNull();
      expect(a.service.master.cache.peek(table.id)?.version).toBe(1);
      // A second change on B; the first view a new live client on A gets already shows it.
      const south = (await api(b.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.south as string })).body.view.rack as Array<{ tile: string }>;
      const sentSouth = await api(b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.south as string, body: { event: { type: 'pass.commit', seat: 'south', tiles: south.map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3) } } });
      expect(sentSouth.body).toMatchObject({ ok: true, version: 2 });
      const client = await LiveClient.connect(a.base, table.id, table.tokens.west as string);
      expect(client.latest?.version).toBe(2);
      await client.close();
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });

  it('a node whose cached table is stale commits nothing at the old version and decides again on the stored one', async () => {
    const { open } = await import('./support.js');
    const db = await open({ kind: 'pglite', dir: null });
    const a = await startNode({ db });
    const b = await startNode({ db });
    try {
      const table = await createTable(a.base, { seed: 19 });
      const tilesOf = async (seat: string): Promise<string[]> => {
        const reply = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[seat] as string });
        return (reply.body.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      };
      const east = await tilesOf('east');
      const south = await tilesOf('south');
      expect(a.service.master.cache.peek(table.id)?.version).toBe(0); // A holds the table at version 0
      const who = await a.service.master.auth.authorize(table.id, table.tokens.south as string);
      const onB = await b.service.master.submit(table.id, { kind: 'token', ...(await b.service.master.auth.authorize(table.id, table.tokens.east as string)) }, { type: 'pass.commit', seat: 'east', tiles: east });
      expect(onB).toMatchObject({ ok: true, version: 1 });
      // A sends at once, before it may have heard of B's change: whichever way, the table ends at version 2.
      const onA = await a.service.master.submit(table.id, { kind: 'token', ...who }, { type: 'pass.commit', seat: 'south', tiles: south });
      expect(onA).toMatchObject({ ok: true, version: 2 });
      const { snapshots, events } = await replay(a.base, table.id, 19);
      expect(events.map((e) => e.seat)).toEqual(['east', 'south']);
      const view = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
      expect(view.body.version).toBe(2);
      expect(snapshots.at(-1)?.context.table.east).not.toBeNull();
      expect(snapshots.at(-1)?.context.table.south).not.toBeNull();
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });
});
