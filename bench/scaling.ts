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
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runOurs } from './service-clients.js';
import { round, runFigures, startServiceNode } from './service-node-child.js';

const [scalesText = '1000,2500,4500', secondsText = '30'] = process.argv.slice(2);
const scales = scalesText.split(',').map(Number);
const seconds = Number(secondsText);
const db = process.env.CHARLESTON_BENCH_PG ?? process.env.CHARLESTON_TEST_PG;
if (db === undefined) throw new Error('bench:scaling needs a PostgreSQL server: set CHARLESTON_BENCH_PG (or CHARLESTON_TEST_PG)');

/** The nodes running now: killed if the bench fails (the IPC channel's close also ends them). */
const cleanups = new Set<() => void>();

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

try {
for (const tables of scales) {
  const node = await startServiceNode(db, cleanups);
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
      ...runFigures(run),
      sockets: tables * 4,
      cpuMicrosPerEvent: round((cpuAfter.micros - cpuBefore.micros) / Math.max(1, run.events), 0),
      nodeCpuShare: round((cpuAfter.micros - cpuBefore.micros) / 1_000 / Math.max(1, cpuAfter.at - cpuBefore.at), 2),
      kbPerTable: round(perTable / 1_024),
      kbPerSocket: round(perSocket / 1_024),
      databaseTransactionsPerSecond: round((commitsAfter - commitsBefore) / elapsed),
      databaseCpuMicrosPerEvent: round(dbCpu / Math.max(1, run.events), 0),
    })}\n`,
  );
  await node.stop();
}
} finally {
  for (const kill of cleanups) kill();
}
await client.end();
process.exit(0);
