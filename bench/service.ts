/**
 * `npm run bench:service` (`-- --json` for one JSON object; `-- --quick` for a smoke run): the table service
 * under load, against boardgame.io 0.50's server with the same hand, in the same run. Servers run in child
 * processes on 127.0.0.1; the clients (four WebSocket seats per table) run here. Every phase is bounded in
 * count and time. PostgreSQL: CHARLESTON_BENCH_PG or CHARLESTON_TEST_PG, else a throwaway cluster is started
 * (as .ci/run does) when PostgreSQL 15 is installed; without one the PostgreSQL figures are null.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { createCharleston, persist } from '../src/index.js';
import { openDb, parseDbLocation } from '../src/server/storage/db.js';
import { migrate } from '../src/server/storage/schema.js';
import { pool, runOurs, runPeer, type RunResult } from './service-clients.js';
import { gcPauses, type GcPause } from './gc-pauses.js';
import { lineReader, within } from './service-wait.js';
import { percentile, round, runFigures } from './service-node-child.js';

const args = new Set(process.argv.slice(2));
const asJson = args.has('--json');
const quick = args.has('--quick');
const SCALES = quick ? [1, 10, 50] : [1, 100, 1000];
const BUDGET_MS = quick ? 15_000 : 30_000;
const STORED_TABLES = quick ? 1_000 : 10_000;
/** The paced run: every seat thinks 0.5–1.5 × this long before each move (people, not a flood). */
const THINK_MS = 5_000;
const PACED_BUDGET_MS = quick ? 12_000 : 20_000;
/** The ceiling loop runs this long. */
const CEILING_MS = quick ? 3_000 : 10_000;
/** The whole run must end within this (it then exits 1 saying which phase it was in). */
const WATCHDOG_MS = 7.5 * 60_000;
/** The deadline of each PostgreSQL command (initdb, pg_ctl, createdb) and of each query the bench makes itself. */
const PG_COMMAND_MS = 60_000;
/** `--profile DIR`: only the flood at the largest scale on PostgreSQL, with the node under `--cpu-prof`. */
const profileDir = ((): string | null => {
  const at = process.argv.indexOf('--profile');
  return at < 0 ? null : (process.argv[at + 1] ?? null);
})();
let phase = 'starting';
/** What has been measured so far: printed (with `incomplete`) if the watchdog ends the run. */
const partial: Record<string, unknown> = {};
/** What must not outlive the bench (the throwaway cluster, the children): the watchdog runs these before it exits. */
const cleanups = new Set<() => void>();
const watchdog = setTimeout(() => {
  process.stderr.write(`bench:service: gave up after ${WATCHDOG_MS / 1000} s, in phase "${phase}"\n`);
  if (asJson) process.stdout.write(`${JSON.stringify({ incomplete: phase, ...partial })}\n`);
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      process.stderr.write(`bench:service: a cleanup failed: ${(error as Error).message}\n`);
    }
  }
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();
const here = fileURLToPath(new URL('.', import.meta.url));
/** Progress: on stdout, or on stderr with --json (stdout then carries the one JSON object only). */
const log = (line: string): void => {
  (asJson ? process.stderr : process.stdout).write(`${line}\n`);
};

interface Child {
  process: ChildProcess;
  base: string;
  rpc<T>(type: string, extra?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/** How long a child may take to print its serving line, answer an RPC, or stop. */
const CHILD_START_MS = 90_000;
const RPC_MS = 120_000;
const STOP_MS = 20_000;

/**
 * Starts a child (`script` under tsx with IPC) and waits, bounded, for its serving line (a buffered line reader:
 * a second line in the same chunk is never missed). `onStderr` sees every line of the child's stderr when given
 * (else stderr is inherited); `nodeFlags` go before the script (e.g. `--cpu-prof`).
 */
async function startChild(
  script: string,
  childArgs: string[],
  prefix: RegExp,
  options: { onStderr?: (line: string) => void; nodeFlags?: string[] } = {},
): Promise<Child & { startMillis: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--expose-gc', '--import', 'tsx', join(here, script), ...childArgs], {
    stdio: ['ignore', 'pipe', options.onStderr === undefined ? 'inherit' : 'pipe', 'ipc'],
  });
  if (options.onStderr !== undefined) lineReader(child.stderr as Readable, options.onStderr).forget();
  const lines = lineReader(child.stdout as Readable);
  let exited = false;
  const kill = (): void => {
    if (!exited) child.kill('SIGKILL');
  };
  cleanups.add(kill);
  child.once('exit', () => {
    exited = true;
    cleanups.delete(kill);
  });
  let text: string;
  try {
    text = await Promise.race([
      lines.next((line) => prefix.test(line), CHILD_START_MS, `${script}'s serving line (${prefix.source})`),
      once(child, 'exit').then(([code, signal]) => {
        throw new Error(`${script} exited (${code ?? signal}) before serving`);
      }),
    ]);
  } catch (error) {
    if (!exited) child.kill('SIGKILL');
    throw error;
  }
  lines.forget(); // keep draining the child's stdout, but keep nothing
  const match = prefix.exec(text) as RegExpExecArray;
  const startMillis = performance.now() - started;
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => waiting.get(message.id)?.(message.value));
  return {
    process: child,
    base: (match[1] as string).replace(/\/$/, ''),
    startMillis,
    rpc<T>(type: string, extra: Record<string, unknown> = {}): Promise<T> {
      const id = (nextId += 1);
      const answer = new Promise<T>((resolve) => {
        waiting.set(id, resolve as (value: unknown) => void);
        child.send({ id, type, ...extra });
      });
      return within(answer, RPC_MS, `${script}'s answer to ${type}`).finally(() => waiting.delete(id));
    },
    async stop() {
      if (exited) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      try {
        await within(gone, STOP_MS, `${script} to exit after SIGTERM`);
      } catch (error) {
        process.stderr.write(`${(error as Error).message}; killing it\n`);
        child.kill('SIGKILL');
        await within(gone, STOP_MS, `${script} to exit after SIGKILL`);
      }
    },
  };
}

const startNode = (db: string, nodeFlags: string[] = []): ReturnType<typeof startChild> =>
  startChild('service-node.ts', [db], /^Charleston service: (http:\/\/\S+)$/, { nodeFlags });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** A PostgreSQL URL: from the environment, or a throwaway cluster when PostgreSQL 15 is installed. */
async function postgres(): Promise<{ url: string; stop: () => void; log: string | null } | null> {
  const given = process.env.CHARLESTON_BENCH_PG ?? process.env.CHARLESTON_TEST_PG;
  if (given) return { url: given, stop: () => undefined, log: null };
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(`${bin}/initdb`) || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'charleston-bench-pg-'));
  chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim()));
  const port = await freePort();
  // Each command has a deadline (a stuck initdb or pg_ctl would otherwise hold the bench until the watchdog).
  const asPostgres = (cmd: string[]): void => {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', ...cmd], { stdio: 'ignore', timeout: PG_COMMAND_MS });
    if (result.error !== undefined) throw new Error(`${cmd[0]} failed: ${result.error.message} (deadline ${PG_COMMAND_MS} ms)`);
    if (result.status !== 0) throw new Error(`${cmd[0]} failed (exit ${result.status})`);
  };
  asPostgres([`${bin}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  asPostgres([`${bin}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200 ${SERVER_LOG_SETTINGS}`, 'start']);
  asPostgres([`${bin}/createdb`, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'charleston_bench']);
  const stop = (): void => {
    cleanups.delete(stop);
    spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop'], { stdio: 'ignore', timeout: PG_COMMAND_MS });
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/charleston_bench`, stop, log: `${dir}/log` };
}

/**
 * What the bench's own cluster logs besides errors: every autovacuum and analyze, every checkpoint, and statements
 * of 100 ms or more (with their timestamps in milliseconds), so that a burst of slow commits in the paced run can
 * be put down to the database's own work, or not. Logging changes nothing else in the server.
 */
const SERVER_LOG_SETTINGS = "-c log_autovacuum_min_duration=0 -c log_checkpoints=on -c log_min_duration_statement=100 -c log_line_prefix='%m '";

/** The server log's lines stamped within `run` (its own cluster only): `second: first 160 characters`. */
function serverLogInRun(logFile: string | null, run: RunResult): string {
  if (logFile === null) return 'not ours (a PostgreSQL URL was given)';
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch (error) {
    return `unreadable (${(error as Error).message})`;
  }
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const stamp = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC /.exec(line);
    if (stamp === null) continue;
    const at = Date.parse(`${(stamp[1] as string).replace(' ', 'T')}Z`);
    const second = Math.floor((at - run.startedAt) / 1000);
    if (second < -1 || at > run.startedAt + run.seconds * 1000 + 1000) continue;
    if (lines.length < 40) lines.push(`${second}: ${line.slice(stamp[0].length, stamp[0].length + 160)}`);
  }
  return lines.length === 0 ? 'nothing' : `\n     ${lines.join('\n     ')}`;
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
      const response = await fetch(`${node.base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: i + 1 }), signal: AbortSignal.timeout(30_000) });
      return (await response.json()) as { id: string; tokens: Record<string, string> };
    });
    const beforeConnections = (await mem()).bytes;
    const sockets = await pool(tables.flatMap((t) => ['east', 'south', 'west', 'north'].map((seat) => ({ id: t.id, token: t.tokens[seat] as string }))), 64, async ({ id, token }) => {
      const socket = new WebSocket(`${node.base.replace('http', 'ws')}/api/tables/${id}/live`);
      socket.on('error', () => undefined);
      await within(once(socket, 'open'), 30_000, `a memory-run WebSocket on table ${id} to open`);
      socket.send(JSON.stringify({ type: 'hello', token }));
      await within(once(socket, 'message'), 30_000, `the first view on a memory-run WebSocket (table ${id})`);
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

/**
 * The ceiling: single durable transactions of our commit's shape (INSERT one event row + UPDATE one table row
 * with a ~1 KB snapshot, one autocommit statement each, synchronous_commit as the server has it) from one client
 * process, as many in flight as the node's pool allows (CHARLESTON_PG_POOL, default 10), for `millis`.
 */
async function ceiling(url: string, millis: number): Promise<{ commitsPerSecond: number; synchronousCommit: string; poolSize: number }> {
  const { default: pg } = await import('pg');
  const poolSize = Number(process.env.CHARLESTON_PG_POOL ?? 10);
  // Bounded: a connection that does not come, or a statement that does not end, fails the ceiling with its reason.
  const client = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: PG_COMMAND_MS, query_timeout: PG_COMMAND_MS, statement_timeout: PG_COMMAND_MS });
  try {
    await client.query('DROP TABLE IF EXISTS bench_ceiling_events, bench_ceiling_tables');
    await client.query(`CREATE TABLE bench_ceiling_tables (id text PRIMARY KEY, version integer NOT NULL, phase text NOT NULL, snapshot text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
    await client.query(`CREATE TABLE bench_ceiling_events (table_id text NOT NULL REFERENCES bench_ceiling_tables (id) ON DELETE CASCADE, version integer NOT NULL, seat text, event jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (table_id, version))`);
    const engine = createCharleston({ seed: 42 });
    const snapshot = persist(engine);
    engine.stop();
    const TABLES = 1_000;
    await client.query(`INSERT INTO bench_ceiling_tables (id, version, phase, snapshot) SELECT 'c' || g, 0, 'firstCharleston.right', $1 FROM generate_series(0, $2 - 1) AS g`, [snapshot, TABLES]);
    const synchronousCommit = String(((await client.query('SHOW synchronous_commit')).rows[0] as { synchronous_commit: string }).synchronous_commit);
    const versions = new Array<number>(TABLES).fill(0);
    const event = JSON.stringify({ type: 'pass.commit', seat: 'east', tiles: ['1B', '2C', 'N'] });
    let commits = 0;
    let next = 0;
    const started = performance.now();
    const until = started + millis;
    await Promise.all(
      Array.from({ length: poolSize }, async () => {
        while (performance.now() < until) {
          const table = next;
          next = (next + 1) % TABLES;
          const version = (versions[table] as number) + 1;
          versions[table] = version;
          await client.query(
            `WITH moved AS (UPDATE bench_ceiling_tables SET version = $2, phase = $3, snapshot = $4, updated_at = now() WHERE id = $1 RETURNING id)
             INSERT INTO bench_ceiling_events (table_id, version, seat, event) SELECT id, $2, 'east', $5 FROM moved`,
            [`c${table}`, version, 'firstCharleston.right', snapshot, event],
          );
          commits += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.query('DROP TABLE IF EXISTS bench_ceiling_events, bench_ceiling_tables');
    return { commitsPerSecond: commits / seconds, synchronousCommit, poolSize };
  } finally {
    await client.end();
  }
}

/** The top `count` functions of a `.cpuprofile` by self time, as `[share %, function, file:line]`. */
function topSelf(profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] }, count = 15): Array<[number, string, string]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    if (node === undefined) return;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'}\t${frame.url.replace(/^.*\/(node_modules|src|bench)\//, '$1/')}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, time]) => {
      const [name, where] = key.split('\t') as [string, string];
      return [Number(((100 * time) / total).toFixed(1)), name, where];
    });
}

/** `--profile DIR`: the flood at the largest scale on PostgreSQL with the node under `--cpu-prof`. */
async function profileRun(dir: string): Promise<void> {
  const { mkdirSync, readdirSync, readFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  const pg = await postgres();
  if (pg === null) throw new Error('--profile needs PostgreSQL (CHARLESTON_BENCH_PG or an installed PostgreSQL 15)');
  try {
    const scale = SCALES[SCALES.length - 1] as number;
    const node = await startNode(pg.url, ['--cpu-prof', '--cpu-prof-dir', dir]);
    phase = `profile: flood at ${scale} tables`;
    const run = await runOurs(node.base, scale, BUDGET_MS);
    await node.stop();
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && !before.has(name));
    if (file === undefined) throw new Error(`no .cpuprofile appeared in ${dir}`);
    const top = topSelf(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    const out = { profile: join(dir, file), run: runFigures(run), topSelf: top };
    if (asJson) process.stdout.write(`${JSON.stringify(out)}\n`);
    else {
      log(`flood at ${scale} tables under --cpu-prof: ${JSON.stringify(runFigures(run))}`);
      log(`profile: ${join(dir, file)}; top self time:`);
      for (const [share, name, where] of top) log(`${String(share).padStart(5)} %  ${name}  ${where}`);
    }
  } finally {
    pg.stop();
  }
}

/** This process's own collections of 5 ms or more during the paced run: the client side of a stall. */
const clientPauses = gcPauses();

/** Collections placed in a run: `second: kind millis`, by when they started (the run's second, from its start). */
function pausesInRun(pauses: readonly GcPause[], run: RunResult): string {
  if (pauses.length === 0) return 'none';
  return pauses.map((pause) => `${Math.floor((pause.at - run.startedAt) / 1000)}: ${pause.kind} ${pause.millis} ms`).join(', ');
}

/** Slow commits placed in a run, by the second they started: `second: count, longest ms`. */
function slowCommitsInRun(commits: ReadonlyArray<{ at: number; millis: number }>, run: RunResult): string {
  if (commits.length === 0) return 'none';
  const bySecond = new Map<number, { count: number; longest: number }>();
  for (const commit of commits) {
    const second = Math.floor((commit.at - run.startedAt) / 1000);
    const entry = bySecond.get(second) ?? { count: 0, longest: 0 };
    entry.count += 1;
    entry.longest = Math.max(entry.longest, commit.millis);
    bySecond.set(second, entry);
  }
  return [...bySecond].sort((a, b) => a[0] - b[0]).map(([second, e]) => `${second}: ${e.count}, ${e.longest} ms`).join('; ');
}

/** How many measured sends left in each second of a run: the paced run's load is not flat (passes bring seats into step). */
function sendsBySecond(run: RunResult): string {
  const counts: number[] = [];
  for (const at of run.sentAt) {
    const second = Math.floor(at / 1000);
    counts[second] = (counts[second] ?? 0) + 1;
  }
  return Array.from(counts, (count) => count ?? 0).join(' ');
}

/** When a run's slowest 1 % of round trips were sent, by second of the run: clustered in a few seconds is a stall. */
function slowestBySecond(run: RunResult): string {
  if (run.latencies.length === 0) return 'none';
  const p99 = percentile(run.latencies, 99) ?? 0;
  const bySecond = new Map<number, number>();
  run.latencies.forEach((latency, index) => {
    if (latency < p99) return;
    const second = Math.floor((run.sentAt[index] ?? 0) / 1000);
    bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
  });
  return [...bySecond].sort((a, b) => a[0] - b[0]).map(([second, n]) => `${second}: ${n}`).join(', ');
}

/** A run that failed (a bounded wait gave up): recorded as no events, so the rest of the bench still runs. */
async function attempt(what: string, tables: number, run: () => Promise<RunResult>): Promise<RunResult> {
  try {
    return await run();
  } catch (error) {
    log(`${what}: failed (${(error as Error).message}); recorded as 0 events`);
    partial[`failed: ${what}`] = (error as Error).message;
    return { tables, events: 0, seconds: 0, eventsPerSecond: 0, latencies: [], sentAt: [], startedAt: Date.now(), finished: 0 };
  }
}

/**
 * Waits (bounded) until a child has gone quiet: under 10 % of a core over 250 ms. A flood's budget ends with
 * work still queued in the server (its clients are gone, their sends not); the next run must not inherit it.
 */
async function quiet(child: Child, what: string): Promise<void> {
  const deadline = performance.now() + 20_000;
  let last = await child.rpc<{ micros: number; at: number }>('cpu');
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await child.rpc<{ micros: number; at: number }>('cpu');
    if ((now.micros - last.micros) / 1000 / (now.at - last.at) < 0.1) return;
    if (performance.now() > deadline) {
      log(`${what}: still busy after 20 s; going on`);
      return;
    }
    last = now;
  }
}

async function main(): Promise<void> {
  const pg = await postgres();
  const pgliteDir = mkdtempSync(join(tmpdir(), 'charleston-bench-pglite-'));
  const results: Record<string, unknown> = { scales: SCALES };
  try {
    // Ours on PostgreSQL (or PGlite without one) and the peer take turns at each scale, so that the machine's
    // other load falls on both alike; then the paced run; then ours on PGlite.
    const ours: Record<string, RunResult[]> = {};
    let paced: RunResult | null = null;
    // boardgame.io logs each move it refuses at a stale state id ("ERROR: invalid stateID …") on stderr: counted, not printed.
    let peerStale = 0;
    phase = 'starting the peer';
    const peerNode = await startChild('service-peer.ts', [], /^peer: (http:\/\/\S+)$/, {
      onStderr: (line) => {
        if (line.includes('invalid stateID')) peerStale += 1;
        else if (line.trim() !== '') process.stderr.write(`peer: ${line}\n`);
      },
    });
    const peer: RunResult[] = [];
    const peerStaleByScale: number[] = [];
    for (const [name, db] of [['postgres', pg?.url ?? null], ['pglite', `pglite:${join(pgliteDir, 'db')}`]] as const) {
      if (db === null) continue;
      phase = `starting a node on ${name}`;
      const node = await startNode(db);
      const withPeer = peer.length === 0;
      ours[name] = [];
      for (const scale of name === 'pglite' && pg !== null ? SCALES.slice(0, 2) : SCALES) {
        phase = `ours on ${name}, flood at ${scale} tables`;
        const run = await attempt(phase, scale, () => runOurs(node.base, scale, BUDGET_MS, { settle: () => quiet(node, `ours on ${name} after the setup at ${scale} tables`) }));
        ours[name]?.push(run);
        log(`ours on ${name}, ${scale} tables: ${JSON.stringify(runFigures(run))}`);
        partial[`${name} ${scale}`] = runFigures(run);
        await quiet(node, `ours on ${name} after the flood at ${scale} tables`);
        if (!withPeer) continue;
        phase = `peer flood at ${scale} tables`;
        const staleBefore = peerStale;
        const peerRun = await attempt(phase, scale, () => runPeer(peerNode.base, scale, BUDGET_MS, { settle: () => quiet(peerNode, `the peer after the setup at ${scale} tables`) }));
        await quiet(peerNode, `the peer after the flood at ${scale} tables`);
        peer.push(peerRun);
        peerStaleByScale.push(peerStale - staleBefore);
        log(`boardgame.io 0.50 (in memory), ${scale} tables: ${JSON.stringify({ ...runFigures(peerRun), staleMoves: peerStale - staleBefore })}`);
        partial[`peer ${scale}`] = { ...runFigures(peerRun), staleMoves: peerStale - staleBefore };
      }
      if (name === 'postgres') {
        phase = 'ours on postgres, paced';
        const settle = async (): Promise<void> => {
          await quiet(node, 'ours on postgres after the paced setup');
          // The setup made 1,000 tables and 4,000 sockets in a few seconds, far faster than a service in use gets
          // them, and V8 last sized the node's heap before that: its first full collection after the setup would
          // fall in the run, every run. The node is collected once here, as the clients' process is, so that the
          // run meets the heap of a service that has been serving this load for a while.
          const { bytes } = await node.rpc<{ bytes: number }>('mem'); // full collections, then heap + external
          log(`   the node's heap before the paced run, after a full collection: ${(bytes / 1e6).toFixed(1)} MB`);
          await quiet(node, 'ours on postgres after the collection');
          await node.rpc('gcs'); // from now on: the run's own collections
          await node.rpc('commits'); // and its own commits
          clientPauses.take();
          clientPauses.start();
        };
        paced = await attempt(phase, SCALES[SCALES.length - 1] as number, () => runOurs(node.base, SCALES[SCALES.length - 1] as number, PACED_BUDGET_MS, { thinkMs: THINK_MS, settle }));
        clientPauses.stop();
        log(`ours on postgres, paced (think ${THINK_MS} ms): ${JSON.stringify(runFigures(paced))}`);
        log(`   where its slowest 1 % were sent (second of the run: count): ${slowestBySecond(paced)}`);
        log(`   sends in each second of the run, from second 0: ${sendsBySecond(paced)}`);
        log(`   the node's collections of 5 ms or more during it (second of the run): ${pausesInRun(await node.rpc<GcPause[]>('gcs'), paced)}`);
        log(`   this process's (the clients') collections of 5 ms or more during it: ${pausesInRun(clientPauses.take(), paced)}`);
        log(`   the node's commits of 20 ms or more during it (second: how many, the longest): ${slowCommitsInRun(await node.rpc<Array<{ at: number; millis: number }>>('commits'), paced)}`);
        log(`   the database's log during it (autovacuum, checkpoints, statements of 100 ms or more): ${serverLogInRun(pg?.log ?? null, paced)}`);
        partial.paced = runFigures(paced);
      }
      await node.stop();
    }
    await peerNode.stop();

    let ceilingFigures: Awaited<ReturnType<typeof ceiling>> | null = null;
    if (pg !== null) {
      phase = 'the PostgreSQL ceiling';
      ceilingFigures = await within(ceiling(pg.url, CEILING_MS), CEILING_MS + 3 * PG_COMMAND_MS, 'the PostgreSQL ceiling loop');
      log(`ceiling: ${JSON.stringify(ceilingFigures)}`);
      partial.ceiling = ceilingFigures;
    }

    phase = 'memory';
    const mem = await memory(pg?.url ?? `pglite:${join(pgliteDir, 'mem')}`);
    log(`memory: ${JSON.stringify(mem)}`);

    // Start with many stored tables (PostgreSQL when there is one, else PGlite).
    const startDb = pg?.url ?? `pglite:${join(pgliteDir, 'start')}`;
    phase = 'start with stored tables';
    await within(storeTables(startDb, STORED_TABLES), 2 * PG_COMMAND_MS, `${STORED_TABLES} tables stored directly in the database`);
    phase = `start to serving with ${STORED_TABLES} stored tables`;
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
      peerStaleMoves: peerStale,
      ceilingCommitsPerSecond: ceilingFigures === null ? null : round(ceilingFigures.commitsPerSecond, 0),
      ceilingRatio: ceilingFigures === null || atLargest === null ? null : round(best(oursPg) as number / ceilingFigures.commitsPerSecond, 2),
      ceilingPoolSize: ceilingFigures?.poolSize ?? null,
      synchronousCommit: ceilingFigures?.synchronousCommit ?? null,
      peerThroughputRatio: atLargest === null || peerLargest === null ? null : round(atLargest.eventsPerSecond / peerLargest.eventsPerSecond, 2),
      peerP99Ratio: ourP99 === null || peerP99 === null || peerP99 === 0 ? null : round(ourP99 / peerP99, 2),
      // The same two ratios at every scale (the two keys above are the largest scale's): ours on PostgreSQL ÷ the peer.
      peerRatiosByScale: Object.fromEntries(
        SCALES.map((scale) => {
          const our = oursPg.find((r) => r.tables === scale);
          const their = peer.find((r) => r.tables === scale);
          const ourP99AtScale = our === undefined ? null : percentile(our.latencies, 99);
          const theirP99AtScale = their === undefined ? null : percentile(their.latencies, 99);
          return [
            String(scale),
            {
              throughput: our === undefined || their === undefined || their.eventsPerSecond === 0 ? null : round(our.eventsPerSecond / their.eventsPerSecond, 2),
              p99: ourP99AtScale === null || theirP99AtScale === null || theirP99AtScale === 0 ? null : round(ourP99AtScale / theirP99AtScale, 2),
            },
          ];
        }),
      ),
      runs: { postgres: oursPg.map(runFigures), pglite: oursPglite.map(runFigures), peer: peer.map((run, i) => ({ ...runFigures(run), staleMoves: peerStaleByScale[i] ?? null })) },
    });
  } finally {
    pg?.stop();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (asJson) process.stdout.write(`${JSON.stringify(results)}\n`);
  else log(JSON.stringify(results, null, 2));
}

try {
  if (profileDir !== null) await profileRun(profileDir);
  else await main();
  process.exit(0);
} catch (error) {
  process.stderr.write(`bench:service failed in phase "${phase}": ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
}
