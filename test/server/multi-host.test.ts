/**
 * A multi-host database URI, for real: a primary and a hot standby (`pg_basebackup -R`) of this test's own, and a
 * node started as an operator starts it, `bin/charleston.js serve --db URI` with the standby listed FIRST and
 * `target_session_attrs=read-write`. The node creates its tables and plays on the primary (the standby holds no
 * connection of the node and its replicated copy matches). Then the primary is stopped as a lost machine would
 * leave it (`pg_ctl -m immediate`) and the standby promoted: the node, not restarted, says 503 while no host
 * accepts writes and 200 once it found the new primary; a send during the outage is answered UNAVAILABLE and its
 * retry with the same key applies once; every event acknowledged before is still there; the hand plays to its end;
 * the stored snapshot equals the replay of the log. Needs PostgreSQL 15's binaries (CI installs them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { openDb, type Db } from '../../src/server/storage/db.js';
import { isLostConnection } from '../../src/server/storage/pg-uri.js';
import { killHard, startChild, stopChild, type ChildNode } from './child.js';
import { expectStoredEqualsReplay } from './consistency.js';
import { clusterSupport, startCluster, startStandby, type Cluster } from './pg-cluster.js';
import { LiveClient, api, createTable, moveFromView, type Frame } from './support.js';
import { titled } from '../support/skip.js';

const support = clusterSupport();
const why = support.ok ? null : `no PostgreSQL cluster of our own: ${support.why}`;
const ENDED = new Set(['complete', 'eastMahjong']);
/** A password in the URI (the clusters trust 127.0.0.1 and never ask for it): no line the node prints may show it. */
const SECRET = 's3cret-multi-host-pw';

/** Polls the node's /healthz (every 50 ms, at most `boundMillis`) until `wanted` status; returns its body. */
async function healthIs(node: ChildNode, wanted: number, boundMillis = 60_000): Promise<Record<string, unknown>> {
  const deadline = performance.now() + boundMillis;
  for (;;) {
    const reply = await api(node.base, 'GET', '/healthz').catch(() => null);
    if (reply !== null && reply.status === wanted) return reply.body;
    if (performance.now() > deadline) throw new Error(`/healthz did not answer ${wanted} within ${boundMillis} ms (last: ${reply?.status} ${JSON.stringify(reply?.body)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` (every 50 ms, at most `boundMillis`) until it resolves true. */
async function eventually(what: string, check: () => Promise<boolean>, boundMillis = 30_000): Promise<void> {
  const deadline = performance.now() + boundMillis;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${boundMillis} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The log of `table` as the database `db` holds it. */
async function logOf(db: Db, table: string): Promise<Array<{ version: number; event: Record<string, unknown> }>> {
  return db.query<{ version: number; event: Record<string, unknown> }>('SELECT version, event FROM charleston_events WHERE table_id = $1 ORDER BY version', [table]);
}

describe.skipIf(why !== null)(titled('a multi-host URI: the node writes to the primary and finds the promoted standby (a pair of this test\'s own)', why), () => {
  let primary: Cluster;
  let standby: Cluster;
  let node: ChildNode;
  let uri: string;
  const dbs: Db[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    primary = await startCluster();
    standby = await startStandby(primary);
    uri = `postgres://postgres:${SECRET}@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/charleston?target_session_attrs=read-write`;
    node = await startChild(uri);
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    if (node !== undefined && (await stopChild(node)) !== 0) await killHard(node);
    await Promise.allSettled(dbs.map((db) => db.close()));
    standby?.destroy();
    primary?.destroy();
  }, 120_000);

  /** Opens a direct connection to one server (closed at the end). */
  async function direct(url: string): Promise<Db> {
    const db = await openDb({ kind: 'postgres', url });
    dbs.push(db);
    return db;
  }

  it('writes only to the primary, follows it through a promotion, loses nothing acknowledged', async () => {
    const table = await createTable(node.base, { seed: 4401 });
    for (const seat of SEATS) clients.push(await LiveClient.connect(node.base, table.id, table.tokens[seat] as string));
    const acked: Array<{ version: number; event: Record<string, unknown> }> = [];
    let version = table.version;
    let unavailable = 0;

    /** Sends `move` with `key`; after UNAVAILABLE waits for /healthz 200 and sends again with the same key. */
    const sendRetrying = async (client: LiveClient, move: Record<string, unknown>, key: string): Promise<Frame> => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const result = await client.send(move, key);
        if (result.type === 'result') return result;
        expect(result.code, JSON.stringify(result)).toBe('UNAVAILABLE');
        unavailable += 1;
        await healthIs(node, 200);
      }
      throw new Error(`${key}: still UNAVAILABLE after 50 attempts`);
    };
    /** The next seat's move, once every seat has seen the latest version; null once the hand has ended. */
    const nextMove = async (): Promise<{ client: LiveClient; seat: Seat; move: Record<string, unknown>; key: string } | null> => {
      await Promise.all(clients.map((client) => client.until(() => (client.latest?.version ?? -1) >= version)));
      for (const [index, client] of clients.entries()) {
        const frame = client.latest as Frame;
        if (ENDED.has(frame.phase)) return null;
        const move = moveFromView(frame.view);
        const seat = SEATS[index] as Seat;
        if (move !== null) return { client, seat, move, key: `${seat}-${frame.version}` };
      }
      throw new Error(`no seat has a move at version ${version}`);
    };
    /** Plays up to `count` events (fewer if the hand ends); returns how many were acknowledged. */
    const play = async (count: number): Promise<number> => {
      for (let played = 0; played < count; played += 1) {
        const next = await nextMove();
        if (next === null) return played;
        const result = await sendRetrying(next.client, next.move, next.key);
        expect(result.ok, JSON.stringify(result)).toBe(true);
        version = result.version as number;
        acked.push({ version, event: next.move });
      }
      return count;
    };

    // Before: every event on the primary; the standby in recovery, holding no connection of the node, with the same log.
    expect(await play(8)).toBe(8);
    const onPrimary = await direct(primary.url);
    const onStandby = await direct(standby.url);
    expect(await onStandby.query('SELECT pg_is_in_recovery() AS recovery')).toEqual([{ recovery: true }]);
    const primaryLog = await logOf(onPrimary, table.id);
    expect(primaryLog.map((row) => row.version)).toEqual(acked.map((entry) => entry.version));
    for (const entry of acked) expect(primaryLog[entry.version - 1]?.event, `version ${entry.version} as acknowledged`).toEqual(entry.event);
    await eventually('the standby replays the primary\'s log', async () => JSON.stringify(await logOf(onStandby, table.id)) === JSON.stringify(primaryLog));
    const [{ listeners } = { listeners: 0 }] = await onPrimary.query<{ listeners: number }>("SELECT count(*)::int AS listeners FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()");
    expect(listeners, 'the node listens on the primary').toBeGreaterThanOrEqual(1);
    const [{ others } = { others: -1 }] = await onStandby.query<{ others: number }>("SELECT count(*)::int AS others FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()");
    expect(others, 'no connection of the node stays on the standby').toBe(0);

    // A write that meets a standby is a lost connection, not a refusal.
    const refused = await onStandby.transaction((tx) => tx.query('UPDATE charleston_tables SET version = version WHERE id = $1', [table.id])).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refused as { code?: string } | null)?.code).toBe('25006');
    expect(isLostConnection(refused)).toBe(true);

    // The primary is lost: the node says 503 while no host accepts writes, and a send is answered UNAVAILABLE.
    primary.kill();
    const down = await healthIs(node, 503);
    expect(down.ok).toBe(false);
    expect(down.down).toContain('database');
    const pending = await nextMove();
    expect(pending).not.toBeNull();
    const { client, move, key } = pending as NonNullable<typeof pending>;
    const during = await client.send(move, key);
    expect(during, 'a send while no host accepts writes').toMatchObject({ type: 'error', code: 'UNAVAILABLE' });

    // The standby is promoted: the same node, not restarted, finds it.
    standby.promote();
    const healed = await healthIs(node, 200);
    expect(healed).toMatchObject({ ok: true, database: 'up', listener: 'up' });
    const retried = await sendRetrying(client, move, key);
    expect(retried, 'the retry with the same key applies').toMatchObject({ type: 'result', ok: true, version: version + 1 });
    version = retried.version as number;
    acked.push({ version, event: move });
    const again = await client.send(move, key);
    expect(again, 'a third send with the same key returns the first result and applies nothing').toMatchObject({ type: 'result', ok: true, version });

    // The hand plays on to its end on the new primary; LISTEN is there too.
    const after = await play(400);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(400);
    const newPrimary = onStandby;
    expect(await newPrimary.query('SELECT pg_is_in_recovery() AS recovery')).toEqual([{ recovery: false }]);
    const log = await logOf(newPrimary, table.id);
    expect(log.length).toBe(version);
    for (const entry of acked) expect(log[entry.version - 1]?.event, `acknowledged version ${entry.version} is logged as sent, once`).toEqual(entry.event);
    await eventually('the node listens on the new primary', async () => {
      const [{ listening } = { listening: 0 }] = await newPrimary.query<{ listening: number }>("SELECT count(*)::int AS listening FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()");
      return listening >= 1;
    });
    const [row] = await newPrimary.query<{ phase: string; version: number }>('SELECT phase, version FROM charleston_tables WHERE id = $1', [table.id]);
    expect(ENDED.has(row?.phase as string), `the hand ended (phase ${row?.phase})`).toBe(true);
    expect(row?.version).toBe(version);
    for (const live of clients) await live.until(() => (live.latest?.version ?? -1) >= version);
    const replayed = await expectStoredEqualsReplay(newPrimary, [table.id]);
    expect(replayed).toBe(version);
    console.log(`multi-host: ${acked.length} events acknowledged (${acked.length - after - 1} before the loss of the primary), 0 lost, ${unavailable + 1} sends answered UNAVAILABLE and retried`);
    expect(node.process.exitCode, 'the node was never restarted').toBeNull();
    const printed = [...node.lines, ...node.stderr];
    expect(printed.some((line) => line.includes('database connection lost') || line.includes('LISTEN connection')), 'the node told of the loss').toBe(true);
    const named = printed.filter((line) => line.includes('charleston: database host'));
    expect(named[0], 'the node named the primary it writes to').toContain(`database host 127.0.0.1:${primary.port} accepts writes`);
    expect(named.at(-1), 'then the promoted standby').toContain(`database host 127.0.0.1:${standby.port} accepts writes`);
    expect(printed.filter((line) => line.includes(SECRET)), 'no line the node printed shows the password').toEqual([]);
  }, 240_000);
});
