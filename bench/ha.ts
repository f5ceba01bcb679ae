/**
 * `npm run bench:ha` (`-- --json` for one JSON object on stdout): what synchronous replication costs the service,
 * in one run. Two databases on this machine: (a) a single throwaway PostgreSQL 15 server and (b) a pg_auto_failover
 * formation (monitor, primary and synchronous secondary), both with PostgreSQL's default durability (`fsync` on,
 * `synchronous_commit = on`). For each phase a fresh service node (`bench/service-node.ts`, a child) plays on
 * one database and then on the other, back to back, the order alternating from phase to phase so that the other
 * load of a shared machine falls on both alike: the flood (100 tables, no think time, 15 s) and the paced run
 * (1,000 tables, 2.5–7.5 s of thought before each move, 20 s). The formation's node is given the multi-host URI
 * that `pg_autoctl show uri` prints, with the user `postgres` written in. Before and after the runs, the bench
 * reads from the primary that the secondary really is synchronous (`synchronous_standby_names`,
 * `pg_stat_replication.sync_state`) and prints it. Prints events per second, p50 and p99 of an event's round trip,
 * the database's transactions per second (events per transaction: the group commit's batch) and the ratio
 * formation / single. Bounded: a watchdog ends the run after 15 minutes; the cluster, the formation and the nodes
 * are removed at the end, on failure, on the watchdog and on SIGINT/SIGTERM.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { autoFailoverSupport, startFormation, type Formation } from '../test/server/auto-failover.js';
import { clusterSupport, startCluster, type Cluster } from '../test/server/pg-cluster.js';
import { runOurs, type RunResult } from './service-clients.js';
import { within } from './service-wait.js';
import { round, runFigures, startServiceNode, type RunFigures, type ServiceNode } from './service-node-child.js';

const asJson = process.argv.includes('--json');
/** The whole run must end within this; the watchdog then removes everything and exits 1. */
const WATCHDOG_MS = 15 * 60_000;
/** What a phase plays. */
const PHASES = [
  { name: 'flood', tables: 100, thinkMs: 0, budgetMs: 15_000 },
  { name: 'paced', tables: 1_000, thinkMs: 5_000, budgetMs: 20_000 },
] as const;
const log = (line: string): void => {
  (asJson ? process.stderr : process.stdout).write(`${line}\n`);
};

let phase = 'starting';
/** What has been measured so far: printed (with `incomplete`) if the run is cut short. */
const partial: Record<string, unknown> = {};
/** What must not outlive the bench: run (each bounded) before any exit. */
const cleanups = new Set<() => Promise<void> | void>();

async function cleanUp(): Promise<void> {
  const all = [...cleanups];
  cleanups.clear();
  await within(
    Promise.allSettled(all.map(async (cleanup) => cleanup())).then((results) => {
      for (const result of results) if (result.status === 'rejected') process.stderr.write(`bench:ha: a cleanup failed: ${String(result.reason)}\n`);
    }),
    60_000,
    'the cleanups',
  ).catch((error: Error) => process.stderr.write(`bench:ha: ${error.message}\n`));
}

let ending = false;
async function abort(why: string): Promise<never> {
  if (!ending) {
    ending = true;
    process.stderr.write(`bench:ha: ${why}, in phase "${phase}"; removing the databases\n`);
    if (asJson) process.stdout.write(`${JSON.stringify({ incomplete: phase, why, ...partial })}\n`);
    await cleanUp();
  }
  process.exit(1);
}
setTimeout(() => void abort(`gave up after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abort(`stopped by ${signal}`));

type Node = ServiceNode;
const startNode = (db: string): Promise<ServiceNode> => startServiceNode(db, cleanups);

/** Waits (bounded) until the node uses under 10 % of a core over 250 ms: a run does not inherit the setup's work. */
async function quiet(node: Node): Promise<void> {
  const deadline = performance.now() + 20_000;
  let last = await node.rpc<{ micros: number; at: number }>('cpu');
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await node.rpc<{ micros: number; at: number }>('cpu');
    if ((now.micros - last.micros) / 1000 / (now.at - last.at) < 0.1) return;
    last = now;
  }
  log('the node was still busy after 20 s; going on');
}

/** Runs `work` on a connection of its own to `url` (bounded). */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, statement_timeout: 10_000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What the server says of its durability and its standbys. */
interface Durability {
  fsync: string;
  synchronousCommit: string;
  synchronousStandbyNames: string;
  standbys: Array<{ name: string; state: string; syncState: string }>;
  /** A standby must confirm each commit: `synchronous_standby_names` set and a standby streaming as sync or quorum. */
  synchronous: boolean;
}

async function durability(url: string): Promise<Durability> {
  return withClient(url, async (client) => {
    const show = async (name: string): Promise<string> => (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name] ?? '';
    const standbys = (await client.query<{ application_name: string; state: string; sync_state: string }>('SELECT application_name, state, sync_state FROM pg_stat_replication ORDER BY application_name')).rows.map((row) => ({
      name: row.application_name,
      state: row.state,
      syncState: row.sync_state,
    }));
    const names = await show('synchronous_standby_names');
    const commit = await show('synchronous_commit');
    return {
      fsync: await show('fsync'),
      synchronousCommit: commit,
      synchronousStandbyNames: names,
      standbys,
      synchronous: names !== '' && ['on', 'remote_write', 'remote_apply'].includes(commit) && standbys.some((s) => s.state === 'streaming' && ['sync', 'quorum'].includes(s.syncState)),
    };
  });
}

const commits = (url: string): Promise<number> => withClient(url, async (client) => Number((await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.n ?? 0));

/** One run's figures. */
interface Row extends RunFigures {
  transactionsPerSecond: number | null;
  eventsPerTransaction: number | null;
}

/** A database the node plays on: its URL for the node, and where to read its statistics (the primary). */
interface Target {
  name: 'single' | 'formation';
  nodeUrl: string;
  primaryUrl(): Promise<string>;
}

async function play(target: Target, spec: (typeof PHASES)[number]): Promise<Row> {
  const node = await startNode(target.nodeUrl);
  try {
    const statsUrl = await target.primaryUrl();
    let before = 0;
    let startedAt = 0;
    const run: RunResult = await runOurs(node.base, spec.tables, spec.budgetMs, {
      thinkMs: spec.thinkMs,
      seed: 2026,
      settle: async () => {
        await quiet(node);
        before = await commits(statsUrl);
        startedAt = performance.now();
      },
    });
    const transactions = (await commits(statsUrl)) - before;
    const elapsed = (performance.now() - startedAt) / 1000;
    return {
      ...runFigures(run),
      transactionsPerSecond: round(transactions / elapsed, 0),
      eventsPerTransaction: round(run.events / Math.max(1, transactions), 2),
    };
  } finally {
    await node.stop();
  }
}

/** Polls the primary (bounded) until its secondary is synchronous; returns what it read. */
async function synchronousNow(url: string, bound = 60_000): Promise<Durability> {
  const deadline = performance.now() + bound;
  for (;;) {
    const read = await durability(url);
    if (read.synchronous || performance.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const ratio = (a: number | null, b: number | null): number | null => (a === null || b === null || b === 0 ? null : round(a / b, 2));

async function main(): Promise<void> {
  for (const support of [clusterSupport(), autoFailoverSupport()]) if (!support.ok) throw new Error(`bench:ha cannot run here: ${support.why}`);
  const startedAt = new Date().toISOString();
  phase = 'starting the single server';
  const cluster: Cluster = await startCluster({ fsync: true });
  cleanups.add(() => cluster.destroy());
  phase = 'starting the formation';
  const formationStart = performance.now();
  const formation: Formation = await startFormation();
  cleanups.add(() => formation.destroy());
  log(`formation up in ${((performance.now() - formationStart) / 1000).toFixed(1)} s: ${formation.uri}`);
  // The URI pg_autoctl prints names no user: the node connects as postgres, written into the URI.
  const formationUrl = formation.uri.replace(/^postgres(ql)?:\/\/(@)?/, 'postgres://postgres@');
  const primaryUrl = async (): Promise<string> => {
    const primary = await formation.primary();
    if (primary === null) throw new Error('the formation has no primary');
    return primary.url;
  };
  const targets: Record<Target['name'], Target> = {
    single: { name: 'single', nodeUrl: cluster.url, primaryUrl: async () => cluster.url },
    formation: { name: 'formation', nodeUrl: formationUrl, primaryUrl },
  };
  phase = 'checking replication';
  const single = await durability(cluster.url);
  const replicationBefore = await synchronousNow(await primaryUrl());
  partial.durability = { single, formationBefore: replicationBefore };
  log(`single: fsync ${single.fsync}, synchronous_commit ${single.synchronousCommit}, no standby`);
  log(
    `formation: fsync ${replicationBefore.fsync}, synchronous_commit ${replicationBefore.synchronousCommit}, synchronous_standby_names '${replicationBefore.synchronousStandbyNames}', ` +
      `standbys ${replicationBefore.standbys.map((s) => `${s.name} ${s.state} ${s.syncState}`).join('; ') || 'none'}: ${replicationBefore.synchronous ? 'synchronous' : 'NOT synchronous'}`,
  );
  if (!replicationBefore.synchronous) throw new Error('the formation\'s secondary is not synchronous: the comparison would mean nothing');

  const results: Record<string, { order: string[]; single: Row; formation: Row; ratio: Record<string, number | null> }> = {};
  for (const [index, spec] of PHASES.entries()) {
    const order: Array<Target['name']> = index % 2 === 0 ? ['single', 'formation'] : ['formation', 'single'];
    const rows: Partial<Record<Target['name'], Row>> = {};
    for (const name of order) {
      phase = `${spec.name} at ${spec.tables} tables on the ${name}`;
      log(`${phase}…`);
      rows[name] = await play(targets[name], spec);
      log(`  ${JSON.stringify(rows[name])}`);
    }
    const s = rows.single as Row;
    const f = rows.formation as Row;
    results[spec.name] = {
      order,
      single: s,
      formation: f,
      ratio: { eventsPerSecond: ratio(f.eventsPerSecond, s.eventsPerSecond), p50Millis: ratio(f.p50Millis, s.p50Millis), p99Millis: ratio(f.p99Millis, s.p99Millis) },
    };
    partial.phases = results;
  }
  phase = 'checking replication after the runs';
  const replicationAfter = await durability(await primaryUrl());
  const states = await formation.state();
  const report = {
    startedAt,
    loadAverage: (await import('node:os')).loadavg().map((value) => round(value, 2)),
    durability: { single, formationBefore: replicationBefore, formationAfter: replicationAfter },
    formationStates: states.map((s) => `${s.nodename} ${s.current_group_state}`),
    phases: results,
  };
  // The table always (on stderr with --json, where stdout carries the JSON object only).
  {
    log(`\nformation after the runs: ${report.formationStates.join(', ')}; sync_state ${replicationAfter.standbys.map((s) => s.syncState).join(', ') || 'none'}`);
    log(`load average at the end: ${report.loadAverage.join(' ')} (2 cores, shared)`);
    const columns = ['run', 'database', 'events', 'events/s', 'p50 ms', 'p99 ms', 'xact/s', 'events/xact'];
    const lines = [columns];
    for (const spec of PHASES) {
      const result = results[spec.name];
      if (result === undefined) continue;
      for (const name of ['single', 'formation'] as const) {
        const row = result[name];
        lines.push([`${spec.name} ${spec.tables}`, name, String(row.events), String(row.eventsPerSecond), String(row.p50Millis), String(row.p99Millis), String(row.transactionsPerSecond), String(row.eventsPerTransaction)]);
      }
      lines.push([`${spec.name} ${spec.tables}`, 'formation/single', '', String(result.ratio.eventsPerSecond), String(result.ratio.p50Millis), String(result.ratio.p99Millis), '', '']);
    }
    const widths = columns.map((_, i) => Math.max(...lines.map((line) => (line[i] as string).length)));
    for (const line of lines) log(line.map((cell, i) => cell.padEnd(widths[i] as number)).join('  '));
  }
  if (asJson) process.stdout.write(`${JSON.stringify(report)}\n`);
}

main()
  .then(async () => {
    phase = 'removing the databases';
    await cleanUp();
    process.exit(0);
  })
  .catch((error: Error) => abort(`failed: ${error.stack ?? error.message}`));
