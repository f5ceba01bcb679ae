/**
 * No token created with a table reveals a face of a hand in play: while the hand is in play, the admin token's log
 * shows each pass as a seat and a count, other tokens read no event of it, GET gives spectator and admin the public
 * view; once the hand has ended every token reads the full log; only the operator's token (given at start, never
 * created with a table) reads everything, at any time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston } from '../../src/index.js';
import { playSeat } from './play.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, keysOf, startNode, tileIdsOf, type Node } from './support.js';

let node: Node;
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null } });
});
afterAll(async () => {
  await node?.close();
});

const TILE_CODE = /"(?:[1-9][BCD]|[NESW]|[RGW]D|F\d?|J)"/;

describe('hidden information against every token of the table', () => {
  it('during play no table token reads a face; after the hand every token reads the review; the operator reads all', async () => {
    const seed = 8080;
    const table = await createTable(node.base, { seed });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const admin = await LiveClient.connect(node.base, table.id, table.tokens.admin as string);
    // Two passes committed: the hand is in play.
    for (const client of clients.slice(0, 2)) {
      const tiles = (client.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      expect(await client.send({ type: 'pass.commit', seat: client.latest?.view.seat, tiles })).toMatchObject({ ok: true });
    }
    let routes = 0;
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string });
    routes += 1;
    expect(log.body.events.map((e: { event: unknown }) => e.event)).toEqual([
      { type: 'pass.commit', seat: 'east', count: 3 },
      { type: 'pass.commit', seat: 'south', count: 3 },
    ]);
    expect(JSON.stringify(log.body)).not.toMatch(TILE_CODE);
    for (const token of [table.tokens.spectator, table.tokens.east, table.tokens.west]) {
      const member = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: token as string });
      routes += 1;
      expect(member.body.events).toEqual([]);
    }
    for (const role of ['admin', 'spectator']) {
      const got = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[role] as string });
      routes += 1;
      expect(tileIdsOf(got.body.view)).toEqual([]);
      expect(keysOf(got.body).has('rack') || keysOf(got.body).has('wall') || keysOf(got.body).has('seed')).toBe(false);
    }
    await admin.until(() => admin.latest?.version === 2);
    for (const frame of admin.frames) expect(tileIdsOf(frame.view ?? {})).toEqual([]);
    // The operator reads the faces and the full state.
    const full = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
    expect(full.body.events[0].event.tiles).toHaveLength(3);
    const state = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: TEST_OPERATOR_TOKEN });
    expect(state.body.full.context.racks.east.length).toBeGreaterThan(0);
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: TEST_OPERATOR_TOKEN, body: { event: { type: 'pass.retract', seat: 'east' } } })).status).toBe(403);
    // Play to the end: every token of the table now reads the whole hand.
    await Promise.all(clients.map((client) => playSeat(client)));
    const whole = (await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN })).body.events;
    const engine = createCharleston({ seed });
    for (const entry of whole) expect(engine.send(entry.event).ok, `logged event ${entry.version} replays`).toBe(true);
    engine.stop();
    for (const role of ['east', 'spectator', 'admin']) {
      const review = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens[role] as string });
      expect(review.body.hidden).toBe(false);
      expect(review.body.events).toEqual(whole);
    }
    console.log(`hidden information: ${routes} table-token routes checked during play and ${admin.frames.length} admin frames in all, 0 faces found`);
    await Promise.all([...clients, admin].map((client) => client.close()));
  });

  it('a bad operator token is refused like any unknown token', async () => {
    const table = await createTable(node.base, { seed: 1 });
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: `${TEST_OPERATOR_TOKEN}x` })).status).toBe(401);
  });
});
