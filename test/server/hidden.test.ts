/**
 * No token created with a table reveals a face of a hand in play: while the hand is in play, the admin token's log
 * shows each pass as a seat and a count, other tokens read no event of it, GET gives spectator and admin the public
 * view; once the hand has ended every token reads the full log; only the operator's token (given at start, never
 * created with a table) reads everything, at any time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston } from '../../src/index.js';
import { PRACTICE_CARD, closestHands, parseCard } from '../../src/entries/card.js';
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

  it('across hands: names, clock, notice, the next deal and the log by hand reveal no face of the hand in play', async () => {
    const table = await createTable(node.base, { seed: 4242, clock: 600, names: { east: 'Ana', north: 'Nú' } });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const admin = await LiveClient.connect(node.base, table.id, table.tokens.admin as string);
    const spectator = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    await Promise.all(clients.map((client) => playSeat(client)));
    const handOne = (await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN })).body.events;
    const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.admin as string, body: { hand: 1 } });
    expect(next.body.hand).toBe(2);
    // Hand 2 in play: two passes committed (by the people now at East and South) and a name set.
    for (const client of clients) await client.until(() => client.latest?.hand === 2);
    const bySeatNow = new Map(clients.map((client) => [client.latest?.seat as string, client]));
    for (const seat of ['east', 'south']) {
      const client = bySeatNow.get(seat) as LiveClient;
      const tiles = (client.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      expect(await client.send({ type: 'pass.commit', seat, tiles })).toMatchObject({ ok: true });
    }
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.west as string, body: { name: 'Wen' } })).status).toBe(200);
    let routes = 0;
    const adminLog = (await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string })).body;
    routes += 1;
    expect(adminLog.hidden).toBe(true);
    // Hand 1 (ended) in full, with each row's hand; hand 2 without a face.
    expect(adminLog.events.slice(0, handOne.length)).toEqual(handOne);
    const inPlay = adminLog.events.slice(handOne.length);
    expect(inPlay.map((row: { hand: number }) => row.hand)).toEqual([2, 2, 2, 2]);
    expect(inPlay.map((row: { event: unknown }) => row.event)).toEqual([
      { type: 'table.next', hand: 2 },
      { type: 'pass.commit', seat: 'east', count: 3 },
      { type: 'pass.commit', seat: 'south', count: 3 },
      { type: 'table.name', seat: 'south' },
    ]);
    expect(JSON.stringify(inPlay)).not.toMatch(TILE_CODE);
    for (const token of [table.tokens.spectator, table.tokens.east, table.tokens.north]) {
      const member = (await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: token as string })).body;
      routes += 1;
      // The ended hand and the deal of this one; nothing of the hand in play.
      expect(member.events.slice(0, handOne.length)).toEqual(handOne);
      expect(member.events.slice(handOne.length).map((row: { event: { type: string } }) => row.event.type)).toEqual(['table.next']);
      expect(JSON.stringify(member.events.slice(handOne.length))).not.toMatch(TILE_CODE);
    }
    for (const role of ['admin', 'spectator']) {
      const got = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[role] as string });
      routes += 1;
      expect(got.body).toMatchObject({ hand: 2, seat: null, names: { north: 'Ana', west: 'Nú', south: 'Wen' } });
      expect(tileIdsOf(got.body)).toEqual([]);
      expect(keysOf(got.body).has('rack') || keysOf(got.body).has('wall') || keysOf(got.body).has('seed') || keysOf(got.body).has('tiles')).toBe(false);
    }
    const next2 = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string });
    routes += 1;
    expect(next2.status).toBe(409);
    expect(JSON.stringify(next2.body)).not.toMatch(TILE_CODE);
    // Every live frame of the admin and spectator, both hands: no tile, no seed, no wall.
    for (const client of [admin, spectator]) {
      await client.until(() => (client.latest?.version ?? 0) >= handOne.length + 4);
      for (const frame of client.frames) {
        expect(tileIdsOf(frame)).toEqual([]);
        expect(keysOf(frame).has('rack') || keysOf(frame).has('seed') || keysOf(frame).has('wall')).toBe(false);
      }
    }
    // A seat's frames of hand 2 hold only its own tiles: its view is the engine's view for its seat now.
    for (const client of clients) for (const frame of client.frames) expect(keysOf(frame).has('seed') || keysOf(frame).has('wall')).toBe(false);
    console.log(`hidden information across hands: ${routes} table-token routes and ${admin.frames.length + spectator.frames.length} admin/spectator frames checked, 0 faces found`);
    await Promise.all([...clients, admin, spectator].map((client) => client.close()));
  });

  it("on a table with a card, no view, log or error during play holds another seat's closest hands", async () => {
    const card = parseCard(PRACTICE_CARD);
    const table = await createTable(node.base, { seed: 4242, card: 'practice' });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const watchers = await Promise.all(['admin', 'spectator'].map((role) => LiveClient.connect(node.base, table.id, table.tokens[role] as string)));
    // Two passes committed and refusals of every kind drawn: the hand is in play.
    const replies: unknown[] = [];
    for (const client of clients.slice(0, 2)) {
      const tiles = (client.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
      expect((await client.send({ type: 'pass.commit', seat: client.latest?.view.seat, tiles })).ok).toBe(true);
      replies.push(await client.send({ type: 'pass.commit', seat: client.latest?.view.seat, tiles: ['J', 'J', 'J'] }));
      replies.push(await client.send({ type: 'hand.declareMahjong', seat: client.latest?.view.seat }));
      replies.push(await client.send({ type: 'vote.cast', seat: 'north', vote: 'stop' }));
    }
    for (const role of ['admin', 'spectator', 'east']) {
      replies.push((await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens[role] as string })).body);
      replies.push((await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: table.tokens[role] as string })).body);
      replies.push((await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens[role] as string, body: { event: { type: 'hand.declareMahjong', seat: 'east' } } })).body);
    }
    for (const reply of replies) expect(JSON.stringify(reply)).not.toMatch(/"closest"|"missing":/);
    for (const client of clients) {
      await client.until(() => (client.latest?.version ?? 0) >= 2);
      for (const frame of client.frames) {
        if (frame.type !== 'view') expect(keysOf(frame).has('closest')).toBe(false);
        // Its own rack's closest hands, which its own view shows: never another seat's.
        else expect(frame.view.closest).toEqual(closestHands(card, (frame.view.rack as Array<{ tile: string }>).map((t) => t.tile), 3));
      }
    }
    for (const watcher of watchers) {
      await watcher.until(() => (watcher.latest?.version ?? 0) >= 2);
      for (const frame of watcher.frames) expect(keysOf(frame).has('closest')).toBe(false);
      expect(watcher.latest?.card).toEqual({ hands: card.hands.length });
    }
    await Promise.all([...clients, ...watchers].map((client) => client.close()));
  });

  it('a bad operator token is refused like any unknown token', async () => {
    const table = await createTable(node.base, { seed: 1 });
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: `${TEST_OPERATOR_TOKEN}x` })).status).toBe(401);
  });
});
