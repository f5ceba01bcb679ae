/**
 * Test support for the service: start a node on 127.0.0.1 port 0 over PGlite (memory) or the PostgreSQL server
 * named by CHARLESTON_TEST_PG, call the API, and drive live clients that record every frame they receive.
 * Waiting is always for an event or a condition, never for a fixed time.
 */
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { createService, type Service, type ServiceOptions } from '../../src/server/app.js';
import { openDb, type Db, type DbLocation } from '../../src/server/storage/db.js';

/** The databases the suites run against: PGlite always, PostgreSQL when CHARLESTON_TEST_PG is set. */
export function databases(): Array<{ name: 'pglite' | 'postgres'; location: () => DbLocation }> {
  const list: Array<{ name: 'pglite' | 'postgres'; location: () => DbLocation }> = [{ name: 'pglite', location: () => ({ kind: 'pglite', dir: null }) }];
  const url = process.env.CHARLESTON_TEST_PG;
  if (url !== undefined && url !== '') list.push({ name: 'postgres', location: () => ({ kind: 'postgres', url }) });
  return list;
}

/** The operator token every test node is started with (reads every table in full: the replay checks use it). */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** A running node and its address. */
export interface Node {
  service: Service;
  base: string;
  port: number;
  close(): Promise<void>;
}

/** Starts a node listening on 127.0.0.1, any free port. */
export async function startNode(options: ServiceOptions): Promise<Node> {
  const service = await createService({ distDir: '/nonexistent', operatorToken: TEST_OPERATOR_TOKEN, ...options });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return { service, port: address.port, base: `http://127.0.0.1:${address.port}`, close: () => service.close() };
}

/**
 * A database of the test's own on the PostgreSQL server of `url` (created empty, dropped by `drop()`): for checks
 * that other test files' writes to the shared database would disturb (which page a row lands on, say).
 */
export async function privateDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `charleston_private_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Opens a database for a test (the caller closes it). */
export function open(location: DbLocation): Promise<Db> {
  return openDb(location);
}

/** A JSON reply. */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the API with an optional bearer token and JSON body. */
export async function api<T = Record<string, any>>(base: string, method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A created table (the POST reply). */
export interface Created {
  id: string;
  version: number;
  phase: string;
  tokens: Record<string, string>;
}

/** Creates a table and checks the 201. */
export async function createTable(base: string, body: Record<string, unknown> = {}): Promise<Created> {
  const reply = await api<Created>(base, 'POST', '/api/tables', { body });
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A frame a live client received. */
export type Frame = Record<string, any>;

/** A live client that keeps every frame and lets a test await one. */
export class LiveClient {
  readonly socket: WebSocket;
  readonly frames: Frame[] = [];
  readonly texts: string[] = [];
  closeCode: number | null = null;
  readonly #waiters = new Set<() => void>();
  #nextId = 0;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    this.socket.on('error', () => undefined);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code) => {
        this.closeCode = code;
        resolve(code);
        this.#wake();
      });
    });
    this.socket.on('message', (data) => {
      const text = data.toString();
      this.texts.push(text);
      this.frames.push(JSON.parse(text) as Frame);
      this.#wake();
    });
  }

  /** Connects to a table's live route and says hello. */
  static async connect(base: string, id: string, token: string): Promise<LiveClient> {
    const client = new LiveClient(`${base.replace('http', 'ws')}/api/tables/${id}/live`);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'hello', token }));
    await client.waitFor((frame) => frame.type === 'view');
    return client;
  }

  /** The latest view frame (highest version). */
  get latest(): Frame | undefined {
    let best: Frame | undefined;
    for (const frame of this.frames) if (frame.type === 'view' && (best === undefined || frame.version > best.version)) best = frame;
    return best;
  }

  /** Resolves with the first frame (from `from` on) that matches, or rejects once the socket closed without one. */
  async waitFor(match: (frame: Frame) => boolean, from = 0): Promise<Frame> {
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found !== undefined) return found;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before the frame arrived`);
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
    }
  }

  /** Resolves when a condition on the client holds (rechecked on every frame and on close). */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) {
      if (this.closeCode !== null && !condition()) throw new Error(`socket closed (${this.closeCode})`);
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
    }
  }

  /** Sends an event and resolves with its result (or error) frame. */
  async send(event: unknown, key?: string): Promise<Frame> {
    const id = `m${(this.#nextId += 1)}`;
    const from = this.frames.length;
    this.socket.send(JSON.stringify(key === undefined ? { type: 'send', id, event } : { type: 'send', id, event, key }));
    return this.waitFor((frame) => (frame.type === 'result' || frame.type === 'error') && frame.id === id, from);
  }

  /** Closes the socket and waits for the close. */
  async close(): Promise<void> {
    if (this.closeCode === null) this.socket.close();
    await this.closed;
  }

  #wake(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }
}

const PASS_PHASES = new Set(['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left', 'secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right']);

/**
 * What a player at `view.seat` does, from its own view only (as a real client must): pass three natural tiles,
 * vote to continue, offer one in the courtesy and give what the pair agreed, draw when North is short.
 * Returns null when the seat has nothing to do.
 */
export function moveFromView(view: Frame): Record<string, unknown> | null {
  const seat = view.seat as string;
  const naturals = (view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((tile) => tile !== 'J');
  if (view.phase === 'misdeal') return seat === 'east' ? { type: 'hand.redeal' } : null;
  if (seat === 'north' && view.northShort === true) return { type: 'wall.draw', seat };
  if (!(view.waitingFor as string[]).includes(seat)) return null;
  if (PASS_PHASES.has(view.phase)) return { type: 'pass.commit', seat, tiles: naturals.slice(0, 3) };
  if (view.phase === 'stopCheckpoint') return { type: 'vote.cast', seat, vote: 'continue' };
  if (view.phase === 'courtesy' && view.courtesy !== null) {
    if (view.courtesy.offer === null) return { type: 'courtesy.offer', seat, count: 1 };
    if (view.courtesy.agreed !== null && view.packet === null) return { type: 'courtesy.commit', seat, tiles: naturals.slice(0, view.courtesy.agreed) };
  }
  return null;
}

/** Every key anywhere in a JSON value. */
export function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  }
  return into;
}

/** Every tile id a view mentions (objects with a numeric `id` and a `tile`). */
export function tileIdsOf(value: unknown, into: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) tileIdsOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'number' && typeof record.tile === 'string') into.push(record.id);
    for (const item of Object.values(record)) tileIdsOf(item, into);
  }
  return into;
}
