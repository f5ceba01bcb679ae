/**
 * Abuse bench (issue 18): each abuse row against a real service node started as a child process, while a real
 * seat of another table measures its round trip (a live `pass.commit` then `pass.retract`, both accepted each
 * time) alone and under the abuse. The attack runs in a process of its own (this file with `--worker SPEC`), so
 * that the probe's event loop is not the attacker's.
 *
 *   npm run bench:abuse -- [--db postgres://…] [--rows 1,2,3,4,5,6] [--seconds 10] [--combined-seconds 60]
 *                          [--conns 10000] [--conn-seconds 20] [--tables 100] [--play-gap-ms 2000]
 *                          [--baseline-seconds 4] [--json]
 *
 * Rows 1–6 are the issue's; row 0 (opt-in) is a control that only keeps a core busy;
 * row 7 (opt-in: `--rows 7`) floods unknown table ids with the attacker's own verified
 * tokens. `--format FILE` prints the table of a saved `--json` output.
 *
 * Without `--db` (or env CHARLESTON_DB) every row runs on PGlite in a fresh temporary folder. Every loop is
 * bounded in count and time, every wait is bounded. All connections come from 127.0.0.1: the per-address
 * limits apply to the attacker and the real seat alike, so the seat connects and is verified before the attack.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { WebSocket } from 'ws';
import { openDb } from '../src/server/storage/db.js';
import { killHard, startChild, stopChild, type ChildNode } from '../test/server/child.js';
import { within } from './service-wait.js';

/** The deadline of starting, stopping or killing a service node (each wait says what it waited for). */
const CHILD_MS = 60_000;

/** Stops a node with SIGTERM within {@link CHILD_MS}; one that does not exit is killed (bounded as well). */
async function stopBounded(node: ChildNode): Promise<void> {
  try {
    await within(stopChild(node), CHILD_MS, 'the service node to exit after SIGTERM');
  } catch (error) {
    process.stderr.write(`${(error as Error).message}; killing it\n`);
    await killBounded(node);
  }
}

/** Kills a node with SIGKILL and waits (bounded) for it to be gone. */
function killBounded(node: ChildNode): Promise<void> {
  return within(killHard(node), CHILD_MS, 'the service node to exit after SIGKILL');
}

const SELF = fileURLToPath(import.meta.url);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const fakeToken = (): string => randomBytes(24).toString('base64url');
const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
type Json = Record<string, any>;

/** CPU seconds (user + system) a process has used so far, from /proc (NaN where there is none). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Measures the CPU share (in % of one core) of `pids` over the run of `work`. */
async function cpuOver<T>(pids: Array<() => number | undefined>, work: () => Promise<T>): Promise<{ value: T; cpu: number[] }> {
  const before = pids.map((pid) => cpuSeconds(pid()));
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1_000;
  return { value, cpu: pids.map((pid, i) => round(((cpuSeconds(pid()) - (before[i] as number)) / seconds) * 100, 0)) };
}
type Tally = Record<string, number>;
const bump = (tally: Tally, key: string | number): void => {
  tally[String(key)] = (tally[String(key)] ?? 0) + 1;
};

// ---------------------------------------------------------------------------------------------------------------
// HTTP and live clients

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; status -1 on a network error or a timeout (10 s). */
function request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const all: Record<string, string | number> = { ...headers };
    if (body !== undefined) {
      all['content-type'] = 'application/json';
      all['content-length'] = Buffer.byteLength(body);
    }
    let settled = false;
    const done = (status: number, text: string): void => {
      if (settled) return;
      settled = true;
      resolve({ status, body: text });
    };
    const req = http.request(url, { method, headers: all, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
      res.on('error', () => done(-1, ''));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(-1, ''));
    req.end(body);
  });
}

interface Created {
  id: string;
  tokens: Record<string, string>;
}

async function createTable(base: string, seed: number): Promise<Created> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const reply = await request(`${base}/api/tables`, 'POST', {}, JSON.stringify({ seed }));
    if (reply.status === 201) return JSON.parse(reply.body) as Created;
    if (reply.status !== 429 && reply.status !== -1) throw new Error(`create: ${reply.status} ${reply.body.slice(0, 200)}`);
    await sleep(500);
  }
  throw new Error('create: still refused after 20 tries');
}

/** A live connection: hello, views, sends matched to their replies by id. */
class Live {
  readonly socket: WebSocket;
  latest: Json | null = null;
  closeCode: number | null = null;
  readonly closed: Promise<number>;
  readonly #pending = new Map<number, (frame: Json | null) => void>();
  readonly #viewWaiters = new Set<() => void>();
  #next = 0;

  constructor(url: string) {
    this.socket = new WebSocket(url, { handshakeTimeout: 10_000 });
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code) => {
        this.closeCode = code;
        for (const settle of this.#pending.values()) settle(null);
        this.#pending.clear();
        for (const wake of this.#viewWaiters) wake();
        resolve(code);
      });
    });
    this.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Json;
      if (frame.type === 'view') {
        if (this.latest === null || frame.version >= this.latest.version) this.latest = frame;
        for (const wake of this.#viewWaiters) wake();
        return;
      }
      const settle = this.#pending.get(frame.id as number);
      if (settle !== undefined) {
        this.#pending.delete(frame.id as number);
        settle(frame);
      }
    });
  }

  /** Connects and says hello; resolves once the first view arrived (throws after 10 s or on a close). */
  static async open(base: string, id: string, token: string): Promise<Live> {
    const live = new Live(`${base.replace('http', 'ws')}/api/tables/${id}/live`);
    const opened = new Promise<void>((resolve, reject) => {
      live.socket.once('open', () => resolve());
      live.socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      live.socket.once('error', reject);
    });
    try {
      await within(opened, 10_000, `the WebSocket upgrade of ${live.socket.url}`);
    } catch (error) {
      live.socket.terminate();
      throw error;
    }
    live.socket.send(JSON.stringify({ type: 'hello', token }));
    const deadline = Date.now() + 10_000;
    while (live.latest === null) {
      if (live.closeCode !== null) throw new Error(`closed ${live.closeCode} before the first view`);
      if (Date.now() > deadline) throw new Error('no first view within 10 s');
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          live.#viewWaiters.delete(wake);
          resolve();
        };
        live.#viewWaiters.add(wake);
        setTimeout(wake, 500);
      });
    }
    return live;
  }

  /** Sends an event; resolves with the result or error frame, or null on a timeout or a close. */
  send(event: unknown, key?: string, timeoutMs = 5_000): Promise<Json | null> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    const id = (this.#next += 1);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve(null);
      }, timeoutMs);
      this.#pending.set(id, (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
      this.socket.send(JSON.stringify({ type: 'send', id, event, ...(key === undefined ? {} : { key }) }));
    });
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000);
  }
}

/** The seat's next accepted event: commit three natural tiles of its rack, or take its packet back. */
function nextMove(live: Live, seat: string, committed: boolean): Json {
  if (committed) return { type: 'pass.retract', seat };
  const rack = (live.latest?.view?.rack ?? []) as Array<{ tile: string }>;
  return { type: 'pass.commit', seat, tiles: rack.map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3) };
}

// ---------------------------------------------------------------------------------------------------------------
// The real seat's round trip

interface ProbeStats {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  timeouts: number;
  refused: number;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function stats(samples: number[], timeouts: number, refused: number): ProbeStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: samples.length, p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), max: round(sorted.at(-1) ?? NaN), timeouts, refused };
}

/** A seat that alternates pass.commit and pass.retract (both accepted each time while no other seat commits). */
class Probe {
  committed = false;
  constructor(readonly live: Live, readonly seat: string) {}

  /** Round trips until `stop()` or `maxMs`, at most `maxSamples`, one every `gapMs` at most (under the 20/s budget). */
  async run(maxMs: number, stop: () => boolean = () => false, maxSamples = 2_000, gapMs = 60): Promise<ProbeStats> {
    const samples: number[] = [];
    let timeouts = 0;
    let refused = 0;
    const end = performance.now() + maxMs;
    while (performance.now() < end && samples.length + timeouts < maxSamples && !stop() && this.live.closeCode === null) {
      const started = performance.now();
      const reply = await this.live.send(nextMove(this.live, this.seat, this.committed), undefined, 5_000);
      const ms = performance.now() - started;
      if (reply === null) {
        timeouts += 1;
        samples.push(ms); // a timeout counts at its full wait
      } else {
        samples.push(ms);
        if (reply.type === 'result' && reply.ok === true) this.committed = !this.committed;
        else {
          refused += 1;
          const code = reply.refusal?.code ?? reply.code;
          if (code === 'NOTHING_TO_RETRACT') this.committed = false;
          else if (code !== 'RATE_LIMITED' && code !== 'UNAVAILABLE') this.committed = !this.committed;
        }
      }
      await sleep(Math.max(0, gapMs - (performance.now() - started)) + 5);
    }
    return stats(samples, timeouts, refused);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The attacker (runs in a worker process)

interface AttackSpec {
  kind: 'create' | 'refused' | 'badTokens' | 'connections' | 'combined' | 'verifiedUnknownTables' | 'burn';
  base: string;
  seconds: number;
  maxAttempts: number;
  /** Row 2: the attacker's own table and its seat tokens; row 3: the table to hit; row 4: its spectator token. */
  table?: Created;
  target?: string;
}

const LONG = 'X'.repeat(10_240);

async function loops(count: number, deadline: number, maxAttempts: { left: number }, body: () => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (Date.now() < deadline && maxAttempts.left > 0) {
        maxAttempts.left -= 1;
        await body();
      }
    }),
  );
}

async function attackCreate(spec: AttackSpec, deadline: number, out: Json): Promise<void> {
  const statuses: Tally = {};
  out.create = statuses;
  await loops(16, deadline, { left: spec.maxAttempts }, async () => {
    const reply = await request(`${spec.base}/api/tables`, 'POST', { authorization: `Bearer ${fakeToken()}` }, '{}');
    bump(statuses, reply.status);
  });
}

async function attackRefused(spec: AttackSpec, deadline: number, out: Json): Promise<void> {
  const table = spec.table as Created;
  const seats = ['east', 'south', 'west', 'north'];
  const http: Tally = {};
  const ws: Tally = {};
  out.refusedHttp = http;
  out.refusedWs = ws;
  const budget = { left: spec.maxAttempts };
  let turn = 0;
  // The attacker's four seats connect first (its tokens are verified by their hello).
  const sockets: Live[] = [];
  for (const seat of seats) {
    try {
      sockets.push(await Live.open(spec.base, table.id, table.tokens[seat] as string));
    } catch (error) {
      bump(ws, `open failed: ${(error as Error).message.slice(0, 40)}`);
    }
  }
  const httpLoops = loops(12, deadline, budget, async () => {
    const seat = seats[turn++ % 4] as string;
    const body = JSON.stringify({ event: { type: 'pass.commit', seat, tiles: [LONG, LONG, LONG] }, key: randomBytes(16).toString('hex') });
    const reply = await request(`${spec.base}/api/tables/${table.id}/events`, 'POST', { authorization: `Bearer ${table.tokens[seat]}` }, body);
    bump(http, reply.status);
  });
  const wsLoops = Promise.all(
    sockets.map((live, index) =>
      loops(4, deadline, budget, async () => {
        const seat = seats[index] as string;
        const reply = await live.send({ type: 'pass.commit', seat, tiles: [LONG, LONG, LONG] }, randomBytes(16).toString('hex'), 5_000);
        if (reply === null) bump(ws, 'no reply');
        else if (reply.type === 'result') bump(ws, reply.ok ? 'accepted' : `refused ${reply.refusal?.code}`);
        else bump(ws, `error ${reply.code}`);
        if (reply === null && live.closeCode !== null) await sleep(50);
      }),
    ),
  );
  await Promise.all([httpLoops, wsLoops]);
  for (const live of sockets) live.close();
}

/** One WebSocket attempt: the upgrade's status, or the first thing after the hello (a view, a close code). */
function wsAttempt(base: string, id: string, token: string, keep: (socket: WebSocket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${id}/live`, { handshakeTimeout: 5_000 });
    let settled = false;
    const done = (outcome: string, close: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (close) socket.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => done('timeout', true), 6_000);
    socket.on('error', () => done('error', true));
    socket.on('unexpected-response', (_req, res) => {
      res.resume();
      done(`upgrade ${res.statusCode}`, true);
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token })));
    socket.on('close', (code) => done(`close ${code}`, false));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Json;
      if (frame.type === 'view') {
        keep(socket);
        done('admitted', false);
      }
    });
  });
}

async function attackBadTokens(spec: AttackSpec, deadline: number, out: Json): Promise<void> {
  const target = spec.target as string;
  const http: Tally = {};
  const ws: Tally = {};
  out.badHttp = http;
  out.badWs = ws;
  const budget = { left: spec.maxAttempts };
  const httpLoops = loops(12, deadline, budget, async () => {
    const reply = await request(`${spec.base}/api/tables/${target}`, 'GET', { authorization: `Bearer ${fakeToken()}` });
    bump(http, reply.status);
  });
  const wsLoops = loops(6, deadline, budget, async () => {
    bump(ws, await wsAttempt(spec.base, target, fakeToken(), (socket) => socket.close()));
  });
  await Promise.all([httpLoops, wsLoops]);
}

/** Row 7: the attacker's own tokens, verified, each request naming a fresh unknown table id. */
async function attackVerifiedUnknownTables(spec: AttackSpec, deadline: number, out: Json): Promise<void> {
  const table = spec.table as Created;
  const tokens = Object.values(table.tokens);
  const verify: Tally = {};
  for (const token of tokens) bump(verify, (await request(`${spec.base}/api/tables/${table.id}`, 'GET', { authorization: `Bearer ${token}` })).status);
  const statuses: Tally = {};
  out.verify = verify;
  out.unknownTables = statuses;
  let turn = 0;
  await loops(12, deadline, { left: spec.maxAttempts }, async () => {
    const token = tokens[turn++ % tokens.length] as string;
    const reply = await request(`${spec.base}/api/tables/${randomBytes(16).toString('base64url')}`, 'GET', { authorization: `Bearer ${token}` });
    bump(statuses, reply.status);
  });
}

async function attackConnections(spec: AttackSpec, deadline: number, out: Json): Promise<void> {
  const table = spec.table as Created;
  const outcomes: Tally = {};
  const kept: WebSocket[] = [];
  let open = 0;
  let maxOpen = 0;
  let closedLater: Tally = {};
  let attempts = 0;
  await loops(48, deadline, { left: spec.maxAttempts }, async () => {
    attempts += 1;
    const outcome = await wsAttempt(spec.base, table.id, table.tokens.spectator as string, (socket) => {
      kept.push(socket);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      socket.on('close', (code) => {
        open -= 1;
        bump(closedLater, code);
      });
    });
    bump(outcomes, outcome);
    if (outcome.startsWith('upgrade') || outcome === 'error') await sleep(5); // refused before the upgrade: the address is full
  });
  out.connections = { attempts, outcomes, admitted: outcomes.admitted ?? 0, maxAdmittedOpen: maxOpen, admittedOpenAtEnd: open, admittedClosedByServer: closedLater };
  for (const socket of kept) socket.close(1000);
  await sleep(200);
  closedLater = {};
}

async function worker(spec: AttackSpec): Promise<void> {
  const out: Json = { kind: spec.kind };
  const started = performance.now();
  const deadline = Date.now() + spec.seconds * 1_000;
  const cpu0 = process.cpuUsage();
  process.stdout.write('go\n');
  if (spec.kind === 'create') await attackCreate(spec, deadline, out);
  else if (spec.kind === 'refused') await attackRefused(spec, deadline, out);
  else if (spec.kind === 'badTokens') await attackBadTokens(spec, deadline, out);
  else if (spec.kind === 'connections') await attackConnections(spec, deadline, out);
  else if (spec.kind === 'verifiedUnknownTables') await attackVerifiedUnknownTables(spec, deadline, out);
  else if (spec.kind === 'burn') {
    // The control: no request at all, one core kept busy (in slices, so the worker still ends on time).
    while (Date.now() < deadline) {
      const slice = Date.now() + 50;
      while (Date.now() < slice) Math.sqrt(Math.random());
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  else await Promise.all([attackCreate(spec, deadline, out), attackRefused(spec, deadline, out), attackBadTokens(spec, deadline, out)]);
  out.seconds = round((performance.now() - started) / 1_000, 2);
  const used = process.cpuUsage(cpu0);
  out.cpuPercent = round(((used.user + used.system) / 1e6 / out.seconds) * 100, 0);
  process.stdout.write(`${JSON.stringify(out)}\n`);
  agent.destroy();
  process.exit(0);
}

/** Starts the attack in a worker process; `started` once it runs, `done` with its figures (killed after `boundMs`). */
function startAttack(spec: AttackSpec, boundMs: number): { pid: number | undefined; started: Promise<void>; done: Promise<Json> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--worker', JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const errors: string[] = [];
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'go') markStarted();
    else lines.push(line);
  });
  createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
  const kill = setTimeout(() => child.kill('SIGKILL'), boundMs);
  const done = new Promise<Json>((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(kill);
      markStarted();
      const last = lines.at(-1);
      try {
        resolve(last === undefined ? { failed: `worker exited ${code}: ${errors.slice(-5).join(' | ')}` } : (JSON.parse(last) as Json));
      } catch {
        resolve({ failed: `worker output: ${last}` });
      }
    });
  });
  return { pid: child.pid, started, done };
}

// ---------------------------------------------------------------------------------------------------------------
// The database (the node's own, opened directly)

interface Env {
  kind: 'pglite' | 'postgres';
  url: string | null;
  dirs: string[];
}

/** The `--db` argument of a fresh node for one row (PGlite: a fresh folder; PostgreSQL: the one database). */
function dbArg(env: Env): { arg: string; dir: string | null } {
  if (env.kind === 'postgres') return { arg: env.url as string, dir: null };
  const dir = mkdtempSync(join(tmpdir(), 'charleston-abuse-'));
  env.dirs.push(dir);
  return { arg: `pglite:${dir}`, dir };
}

/** Runs queries on the node's database: PostgreSQL while the node runs; PGlite only once the node has exited. */
async function withDb<T>(env: Env, dir: string | null, work: (query: (sql: string, params?: unknown[]) => Promise<Json[]>) => Promise<T>): Promise<T> {
  if (env.kind === 'postgres') {
    const client = new pg.Client({ connectionString: env.url as string });
    await client.connect();
    try {
      return await work(async (sql, params) => (await client.query(sql, params as unknown[])).rows as Json[]);
    } finally {
      await client.end();
    }
  }
  const db = await openDb({ kind: 'pglite', dir });
  try {
    return await work((sql, params) => db.query<Json>(sql, params ?? []));
  } finally {
    await db.close();
  }
}

const SIZE_SQL = `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'charleston\\_%'`;

// ---------------------------------------------------------------------------------------------------------------
// The rows

interface Options {
  seconds: number;
  combinedSeconds: number;
  conns: number;
  connSeconds: number;
  tables: number;
  baselineSeconds: number;
  /** Row 6: each active seat's pause between two sends (default 2,000 ms: 200 active seats ≈ 100 sends/s). */
  playGapMs: number;
}

interface Seat {
  table: Created;
  probe: Probe;
  watcher: Live;
}

/** The real seat: a table of four people, East live (the probe) and South live (a watcher), East verified over HTTP too. */
async function connectSeat(node: ChildNode, table: Created | null): Promise<Seat> {
  const own = table ?? (await createTable(node.base, 2026));
  const east = await Live.open(node.base, own.id, own.tokens.east as string);
  const watcher = await Live.open(node.base, own.id, own.tokens.south as string);
  const check = await request(`${node.base}/api/tables/${own.id}`, 'GET', { authorization: `Bearer ${own.tokens.east}` });
  if (check.status !== 200) throw new Error(`seat check: ${check.status}`);
  const probe = new Probe(east, 'east');
  // Warm up (the first sends load code paths and the statement cache).
  await probe.run(1_500, () => false, 20);
  return { table: own, probe, watcher };
}

function closeSeat(seat: Seat): void {
  seat.probe.live.close();
  seat.watcher.close();
}

/** Baseline alone, then the same probe while `spec` runs; the attack's figures, both probes, CPU shares. */
async function underAttack(node: ChildNode, seat: Seat, spec: AttackSpec, options: Options): Promise<Measured> {
  const load1 = round(loadavg()[0] as number, 1);
  const alone = await cpuOver([() => node.process.pid], () => seat.probe.run(options.baselineSeconds * 1_000));
  const attack = startAttack(spec, spec.seconds * 1_000 + 60_000);
  let finished = false;
  const done = attack.done.then((result) => {
    finished = true;
    return result;
  });
  await Promise.race([attack.started, sleep(20_000)]);
  const attacked = await cpuOver([() => node.process.pid, () => attack.pid], () => seat.probe.run(spec.seconds * 1_000 + 5_000, () => finished, 10_000));
  const result = await done;
  return {
    alone: alone.value,
    attacked: attacked.value,
    attack: result,
    seatClosed: seat.probe.live.closeCode,
    watcherClosed: seat.watcher.closeCode,
    cpu: { serverAlone: alone.cpu[0] as number, serverAttacked: attacked.cpu[0] as number, attacker: result.cpuPercent as number, load1 },
  };
}

interface Measured {
  alone: ProbeStats;
  attacked: ProbeStats;
  attack: Json;
  seatClosed: number | null;
  watcherClosed: number | null;
  cpu: Json;
}

const ratio = (a: ProbeStats, b: ProbeStats): number => round(b.p95 / a.p95, 2);
const perSecond = (count: number | undefined, seconds: number): number => round((count ?? 0) / seconds, 1);
const sum = (tally: Tally | undefined, pick: (key: string) => boolean = () => true): number => Object.entries(tally ?? {}).reduce((total, [key, n]) => total + (pick(key) ? n : 0), 0);

async function start(env: Env, arg: string, extra: string[] = []): Promise<ChildNode> {
  return within(startChild(arg, ['--log-level', 'silent', ...extra]), CHILD_MS, `the service node's serving line (${arg})`);
}

async function row1(env: Env, options: Options): Promise<Json> {
  const { arg } = dbArg(env);
  const node = await start(env, arg);
  try {
    const seat = await connectSeat(node, null);
    const m = await underAttack(node, seat, { kind: 'create', base: node.base, seconds: options.seconds, maxAttempts: 1_000_000 }, options);
    closeSeat(seat);
    const s = m.attack.seconds as number;
    const create = m.attack.create as Tally;
    return {
      row: 1,
      name: 'POST /api/tables, random bearer',
      attempts: sum(create),
      attemptsPerSecond: perSecond(sum(create), s),
      createdPerSecond: perSecond(create?.['201'], s),
      created: create?.['201'] ?? 0,
      limitedPerSecond: perSecond(create?.['429'], s),
      statuses: create,
      seconds: s,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

function seatFigures(m: Measured): Json {
  return { alone: m.alone, attacked: m.attacked, p95Ratio: ratio(m.alone, m.attacked), seatClosed: m.seatClosed, watcherClosed: m.watcherClosed, cpu: m.cpu, ...(m.attack.failed ? { attackFailed: m.attack.failed } : {}) };
}

/** Stops the node, runs `work` on its database, starts it again (PGlite); PostgreSQL: just runs `work`. */
async function measureBetween<T>(env: Env, arg: string, dir: string | null, node: ChildNode, work: (query: (sql: string, params?: unknown[]) => Promise<Json[]>) => Promise<T>): Promise<{ node: ChildNode; value: T }> {
  if (env.kind === 'postgres') return { node, value: await withDb(env, dir, work) };
  await stopBounded(node);
  const value = await withDb(env, dir, work);
  return { node: await start(env, arg), value };
}

async function row2(env: Env, options: Options): Promise<Json> {
  const { arg, dir } = dbArg(env);
  let node = await start(env, arg);
  try {
    const seatTable = await createTable(node.base, 2026);
    const attacker = await createTable(node.base, 7);
    const before = await measureBetween(env, arg, dir, node, async (query) => Number((await query(SIZE_SQL))[0]?.bytes));
    node = before.node;
    const seat = await connectSeat(node, seatTable);
    const m = await underAttack(node, seat, { kind: 'refused', base: node.base, seconds: options.seconds, maxAttempts: 1_000_000, table: attacker }, options);
    closeSeat(seat);
    const after = await measureBetween(env, arg, dir, node, async (query) => {
      const bytes = Number((await query(SIZE_SQL))[0]?.bytes);
      const keys = (await query('SELECT count(*)::int AS n, avg(length(result::text))::float AS text, avg(pg_column_size(i.*))::float AS row FROM charleston_idempotency i WHERE table_id = $1', [attacker.id]))[0] as Json;
      return { bytes, keys };
    });
    node = after.node;
    const s = m.attack.seconds as number;
    const stored = Number(after.value.keys.n);
    const growth = after.value.bytes - before.value;
    return {
      row: 2,
      name: 'refused sends, fresh keys, 10 KB tile names',
      http: m.attack.refusedHttp,
      ws: m.attack.refusedWs,
      storedKeys: stored,
      storedPerSecond: perSecond(stored, s),
      avgResultChars: round(Number(after.value.keys.text)),
      avgRowBytes: round(Number(after.value.keys.row)),
      dbBytesBefore: before.value,
      dbBytesAfter: after.value.bytes,
      growthBytesPerKey: stored > 0 ? round(growth / stored) : null,
      growthBytesPerSecond: round(growth / s),
      seconds: s,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

async function row3(env: Env, options: Options): Promise<Json> {
  const { arg } = dbArg(env);
  const node = await start(env, arg);
  try {
    const seat = await connectSeat(node, null);
    const m = await underAttack(node, seat, { kind: 'badTokens', base: node.base, seconds: options.seconds, maxAttempts: 1_000_000, target: seat.table.id }, options);
    closeSeat(seat);
    const s = m.attack.seconds as number;
    const httpTally = m.attack.badHttp as Tally;
    const wsTally = m.attack.badWs as Tally;
    return {
      row: 3,
      name: 'fresh bad token per request and per upgrade',
      httpPerSecond: perSecond(sum(httpTally), s),
      wsPerSecond: perSecond(sum(wsTally), s),
      http: httpTally,
      ws: wsTally,
      answered429: (httpTally?.['429'] ?? 0) + (wsTally?.['upgrade 429'] ?? 0),
      answered401: (httpTally?.['401'] ?? 0),
      wsClosed4401: wsTally?.['close 4401'] ?? 0,
      wsClosed1013: wsTally?.['close 1013'] ?? 0,
      seconds: s,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

async function row4(env: Env, options: Options): Promise<Json> {
  const { arg } = dbArg(env);
  const node = await start(env, arg);
  try {
    const seat = await connectSeat(node, null);
    const attacker = await createTable(node.base, 8);
    const m = await underAttack(node, seat, { kind: 'connections', base: node.base, seconds: options.connSeconds, maxAttempts: options.conns, table: attacker }, options);
    // The real player is still served after the attack: one more round trip.
    const after = await seat.probe.run(2_000, () => false, 5);
    closeSeat(seat);
    const c = (m.attack.connections ?? {}) as Json;
    return {
      row: 4,
      name: `${options.conns} live connections, one spectator token`,
      attempts: c.attempts,
      admitted: c.admitted,
      maxAdmittedOpen: c.maxAdmittedOpen,
      admittedClosedByServer: c.admittedClosedByServer,
      outcomes: c.outcomes,
      realPlayerClosed: m.seatClosed !== null || m.watcherClosed !== null,
      realPlayerServedAfter: after.samples - after.timeouts,
      seconds: m.attack.seconds,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

async function row5(env: Env, options: Options, bytesPerTableHint: number | null): Promise<Json> {
  const { arg, dir } = dbArg(env);
  let node = await start(env, arg);
  try {
    const seatTable = await createTable(node.base, 2026);
    const attacker = await createTable(node.base, 9);
    const before = await measureBetween(env, arg, dir, node, async (query) => Number((await query(SIZE_SQL))[0]?.bytes));
    node = before.node;
    const seat = await connectSeat(node, seatTable);
    const m = await underAttack(node, seat, { kind: 'combined', base: node.base, seconds: options.combinedSeconds, maxAttempts: 10_000_000, table: attacker, target: seatTable.id }, options);
    closeSeat(seat);
    const after = await measureBetween(env, arg, dir, node, async (query) => {
      const bytes = Number((await query(SIZE_SQL))[0]?.bytes);
      const keys = Number((await query('SELECT count(*)::int AS n FROM charleston_idempotency WHERE table_id = $1', [attacker.id]))[0]?.n);
      const perTable = (await query(
        `SELECT count(*)::int AS n, avg(pg_column_size(t.*) + (SELECT coalesce(sum(pg_column_size(k.*)), 0) FROM charleston_tokens k WHERE k.table_id = t.id))::float AS bytes
           FROM charleston_tables t WHERE t.id <> $1 AND t.id <> $2`,
        [attacker.id, seatTable.id],
      ))[0] as Json;
      return { bytes, keys, perTable };
    });
    node = after.node;
    const s = m.attack.seconds as number;
    const created = (m.attack.create as Tally)?.['201'] ?? 0;
    const growth = after.value.bytes - before.value;
    const tableBytes = Number(after.value.perTable.bytes) || bytesPerTableHint || 0;
    const keysPerSecond = after.value.keys / s;
    const keyBytes = after.value.keys > 0 ? (growth - created * tableBytes) / after.value.keys : 0;
    // What the retention lets one address keep at this rate: keys for 24 h, created (untouched) tables for 7 days.
    const keysKept = keysPerSecond * 86_400;
    const tablesKept = 30 * 60 * 24 * 7;
    return {
      row: 5,
      name: `rows 1-3 together for ${options.combinedSeconds} s`,
      dbBytesBefore: before.value,
      dbBytesAfter: after.value.bytes,
      growthBytes: growth,
      growthBytesPerSecond: round(growth / s),
      tablesCreated: created,
      keysStored: after.value.keys,
      logicalBytesPerTable: round(tableBytes),
      retention: {
        keysKeptAtThisRate: Math.round(keysKept),
        keysBytes: Math.round(keysKept * Math.max(keyBytes, 0)),
        tablesKeptPerAddress: tablesKept,
        tablesBytes: Math.round(tablesKept * tableBytes),
        growthBytesPerDayAtThisRate: Math.round((growth / s) * 86_400),
      },
      create: m.attack.create,
      refusedHttp: m.attack.refusedHttp,
      refusedWs: m.attack.refusedWs,
      badHttp: m.attack.badHttp,
      badWs: m.attack.badWs,
      seconds: s,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

/** Row 0 (opt-in): the control. A process that keeps one core busy and sends nothing: what the machine alone does to the seat. */
async function row0(env: Env, options: Options): Promise<Json> {
  const { arg } = dbArg(env);
  const node = await start(env, arg);
  try {
    const seat = await connectSeat(node, null);
    const m = await underAttack(node, seat, { kind: 'burn', base: node.base, seconds: options.seconds, maxAttempts: 1 }, options);
    closeSeat(seat);
    return { row: 0, name: 'control: one busy core, no requests', seconds: m.attack.seconds, ...seatFigures(m) };
  } finally {
    await stopBounded(node);
  }
}

const XACT_SQL = 'SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = current_database()';

async function row7(env: Env, options: Options): Promise<Json> {
  const { arg } = dbArg(env);
  const node = await start(env, arg);
  try {
    const seat = await connectSeat(node, null);
    const attacker = await createTable(node.base, 10);
    const xactBefore = env.kind === 'postgres' ? await withDb(env, null, async (query) => Number((await query(XACT_SQL))[0]?.n)) : null;
    const m = await underAttack(node, seat, { kind: 'verifiedUnknownTables', base: node.base, seconds: options.seconds, maxAttempts: 1_000_000, table: attacker }, options);
    const xactAfter = env.kind === 'postgres' ? await withDb(env, null, async (query) => Number((await query(XACT_SQL))[0]?.n)) : null;
    closeSeat(seat);
    const s = m.attack.seconds as number;
    const statuses = m.attack.unknownTables as Tally;
    return {
      row: 7,
      name: "the attacker's 6 verified tokens, a fresh unknown table id per request",
      verify: m.attack.verify,
      requestsPerSecond: perSecond(sum(statuses), s),
      statuses,
      looked404: statuses?.['404'] ?? 0,
      answered429: statuses?.['429'] ?? 0,
      dbTransactions: xactBefore === null || xactAfter === null ? null : xactAfter - xactBefore,
      seconds: s,
      ...seatFigures(m),
    };
  } finally {
    await stopBounded(node);
  }
}

interface Sent {
  table: number;
  reply: 'ok' | 'refused' | 'error' | 'none';
  version?: number;
  afterTerm: boolean;
}

async function row6(env: Env, options: Options): Promise<Json> {
  const { arg, dir } = dbArg(env);
  const node = await start(env, arg, ['--max-conn-per-address', '2000', '--create-per-minute', '1000']);
  let exited = false;
  try {
    const seat = await connectSeat(node, null);
    const tables: Created[] = [];
    for (let i = 0; i < options.tables; i += 8) {
      const batch = await Promise.all(Array.from({ length: Math.min(8, options.tables - i) }, (_, j) => createTable(node.base, 100 + i + j)));
      tables.push(...batch);
    }
    const sockets: Live[][] = [];
    for (let i = 0; i < tables.length; i += 10) {
      const batch = await Promise.all(
        tables.slice(i, i + 10).map((table) => Promise.all(['east', 'south', 'west', 'north'].map((s) => Live.open(node.base, table.id, table.tokens[s] as string)))),
      );
      sockets.push(...batch);
    }
    const alone = await seat.probe.run(options.baselineSeconds * 1_000);
    // East and South of every table alternate commit and retract (West and North watch, so no pass resolves).
    const sent: Sent[] = [];
    let terminated = false;
    let stopPlay = false;
    const playDeadline = Date.now() + 60_000;
    const players = sockets.flatMap((four, index) =>
      (['east', 'south'] as const).map(async (s, k) => {
        const live = four[k] as Live;
        let committed = false;
        await sleep(Math.random() * options.playGapMs);
        for (let n = 0; n < 10_000 && !stopPlay && Date.now() < playDeadline && live.closeCode === null; n += 1) {
          const record: Sent = { table: index, reply: 'none', afterTerm: terminated };
          sent.push(record);
          const reply = await live.send(nextMove(live, s, committed), undefined, 15_000);
          if (reply === null) break;
          if (reply.type === 'result' && reply.ok === true) {
            record.reply = 'ok';
            record.version = reply.version as number;
            committed = !committed;
          } else if (reply.type === 'result') {
            record.reply = 'refused';
            if (reply.refusal?.code === 'NOTHING_TO_RETRACT') committed = false;
          } else record.reply = 'error';
          await sleep(options.playGapMs * (0.75 + Math.random() * 0.5));
        }
      }),
    );
    await sleep(1_000);
    const attacked = await seat.probe.run(options.seconds * 500);
    // SIGTERM while every table plays.
    const termAt = performance.now();
    terminated = true;
    const exit = new Promise<number | null>((resolve) => node.process.once('exit', (code) => resolve(code)));
    node.process.kill('SIGTERM');
    const code = await Promise.race([exit, sleep(30_000).then(() => 'timeout' as const)]);
    if (code === 'timeout') await killBounded(node);
    exited = true;
    const exitMs = round(performance.now() - termAt, 0);
    stopPlay = true;
    const all = [seat.probe.live, seat.watcher, ...sockets.flat()];
    await Promise.race([Promise.all(all.map((live) => live.closed)), sleep(10_000)]);
    await Promise.race([Promise.all(players), sleep(20_000)]);
    const closes: Tally = {};
    for (const live of all) bump(closes, live.closeCode ?? 'open');
    const replies: Tally = {};
    for (const record of sent) bump(replies, record.reply);
    const acked = new Set(sent.filter((r) => r.reply === 'ok').map((r) => `${r.table} ${r.version}`));
    const logged = await withDb(env, dir, async (query) => query('SELECT table_id, version FROM charleston_events WHERE table_id = ANY($1)', [tables.map((t) => t.id)]));
    const index = new Map(tables.map((t, i) => [t.id, i]));
    const inLog = new Set(logged.map((row) => `${index.get(row.table_id as string)} ${row.version}`));
    const committedNoReply = [...inLog].filter((key) => !acked.has(key)).length;
    const ackedNotLogged = [...acked].filter((key) => !inLog.has(key)).length;
    return {
      row: 6,
      name: `SIGTERM with ${options.tables} tables playing (4 live seats each, East and South sending every ~${options.playGapMs} ms)`,
      exitCode: code,
      exitMs,
      sockets: all.length,
      closes,
      closed1001: closes['1001'] ?? 0,
      closedOther: all.length - (closes['1001'] ?? 0),
      sends: sent.length,
      replies,
      sentAfterSigterm: sent.filter((r) => r.afterTerm).length,
      logEvents: inLog.size,
      committedNoReply,
      ackedNotLogged,
      alone,
      attacked,
      p95Ratio: ratio(alone, attacked),
    };
  } finally {
    if (!exited) await killBounded(node);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Main

function line(result: Json): string[] {
  const seat = result.alone ? `seat p50/p95 alone ${result.alone.p50}/${result.alone.p95} ms, under abuse ${result.attacked.p50}/${result.attacked.p95} ms (n=${result.alone.samples}/${result.attacked.samples}, timeouts ${result.attacked.timeouts}), p95 ratio ${result.p95Ratio}` : '';
  const out = [`row ${result.row}: ${result.name} (${result.rowSeconds} s)`];
  if (result.error) return [...out, `  FAILED: ${result.error}`];
  switch (result.row) {
    case 1:
      out.push(`  ${result.attemptsPerSecond} attempts/s, ${result.createdPerSecond} tables/s created (${result.created}), ${result.limitedPerSecond} 429/s; statuses ${JSON.stringify(result.statuses)}`);
      break;
    case 2:
      out.push(`  stored keys ${result.storedKeys} (${result.storedPerSecond}/s), result ${result.avgResultChars} chars, row ${result.avgRowBytes} B, growth ${result.growthBytesPerKey} B/key, ${result.growthBytesPerSecond} B/s (db ${result.dbBytesBefore} → ${result.dbBytesAfter})`);
      out.push(`  http ${JSON.stringify(result.http)} ws ${JSON.stringify(result.ws)}`);
      break;
    case 3:
      out.push(`  ${result.httpPerSecond} requests/s + ${result.wsPerSecond} upgrades/s; 429: ${result.answered429}, 401: ${result.answered401}, ws 4401: ${result.wsClosed4401}, ws 1013: ${result.wsClosed1013}`);
      out.push(`  http ${JSON.stringify(result.http)} ws ${JSON.stringify(result.ws)}`);
      break;
    case 4:
      out.push(`  ${result.attempts} attempts in ${result.seconds} s: admitted ${result.admitted} (max open ${result.maxAdmittedOpen}), real player closed: ${result.realPlayerClosed}; ${JSON.stringify(result.outcomes)}`);
      break;
    case 5:
      out.push(`  db ${result.dbBytesBefore} → ${result.dbBytesAfter} B (+${result.growthBytesPerSecond} B/s), ${result.tablesCreated} tables, ${result.keysStored} keys, ${result.logicalBytesPerTable} B/table`);
      out.push(`  retention allows per address: ${JSON.stringify(result.retention)}`);
      break;
    case 7:
      out.push(`  ${result.requestsPerSecond} requests/s: 404 (looked up) ${result.looked404}, 429 ${result.answered429}, db transactions ${result.dbTransactions}; ${JSON.stringify(result.statuses)}`);
      break;
    case 6:
      out.push(`  exit ${result.exitCode} after ${result.exitMs} ms; ${result.sockets} sockets: 1001 ${result.closed1001}, other ${result.closedOther} ${JSON.stringify(result.closes)}`);
      out.push(`  ${result.sends} sends ${JSON.stringify(result.replies)} (${result.sentAfterSigterm} after SIGTERM); log ${result.logEvents} events; committed without reply ${result.committedNoReply}; acknowledged but not logged ${result.ackedNotLogged}`);
      break;
  }
  if (seat !== '') out.push(`  ${seat}`);
  if (result.cpu) out.push(`  cpu % of a core: server alone ${result.cpu.serverAlone}, server under abuse ${result.cpu.serverAttacked}, attacker ${result.cpu.attacker}; load ${result.cpu.load1}`);
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      db: { type: 'string' },
      rows: { type: 'string', default: '1,2,3,4,5,6' },
      seconds: { type: 'string', default: '10' },
      'combined-seconds': { type: 'string', default: '60' },
      conns: { type: 'string', default: '10000' },
      'conn-seconds': { type: 'string', default: '20' },
      tables: { type: 'string', default: '100' },
      'baseline-seconds': { type: 'string', default: '4' },
      'play-gap-ms': { type: 'string', default: '2000' },
      json: { type: 'boolean' },
      worker: { type: 'string' },
      format: { type: 'string' },
    },
  });
  if (values.worker !== undefined) return worker(JSON.parse(values.worker) as AttackSpec);
  if (values.format !== undefined) {
    const saved = JSON.parse(readFileSync(values.format, 'utf8')) as { db: string; seconds: number; rows: Json[] };
    process.stdout.write(`abuse bench on ${saved.db}\n`);
    for (const result of saved.rows) for (const text of line(result)) process.stdout.write(`${text}\n`);
    process.stdout.write(`total ${saved.seconds} s\n`);
    return;
  }
  const url = values.db ?? process.env.CHARLESTON_DB ?? '';
  const env: Env = /^postgres(ql)?:\/\//.test(url) ? { kind: 'postgres', url, dirs: [] } : { kind: 'pglite', url: null, dirs: [] };
  const options: Options = {
    seconds: Number(values.seconds),
    combinedSeconds: Number(values['combined-seconds']),
    conns: Number(values.conns),
    connSeconds: Number(values['conn-seconds']),
    tables: Number(values.tables),
    baselineSeconds: Number(values['baseline-seconds']),
    playGapMs: Number(values['play-gap-ms']),
  };
  const rows = values.rows.split(',').map(Number);
  const results: Json[] = [];
  // The table goes to stdout, or to stderr with --json (stdout then holds the JSON only).
  const log = (text: string): void => {
    (values.json ? process.stderr : process.stdout).write(`${text}\n`);
  };
  log(`abuse bench on ${env.kind} (${new Date().toISOString()})`);
  const started = performance.now();
  try {
    for (const row of rows) {
      const run = [row0, row1, row2, row3, row4, row5, row6, row7][row];
      if (run === null || run === undefined) continue;
      let result: Json;
      const rowStarted = performance.now();
      try {
        result = await (run as (env: Env, options: Options, hint: null) => Promise<Json>)(env, options, null);
      } catch (error) {
        result = { row, name: `row ${row}`, error: (error as Error).stack?.split('\n').slice(0, 3).join(' ') ?? String(error) };
      }
      result.rowSeconds = round((performance.now() - rowStarted) / 1_000, 1);
      results.push(result);
      for (const text of line(result)) log(text);
    }
  } finally {
    for (const dir of env.dirs) rmSync(dir, { recursive: true, force: true });
    agent.destroy();
  }
  const summary = { db: env.kind, seconds: round((performance.now() - started) / 1_000, 1), rows: results };
  log(`total ${summary.seconds} s`);
  if (values.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.exit(0);
}

await main();
