/**
 * Failover, for real: a pg_auto_failover formation of this test's own (a monitor, a primary and a synchronous
 * secondary; test/server/auto-failover.ts) and two `bin/charleston.js serve --db URI` nodes behind nginx, the URI
 * being exactly what `pg_autoctl show uri --formation default` prints. Twenty tables play through nginx: people at
 * every seat, one person with three bots, and one person with three bots on a 10-s clock. Mid-hand the primary's
 * machine is lost: its `pg_autoctl` keeper and its postgres get SIGKILL, and the monitor promotes the secondary.
 * Then: every event acknowledged before, during and after is in the new primary's log, at its version, once (on
 * tables of people, the log holds nothing else); each table's stored snapshot equals the replay of its log; the
 * sends caught by the switch were answered UNAVAILABLE (or "may or may not have been applied") and their retry with
 * the same key applied once; each node's /healthz said 503 while no primary answered and 200 after, the nodes never
 * restarted; every live seat saw its hand continue to the end on the socket it had; bot tables finished and a clock
 * ran out and was played after the switch. The time from the kill to the first acknowledged event sent after it is
 * printed with the counts. Then the old primary rejoins as the secondary and the formation fails back the same way
 * (fewer tables).
 *
 * Needs pg_auto_failover (Debian's postgresql-15-auto-failover and pg-auto-failover-cli), PostgreSQL 15, nginx and
 * the compiled CLI (`npm run build`). In CI their absence is a failure, not a skip (.ci/run installs them).
 */
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS } from '../../src/index.js';
import type { Db } from '../../src/server/storage/db.js';
import { autoFailoverSupport, startFormation, type Formation, type FormationNode, type NodeState } from './auto-failover.js';
import { NGINX, startNginx, within, type Balancer } from './balancer.js';
import { killHard, startChild, type ChildNode } from './child.js';
import { expectStoredEqualsReplay, isServiceRow } from './consistency.js';
import { FailoverSeat, healthIs } from './failover-seat.js';
import { createTable, open, type Frame } from './support.js';
import { skipReason, titled } from '../support/skip.js';

const ci = process.env.CI !== undefined && process.env.CI !== '';
const support = autoFailoverSupport();
const hasNginx = existsSync(NGINX);
const why = skipReason([
  [!support.ok && !ci, `no pg_auto_failover formation here: ${support.ok ? '' : support.why}`],
  [!hasNginx && !ci, `nginx not found: ${NGINX}`],
]);
const ENDED = new Set(['complete', 'eastMahjong']);
const BOTS = { south: 'teacher', west: 'teacher', north: 'teacher' } as const;

describe('pg_auto_failover is there in CI', () => {
  it('pg_autoctl, its extension and nginx are installed whenever CI is set', () => {
    if (ci) {
      expect(support, 'CI must run the failover test: .ci/run installs postgresql-15-auto-failover and pg-auto-failover-cli').toEqual({ ok: true });
      expect(hasNginx).toBe(true);
    }
  });
});

/** How many tables of each kind a round plays. */
interface Mix {
  people: number;
  bots: number;
  clocks: number;
}

/** The states the monitor reaches once `primary` serves alone or with its synchronous secondary. */
const promoted = (primary: FormationNode) => (states: readonly NodeState[]): boolean =>
  states.some((s) => s.nodename === primary.name && ['wait_primary', 'primary'].includes(s.current_group_state) && s.current_group_state === s.assigned_group_state);

describe.skipIf(why !== null)(titled('failover with pg_auto_failover: the primary\'s machine lost under two nodes behind nginx', why), () => {
  let formation: Formation | undefined;
  let nodes: ChildNode[] = [];
  let nginx: Balancer | undefined;
  const heals: string[] = [];

  beforeAll(async () => {
    formation = await startFormation();
    // The URI names no user: as with libpq, PGUSER says which (the formation trusts 127.0.0.1).
    nodes = await Promise.all([0, 1].map(() => startChild(formation?.uri as string, ['--trust-proxy', '127.0.0.1'], { env: { PGUSER: 'postgres' } })));
    nginx = await startNginx(nodes.map((node) => node.base.replace('http://', '')));
  }, 150_000);

  afterAll(async () => {
    await nginx?.stop();
    // When a round did not finish, each node says whether it still runs, with the end of what it printed.
    if (heals.length < 2) {
      for (const node of nodes) console.log(`node ${node.base}: ${node.process.exitCode ?? node.process.signalCode ?? 'running'}; ${node.stderr.slice(-20).join('\n')}`);
    }
    await Promise.allSettled(nodes.map((node) => killHard(node)));
    await formation?.destroy();
    if (heals.length > 0) console.log(`failover heal times: ${heals.join('; ')}`);
  }, 60_000);

  /**
   * Plays a round of tables through nginx, kills the primary once `killAfter` events are acknowledged, waits for
   * the hands to end, and checks everything against the new primary's database.
   */
  async function round(label: string, mix: Mix, killAfter: number, offset: number): Promise<void> {
    const lb = nginx as Balancer;
    const f = formation as Formation;
    const seats: FailoverSeat[] = [];
    const tables: Array<{ id: string; kind: keyof Mix }> = [];
    const kinds: Array<keyof Mix> = [...Array<keyof Mix>(mix.people).fill('people'), ...Array<keyof Mix>(mix.bots).fill('bots'), ...Array<keyof Mix>(mix.clocks).fill('clocks')];
    for (const [index, kind] of kinds.entries()) {
      const body: Record<string, unknown> = { seed: 4400 + index };
      if (kind !== 'people') body.seats = BOTS;
      if (kind === 'clocks') body.clock = 10;
      const table = await createTable(lb.base, body);
      tables.push({ id: table.id, kind });
      for (const seat of kind === 'people' ? SEATS : (['east'] as const)) seats.push(
          await FailoverSeat.connect(lb.base, table.id, seat, table.tokens[seat] as string, { label: `${kind} table ${index}`, address: `10.${offset}.${index}.${seats.length + 1}` }),
        );
    }
    const acked = (): number => seats.reduce((sum, seat) => sum + seat.acked.length, 0);
    const playing = Promise.all(seats.map((seat) => seat.play()));
    playing.catch(() => undefined); // awaited below; a failure before the kill must not go unhandled meanwhile
    await within(
      Promise.race([playing.then(() => Promise.reject(new Error('the hands ended before the kill'))), ...seats.map((seat) => seat.client.until(() => acked() >= killAfter))]),
      60_000,
      `${killAfter} acknowledged events`,
    );

    const old = (await f.primary()) as FormationNode;
    expect(old, 'a primary before the kill').not.toBeNull();
    const heir = f.nodes.find((node) => node !== old) as FormationNode;
    const pids = nodes.map((node) => node.process.pid);
    // The clock tables' people stop acting: their clock must run out, and be played, after the switch.
    const killVersion = new Map<string, number>();
    for (const seat of seats) killVersion.set(seat.table, Math.max(killVersion.get(seat.table) ?? 0, seat.client.latest?.version ?? 0));
    for (const seat of seats.filter((s) => tables.find((t) => t.id === s.table)?.kind === 'clocks')) {
      const after = killVersion.get(seat.table) as number;
      seat.hold = { releasedBy: (frame: Frame) => frame.notice?.code === 'CLOCK_RAN_OUT' && frame.notice?.seat === seat.seat && frame.notice?.version > after };
    }
    const ackedBefore = acked();
    const killedAt = performance.now();
    await f.kill(old);
    // While no primary answers, each node says 503 (database or listener down); once the heir is promoted, 200.
    const downs = await Promise.all(nodes.map((node) => healthIs(node.base, 503, 30_000)));
    for (const down of downs) expect(down.ok).toBe(false);
    await f.waitFor(promoted(heir), `${heir.name} promoted`, 90_000);
    const promotedAt = performance.now();
    const ups = await Promise.all(nodes.map((node) => healthIs(node.base, 200, 60_000)));
    const healthyAt = performance.now();
    for (const up of ups) expect(up).toMatchObject({ ok: true, database: 'up', listener: 'up' });
    await within(playing, 120_000, `${label}: the hands end`);
    expect(nodes.map((node) => node.process.pid), 'the nodes were never restarted').toEqual(pids);
    for (const node of nodes) expect(node.process.exitCode, 'the nodes still run').toBeNull();

    // Checked on the new primary (the monitor says which), directly.
    expect((await f.primary())?.name, 'the heir is the primary').toBe(heir.name);
    const db: Db = await open({ kind: 'postgres', url: heir.url });
    try {
      let logged = 0;
      let lost = 0;
      for (const table of tables) {
        const log = await db.query<{ version: number; event: Record<string, unknown> }>('SELECT version, event FROM charleston_events WHERE table_id = $1 ORDER BY version', [table.id]);
        const byVersion = new Map(log.map((row) => [row.version, row.event]));
        const mine = seats.filter((seat) => seat.table === table.id);
        const versions = new Set<number>();
        for (const seat of mine) {
          for (const { key, version, event } of seat.acked) {
            expect(versions.has(version), `${label}: version ${version} of ${table.id} acknowledged once (${key})`).toBe(false);
            versions.add(version);
            if (!isDeepStrictEqual(byVersion.get(version), event)) lost += 1; // jsonb orders keys its own way
          }
        }
        expect(lost, `${label}: acknowledged events of ${table.id} missing from the new primary's log (or another event at their version)`).toBe(0);
        // Where every seat is a person, the log holds exactly the acknowledged events: nothing applied twice or unasked.
        if (table.kind === 'people') expect(log.filter((row) => !isServiceRow(row.event)).length, `${label}: ${table.id} logs only acknowledged events`).toBe(versions.size);
        const [row] = await db.query<{ version: number; phase: string }>('SELECT version, phase FROM charleston_tables WHERE id = $1', [table.id]);
        expect(ENDED.has(row?.phase as string), `${label}: ${table.kind} table ${table.id} finished (${row?.phase})`).toBe(true);
        // Every live seat saw its hand go on to the stored end, on the socket it had before the kill.
        for (const seat of mine) {
          await within(seat.client.until(() => (seat.client.latest?.version ?? -1) >= (row?.version as number)), 20_000, `${seat.seat} of ${table.id} sees version ${row?.version}`);
          expect(seat.client.closeCode, `${seat.seat} of ${table.id} kept its socket`).toBeNull();
        }
        if (table.kind === 'clocks') {
          const ranOut = seats.find((seat) => seat.table === table.id)?.client.frames.some((frame) => frame.notice?.code === 'CLOCK_RAN_OUT' && frame.notice?.version > (killVersion.get(table.id) as number));
          expect(ranOut, `${label}: the clock of ${table.id} ran out and was played after the kill`).toBe(true);
        }
        logged += log.length;
      }
      const replayed = await expectStoredEqualsReplay(db, tables.map((table) => table.id));
      const all = seats.flatMap((seat) => seat.acked);
      const firstAfter = all.filter((ack) => ack.sentAt > killedAt).reduce((best, ack) => Math.min(best, ack.answeredAt), Number.POSITIVE_INFINITY);
      const sum = (field: 'unavailable' | 'unknown' | 'retried' | 'landedBefore' | 'refused'): number => seats.reduce((total, seat) => total + seat[field], 0);
      const healMs = Math.round(firstAfter - killedAt);
      expect(Number.isFinite(firstAfter), `${label}: an event sent after the kill was acknowledged`).toBe(true);
      expect(sum('unavailable') + sum('unknown'), `${label}: sends were caught by the switch`).toBeGreaterThan(0);
      expect(sum('retried')).toBe(sum('unavailable') + sum('unknown'));
      heals.push(`${label} ${healMs} ms`);
      console.log(
        `${label}: ${heir.name} promoted ${Math.round(promotedAt - killedAt)} ms after ${old.name} was killed; both nodes' /healthz 200 after ${Math.round(healthyAt - killedAt)} ms; ` +
          `first event acknowledged ${healMs} ms after the kill. ${tables.length} tables: ${all.length} events acknowledged (${ackedBefore} before the kill), ${lost} lost, ` +
          `${sum('unavailable')} answered UNAVAILABLE, ${sum('unknown')} answered "may or may not have been applied", ${sum('retried')} retried with their key ` +
          `(${sum('landedBefore')} had landed before), ${sum('refused')} refused; ${logged} log rows, ${replayed} replayed`,
      );
    } finally {
      await db.close();
      await Promise.all(seats.map((seat) => within(seat.client.close(), 5_000, `${seat.seat} closes`)));
    }
  }

  it('the primary killed outright mid-hand: the secondary is promoted and 20 tables play on, nothing lost', async () => {
    await round('failover', { people: 12, bots: 6, clocks: 2 }, 60, 1);
  }, 150_000);

  it('the old primary rejoins as the secondary, then the formation fails back the same way', async () => {
    const f = formation as Formation;
    const primary = (await f.primary()) as FormationNode;
    const old = f.nodes.find((node) => node !== primary) as FormationNode;
    f.rejoin(old);
    await f.waitFor(
      (states) =>
        states.every((s) => s.current_group_state === s.assigned_group_state) &&
        states.some((s) => s.nodename === old.name && s.current_group_state === 'secondary') &&
        states.some((s) => s.nodename === primary.name && s.current_group_state === 'primary'),
      `${old.name} back as the secondary`,
      90_000,
    );
    await round('failback', { people: 4, bots: 3, clocks: 1 }, 20, 2);
    expect((await f.primary())?.name).toBe(old.name);
  }, 150_000);
});
