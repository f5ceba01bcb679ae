/**
 * A commit whose answer is lost: PostgreSQL committed the event, but the connection broke before the node heard so
 * (a relay drops that one answer, test/server/commit-relay.ts). The reply must not claim that nothing changed, the
 * retry with the same key returns the first result, and the table goes on: its live views move, its bots play. A
 * table's creation whose commit is lost likewise says that the table may or may not have been created.
 * Needs CHARLESTON_TEST_PG (skipped without it); each test has a database of its own on that server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommitRelay, type CommitRelay } from './commit-relay.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, moveFromView, privateDatabase, startNode, type Node } from './support.js';
import { pgReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG;
const noPg = pgReason(url);

describe.skipIf(noPg !== null)(titled('a commit whose answer is lost (postgres)', noPg), () => {
  let database: { url: string; drop(): Promise<void> };
  let relay: CommitRelay;
  let node: Node;
  beforeAll(async () => {
    database = await privateDatabase(url as string);
    const target = new URL(database.url);
    relay = await startCommitRelay(target.hostname, Number(target.port));
    const through = new URL(database.url);
    through.port = String(relay.port);
    node = await startNode({ location: { kind: 'postgres', url: through.toString() }, cleanupEveryMillis: 0 });
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    await relay?.close();
    await database?.drop();
  }, 60_000);

  const logOf = async (id: string): Promise<Array<{ version: number; event: { type: string } }>> =>
    (await api(node.base, 'GET', `/api/tables/${id}/log`, { token: TEST_OPERATOR_TOKEN })).body.events;

  it('says the outcome is unknown, not that nothing changed; the keyed retry returns the stored result', async () => {
    const table = await createTable(node.base, { seed: 5 });
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    const commit = moveFromView(view);
    const lost = relay.loseNextCommitAnswer();
    const first = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: commit, key: 'east-1' } });
    await lost;
    expect(first.status).toBe(503);
    expect(first.body.error.code).toBe('UNAVAILABLE');
    expect(first.body.error.message).toMatch(/may or may not have been applied/);
    expect(first.body.error.message).not.toMatch(/nothing was changed/);
    // It did land: the log holds it at version 1, and the retry with the key says so without applying it again.
    expect((await logOf(table.id)).map((row) => row.version)).toEqual([1]);
    const retry = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: commit, key: 'east-1' } });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ ok: true, version: 1 });
    expect((await logOf(table.id)).map((row) => row.version)).toEqual([1]);
    expect(await expectStoredEqualsReplay(node.service.db, [table.id])).toBeGreaterThan(0);
  });

  it('health checks ask the database one at a time: while a SELECT 1 waits, the checks after it wait on that one', async () => {
    const hold = relay.holdHealthChecks();
    const first = node.service.db.health();
    await hold.held;
    // Two more checks while the first query waits for its answer (the pool has idle connections to spare).
    const later = [node.service.db.health(), node.service.db.health()];
    hold.release();
    const answers = await Promise.all([first, ...later]);
    expect(answers.map((answer) => answer.database)).toEqual(['up', 'up', 'up']);
    expect(hold.seen()).toBe(1);
  });

  it('a creation whose commit is unconfirmed says the table may or may not exist, not that nothing was changed', async () => {
    const stored = async (): Promise<number> => Number((await node.service.db.query<{ n: string }>('SELECT count(*) AS n FROM charleston_tables'))[0]?.n);
    const before = await stored();
    const lost = relay.loseNextCommitAnswer();
    const created = await api(node.base, 'POST', '/api/tables', { body: { seed: 7 } });
    await lost;
    expect(created.status).toBe(503);
    expect(created.body.error.code).toBe('UNAVAILABLE');
    expect(created.body.error.message).toMatch(/may or may not have been created/);
    expect(created.body.error.message).not.toMatch(/nothing was changed/);
    // It did land: the table is stored (with tokens no one holds), so "nothing was changed" would have been false.
    expect(await stored()).toBe(before + 1);
    // The node goes on: the next creation succeeds.
    expect((await createTable(node.base, { seed: 7 })).version).toBe(0);
  });

  it('after the keyed retry, the live view moves on and the bots play, with no other request', async () => {
    const table = await createTable(node.base, { seed: 11, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    // The bots pass first; then the table waits for East alone.
    await east.until(() => {
      const waiting = east.latest?.view.waitingFor as string[] | undefined;
      return waiting !== undefined && waiting.length === 1 && waiting[0] === 'east';
    });
    const move = moveFromView(east.latest?.view);
    const lost = relay.loseNextCommitAnswer();
    const first = await east.send(move, 'east-pass');
    await lost;
    expect(first).toMatchObject({ type: 'error', code: 'UNAVAILABLE' });
    expect(first.message).toMatch(/may or may not have been applied/);
    const retry = await east.send(move, 'east-pass');
    expect(retry).toMatchObject({ type: 'result', ok: true });
    // Before the fix no view followed and the bots never moved: this waited until the test's timeout.
    await east.until(() => (east.latest?.version ?? 0) >= (retry.version as number) + 3);
    expect(east.latest?.phase).not.toBe('firstCharleston.right');
    await east.close();
    expect(await expectStoredEqualsReplay(node.service.db, [table.id])).toBeGreaterThan(0);
  }, 30_000);
});
