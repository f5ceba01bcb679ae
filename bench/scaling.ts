/**
 * `npm run bench:scaling -- [tables,tables,…] [seconds]` (default `1000,2500,4500 30`): how one node carries many
 * tables. For each scale, a fresh node (`bench/service-node.ts`, a child process, on PostgreSQL: CHARLESTON_BENCH_PG
 * or CHARLESTON_TEST_PG) first measures its memory per loaded table (tables created in memory, no sockets), then
 * plays the paced run of `bench:service` (four WebSocket seats a table, each thinking 2.5–7.5 s before a move) for
 * the given seconds and prints one JSON line: p50/p99 of an event's round trip, the node's CPU per accepted event,
 * its memory per table and per socket, accepted events per second and the database's transactions per second.
 * The database's CPU per event is read from /proc (its backends for this database), so it is
 * only given when the server runs on this machine. Memory is the node's JavaScript heap plus external memory after a full collection (not the kernel's socket
 * buffers). A process here may hold 20,000 open files (`ulimit -n`), so one node serves at most about 4,900
 * tables of four sockets: the default scales stay under that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runOurs } from './service-clients.js';
import { lineReader } from './service-wait.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const [scalesText = '1000,2500,4500', secondsText = '30'] = process.argv.slice(2);
const scales = scalesText.split(',').map(Number);
const seconds = Number(secondsText);
const db = process.env.CHARLESTON_BENCH_PG ?? process.env.CHARLESTON_TEST_PG;
if (db === undefined) throw new Error('bench:scaling needs a PostgreSQL server: set CHARLESTON_BENCH_PG (or CHARLESTON_TEST_PG)');

interface Node {
  child: ChildProcess;
  base: string;
  rpc<T>(type: string, extra?: Record<string, unknown>): Promise<T>;
}

async function startNode(): Promise<Node> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'service-node.ts'), db as string], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const lines = lineReader(child.stdout as Readable);
  const line = await lines.next((text) => /^Charleston service: /.test(text), 120_000, 'the node to serve');
  lines.forget();
  let nextId = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  child.on('message', (message: { id: number; value: unknown }) => waiting.get(message.id)?.(message.value));
  return {
    child,
    base: ((/(http:\S+)/.exec(line) as RegExpExecArray)[1] as string).replace(/\/$/, ''),
    rpc<T>(type: string, extra: Record<string, unknown> = {}): Promise<T> {
      const id = (nextId += 1);
      return new Promise<T>((resolve) => {
        waiting.set(id, (value) => {
          waiting.delete(id);
          resolve(value as T);
        });
        child.send({ id, type, ...extra });
      });
    },
  };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

const client = new pg.Client({ connectionString: db });
await client.connect();
const commits = async (): Promise<number> => Number((await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.n ?? 0);

/**
 * CPU time (µs) used so far by the database's backends that serve this bench's database (their command line names
 * it, as PostgreSQL's backends do; not the server's shared processes such as the WAL writer): read from /proc, so it works on this machine only (Linux,
 * the server local). Other databases' sessions on the same server are not counted.
 */
function databaseCpuMicros(name: string): number {
  const tick = 1_000_000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres:') || !(cmdline.includes(` ${name} `))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
const databaseName = new URL(db).pathname.slice(1);

for (const tables of scales) {
  const node = await startNode();
  type Mem = { bytes: number };
  const base = await node.rpc<Mem>('mem');
  await node.rpc('create', { count: tables });
  const loaded = await node.rpc<Mem>('mem');
  const perTable = (loaded.bytes - base.bytes) / tables;
  await node.rpc('evict');
  const idle = await node.rpc<Mem>('mem');
  let withSockets = 0;
  let cpuBefore = { micros: 0, at: 0 };
  let commitsBefore = 0;
  let dbCpuBefore = 0;
  const run = await runOurs(node.base, tables, seconds * 1_000, {
    thinkMs: 5_000,
    settle: async () => {
      withSockets = (await node.rpc<Mem>('mem')).bytes;
      cpuBefore = await node.rpc('cpu');
      commitsBefore = await commits();
      dbCpuBefore = databaseCpuMicros(databaseName);
    },
  });
  const cpuAfter = await node.rpc<{ micros: number; at: number }>('cpu');
  const commitsAfter = await commits();
  const dbCpu = databaseCpuMicros(databaseName) - dbCpuBefore;
  const elapsed = (cpuAfter.at - cpuBefore.at) / 1_000;
  const perSocket = (withSockets - idle.bytes - tables * perTable) / (tables * 4);
  process.stdout.write(
    `${JSON.stringify({
      tables,
      sockets: tables * 4,
      seconds: round(run.seconds),
      events: run.events,
      eventsPerSecond: round(run.eventsPerSecond),
      p50Millis: round(percentile(run.latencies, 50), 2),
      p99Millis: round(percentile(run.latencies, 99), 2),
      cpuMicrosPerEvent: round((cpuAfter.micros - cpuBefore.micros) / Math.max(1, run.events), 0),
      nodeCpuShare: round((cpuAfter.micros - cpuBefore.micros) / 1_000 / Math.max(1, cpuAfter.at - cpuBefore.at), 2),
      kbPerTable: round(perTable / 1_024),
      kbPerSocket: round(perSocket / 1_024),
      databaseTransactionsPerSecond: round((commitsAfter - commitsBefore) / elapsed),
      databaseCpuMicrosPerEvent: round(dbCpu / Math.max(1, run.events), 0),
    })}\n`,
  );
  // The node exits on `stop` without answering it: wait for its exit, not for a reply.
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.send({ id: 0, type: 'stop' });
  await exited;
}
await client.end();
process.exit(0);
