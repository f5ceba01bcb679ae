/**
 * A table of friends on two nodes sharing one PostgreSQL: a seat whose clock runs out is played once, not once per
 * node, with both nodes holding the table and arming their timers; two presses of "next" on two nodes deal one
 * hand. Needs CHARLESTON_TEST_PG (skipped without it). The clock runs on the wall clock here (10 s, the least a
 * table may have): the test waits for the logged move with a bounded wait, never a fixed sleep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStoredEqualsReplay } from './consistency.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, open, startNode, type Node } from './support.js';
import { pgReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG;
const noPg = pgReason(url);

describe.skipIf(noPg !== null)(titled('a table of friends on two nodes', noPg), () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    const location = { kind: 'postgres', url: url as string } as const;
    [a, b] = await Promise.all([startNode({ location, master: { clockSweepMillis: 1_000 } }), startNode({ location, master: { clockSweepMillis: 1_000 } })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  }, 60_000);

  it('a clock that runs out is played once, whichever node fires first', async () => {
    const table = await createTable(a.base, { seed: 606, clock: 10, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    // Both nodes hold the table (a live connection each) and arm a timer for East's deadline; both sweep too.
    // East's hello is the one person's join: it starts the clock (a version of its own beside the bots' three).
    const onA = await LiveClient.connect(a.base, table.id, table.tokens.spectator as string);
    const onB = await LiveClient.connect(b.base, table.id, table.tokens.east as string);
    await onB.until(() => (onB.latest?.version ?? 0) >= 4);
    const deadline = onB.latest?.clock.deadlines.east as number;
    expect(deadline).toBeGreaterThan(Date.now());
    await onB.until(() => onB.latest?.notice !== null && onB.latest?.notice !== undefined); // bounded by the test's timeout
    await onA.until(() => (onA.latest?.version ?? 0) >= 5);
    expect(onB.latest?.notice).toEqual({ code: 'CLOCK_RAN_OUT', seat: 'east', hand: 1, version: 5 });
    // Let both nodes' timers and sweeps pass the deadline, then count: one teacher move for East's one decision.
    await onB.until(() => (onB.latest?.version ?? 0) >= 8); // the bots passed in the next phase
    const log = await api(a.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
    const eastMoves = log.body.events.filter((row: { seat: string; event: { type: string } }) => row.seat === 'east' && row.event.type !== 'table.join');
    expect(eastMoves).toHaveLength(1);
    expect(eastMoves[0]).toMatchObject({ version: 5, event: { type: 'pass.commit', seat: 'east' } });
    expect(onB.latest?.clock.deadlines.east).toBeGreaterThanOrEqual(deadline); // a new decision, a new clock
    const db = await open({ kind: 'postgres', url: url as string });
    try {
      await expectStoredEqualsReplay(db, [table.id]);
    } finally {
      await db.close();
    }
    await Promise.all([onA.close(), onB.close()]);
  }, 60_000);

  it('two presses of next on two nodes deal one hand', async () => {
    const table = await createTable(a.base, { seed: 707, seats: { east: 'teacher', south: 'teacher', west: 'teacher', north: 'random' } });
    const admin = table.tokens.admin as string;
    const watcher = await LiveClient.connect(b.base, table.id, table.tokens.spectator as string);
    await watcher.until(() => ['complete', 'eastMahjong'].includes(watcher.latest?.phase));
    const [one, two] = await Promise.all([
      api(a.base, 'POST', `/api/tables/${table.id}/next`, { token: admin, body: { hand: 1 } }),
      api(b.base, 'POST', `/api/tables/${table.id}/next`, { token: admin, body: { hand: 1 } }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.hand).toBe(2);
    expect(two.body.hand).toBe(2);
    const log = await api(a.base, 'GET', `/api/tables/${table.id}/log`, { token: TEST_OPERATOR_TOKEN });
    expect(log.body.events.filter((row: { event: { type: string } }) => row.event.type === 'table.next')).toHaveLength(1);
    // The bots play hand 2 out; the replay check reads a table at rest.
    await watcher.until(() => watcher.latest?.hand === 2 && ['complete', 'eastMahjong'].includes(watcher.latest?.phase));
    const db = await open({ kind: 'postgres', url: url as string });
    try {
      await expectStoredEqualsReplay(db, [table.id]);
    } finally {
      await db.close();
    }
    await watcher.close();
  }, 60_000);
});
