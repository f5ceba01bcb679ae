/**
 * Database faults heal by themselves. Two nodes on a PostgreSQL cluster of this test's own; tables of four people
 * with seats split over both nodes, and tables of one person and three bots; everyone plays while the database is
 * restarted, and then while it is stopped for 15 s. Seats retry with their idempotency key once their node's
 * `/healthz` says 200 again. Afterwards every connection's view reaches the database's version without a reload,
 * every acknowledged event is in the log as acknowledged, nothing was applied twice (the stored snapshot of every
 * table equals the replay of its log), every bot table finishes, and `/healthz` said 503 naming what was down.
 * Needs PostgreSQL 15's binaries (CI installs them); in CI their absence is a failure, not a skip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { openDb, type Db } from '../../src/server/storage/db.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { clusterSupport, startCluster, type Cluster } from './pg-cluster.js';
import { LiveClient, api, createTable, moveFromView, startNode, type Frame, type Node } from './support.js';
import { titled } from '../support/skip.js';

const support = clusterSupport();
const why = support.ok ? null : `no PostgreSQL cluster of our own: ${support.why}`;
const inCi = process.env.CI !== undefined && process.env.CI !== '';
const ENDED = new Set(['complete', 'eastMahjong']);

describe('a PostgreSQL cluster of the fault tests\' own can be made in CI', () => {
  it('PostgreSQL 15 binaries are installed whenever CI is set', () => {
    if (inCi) expect(support, 'CI must run the fault tests: .ci/run installs PostgreSQL 15').toEqual({ ok: true });
    else expect(typeof support.ok).toBe('boolean');
  });
});

/** Polls a node's /healthz (every 50 ms, at most `boundMillis`) until `wanted` status. */
async function healthIs(node: Node, wanted: number, boundMillis = 60_000): Promise<Record<string, unknown>> {
  const deadline = performance.now() + boundMillis;
  for (;;) {
    const reply = await api(node.base, 'GET', '/healthz').catch(() => null);
    if (reply !== null && reply.status === wanted) return reply.body;
    if (performance.now() > deadline) throw new Error(`/healthz of ${node.base} did not answer ${wanted} within ${boundMillis} ms (last: ${reply?.status} ${JSON.stringify(reply?.body)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One seat of one table, played from its own views; sends carry a key and are retried after an outage. */
interface SeatRun {
  table: string;
  seat: Seat;
  client: LiveClient;
  node: Node;
  /** Versions this seat was told were accepted, with the event. */
  acked: Array<{ version: number; event: Record<string, unknown> }>;
  failures: number;
}

async function playResilient(run: SeatRun, maxTurns = 400): Promise<void> {
  let acted = -1;
  for (let turn = 0; turn < maxTurns; turn += 1) {
    await run.client.until(() => (run.client.latest?.version ?? -1) > acted);
    const frame = run.client.latest as Frame;
    if (ENDED.has(frame.phase)) return;
    acted = frame.version;
    const move = moveFromView(frame.view);
    if (move === null) continue;
    const key = `${run.seat}-${frame.version}`;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const result = await run.client.send(move, key);
      if (result.type === 'result') {
        if (result.ok === true) run.acked.push({ version: result.version as number, event: move });
        break;
      }
      expect(result.code, JSON.stringify(result)).toBe('UNAVAILABLE');
      run.failures += 1;
      await healthIs(run.node, 200);
    }
  }
  throw new Error(`${run.seat} of ${run.table} did not finish`);
}

describe.skipIf(why !== null)(titled('database faults heal by themselves (two nodes, a cluster of this test\'s own)', why), () => {
  let cluster: Cluster;
  let a: Node;
  let b: Node;
  let db: Db;
  const created: string[] = [];
  const fast = { rate: { burst: 10_000, perSecond: 10_000 }, maxInFlight: 256 };

  beforeAll(async () => {
    cluster = await startCluster();
    const location = { kind: 'postgres' as const, url: cluster.url };
    [a, b] = await Promise.all([startNode({ location, live: fast, httpPerMinute: 100_000 }), startNode({ location, live: fast, httpPerMinute: 100_000 })]);
    db = await openDb(location);
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close(), db?.close()]);
    cluster?.destroy();
  }, 120_000);

  async function playThrough(fault: () => Promise<void>, label: string): Promise<void> {
    const runs: SeatRun[] = [];
    const botTables: string[] = [];
    const tables: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const table = await createTable((index % 2 === 0 ? a : b).base, { seed: 500 + index });
      tables.push(table.id);
      for (const [seatIndex, seat] of SEATS.entries()) {
        const node = (seatIndex + index) % 2 === 0 ? a : b;
        runs.push({ table: table.id, seat, node, client: await LiveClient.connect(node.base, table.id, table.tokens[seat] as string), acked: [], failures: 0 });
      }
    }
    for (let index = 0; index < 4; index += 1) {
      const table = await createTable((index % 2 === 0 ? b : a).base, { seed: 700 + index, seats: { south: 'teacher', west: 'teacher', north: 'teacher' } });
      tables.push(table.id);
      botTables.push(table.id);
      const node = index % 2 === 0 ? a : b;
      runs.push({ table: table.id, seat: 'east', node, client: await LiveClient.connect(node.base, table.id, table.tokens.east as string), acked: [], failures: 0 });
    }
    created.push(...tables);
    const playing = Promise.all(runs.map((run) => playResilient(run)));
    const acked = (): number => runs.reduce((sum, run) => sum + run.acked.length, 0);
    await Promise.race([Promise.all(runs.map((run) => run.client.until(() => acked() >= 20))), playing]);
    await fault();
    await playing;

    // Every connection's view reaches the database's version, without a reload.
    for (const run of runs) {
      const stored = await db.query<{ version: number; phase: string }>('SELECT version, phase FROM charleston_tables WHERE id = $1', [run.table]);
      const version = stored[0]?.version as number;
      await run.client.until(() => (run.client.latest?.version ?? -1) >= version);
      expect(run.client.latest?.version, `${label}: ${run.seat} of ${run.table} sees version ${version}`).toBe(version);
    }
    // Every acknowledged event is in the log, as acknowledged; no version acknowledged twice.
    let acknowledged = 0;
    for (const table of tables) {
      const log = await db.query<{ version: number; event: Record<string, unknown> }>('SELECT version, event FROM charleston_events WHERE table_id = $1 ORDER BY version', [table]);
      const byVersion = new Map(log.map((row) => [row.version, row.event]));
      const seen = new Set<number>();
      for (const run of runs.filter((r) => r.table === table)) {
        for (const { version, event } of run.acked) {
          expect(seen.has(version), `${label}: version ${version} of ${table} acknowledged once`).toBe(false);
          seen.add(version);
          expect(byVersion.get(version), `${label}: acknowledged version ${version} of ${table} is logged as sent`).toEqual(event);
          acknowledged += 1;
        }
      }
    }
    // Every table, bot tables included, finished its hand; the stored snapshots equal the replays of the logs.
    for (const table of tables) {
      const [row] = await db.query<{ phase: string }>('SELECT phase FROM charleston_tables WHERE id = $1', [table]);
      expect(ENDED.has(row?.phase as string), `${label}: table ${table} (${botTables.includes(table) ? 'bots' : 'people'}) finished, phase ${row?.phase}`).toBe(true);
    }
    const replayed = await expectStoredEqualsReplay(db, tables);
    const failures = runs.reduce((sum, run) => sum + run.failures, 0);
    console.log(`${label}: ${acknowledged} events acknowledged, ${replayed} logged and replayed over ${tables.length} tables, ${failures} sends answered UNAVAILABLE and retried`);
    await Promise.all(runs.map((run) => run.client.close()));
  }

  it('a restart of the database: listeners reconnect, views converge, nothing lost or applied twice', async () => {
    await playThrough(async () => {
      cluster.restart();
      await Promise.all([healthIs(a, 200), healthIs(b, 200)]);
    }, 'restart');
  }, 180_000);

  it('the database stopped for 15 s: /healthz says 503 naming it, then everything heals', async () => {
    await playThrough(async () => {
      cluster.stop();
      const [downA, downB] = await Promise.all([healthIs(a, 503), healthIs(b, 503)]);
      for (const down of [downA, downB]) {
        expect(down.ok).toBe(false);
        expect(down.down).toContain('database');
      }
      // The outage itself: 15 s of a stopped database while every seat and bot keeps trying.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      const listenerDown = await Promise.all([healthIs(a, 503), healthIs(b, 503)]);
      for (const body of listenerDown) expect(body.listener).toBe('down');
      cluster.start();
      const healed = await Promise.all([healthIs(a, 200), healthIs(b, 200)]);
      for (const body of healed) expect(body).toMatchObject({ ok: true, database: 'up', listener: 'up' });
    }, 'stop 15 s');
  }, 240_000);

  it('a change made while a node\'s listener is down reaches that node\'s connections once it is back (no reload)', async () => {
    // Node C connects as a role whose new connections can be refused; its listener is cut and kept from
    // reconnecting while node A commits, so C misses that announcement and must read the table again.
    await db.query("CREATE ROLE deaf_node LOGIN");
    await db.query('GRANT ALL ON ALL TABLES IN SCHEMA public TO deaf_node');
    await db.query('GRANT CREATE, USAGE ON SCHEMA public TO deaf_node');
    const url = new URL(cluster.url);
    url.username = 'deaf_node';
    const c = await startNode({ location: { kind: 'postgres', url: url.toString() }, live: fast });
    try {
      const table = await createTable(a.base, { seed: 901 });
      const watcher = await LiveClient.connect(c.base, table.id, table.tokens.east as string);
      const south = await LiveClient.connect(a.base, table.id, table.tokens.south as string);
      await db.query('ALTER ROLE deaf_node CONNECTION LIMIT 0');
      await db.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'deaf_node' AND query ILIKE 'LISTEN%'");
      const down = await healthIs(c, 503);
      expect(down.listener).toBe('down');
      const tiles = (south.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((tile) => tile !== 'J').slice(0, 3);
      const sent = await south.send({ type: 'pass.commit', seat: 'south', tiles });
      expect(sent).toMatchObject({ type: 'result', ok: true, version: 1 });
      expect(watcher.latest?.version).toBe(0);
      await db.query('ALTER ROLE deaf_node CONNECTION LIMIT -1');
      await healthIs(c, 200);
      await watcher.until(() => (watcher.latest?.version ?? -1) >= 1);
      expect(watcher.latest?.version).toBe(1);
      created.push(table.id);
      await Promise.all([watcher.close(), south.close()]);
    } finally {
      await db.query('ALTER ROLE deaf_node CONNECTION LIMIT -1');
      await c.close();
    }
  }, 120_000);

  it('every table the fault tests made: stored snapshot equals the replay of its log', async () => {
    expect(created.length).toBeGreaterThan(0);
    await expectStoredEqualsReplay(db, created);
  });
});
