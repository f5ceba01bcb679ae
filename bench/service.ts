/**
 * `npm run bench:service` (`-- --json` for one JSON object; `-- --quick` for a smoke run): the table service
 * under load, against boardgame.io 0.50's server with the same hand, in the same run. Servers run in child
 * processes on 127.0.0.1; the clients (four WebSocket seats per table) run here. Every phase is bounded in
 * count and time. PostgreSQL: CHARLESTON_BENCH_PG or CHARLESTON_TEST_PG, else a throwaway cluster is started
 * (as .ci/run does) when PostgreSQL 15 is installed; without one the PostgreSQL figures are null.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { createCharleston, persist } from '../src/index.js';
import { openDb, parseDbLocation } from '../src/server/storage/db.js';
import { migrate } from '../src/server/storage/schema.js';
import { pool, runOurs, runPeer, type RunResult } from './service-clients.js';

const args = new Set(process.argv.slice(2));
const asJson = args.has('--json');
const quick = args.has('--quick');
const SCALES = quick ? [1, 10, 50] : [1, 100, 1000];
const BUDGET_MS = quick ? 15_000 : 60_000;
const STORED_TABLES = quick ? 1_000 : 10_000;
/** The paced run: every seat thinks 0.5–1.5 × this long before each move (people, not a flood). */
const THINK_MS = 5_000;
const PACED_BUDGET_MS = quick ? 12_000 : 30_000;
const here = fileURLToPath(new URL('.', import.meta.url));
const log = (line: string): void => {
  if (!asJson) process.stdout.write(`${line}\n`);
};

interface Child {
  process: ChildProcess;
  base: string;
  rpc<T>(type: string, extra?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

async function startChild(script: string, childArgs: string[], prefix: RegExp): Promise<Child & { startMillis: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, script), ...childArgs], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let match: RegExpExecArray | null = null;
  for (let line = 0; line < 20 && match === null; line += 1) {
    const [text] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => ['(exited)'])])) as [string];
    if (text === '(exited)') throw new Error(`${script} exited before serving`);
    match = prefix.exec(text);
  }
  const startMillis = performance.now() - started;
  if (match === null) throw new Error(`${script}: no serving line`);
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => waiting.get(message.id)?.(message.value));
  return {
    process: child,
    base: (match[1] as string).replace(/\/$/, ''),
    startMillis,
    rpc<T>(type: string, extra: Record<string, unknown> = {}): Promise<T> {
      const id = (nextId += 1);
      return new Promise<T>((resolve) => {
        waiting.set(id, resolve as (value: unknown) => void);
        child.send({ id, type, ...extra });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const startNode = (db: string): ReturnType<typeof startChild> => startChild('service-node.ts', [db], /^Charleston service: (http:\/\/\S+)$/);

function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const round = (value: number | null, digits = 1): number | null => (value === null ? null : Number(value.toFixed(digits)));

function summary(run: RunResult): Record<string, number | null> {
  return {
    tables: run.tables,
    events: run.events,
    finished: run.finished,
    seconds: round(run.seconds, 2),
    eventsPerSecond: round(run.eventsPerSecond, 0),
    p50Millis: round(percentile(run.latencies, 50), 2),
    p99Millis: round(percentile(run.latencies, 99), 2),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** A PostgreSQL URL: from the environment, or a throwaway cluster when PostgreSQL 15 is installed. */
async function postgres(): Promise<{ url: string; stop: () => void } | null> {
  const given = process.env.CHARLESTON_BENCH_PG ?? process.env.CHARLESTON_TEST_PG;
  if (given) return { url: given, stop: () => undefined };
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(`${bin}/initdb`) || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'charleston-bench-pg-'));
  chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim()));
  const port = await freePort();
  const asPostgres = (cmd: string[]): void => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', ...cmd], { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${cmd[0]} failed`);
  };
  asPostgres([`${bin}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  asPostgres([`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`, 'start']);
  asPostgres([`${bin}/createdb`, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'charleston_bench']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/charleston_bench`,
    stop: () => {
      spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop'], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stores `count` tables directly (one persisted snapshot, many ids) so a start can be timed against them. */
async function storeTables(db: string, count: number): Promise<void> {
  const handle = await openDb(parseDbLocation(db));
  await migrate(handle);
  const engine = createCharleston({ seed: 42 });
  const snapshot = persist(engine);
  engine.stop();
  await handle.query(
    `INSERT INTO charleston_tables (id, version, phase, locale, players, snapshot)
     SELECT 'bench-' || md5(random()::text || g::text), 0, 'firstCharleston.right', 'en', '{"east":"human","south":"human","west":"human","north":"human"}'::jsonb, $1
     FROM generate_series(1, $2) AS g`,
    [snapshot, count],
  );
  await handle.close();
}

/** Memory per connection, per live table and per idle table, measured in the node after full collections. */
async function memory(db: string): Promise<{ bytesPerConnection: number; bytesPerLiveTable: number; bytesPerIdleTable: number }> {
  const node = await startNode(db);
  try {
    const n = quick ? 200 : 1000;
    const mem = (): Promise<{ bytes: number }> => node.rpc('mem');
    // Live tables, no connections.
    const before = (await mem()).bytes;
    await node.rpc('create', { count: n });
    const live = (await mem()).bytes;
    await node.rpc('evict');
    const idle = (await mem()).bytes;
    // Connections: n seat connections, hello'd, on n/4 tables.
    const tables = await pool(Array.from({ length: n / 4 }, (_, i) => i), 32, async (i) => {
      const response = await fetch(`${node.base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: i + 1 }) });
      return (await response.json()) as { id: string; tokens: Record<string, string> };
    });
    const beforeConnections = (await mem()).bytes;
    const sockets = await pool(tables.flatMap((t) => ['east', 'south', 'west', 'north'].map((seat) => ({ id: t.id, token: t.tokens[seat] as string }))), 64, async ({ id, token }) => {
      const socket = new WebSocket(`${node.base.replace('http', 'ws')}/api/tables/${id}/live`);
      socket.on('error', () => undefined);
      await once(socket, 'open');
      socket.send(JSON.stringify({ type: 'hello', token }));
      await once(socket, 'message');
      return socket;
    });
    const afterConnections = (await mem()).bytes;
    for (const socket of sockets) socket.terminate();
    return {
      bytesPerConnection: Math.round((afterConnections - beforeConnections) / n),
      bytesPerLiveTable: Math.round((live - before) / n),
      bytesPerIdleTable: Math.max(0, Math.round((idle - before) / n)),
    };
  } finally {
    await node.stop();
  }
}

async function main(): Promise<void> {
  const pg = await postgres();
  const pgliteDir = mkdtempSync(join(tmpdir(), 'charleston-bench-pglite-'));
  const results: Record<string, unknown> = { scales: SCALES };
  try {
    // Ours on PostgreSQL and on PGlite, the peer, at each scale.
    const ours: Record<string, RunResult[]> = {};
    let paced: RunResult | null = null;
    for (const [name, db] of [['postgres', pg?.url ?? null], ['pglite', `pglite:${join(pgliteDir, 'db')}`]] as const) {
      if (db === null) continue;
      const node = await startNode(db);
      ours[name] = [];
      for (const scale of name === 'pglite' ? SCALES.slice(0, 2) : SCALES) {
        const run = await runOurs(node.base, scale, BUDGET_MS);
        ours[name]?.push(run);
        log(`ours on ${name}, ${scale} tables: ${JSON.stringify(summary(run))}`);
      }
      if (name === 'postgres') {
        paced = await runOurs(node.base, SCALES[SCALES.length - 1] as number, PACED_BUDGET_MS, THINK_MS);
        log(`ours on postgres, paced (think ${THINK_MS} ms): ${JSON.stringify(summary(paced))}`);
      }
      await node.stop();
    }
    const peerNode = await startChild('service-peer.ts', [], /^peer: (http:\/\/\S+)$/);
    const peer: RunResult[] = [];
    for (const scale of SCALES) {
      const run = await runPeer(peerNode.base, scale, BUDGET_MS);
      peer.push(run);
      log(`boardgame.io 0.50 (in memory), ${scale} tables: ${JSON.stringify(summary(run))}`);
    }
    await peerNode.stop();

    const mem = await memory(pg?.url ?? `pglite:${join(pgliteDir, 'mem')}`);
    log(`memory: ${JSON.stringify(mem)}`);

    // Start with many stored tables (PostgreSQL when there is one, else PGlite).
    const startDb = pg?.url ?? `pglite:${join(pgliteDir, 'start')}`;
    await storeTables(startDb, STORED_TABLES);
    const startNodeTimed = await startNode(startDb);
    const startToServingMillis = Math.round(startNodeTimed.startMillis);
    await startNodeTimed.stop();
    log(`start to serving with ${STORED_TABLES} stored tables: ${startToServingMillis} ms`);

    const largest = SCALES[SCALES.length - 1] as number;
    const oursPg = ours.postgres ?? [];
    const oursPglite = ours.pglite ?? [];
    const best = (runs: RunResult[]): number | null => (runs.length === 0 ? null : Math.max(...runs.map((r) => r.eventsPerSecond)));
    const atLargest = oursPg.find((r) => r.tables === largest) ?? null;
    const peerLargest = peer.find((r) => r.tables === largest) ?? null;
    const ourP99 = atLargest === null ? null : percentile(atLargest.latencies, 99);
    const peerP99 = peerLargest === null ? null : percentile(peerLargest.latencies, 99);
    Object.assign(results, {
      durableEventsPerSecond: round(best(oursPg), 0),
      durableEventsPerSecondPglite: round(best(oursPglite), 0),
      p50Millis: atLargest === null ? null : round(percentile(atLargest.latencies, 50), 2),
      p99Millis: round(ourP99, 2),
      bytesPerConnection: mem.bytesPerConnection,
      bytesPerLiveTable: mem.bytesPerLiveTable,
      bytesPerIdleTable: mem.bytesPerIdleTable,
      startToServingMillis,
      storedTables: STORED_TABLES,
      pacedThinkMillis: THINK_MS,
      pacedEventsPerSecond: paced === null ? null : round(paced.eventsPerSecond, 0),
      pacedP50Millis: paced === null ? null : round(percentile(paced.latencies, 50), 2),
      pacedP99Millis: paced === null ? null : round(percentile(paced.latencies, 99), 2),
      peer: 'boardgame.io 0.50.2 (in-memory storage, socket.io)',
      peerEventsPerSecond: round(peerLargest?.eventsPerSecond ?? null, 0),
      peerP99Millis: round(peerP99, 2),
      peerThroughputRatio: atLargest === null || peerLargest === null ? null : round(atLargest.eventsPerSecond / peerLargest.eventsPerSecond, 2),
      peerP99Ratio: ourP99 === null || peerP99 === null || peerP99 === 0 ? null : round(ourP99 / peerP99, 2),
      runs: { postgres: oursPg.map(summary), pglite: oursPglite.map(summary), peer: peer.map(summary) },
    });
  } finally {
    pg?.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (asJson) process.stdout.write(`${JSON.stringify(results)}\n`);
  else log(JSON.stringify(results, null, 2));
  process.exit(0);
}

await main();
