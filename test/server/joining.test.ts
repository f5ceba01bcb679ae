/**
 * The clock waits for the people: a table with a clock gives no seat a deadline until every person at a human seat
 * has opened their link (a GET or a live hello with their seat token), or the admin starts it; bots play their own
 * seats meanwhile, `next` runs it at once. The pure rules, then one node over PGlite with a time source the test
 * moves by hand (never the wall clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { awaitedHomes, joinOf, joiningSeats, readyToStart, runningClock, type JoinState } from '../../src/server/joining.js';
import { nextDeadlines } from '../../src/server/clock.js';
import type { Players } from '../../src/server/players.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, startNode, type Node } from './support.js';
import { TestTime } from './test-time.js';

const HUMANS: Players = { east: 'human', south: 'human', west: 'human', north: 'human' };

describe('who the clock waits for (pure)', () => {
  const waiting: JoinState = { clock: 10, clockStarted: false, joined: [], players: HUMANS, deal: 1 };
  it('waits for every person at a human seat; none without a clock or once it runs', () => {
    expect(awaitedHomes(waiting)).toEqual(SEATS);
    expect(awaitedHomes({ ...waiting, players: { ...HUMANS, west: 'teacher' }, joined: ['east'] })).toEqual(['south', 'north']);
    expect(awaitedHomes({ ...waiting, clock: null })).toEqual([]);
    expect(awaitedHomes({ ...waiting, clockStarted: true })).toEqual([]);
  });
  it('names the seats where the awaited people sit now (they move one to the right each hand)', () => {
    // Hand 2: the deal passed to the right, the person who sat East sits North now.
    expect(joiningSeats({ ...waiting, deal: 2, joined: ['south', 'west', 'north'] })).toEqual(['north']);
    expect(joiningSeats({ ...waiting, joined: ['south', 'west', 'north'] })).toEqual(['east']);
  });
  it('a join counts once; the last one starts the clock; nothing is joined once the clock runs', () => {
    expect(joinOf(waiting, 'east')).toEqual({ joined: ['east'], starts: false });
    expect(joinOf({ ...waiting, joined: ['east'] }, 'east')).toBeNull();
    expect(joinOf({ ...waiting, joined: ['north', 'east', 'west'] }, 'south')).toEqual({ joined: SEATS, starts: true });
    // A person whose seat a bot plays now joins too (so handed their seat back, they are not waited for again).
    expect(joinOf({ ...waiting, players: { ...HUMANS, south: 'teacher' } }, 'south')).toEqual({ joined: ['south'], starts: false });
    expect(joinOf({ ...waiting, players: { ...HUMANS, south: 'teacher' }, joined: ['east', 'west'] }, 'north')).toEqual({ joined: ['east', 'west', 'north'], starts: true });
    expect(joinOf({ ...waiting, clockStarted: true }, 'south')).toBeNull();
    expect(joinOf({ ...waiting, clock: null }, 'south')).toBeNull();
  });
  it('gives deadlines only once the clock runs', () => {
    const input = { previous: {}, phaseBefore: null, phaseAfter: 'firstCharleston.right' as const, waiting: SEATS, players: HUMANS, actor: null, now: 1_000 };
    expect(runningClock(waiting)).toBeNull();
    expect(nextDeadlines({ ...input, clock: runningClock(waiting) })).toEqual({});
    expect(nextDeadlines({ ...input, clock: runningClock({ ...waiting, clockStarted: true }) })).toEqual({ east: 11_000, south: 11_000, west: 11_000, north: 11_000 });
    expect(readyToStart(waiting)).toBe(false);
    expect(readyToStart({ ...waiting, players: { east: 'teacher', south: 'teacher', west: 'teacher', north: 'random' } })).toBe(true);
    expect(readyToStart({ ...waiting, clockStarted: true })).toBe(false);
  });
});

let node: Node;
const time = new TestTime();
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null }, master: { time, clockSweepMillis: 0 } });
});
afterAll(async () => {
  await node?.close();
});

/** The body of table `id` for `token`. */
async function body(id: string, token: string): Promise<Record<string, any>> {
  const reply = await api(node.base, 'GET', `/api/tables/${id}`, { token });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** The log's rows (operator). */
async function log(id: string): Promise<Array<{ version: number; seat: string | null; event: { type: string; seat?: string } }>> {
  return (await api(node.base, 'GET', `/api/tables/${id}/log`, { token: TEST_OPERATOR_TOKEN })).body.events;
}

describe('a 10-second clock with four people', () => {
  it('plays nothing for anyone while one of them has not opened the link; the fourth starts it; then it runs out', async () => {
    const table = await createTable(node.base, { seed: 51, clock: 10 });
    const token = (seat: Seat): string => table.tokens[seat] as string;
    const spectator = table.tokens.spectator as string;
    const before = await body(table.id, spectator); // a spectator's GET opens no seat's link
    expect(before).toMatchObject({ version: 0, joining: SEATS, clock: { seconds: 10, started: false, deadlines: {} } });
    // Three people open their links: East and West by GET, South by a live hello.
    expect(await body(table.id, token('east'))).toMatchObject({ version: 1, joining: ['south', 'west', 'north'], clock: { started: false, deadlines: {} } });
    const south = await LiveClient.connect(node.base, table.id, token('south'));
    expect(south.latest).toMatchObject({ version: 2, joining: ['west', 'north'], clock: { started: false, deadlines: {} } });
    expect(await body(table.id, token('west'))).toMatchObject({ version: 3, joining: ['north'] });
    await south.until(() => south.latest?.version === 3);
    expect(south.latest?.joining).toEqual(['north']);
    // Opening a link again changes nothing.
    expect(await body(table.id, token('east'))).toMatchObject({ version: 3, joining: ['north'] });
    // Far past ten seconds: nothing due, nothing played by a timer or the sweep.
    time.advance(600_000);
    expect(await node.service.master.fireClock(table.id)).toBe(0);
    expect(await node.service.master.sweepClocks()).toBe(0);
    expect(await body(table.id, spectator)).toMatchObject({ version: 3, phase: 'firstCharleston.right', notice: null, joining: ['north'], clock: { started: false, deadlines: {} } });
    expect((await log(table.id)).map((row) => [row.event.type, row.seat])).toEqual([
      ['table.join', 'east'],
      ['table.join', 'south'],
      ['table.join', 'west'],
    ]);
    // The fourth opens: the clock runs, each seat with its ten seconds.
    const started = time.now();
    const all = { east: started + 10_000, south: started + 10_000, west: started + 10_000, north: started + 10_000 };
    expect(await body(table.id, token('north'))).toMatchObject({ version: 4, joining: [], clock: { seconds: 10, started: true, deadlines: all } });
    await south.until(() => south.latest?.version === 4);
    expect(south.latest).toMatchObject({ joining: [], clock: { started: true, deadlines: all } });
    // Past the deadlines: the teacher plays each seat's decision once.
    time.advance(10_000);
    await south.until(() => (south.latest?.version ?? 0) >= 8);
    expect(south.latest).toMatchObject({ phase: 'firstCharleston.across', notice: { code: 'CLOCK_RAN_OUT', hand: 1 } });
    const rows = await log(table.id);
    expect(rows.slice(4, 8).map((row) => [row.event.type, row.seat])).toEqual(SEATS.map((seat) => ['pass.commit', seat]));
    await expectStoredEqualsReplay(node.service.db, [table.id]);
    await south.close();
  });

  it('the admin starts it before everyone joined, once; a seat or spectator token may not; a table without a clock has nothing to start', async () => {
    const table = await createTable(node.base, { seed: 52, clock: 10 });
    const start = (token: string | undefined) => api(node.base, 'POST', `/api/tables/${table.id}/start`, token === undefined ? {} : { token });
    expect(await body(table.id, table.tokens.east as string)).toMatchObject({ version: 1, joining: ['south', 'west', 'north'] });
    for (const token of [table.tokens.east, table.tokens.south, table.tokens.spectator]) {
      const refused = await start(token);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
    expect((await start(undefined)).status).toBe(401);
    const started = await start(table.tokens.admin);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ id: table.id, version: 2 });
    const now = time.now();
    const view = await body(table.id, table.tokens.spectator as string);
    expect(view).toMatchObject({ version: 2, joining: [], clock: { started: true, deadlines: { east: now + 10_000, south: now + 10_000, west: now + 10_000, north: now + 10_000 } } });
    const again = await start(table.tokens.admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'ALREADY_STARTED', message: expect.stringContaining('runs already'), params: { problem: 'clockRunning' } });
    // A later join changes nothing: the clock runs.
    expect(await body(table.id, table.tokens.south as string)).toMatchObject({ version: 2, joining: [] });
    expect((await log(table.id)).map((row) => row.event)).toEqual([{ type: 'table.join', seat: 'east' }, { type: 'table.start' }]);
    const plain = await createTable(node.base, { seed: 53 });
    const none = await api(node.base, 'POST', `/api/tables/${plain.id}/start`, { token: plain.tokens.admin as string });
    expect(none.status).toBe(409);
    expect(none.body.error).toEqual({ code: 'ALREADY_STARTED', message: expect.stringContaining('no clock'), params: { problem: 'noClock' } });
    // Without a clock nobody is waited for, and opening a link writes nothing.
    expect(await body(plain.id, plain.tokens.east as string)).toMatchObject({ version: 0, joining: [], clock: null });
  });

  it('bots play their own seats before anyone joined; nothing is played for the people', async () => {
    const table = await createTable(node.base, { seed: 54, clock: 10, seats: { west: 'teacher', north: 'teacher' } });
    const watcher = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    await watcher.until(() => watcher.latest?.version === 2);
    expect(watcher.latest).toMatchObject({ joining: ['east', 'south'], clock: { started: false, deadlines: {} }, waitingFor: ['east', 'south'] });
    expect((await log(table.id)).map((row) => [row.event.type, row.seat])).toEqual([
      ['pass.commit', 'west'],
      ['pass.commit', 'north'],
    ]);
    time.advance(600_000);
    expect(await node.service.master.sweepClocks()).toBe(0);
    expect(await body(table.id, table.tokens.spectator as string)).toMatchObject({ version: 2, notice: null });
    await watcher.close();
  });

  it('after next the clock runs at once, even for a person who never opened the link', async () => {
    // One person, who never opens the link, and three bots. Handing the person's seat to a bot leaves nobody to
    // wait for: the clock starts (logged), the bots play the hand out.
    const table = await createTable(node.base, { seed: 55, clock: 10, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    const admin = table.tokens.admin as string;
    const watcher = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    await watcher.until(() => watcher.latest?.version === 3);
    expect(watcher.latest).toMatchObject({ joining: ['east'], clock: { started: false, deadlines: {} } });
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/seats/east`, { token: admin, body: { player: 'teacher' } })).status).toBe(200);
    await watcher.until(() => ['complete', 'eastMahjong'].includes(watcher.latest?.phase));
    expect((await log(table.id)).filter((row) => row.event.type.startsWith('table.')).map((row) => row.event)).toEqual([{ type: 'table.start' }]);
    expect((await api(node.base, 'PUT', `/api/tables/${table.id}/seats/east`, { token: admin, body: { player: 'human' } })).status).toBe(200);
    const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: admin, body: { hand: 1 } });
    expect(next.status).toBe(200);
    // The person sits North now (the deal passed to the right), with a deadline at once.
    const now = time.now();
    const dealt = await body(table.id, table.tokens.spectator as string);
    expect(dealt).toMatchObject({ hand: 2, joining: [], clock: { started: true, deadlines: { north: now + 10_000 } } });
    await watcher.close();
  });
});
