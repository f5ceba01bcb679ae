/**
 * The bench's socket clients, ours and the peer's, playing many tables at once from this process. Each seat
 * decides from its own view only. A send's round trip is measured from the send until all four seats hold a
 * state that includes it (ours: a view of that version or later; the peer's: its move counted in every view).
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { WebSocket } from 'ws';
import { mulberry32 } from '../src/entries/rules.js';
import { moveFromView } from '../test/server/support.js';
import { CharlestonPeer, ROUNDS, peerMove } from './service-game.js';
import { waitUntil, within } from './service-wait.js';

/** A seeded PRNG (mulberry32): the paced run's think times are the same from run to run. */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

/** How long a run may take to set up its tables and connections before it gives up. */
const SETUP_MS = 120_000;

/** What a run measured. */
export interface RunResult {
  tables: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  latencies: number[];
  /** When each measured send left, in ms from the run's start (the same order as `latencies`). */
  sentAt: number[];
  /** When the run started, in ms since the epoch (`performance.timeOrigin` + `performance.now()`): to place other processes' events in it. */
  startedAt: number;
  finished: number;
}

const SEATS = ['east', 'south', 'west', 'north'] as const;
const ENDED = new Set(['complete', 'eastMahjong']);

/**
 * Collects this process's garbage once its connections are set up, just before a run starts (the bench runs with
 * `--expose-gc`): the setup's survivors (sockets, parsed replies, the runs before) are promoted now rather than in
 * the run's first young-generation collections, which would stall this process, and so the measured round trips,
 * for tens of milliseconds. Ours and the peer's runs alike; the servers are left alone.
 */
function collectBeforeRun(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await work(items[index] as T, index);
      }
    }),
  );
  return out;
}

async function postJson(url: string, body: unknown): Promise<Record<string, any>> {
  // One deadline for the request and its body; giving up names the URL it waited for.
  const signal = AbortSignal.timeout(30_000);
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, any>;
  } catch (error) {
    if (signal.aborted) throw new Error(`gave up after 30000 ms waiting for POST ${url}`);
    throw error;
  }
}

/**
 * What a seat keeps of its latest view: its version, its phase and the move it makes from it. The parsed view is
 * dropped at once, so the bench process does not keep thousands of views alive for a second or two each (the
 * lifetime that makes a young-generation GC copy them: the bench's own pauses would count as the service's latency).
 */
interface Latest {
  version: number;
  phase: string;
  move: Record<string, unknown> | null;
}

interface OurSeat {
  socket: WebSocket;
  latest: Latest | null;
  highest: number;
  acted: number;
  /** A send awaits its result: a seat decides again only once it knows how its last move went. */
  busy: boolean;
  /** The seat has made its first move (a paced seat's first move waits a random part of one think time). */
  started: boolean;
}

/** How a run is played. */
export interface RunOptions {
  /** The paced run's think time (0: a flood). */
  thinkMs?: number;
  /** The seed of the think times. */
  seed?: number;
  /**
   * Awaited once every connection holds its first state, before the first move: the bench waits there until the
   * server has gone quiet, so that the run does not begin while the server still works through the setup.
   */
  settle?: () => Promise<void>;
}

/**
 * Plays `count` tables on our service at `base` (4 WebSocket seats each) until every hand ends or `budgetMs`.
 * With `thinkMs` (the paced run) each seat waits a seeded random part of one think time before its first move
 * (no opening burst) and 0.5–1.5 think times before each later one.
 */
export async function runOurs(base: string, count: number, budgetMs: number, { thinkMs = 0, seed = 2026, settle }: RunOptions = {}): Promise<RunResult> {
  const random = seededRandom(seed);
  const created = await pool(Array.from({ length: count }, (_, i) => i), 32, (i) => postJson(`${base}/api/tables`, { seed: 1000 + (i % 500) }));
  let go = false;
  let accepted = 0;
  let finished = 0;
  const latencies: number[] = [];
  const sentTimes: number[] = [];
  let start = 0;
  let resolveAll: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  const tables = await pool(created, 64, async (table) => {
    const seats: OurSeat[] = [];
    const sentAt = new Map<string, number>();
    const pending = new Map<number, number>();
    let nextId = 0;
    let done = false;
    const settlePending = (): void => {
      const low = Math.min(...seats.map((s) => s.highest));
      for (const [version, t0] of pending) {
        if (version <= low) {
          latencies.push(performance.now() - t0);
          sentTimes.push(t0 - start);
          pending.delete(version);
        }
      }
    };
    const act = (seat: OurSeat): void => {
      if (!go || done || seat.busy || seat.latest === null || seat.latest.version <= seat.acted) return;
      seat.acted = seat.latest.version;
      const move = seat.latest.move;
      if (move === null) return;
      seat.busy = true;
      const send = (): void => {
        if (done || seat.socket.readyState !== WebSocket.OPEN) return;
        const id = String((nextId += 1));
        sentAt.set(id, performance.now());
        seat.socket.send(JSON.stringify({ type: 'send', id, event: move }));
      };
      if (thinkMs === 0) send();
      else setTimeout(send, seat.started ? thinkMs * (0.5 + random()) : thinkMs * random());
      seat.started = true;
    };
    for (const name of SEATS) {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/tables/${table.id}/live`);
      const seat: OurSeat = { socket, latest: null, highest: -1, acted: -1, busy: false, started: false };
      seats.push(seat);
      socket.on('error', () => undefined);
      await within(
        new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        }),
        SETUP_MS,
        `the WebSocket of ${name} on table ${table.id} to open`,
      );
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Record<string, any>;
        if (frame.type === 'view') {
          if (frame.version > seat.highest) {
            seat.highest = frame.version;
            seat.latest = { version: frame.version as number, phase: frame.phase as string, move: moveFromView(frame.view) };
          }
          settlePending();
          if (!done && seats.every((s) => s.latest !== null && ENDED.has(s.latest.phase))) {
            done = true;
            finished += 1;
            if (finished === count) resolveAll();
          }
          act(seat);
        } else if (frame.type === 'result' || frame.type === 'error') {
          seat.busy = false;
          const t0 = sentAt.get(frame.id);
          sentAt.delete(frame.id);
          if (frame.ok === true && t0 !== undefined) {
            accepted += 1;
            pending.set(frame.version, t0);
            settlePending();
          }
          act(seat);
        }
      });
      socket.send(JSON.stringify({ type: 'hello', token: table.tokens[name] }));
    }
    return { seats, act };
  });
  await Promise.all(tables.flatMap((t) => t.seats.map((s, i) => waitUntil(() => s.latest !== null, SETUP_MS, `the first view of seat ${SEATS[i]} (our service, ${count} tables)`))));
  collectBeforeRun();
  await settle?.();
  start = performance.now();
  go = true;
  for (const table of tables) for (const seat of table.seats) table.act(seat);
  await Promise.race([allDone, new Promise((resolve) => setTimeout(resolve, budgetMs))]);
  const seconds = (performance.now() - start) / 1000;
  for (const table of tables) for (const seat of table.seats) seat.socket.terminate();
  return { tables: count, events: accepted, seconds, eventsPerSecond: accepted / seconds, latencies, sentAt: sentTimes, startedAt: performance.timeOrigin + start, finished };
}

/** Plays `count` matches on the boardgame.io server at `base` (4 socket.io clients each). */
export async function runPeer(base: string, count: number, budgetMs: number, { settle }: Pick<RunOptions, 'settle'> = {}): Promise<RunResult> {
  const matches = await pool(Array.from({ length: count }, (_, i) => i), 32, async (i) => {
    const { matchID } = await postJson(`${base}/games/charleston/create`, { numPlayers: 4, setupData: { seed: 1000 + (i % 500) } });
    const credentials: string[] = [];
    for (const playerID of ['0', '1', '2', '3']) credentials.push((await postJson(`${base}/games/charleston/${matchID}/join`, { playerID, playerName: `p${playerID}` })).playerCredentials as string);
    return { matchID: matchID as string, credentials };
  });
  let go = false;
  let accepted = 0;
  let finished = 0;
  const latencies: number[] = [];
  const sentTimes: number[] = [];
  let start = 0;
  let resolveAll: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  const tables = await pool(matches, 64, async (match) => {
    const views: Array<Record<string, any> | null> = [null, null, null, null];
    const pending = new Map<string, number>();
    let done = false;
    const clients = ['0', '1', '2', '3'].map((playerID, index) => {
      // WebSocket from the start (no long-polling handshake first), as our clients connect.
      const client = Client({ game: CharlestonPeer as never, numPlayers: 4, multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'] } }), matchID: match.matchID, playerID, credentials: match.credentials[index] as string, debug: false });
      // boardgame.io refuses a move made at a stale state id (another player moved first): such a move is sent
      // again at the next state, and its round trip counts from the first try.
      let actedAt = -1;
      let stateId = -1;
      const act = (): void => {
        const view = views[index] ?? null;
        if (!go || done || view === null || stateId <= actedAt) return;
        const move = peerMove(view as { round: number; rack: string[]; committed: boolean });
        if (move === null) return;
        actedAt = stateId;
        const key = `${playerID} ${(view.moves[playerID] as number) + 1}`;
        if (!pending.has(key)) pending.set(key, performance.now());
        client.moves.act?.(move);
      };
      client.subscribe((state) => {
        if (state === null) return;
        stateId = state._stateID;
        views[index] = state.G as Record<string, any>;
        for (const [key, t0] of pending) {
          const [player, n] = key.split(' ');
          if (views.every((v) => v !== null && (v.moves[player as string] as number) >= Number(n))) {
            latencies.push(performance.now() - t0);
            sentTimes.push(t0 - start);
            accepted += 1;
            pending.delete(key);
          }
        }
        if (!done && views.every((v) => v !== null && v.round >= ROUNDS)) {
          done = true;
          finished += 1;
          if (finished === count) resolveAll();
        }
        act();
      });
      client.start();
      return { client, act, ready: () => views[index] !== null };
    });
    return clients;
  });
  await Promise.all(tables.flatMap((clients) => clients.map((c, i) => waitUntil(c.ready, SETUP_MS, `the first state of peer player ${i} (${count} matches)`))));
  collectBeforeRun();
  await settle?.();
  start = performance.now();
  go = true;
  for (const clients of tables) for (const c of clients) c.act();
  await Promise.race([allDone, new Promise((resolve) => setTimeout(resolve, budgetMs))]);
  const seconds = (performance.now() - start) / 1000;
  for (const clients of tables) for (const c of clients) c.client.stop();
  return { tables: count, events: accepted, seconds, eventsPerSecond: accepted / seconds, latencies, sentAt: sentTimes, startedAt: performance.timeOrigin + start, finished };
}
