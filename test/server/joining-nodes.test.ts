/**
 * The clock waits for the people across nodes sharing one PostgreSQL: joins through different nodes all count (and
 * the same person's joins through two nodes at once count once), a join reaches the live views on the other node,
 * and a node started again on the same database still knows who joined. Needs CHARLESTON_TEST_PG (skipped without
 * it). Time is the test's own (the masters' injected time source), never the wall clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS } from '../../src/index.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, open, startNode, type Node } from './support.js';
import { TestTime } from './test-time.js';
import { pgReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG;
const noPg = pgReason(url);

describe.skipIf(noPg !== null)(titled('the clock waits for the people on two nodes', noPg), () => {
  const location = { kind: 'postgres', url: url as string } as const;
  const time = new TestTime();
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    [a, b] = await Promise.all([startNode({ location, master: { time, clockSweepMillis: 0 } }), startNode({ location, master: { time, clockSweepMillis: 0 } })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  }, 60_000);

  it('joins through either node count once each; the other node\'s views follow; a restarted node still knows who joined', async () => {
    const table = await createTable(a.base, { seed: 808, clock: 10 });
    const spectator = table.tokens.spectator as string;
    // A watcher on node B; East opens the link through node A.
    const watcher = await LiveClient.connect(b.base, table.id, spectator);
    expect(watcher.latest).toMatchObject({ version: 0, joining: SEATS, clock: { started: false } });
    expect((await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.joining).toEqual(['south', 'west', 'north']);
    await watcher.until(() => watcher.latest?.version === 1);
    expect(watcher.latest?.joining).toEqual(['south', 'west', 'north']);
    // South opens the link on both nodes at once (a GET on A, a live hello on B): one join.
    const [got, south] = await Promise.all([
      api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.south as string }),
      LiveClient.connect(b.base, table.id, table.tokens.south as string),
    ]);
    expect(got.status).toBe(200);
    await watcher.until(() => watcher.latest?.version === 2);
    expect(watcher.latest?.joining).toEqual(['west', 'north']);
    const joins = (await api(a.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN })).body.events;
    expect(joins.map((row: { event: unknown }) => row.event)).toEqual([
      { type: 'table.join', seat: 'east' },
      { type: 'table.join', seat: 'south' },
    ]);
    // West joins through B; node A's view of the table follows (its GET answers the table as stored).
    expect((await api(b.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.west as string })).body).toMatchObject({ version: 3, joining: ['north'] });
    expect((await api(a.base, 'GET', `/api/tables/${table.id}`, { token: spectator })).body).toMatchObject({ version: 3, joining: ['north'], clock: { started: false, deadlines: {} } });
    time.advance(600_000);
    expect((await a.service.master.sweepClocks()) + (await b.service.master.sweepClocks())).toBe(0);
    // Node B goes; a node started again on the same database knows who joined.
    await Promise.all([watcher.close(), south.close()]);
    await b.close();
    b = await startNode({ location, master: { time, clockSweepMillis: 0 } });
    expect((await api(b.base, 'GET', `/api/tables/${table.id}`, { token: spectator })).body).toMatchObject({ version: 3, joining: ['north'], clock: { started: false, deadlines: {} } });
    const onA = await LiveClient.connect(a.base, table.id, spectator);
    // North joins on the new node: the clock runs, on both nodes.
    const now = time.now();
    const deadlines = { east: now + 10_000, south: now + 10_000, west: now + 10_000, north: now + 10_000 };
    expect((await api(b.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string })).body).toMatchObject({ version: 4, joining: [], clock: { started: true, deadlines } });
    await onA.until(() => onA.latest?.version === 4);
    expect(onA.latest).toMatchObject({ joining: [], clock: { started: true, deadlines } });
    // The admin's start through either node is refused now.
    for (const node of [a, b]) {
      const again = await api(node.base, 'POST', `/api/tables/${table.id}/start`, { token: table.tokens.admin as string });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('ALREADY_STARTED');
    }
    // Past the deadlines: each seat's decision is played once, whichever node fires.
    time.advance(10_000);
    await onA.until(() => (onA.latest?.version ?? 0) >= 8);
    expect(onA.latest?.notice).toMatchObject({ code: 'CLOCK_RAN_OUT' });
    await onA.close();
    const db = await open(location);
    try {
      await expectStoredEqualsReplay(db, [table.id]);
      const rows = await db.query<{ n: string | number }>("SELECT count(*) AS n FROM charleston_events WHERE table_id = $1 AND event->>'type' = 'pass.commit' AND version <= 8", [table.id]);
      expect(Number(rows[0]?.n)).toBe(4);
    } finally {
      await db.close();
    }
  }, 60_000);
});
