/**
 * The table service: creates tables, checks tokens, commits events and runs the bots. Every accepted event is
 * written with its version and the table's persisted snapshot atomically before anyone hears of it, either in
 * one statement that checks the version or in a transaction under the table row's lock (`SELECT … FOR UPDATE`);
 * so any number of nodes may serve one table (decision 0008).
 */
import { SEATS, persist, phaseOfSnapshot, type Locale, type Phase, type Refusal, type Seat } from '../index.js';
import { hashToken, newTableId, newToken, type Role } from './auth.js';
import { runBotTurns } from './bots.js';
import { startEngine, type TableSetup } from './engine.js';
import { ServiceError } from './errors.js';
import type { Hub } from './hub.js';
import { serviceRefusal, type ServiceRefusalCode } from './messages.js';
import { KeyedMutex } from './mutex.js';
import { botSeats, type Player, type Players } from './players.js';
import { Registry, liveFromRow, type LiveTable, type RegistryOptions } from './registry.js';
import type { Db } from './storage/db.js';
import * as q from './storage/queries.js';

/** The reply to a sent event (HTTP body and WebSocket result alike). */
export type SendReply =
  | { ok: true; version: number; phase: Phase }
  | { ok: false; version: number; refusal: { code: Refusal['code'] | ServiceRefusalCode; message: string } };

/** Who sends: a token (with its role) or a bot acting for its seat at a known version. */
export type Sender = { kind: 'token'; role: Role; tokenHash: string } | { kind: 'bot'; seat: Seat | 'table'; expectedVersion: number };

/** What `POST /api/tables` returns. */
export interface CreatedTable {
  id: string;
  version: number;
  phase: Phase;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

/** Options of the table service. */
export interface TableServiceOptions extends RegistryOptions {
  /** Most bot events in a row before the bots yield to other work (default 64). */
  botBurst: number;
}

const TOKEN_CACHE_MAX = 50_000;

/** The tables of one node, backed by the shared database. */
export class TableService {
  readonly db: Db;
  readonly hub: Hub;
  readonly registry: Registry;
  /** This node's id in change announcements (its own are ignored). */
  readonly nodeId = newToken().slice(0, 12);
  readonly #mutex = new KeyedMutex();
  readonly #tokens = new Map<string, Role>();
  readonly #options: TableServiceOptions;
  #closing = false;
  readonly #botsRunning = new Set<string>();
  /** Tables that changed while their bots were running: look again when they finish. */
  readonly #botsAgain = new Set<string>();
  /** Bot work in flight, so a shutdown can wait for it. */
  readonly #pending = new Set<Promise<unknown>>();

  constructor(db: Db, hub: Hub, options: TableServiceOptions) {
    this.db = db;
    this.hub = hub;
    this.#options = options;
    this.registry = new Registry(db, options, (id) => hub.has(id) || this.#botsRunning.has(id));
  }

  /** Creates a table at version 0 with a token per human seat, a spectator and an admin token. */
  async create(setup: TableSetup, locale: Locale, players: Players): Promise<CreatedTable> {
    const engine = startEngine(setup, locale);
    const id = newTableId();
    const tokens: CreatedTable['tokens'] = {};
    const phase = phaseOfSnapshot(engine.getSnapshot());
    try {
      await this.db.transaction(async (tx) => {
        await q.insertTable(tx, { id, version: 0, phase, locale, players, snapshot: persist(engine) });
        for (const seat of SEATS) {
          if (players[seat] !== 'human') continue;
          const token = newToken();
          tokens[seat] = token;
          await q.insertToken(tx, hashToken(token), id, { role: 'seat', seat });
        }
        for (const role of ['spectator', 'admin'] as const) {
          const token = newToken();
          tokens[role] = token;
          await q.insertToken(tx, hashToken(token), id, { role, seat: null });
        }
      });
    } catch (error) {
      engine.stop();
      throw error;
    }
    this.registry.put({ id, engine, snapshot: engine.getSnapshot(), version: 0, locale, players });
    this.kickBots(id);
    return { id, version: 0, phase, tokens };
  }

  /** The role of `token` on table `id`; throws 404 for an unknown table, 401 for a token it does not know. */
  async authorize(id: string, token: string | null): Promise<{ role: Role; tokenHash: string }> {
    if (token === null) throw new ServiceError('UNAUTHORIZED', 'send "Authorization: Bearer TOKEN" with a token of this table');
    const tokenHash = hashToken(token);
    const cacheKey = `${id} ${tokenHash}`;
    const cached = this.#tokens.get(cacheKey);
    if (cached !== undefined) return { role: cached, tokenHash };
    const row = await q.selectToken(this.db, id, tokenHash);
    if (row === null) {
      if ((await q.selectVersion(this.db, id)) === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
      throw new ServiceError('UNAUTHORIZED', 'this table does not know that token');
    }
    const role: Role = row.role === 'seat' ? { role: 'seat', seat: row.seat as Seat } : { role: row.role };
    if (this.#tokens.size >= TOKEN_CACHE_MAX) this.#tokens.clear();
    this.#tokens.set(cacheKey, role);
    return { role, tokenHash };
  }

  /** The table in memory (loaded on demand); throws 404. */
  async table(id: string): Promise<LiveTable> {
    const wasCached = this.registry.peek(id) !== null;
    const table = await this.registry.get(id);
    if (table === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
    if (!wasCached) this.kickBots(id); // after a restart or on another node: bots that were due act now
    return table;
  }

  /** Sends an event for `sender`; resolves once committed (or refused). */
  submit(id: string, sender: Sender, event: unknown, key?: string): Promise<SendReply | null> {
    if (this.#closing) return Promise.reject(new ServiceError('UNAVAILABLE', 'the service is shutting down'));
    return this.#mutex.run(id, () => this.#commit(id, sender, event, key));
  }

  /**
   * The common case in one round trip: a token's event without a key, on a table in memory, that the engine
   * accepts, is committed by one statement that checks the version instead of locking the row. Anything else
   * (a key, a bot, a refusal, a table another node moved on) returns null and takes the locked path.
   */
  async #commitFast(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    if (sender.kind !== 'token' || key !== undefined || foreignSeat(sender.role, event) !== null) return null;
    const table = this.registry.peek(id);
    if (table === null) return null;
    const decided = table.engine.send(event);
    if (!decided.ok) return null; // refusals are decided under the lock, on the table as stored
    const version = table.version + 1;
    let committed = false;
    try {
      committed = await q.commitEventIfAt(this.db, { tableId: id, version, seat: seatOf(event), event, phase: decided.phase, snapshot: persist(table.engine), node: this.nodeId });
    } finally {
      if (!committed) this.registry.drop(id); // the engine in memory is ahead of the database
    }
    if (!committed) return null; // another node moved the table on: decide again under the lock
    const changed: LiveTable = { ...table, snapshot: table.engine.getSnapshot(), version };
    this.registry.put(changed);
    this.hub.publish(changed);
    this.kickBots(id);
    return { ok: true, version, phase: decided.phase };
  }

  async #commit(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    const fast = await this.#commitFast(id, sender, event, key);
    if (fast !== null) return fast;
    let changed: LiveTable | null = null;
    let reply: SendReply | null;
    try {
      reply = await this.db.transaction(async (tx) => {
        const row = await q.lockTable(tx, id, this.registry.peek(id)?.version ?? -1);
        if (row === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
        if (sender.kind === 'bot' && row.version !== sender.expectedVersion) return null; // another node moved first
        const idempotent = sender.kind === 'token' && key !== undefined;
        if (idempotent) {
          const prior = await q.selectIdempotent(tx, id, sender.tokenHash, key);
          if (prior !== null) return prior as SendReply;
        }
        let table = this.registry.peek(id);
        if (table === null || table.version !== row.version || row.snapshot !== null) {
          if (table !== null) this.registry.drop(id);
          const stored = row.snapshot ?? (await q.selectTable(tx, id))?.snapshot;
          if (stored === undefined) throw new ServiceError('NOT_FOUND', 'no table with this id');
          table = liveFromRow({ ...row, snapshot: stored });
        }
        const players = row.players;
        let result: SendReply;
        const stranger = sender.kind === 'token' ? foreignSeat(sender.role, event) : null;
        if (stranger !== null && sender.kind === 'token' && sender.role.role === 'seat') {
          result = { ok: false, version: row.version, refusal: serviceRefusal('NOT_YOUR_SEAT', table.locale, { own: sender.role.seat, named: stranger }) };
        } else if (sender.kind === 'bot' && sender.seat !== 'table' && players[sender.seat] === 'human') {
          return null; // the seat went back to a person meanwhile
        } else {
          const sent = table.engine.send(event);
          if (sent.ok) {
            const version = row.version + 1;
            const seat = sender.kind === 'bot' ? (sender.seat === 'table' ? null : sender.seat) : seatOf(event);
            await q.commitEvent(tx, { tableId: id, version, seat, event, phase: sent.phase, snapshot: persist(table.engine), node: this.nodeId });
            changed = { ...table, snapshot: table.engine.getSnapshot(), version, players };
            result = { ok: true, version, phase: sent.phase };
          } else {
            result = { ok: false, version: row.version, refusal: { code: sent.refusal.code, message: sent.refusal.message } };
          }
        }
        if (idempotent) await q.insertIdempotent(tx, id, sender.tokenHash, key, result);
        if (changed === null) this.registry.put({ ...table, players });
        return result;
      });
    } catch (error) {
      this.registry.drop(id); // the engine in memory may be ahead of what was committed
      throw error;
    }
    if (changed !== null) {
      this.registry.put(changed);
      this.hub.publish(changed);
      this.kickBots(id);
    } else {
      // A refusal may have reloaded a table another node had moved on: its views go out too (once per version).
      const current = this.registry.peek(id);
      if (current !== null) this.hub.publish(current);
    }
    return reply;
  }

  /** The accepted events in version order. */
  async log(id: string): Promise<q.EventRow[]> {
    return q.selectEvents(this.db, id);
  }

  /** Hands a seat to a bot or back to its person. */
  async setPlayer(id: string, seat: Seat, player: Player): Promise<Players> {
    const players = await this.#mutex.run(id, () =>
      this.db.transaction(async (tx) => {
        const row = await q.lockTable(tx, id);
        if (row === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
        const next: Players = { ...row.players, [seat]: player };
        await q.updatePlayers(tx, id, next);
        if (player === 'human') {
          const tokens = await tx.query('SELECT 1 FROM charleston_tokens WHERE table_id = $1 AND seat = $2', [id, seat]);
          if (tokens.length === 0) throw new ServiceError('INVALID_INPUT', `player: seat ${seat} was created as a bot and has no token; it cannot go back to a person`);
        }
        await q.notifyChange(tx, id, row.version, this.nodeId);
        return next;
      }),
    );
    this.registry.drop(id);
    this.kickBots(id);
    return players;
  }

  /** Reacts to another node's announcement `"ID VERSION NODE"`: refresh the table and push the views. */
  onNotify(payload: string): void {
    const [id, versionText, node] = payload.split(' ');
    if (id === undefined || versionText === undefined || node === this.nodeId) return;
    const version = Number(versionText);
    const cached = this.registry.peek(id);
    if (cached !== null && cached.version >= version && !this.hub.has(id)) {
      if (cached.version === version) this.registry.drop(id); // players may have changed: reload on demand
      return;
    }
    if (cached === null && !this.hub.has(id)) return;
    const work = this.#mutex
      .run(id, async () => {
        const row = await q.selectTable(this.db, id);
        if (row === null) return;
        const current = this.registry.peek(id);
        if (current !== null && current.version === row.version && JSON.stringify(current.players) === JSON.stringify(row.players)) {
          this.hub.publish(current); // loaded by another path meanwhile: make sure its views went out (once per version)
          return;
        }
        const table = liveFromRow(row);
        this.registry.put(table);
        this.hub.publish(table);
      })
      .catch((error: unknown) => process.emitWarning(`charleston: could not refresh table after a change on another node (${(error as Error).message})`));
    this.#track(work);
  }

  /** Lets the bots act if the table waits for one (asynchronously, one event per turn). */
  kickBots(id: string): void {
    if (this.#closing) return;
    if (this.#botsRunning.has(id)) {
      this.#botsAgain.add(id);
      return;
    }
    const table = this.registry.peek(id);
    if (table !== null && botSeats(table.players).length === 0) return;
    this.#botsRunning.add(id);
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runBotTurns(this, id, this.#options.botBurst))
      .catch((error: unknown) => {
        if (!(error instanceof ServiceError && error.code === 'UNAVAILABLE')) process.emitWarning(`charleston: bot turn failed on table ${id} (${(error as Error).message})`);
      })
      .finally(() => {
        this.#botsRunning.delete(id);
        if (this.#botsAgain.delete(id)) this.kickBots(id);
      });
    this.#track(work);
  }

  /** Stops taking work and waits for what is in flight. */
  async close(): Promise<void> {
    this.#closing = true;
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
    this.registry.clear();
  }

  #track(work: Promise<unknown>): void {
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }
}

/** The seat an event names when it is not the sender's own (null when it is, or names none). */
function foreignSeat(role: Role, event: unknown): string | null {
  if (role.role !== 'seat' || typeof event !== 'object' || event === null || Array.isArray(event)) return null;
  const record = event as Record<string, unknown>;
  if (record.type === 'hand.redeal' || !Object.hasOwn(record, 'seat')) return null;
  const seat = record.seat;
  if (seat === role.seat) return null;
  return typeof seat === 'string' ? seat.slice(0, 40) : JSON.stringify(seat)?.slice(0, 40) ?? String(seat);
}

function seatOf(event: unknown): Seat | null {
  if (typeof event !== 'object' || event === null) return null;
  const seat = (event as Record<string, unknown>).seat;
  return typeof seat === 'string' && (SEATS as readonly string[]).includes(seat) ? (seat as Seat) : null;
}
