/**
 * SIGTERM ends, whatever is in flight. Two nodes (child processes) over one throwaway PostgreSQL cluster play a
 * table of two people and two bots to its end through both nodes, deal the next hand with `next`, and then the
 * database turns hostile: it refuses the bots' moves (so both nodes' bots wait to retry with backoff) while the
 * seats' clocks are armed, and then it stalls (a session holds the tables' lock, so the people's sends hang in
 * flight on both nodes). SIGTERM to both: each node must exit by itself with code 0, naming in a warning the work
 * it gave up on. The test kills nothing by hand (afterAll SIGKILLs leftovers only after a failure). Before the
 * bound, the drain waited for the hung sends forever and neither node exited.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killHard, startChild, stopChild, type ChildNode } from './child.js';
import { clusterSupport, startCluster, type Cluster } from './pg-cluster.js';
import { playSeat } from './play.js';
import { LiveClient, api, createTable, moveFromView } from './support.js';
import { titled } from '../support/skip.js';

const support = clusterSupport();
const why = support.ok ? null : `no PostgreSQL cluster of our own: ${support.why}`;
const children: ChildNode[] = [];
const clients: pg.Client[] = [];
let cluster: Cluster | null = null;

afterAll(async () => {
  for (const child of children) await killHard(child); // only leftovers of a failed run: a passing run has none
  for (const client of clients) await client.end().catch(() => undefined);
  cluster?.destroy();
});

/** Resolves once `condition` (a query on the cluster) holds; looks again each time the previous look answered. */
async function until(client: pg.Client, sql: string, condition: (row: Record<string, unknown>) => boolean): Promise<void> {
  for (;;) {
    const { rows } = await client.query(sql);
    if (condition(rows[0] ?? {})) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

describe.skipIf(why !== null)(titled('SIGTERM on two nodes after next, with clocks armed, bots retrying and sends hung', why), () => {
  it('each node exits 0 by itself within its bound, naming what it abandoned', async () => {
    cluster = await startCluster();
    const a = await startChild(cluster.url);
    children.push(a);
    const b = await startChild(cluster.url);
    children.push(b);
    const table = await createTable(a.base, { seats: { south: 'teacher', north: 'teacher' }, clock: 600 });
    const east = await LiveClient.connect(a.base, table.id, table.tokens.east as string);
    const west = await LiveClient.connect(b.base, table.id, table.tokens.west as string);
    await Promise.all([playSeat(east), playSeat(west)]);

    const admin = new pg.Client({ connectionString: cluster.url });
    clients.push(admin);
    await admin.connect();
    // From now on the database refuses every move but the next deal, counting the refusals (a sequence is not rolled back).
    await admin.query(`CREATE SEQUENCE test_refused`);
    await admin.query(`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.event->>'type' <> 'table.next' THEN
          PERFORM nextval('test_refused');
          RAISE EXCEPTION 'test: this database refuses moves';
        END IF;
        RETURN NEW;
      END $$`);
    await admin.query(`CREATE TRIGGER test_refuse BEFORE INSERT ON charleston_events FOR EACH ROW EXECUTE FUNCTION test_refuse()`);

    const next = await api(b.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.admin as string, body: { hand: 1 } });
    expect(next.status).toBe(200);
    expect(next.body.hand).toBe(2);
    // The bots' first moves of hand 2 were refused, and they tried again (a retry after the backoff).
    await until(admin, `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS refused FROM test_refused`, (row) => Number(row.refused) >= 3);
    // The people's clocks run.
    const seen = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
    expect(seen.body.hand).toBe(2);
    expect(Object.keys(seen.body.clock.deadlines).length).toBeGreaterThan(0);

    // The database stalls: a session holds the tables' lock, and each person's pass hangs in flight on its node.
    const locker = new pg.Client({ connectionString: cluster.url });
    clients.push(locker);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE charleston_tables IN ACCESS EXCLUSIVE MODE');
    const eastView = await east.waitFor((frame) => frame.type === 'view' && frame.hand === 2);
    const westView = await west.waitFor((frame) => frame.type === 'view' && frame.hand === 2);
    const eastMove = moveFromView(eastView.view);
    const westMove = moveFromView(westView.view);
    expect(eastMove).not.toBeNull();
    expect(westMove).not.toBeNull();
    const sent = [east.send(eastMove).catch(() => null), west.send(westMove).catch(() => null)];
    const lockPid = (await locker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    await until(
      admin,
      `SELECT count(*) AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> ${lockPid} AND datname = 'charleston'`,
      (row) => Number(row.waiting) >= 2,
    );

    const started = performance.now();
    const codes = await Promise.all([stopChild(a), stopChild(b)]);
    const seconds = (performance.now() - started) / 1000;
    console.log(`SIGTERM to both nodes: exit codes ${codes.join(', ')} after ${seconds.toFixed(2)} s`);
    expect(codes).toEqual([0, 0]);
    for (const child of [a, b]) {
      const said = child.stderr.join('\n');
      console.log(child.stderr.filter((line) => line.includes('shutdown')).join('\n'));
      expect(said).toMatch(/shutdown: gave up after \d+ ms waiting for [^\n]*on table/);
    }
    await Promise.all(sent);
    await locker.query('ROLLBACK');
  }, 120_000);
});
