/**
 * A table of friends over HTTP and live connections (PGlite in memory): hands in a row at one table with the deal
 * passing to the right, names, the clock of one decision (driven by a test time source, never the wall clock),
 * and the body every role reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston, viewFor, type Seat } from '../../src/index.js';
import { nextHandSeed } from '../../src/server/hands.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { playSeat } from './play.js';
import { TestTime } from './test-time.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, startNode, type Node } from './support.js';

let node: Node;
const time = new TestTime();
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null }, master: { time, clockSweepMillis: 0 } });
});
afterAll(async () => {
  await node?.close();
});

/** Plays the hand to its end with four live seats. */
async function playHand(clients: LiveClient[]): Promise<void> {
  await Promise.all(clients.map((client) => playSeat(client)));
}

describe('hands in a row', () => {
  it('deals the next hand at the same table: the deal passes to the right, tokens follow their people, the log keeps both hands', async () => {
    const seed = 77;
    const table = await createTable(node.base, { seed, names: { south: 'Ana', east: 'Bo' } });
    const token = (seat: Seat): string => table.tokens[seat] as string;
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, token(seat))));
    // Before the end: 409 HAND_IN_PLAY; a spectator may not deal.
    const early = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: token('east') });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('HAND_IN_PLAY');
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.spectator as string })).status).toBe(403);
    await playHand(clients);
    const ended = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: token('east') });
    expect(['complete', 'eastMahjong']).toContain(ended.body.phase);
    expect(ended.body).toMatchObject({ hand: 1, seat: 'east', names: { east: 'Bo', south: 'Ana' } });

    // Two presses at once (a seat and the admin): one new hand, both answered with it.
    const [one, two] = await Promise.all([
      api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: token('south'), body: { hand: 1 } }),
      api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.admin as string, body: { hand: 1 } }),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(one.body).toEqual({ id: table.id, version: ended.body.version + 1, phase: 'firstCharleston.right', hand: 2 });
    expect(two.body).toEqual(one.body);
    // A repeat without a body, while nothing has been played: the same hand again.
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: token('west') })).body).toEqual(one.body);

    // Each token is its person's new seat: South is East now, East is North.
    const expectedSeat: Record<Seat, Seat> = { east: 'north', south: 'east', west: 'south', north: 'west' };
    const engine = createCharleston({ seed: nextHandSeed(seed, 2) });
    for (const home of SEATS) {
      const got = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: token(home) });
      expect(got.body).toMatchObject({ hand: 2, seat: expectedSeat[home], version: one.body.version, names: { east: 'Ana', north: 'Bo' } });
      expect(got.body.view).toEqual(JSON.parse(JSON.stringify(viewFor(engine.getSnapshot(), expectedSeat[home], { locale: 'en' }))));
      expect(got.body.actions.seat).toBe(expectedSeat[home]);
    }
    engine.stop();
    // Live connections moved with their people too.
    for (const [index, client] of clients.entries()) {
      await client.until(() => client.latest?.version === one.body.version);
      expect(client.latest).toMatchObject({ hand: 2, seat: expectedSeat[SEATS[index] as Seat] });
    }
    // A seat sends for its seat now; its old seat is someone else's.
    const southPerson = clients[1] as LiveClient;
    const refused = await southPerson.send({ type: 'pass.retract', seat: 'south' });
    expect(refused.refusal?.code).toBe('NOT_YOUR_SEAT');
    // Play the second hand out: every row of the log says its hand, the replay check holds across hands.
    await playHand(clients);
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
    const hands = log.body.events.map((row: { hand: number }) => row.hand);
    expect(hands[0]).toBe(1);
    expect(hands.at(-1)).toBe(2);
    expect(log.body.events[one.body.version - 1]).toMatchObject({ version: one.body.version, hand: 2, seat: null, event: { type: 'table.next', hand: 2 } });
    expect(log.body.events.filter((row: { event: { type: string } }) => row.event.type === 'table.next')).toHaveLength(1);
    await expectStoredEqualsReplay(node.service.db, [table.id]);
    // The next again: hand 3, dealt by West's first token.
    const third = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: token('west'), body: { hand: 2 } });
    expect(third.body.hand).toBe(3);
    await expectStoredEqualsReplay(node.service.db, [table.id]);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('a misdeal is not a hand end: it is redealt by the engine', async () => {
    const table = await createTable(node.base, { seed: 3 });
    const sent = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'misdeal.declare', seat: 'east', reason: 'test' } } });
    expect(sent.body.phase).toBe('misdeal');
    const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string, body: { hand: 1 } });
    expect(next.status).toBe(409);
    expect(next.body.error.code).toBe('HAND_IN_PLAY');
  });

  it('a bot seat moves with its person', async () => {
    const table = await createTable(node.base, { seed: 12, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    await playSeat(east);
    const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string, body: { hand: 1 } });
    expect(next.status).toBe(200);
    // East's person is North now: the bots (South, West, North before) sit at East, South, West.
    await east.until(() => east.latest?.hand === 2 && (east.latest?.view.waitingFor as string[]).length === 1);
    expect(east.latest).toMatchObject({ seat: 'north', waitingFor: ['north'] });
    // The bots have played in hand 2: a repeat without a hand number is refused, with it answered with hand 2.
    const repeat = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string });
    expect(repeat.status).toBe(409);
    expect(repeat.body.error.code).toBe('HAND_IN_PLAY');
    const again = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.admin as string, body: { hand: 1 } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: table.id, hand: 2 }); // the table as it is now, in hand 2
    expect(again.body.version).toBeGreaterThan(next.body.version);
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string, body: { hand: 'one' } })).status).toBe(400);
    await east.close();
  });
});

describe('names', () => {
  it('checks names at creation and on PUT …/name; a seat token names itself, the admin may not', async () => {
    for (const [names, field] of [[{ east: '' }, 'names.east'], [{ west: 'x'.repeat(25) }, 'names.west'], [{ north: 'a\u0007' }, 'names.north'], [{ up: 'x' }, 'names.up']] as const) {
      const reply = await api(node.base, 'POST', '/api/tables', { body: { names } });
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_INPUT');
      expect(reply.body.error.message).toContain(field);
    }
    const table = await createTable(node.base, { seed: 4 });
    const watcher = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    const set = await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.west as string, body: { name: '  <i>Wü</i> 🀄 ' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: table.id, version: 1, names: { west: '<i>Wü</i> 🀄' } });
    await watcher.until(() => watcher.latest?.version === 1);
    expect(watcher.latest?.names).toEqual({ west: '<i>Wü</i> 🀄' });
    // The same name again changes nothing.
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.west as string, body: { name: '<i>Wü</i> 🀄' } })).body.version).toBe(1);
    const bad = await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.west as string, body: { name: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^name:/);
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.admin as string, body: { name: 'Boss' } })).status).toBe(403);
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.spectator as string, body: { name: 'Eve' } })).status).toBe(403);
    await expectStoredEqualsReplay(node.service.db, [table.id]);
    await watcher.close();
  });
});

describe('the clock', () => {
  it('refuses a clock outside 10–600 seconds, naming it', async () => {
    for (const clock of [9, 601, 12.5, '30']) {
      const reply = await api(node.base, 'POST', '/api/tables', { body: { clock } });
      expect(reply.status).toBe(400);
      expect(reply.body.error.message).toContain('clock');
    }
  });

  it('a seat whose clock runs out is played by the teacher for that one decision, once; every view says so', async () => {
    const table = await createTable(node.base, { seed: 21, clock: 30, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    const watcher = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    await east.until(() => east.latest?.version === 4); // the three bots passed, and East joined (its hello)
    const started = time.now();
    expect(east.latest?.clock).toEqual({ seconds: 30, started: true, deadlines: { east: started + 30_000 }, now: expect.any(Number) });
    expect(east.latest?.notice).toBeNull();
    // Not yet due: nothing happens.
    time.advance(29_999);
    expect(await node.service.master.fireClock(table.id)).toBe(0);
    time.advance(1);
    const notice = { code: 'CLOCK_RAN_OUT', seat: 'east', hand: 1, version: 5 };
    // The bots pass at once in the next phase: the frame of version 5 is the teacher's move for East.
    await east.until(() => (east.latest?.version ?? 0) >= 8);
    expect(east.frames.find((frame) => frame.version === 5)).toMatchObject({ phase: 'firstCharleston.across', notice });
    expect(east.latest?.notice).toEqual(notice);
    await watcher.until(() => watcher.latest?.version !== undefined && watcher.latest.version >= 5);
    expect(watcher.frames.find((frame) => frame.version === 5)?.notice).toEqual(notice);
    // A second firing for the same timeout finds nothing due.
    expect(await node.service.master.fireClock(table.id)).toBe(0);
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
    expect(log.body.events.filter((row: { seat: string; event: { type: string } }) => row.seat === 'east' && row.event.type === 'pass.commit')).toHaveLength(1);
    expect(log.body.events[4]).toMatchObject({ version: 5, seat: 'east', event: { type: 'pass.commit', seat: 'east' } });
    // The person plays on at the next decision, with a new clock.
    expect(east.latest?.clock.deadlines).toEqual({ east: time.now() + 30_000 });
    const tiles = (east.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    expect(await east.send({ type: 'pass.commit', seat: 'east', tiles })).toMatchObject({ ok: true, version: 9 });
    await expectStoredEqualsReplay(node.service.db, [table.id]);
    await Promise.all([east.close(), watcher.close()]);
  });

  it('a node that does not hold the table finds the expired deadline in the database (the sweep); the timeout is played once', async () => {
    const other = await startNode({ db: node.service.db, master: { time, clockSweepMillis: 0 } });
    try {
      const table = await createTable(other.base, { seed: 22, clock: 10 });
      // Nobody opened a link: the admin starts the clock (version 1), which gives the four seats their deadlines.
      expect((await api(other.base, 'POST', `/api/tables/${table.id}/start`, { token: table.tokens.admin as string })).body).toEqual({ id: table.id, version: 1 });
      await other.service.master.drain(); // this node stops: its timers will never fire
      time.advance(10_000);
      // The first node has never loaded the table: only the database knows the deadline.
      expect(node.service.master.cache.peek(table.id)).toBeNull();
      expect(await node.service.master.sweepClocks()).toBe(4);
      expect(await node.service.master.sweepClocks()).toBe(0);
      const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
      // Four seats ran out at once: the sweep plays each seat's decision once, in seat order.
      expect(log.body.events.map((row: { seat: string }) => row.seat)).toEqual([null, 'east', 'south', 'west', 'north']);
      expect(log.body.events[0].event).toEqual({ type: 'table.start' });
      const got = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string });
      expect(got.body.notice).toEqual({ code: 'CLOCK_RAN_OUT', seat: 'north', hand: 1, version: 5 });
      await expectStoredEqualsReplay(node.service.db, [table.id]);
    } finally {
      await other.close();
    }
  });
});

describe('the declaration review', () => {
  it('is on for a table created without a card, off with one', async () => {
    const plain = await createTable(node.base, { seed: 41 });
    const full = await api(node.base, 'GET', `/api/tables/${plain.id}`, { token: TEST_OPERATOR_TOKEN });
    expect(full.body.full.context.rules.declarationReview).toBe(true);
    const hand = ['1B', '1B', '1B', '2B', '2B', '2B', '3B', '3B', '3B', '4B', '4B', '4B', 'N', 'N'];
    const carded = await createTable(node.base, { seed: 41, rules: { winningHands: [hand] } });
    const fullCard = await api(node.base, 'GET', `/api/tables/${carded.id}`, { token: TEST_OPERATOR_TOKEN });
    expect(fullCard.body.full.context.rules.declarationReview).toBeUndefined();
  });
});

describe('the public body', () => {
  it('says who the table waits for and which packets lie face down, with no face', async () => {
    const table = await createTable(node.base, { seed: 31 });
    const east = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
    const tiles = (east.body.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles } } });
    const watch = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.spectator as string });
    expect(watch.body).toMatchObject({ hand: 1, seat: null, names: {}, clock: null, notice: null, waitingFor: ['south', 'west', 'north'], packetOnTable: { east: true, south: false, west: false, north: false } });
    expect(JSON.stringify(watch.body)).not.toMatch(/"tiles"|"rack"/);
  });
});
