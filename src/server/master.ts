/**
 * The table master: creates tables, checks tokens, commits events and runs the bots. Every accepted event is
 * written with its version and the table's persisted snapshot atomically before anyone hears of it, either in
 * one statement that checks the version or in a transaction under the table row's lock (`SELECT … FOR UPDATE`);
 * so any number of nodes may serve one table (decision 0008).
 *
 * An engine in memory is created, advanced, replaced and stopped only under its table's lock (a keyed mutex on
 * this node): a change announced by another node, a hand-over of a seat, a reload and an eviction never stop an
 * engine that a commit is using. An acceptance is a change: the engine's answer is checked against its snapshot
 * before anything is committed, and an engine that is not running is never asked.
 */
import { SEATS, persist, phaseOfSnapshot, waitingFor, type CharlestonService, type CharlestonSnapshot, type Locale, type Phase, type Seat } from '../index.js';
import { hashToken, isOperatorToken, newTableId, newToken, type Role } from './auth.js';
import { BoundedMap, BoundedSet } from './bounded.js';
import { runBotTurns, teacherMove } from './bots.js';
import { SYSTEM_TIME, earliestDeadline, expiredSeat, nextDeadlines, type Deadlines, type TableNotice, type TimeSource } from './clock.js';
import { startEngine, type TableSetup } from './engine.js';
import { HAND_ENDED, homeOf, nextHandSeed, rotateBySeat, seatAfter, tableRules } from './hands.js';
import { joinOf, readyToStart, runningClock, seatNow } from './joining.js';
import { seatOfRole } from './hub.js';
import { nameHolder, type Names } from './names.js';
import { ServiceError } from './errors.js';
import type { Hub } from './hub.js';
import { serviceRefusal } from './messages.js';
import { KeyedMutex } from './mutex.js';
import { botSeats, type Player, type Players } from './players.js';
import { boundRefusal, type SendReply, type Sender } from './protocol.js';
import { TableCache, cachedFromRow, type CachedTable, type CacheOptions } from './cache.js';
import type { Db, DbHealth, DbKind } from './storage/db.js';
import { sqlStore, type EventRow, type TableStore } from './storage/store.js';
import type { TableRow } from './storage/queries.js';

export type { SendReply, Sender } from './protocol.js';

/** What a table of friends is created with besides its setup: names by seat, a clock in seconds (or null). */
export interface FriendsSetup {
  names: Names;
  clock: number | null;
}

/** What `POST /api/tables/:id/next` returns: the table at its current hand. */
export interface DealtHand {
  id: string;
  version: number;
  phase: Phase;
  hand: number;
}

/** What `POST /api/tables` returns. */
export interface CreatedTable {
  id: string;
  version: number;
  phase: ReturnType<typeof phaseOfSnapshot>;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

/** Options of the table master. */
export interface TableMasterOptions extends CacheOptions {
  /** Most bot events in a row before the bots yield to other work (default 64). */
  botBurst: number;
  /** The SHA-256 hash (hex) of the operator's token, or null for none. */
  operatorHash: string | null;
  /** First delay before a bot whose commit failed tries again; doubles up to 30 s (default 100 ms). */
  botRetryMillis: number;
  /** Where time comes from (clocks of tables): the platform's unless a test gives its own. */
  time: TimeSource;
  /** How often this node looks in the database for clocks that ran out (default 5,000 ms; 0 = never). */
  clockSweepMillis: number;
}

/**
 * The error of a send whose accepted event was written but whose commit the database did not confirm (the
 * connection broke while it committed, say): it may have landed, so the reply says so instead of "nothing changed".
 */
const UNCONFIRMED =
  'the database did not confirm the commit, so the event may or may not have been applied: read the table first (its version shows whether it landed), or send it again with the same key, which applies it at most once';

/**
 * The error of a table's creation whose rows were written but whose commit the database did not confirm: the table
 * may exist, so the reply says so instead of "nothing changed". Its tokens were only ever in this reply.
 */
const UNCONFIRMED_CREATION =
  'the database did not confirm the commit, so the table may or may not have been created: create another one; if this one was created, no one holds its tokens, and it is removed like any table left idle';

/** How long one health check's answer serves `/healthz` (see `TableMaster.health`). */
export const HEALTH_FRESH_MILLIS = 1_000;

/** Most tables one clock sweep fires (the rest wait for the next sweep). */
const CLOCK_SWEEP_LIMIT = 100;

/** What the table master reports to metrics (every method optional to call, cheap). */
export interface MasterObserver {
  /** An event was committed, `millis` after it was submitted. */
  committed(millis: number): void;
  /** An event was refused with `code`. */
  refused(code: string): void;
}

const NO_OBSERVER: MasterObserver = { committed: () => undefined, refused: () => undefined };

/** Sizes of the caches of tokens and of negative answers (unknown tables, unknown tokens). */
const TOKEN_CACHE_MAX = 50_000;
const NEGATIVE_CACHE_MAX = 50_000;
/** Longest delay between two tries of a bot whose commit failed. */
const BOT_RETRY_MAX_MILLIS = 30_000;

/** True while the engine can take events (not stopped, not stopping). */
function isRunning(engine: CharlestonService): boolean {
  return engine.getSnapshot().status === 'active';
}

/** True when `after` differs from `before` in context or state: what an accepted event must do. */
function isChange(before: CharlestonSnapshot, after: CharlestonSnapshot): boolean {
  return after.context !== before.context || phaseOfSnapshot(after) !== phaseOfSnapshot(before);
}

/** The tables of one node, backed by the shared database. */
export class TableMaster {
  /** The database as domain verbs: every read and write of a table goes through it. */
  readonly store: TableStore;
  readonly hub: Hub;
  readonly cache: TableCache;
  /** This node's id in change announcements (its own are ignored). */
  readonly nodeId = newToken().slice(0, 12);
  readonly #mutex = new KeyedMutex();
  /** Verified tokens: "ID HASH" → role. */
  readonly #tokens = new BoundedMap<string, Role>(TOKEN_CACHE_MAX);
  /** Hashes of tokens verified on some table (rate limits key on these, never on an unverified bearer). */
  readonly #verified = new BoundedSet<string>(TOKEN_CACHE_MAX);
  /** Table ids the database does not hold, and "ID HASH" pairs it does not know: no query per repeated attempt. */
  readonly #unknownTables = new BoundedSet<string>(NEGATIVE_CACHE_MAX);
  readonly #unknownTokens = new BoundedSet<string>(NEGATIVE_CACHE_MAX);
  readonly #options: TableMasterOptions;
  readonly #observer: MasterObserver;
  #closing = false;
  readonly #botsRunning = new Set<string>();
  /** Tables that changed while their bots were running: look again when they finish. */
  readonly #botsAgain = new Set<string>();
  /** Bots whose last commit failed: how many times in a row, and the timer of the next try. */
  readonly #botFailures = new Map<string, number>();
  readonly #botTimers = new Map<string, NodeJS.Timeout>();
  /** Work in flight (sends, bot turns, refreshes) and what each one is, so a shutdown can wait for it and name what it gives up on. */
  readonly #pending = new Map<Promise<unknown>, string>();
  /** The timer of each table in memory whose clock runs: cancels it. */
  readonly #clockTimers = new Map<string, () => void>();
  #sweepTimer: (() => void) | null = null;
  /** The health check in flight or last answered (`health()`), and when it was asked (the master's clock). */
  #health: { asked: number; answer: Promise<{ db: DbKind } & DbHealth> } | null = null;

  constructor(db: Db, hub: Hub, options: TableMasterOptions, observer: MasterObserver = NO_OBSERVER) {
    this.store = sqlStore(db, this.nodeId);
    this.hub = hub;
    this.#options = options;
    this.#observer = observer;
    this.cache = new TableCache(options, (id) => hub.has(id) || this.#botsRunning.has(id) || this.#mutex.has(id));
    this.#scheduleSweep();
  }

  /** Epoch milliseconds now, from the table master's time source (`options.time`). */
  now(): number {
    return this.#options.time.now();
  }

  /**
   * What `/healthz` reports: the kind of database, whether it answers, whether the change listener is connected.
   * One check serves every caller for {@link HEALTH_FRESH_MILLIS} from when it was asked (and while it is in
   * flight): however often and from however many addresses `/healthz` is asked, the database answers at most about
   * one trivial query a second from this node.
   */
  health(): Promise<{ db: DbKind } & DbHealth> {
    const now = this.now();
    const last = this.#health;
    if (last !== null && now - last.asked < HEALTH_FRESH_MILLIS && now >= last.asked) return last.answer;
    const answer = this.store.health().then((health) => ({ db: this.store.kind, ...health }));
    this.#health = { asked: now, answer };
    return answer;
  }

  /**
   * Creates a table at version 0 with a token per human seat, a spectator and an admin token. A table without a
   * card gets the engine's declaration review (`tableRules`); names and clock come with `friends`.
   */
  async create(setup: TableSetup, locale: Locale, players: Players, friends: FriendsSetup = { names: {}, clock: null }): Promise<CreatedTable> {
    if (this.#closing) throw new ServiceError('UNAVAILABLE', 'the service is shutting down');
    const rules = tableRules(setup.rules);
    const engine = startEngine({ ...setup, ...(rules === undefined ? {} : { rules }) }, locale);
    const id = newTableId();
    const tokens: CreatedTable['tokens'] = {};
    const snapshot = engine.getSnapshot();
    const phase = phaseOfSnapshot(snapshot);
    // The clock waits for every person to open their link (joining.ts): it runs at once only with nobody to wait for.
    const joining = { joined: [] as Seat[], clockStarted: readyToStart({ clock: friends.clock, clockStarted: false, joined: [], players, hand: 1 }) };
    const deadlines = nextDeadlines({ clock: runningClock({ clock: friends.clock, ...joining }), previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, snapshot.context), players, actor: null, now: this.now() });
    const chosenDeal = setup.seed !== undefined || setup.deal !== undefined;
    const table: CachedTable = { id, engine, snapshot, version: 0, locale, players, hand: 1, handVersion: 0, names: friends.names, clock: friends.clock, deadlines, notice: null, chosenDeal, ...joining };
    /** True once the table's rows were written in the transaction: from then on a failure leaves the outcome unknown. */
    let written = false;
    try {
      const hashes: Array<{ hash: string; token: { role: 'seat' | 'spectator' | 'admin'; seat: string | null } }> = [];
      for (const seat of SEATS) {
        if (players[seat] !== 'human') continue;
        const token = newToken();
        tokens[seat] = token;
        hashes.push({ hash: hashToken(token), token: { role: 'seat', seat } });
      }
      for (const role of ['spectator', 'admin'] as const) {
        const token = newToken();
        tokens[role] = token;
        hashes.push({ hash: hashToken(token), token: { role, seat: null } });
      }
      const stored: { seed?: number | string; rules?: unknown; chosen?: true } = {};
      if (setup.seed !== undefined) stored.seed = setup.seed;
      if (setup.rules !== undefined) stored.rules = setup.rules;
      if (chosenDeal) stored.chosen = true;
      const row = { id, version: 0, phase, locale, players, snapshot: persist(engine), hand: 1, handVersion: 0, names: friends.names, clock: friends.clock, deadlines, notice: null, chosenDeal, ...joining };
      await this.store.create({ row, setup: stored, tokens: hashes }, () => {
        written = true;
      });
    } catch (error) {
      engine.stop();
      // Once the rows were written, a failure (above all a connection lost while the database committed) leaves the
      // table's fate unknown to this node: the reply must not promise that nothing changed.
      if (written && !(error instanceof ServiceError)) throw new ServiceError('UNAVAILABLE', UNCONFIRMED_CREATION);
      throw error;
    }
    this.cache.put(table);
    this.kickBots(id);
    return { id, version: 0, phase, tokens };
  }

  /**
   * The role of `token` on table `id`; throws 404 for an unknown table, 401 for a token it does not know.
   * Answers (yes and no) are cached, so a repeated unknown token or table costs no query.
   */
  async authorize(id: string, token: string | null): Promise<{ role: Role; tokenHash: string }> {
    if (token === null) throw new ServiceError('UNAUTHORIZED', 'send "Authorization: Bearer TOKEN" with a token of this table');
    const tokenHash = hashToken(token);
    const cacheKey = `${id} ${tokenHash}`;
    const cached = this.#tokens.get(cacheKey);
    if (cached !== undefined) return { role: cached, tokenHash };
    if (isOperatorToken(token, this.#options.operatorHash)) {
      if (!(await this.exists(id))) throw new ServiceError('NOT_FOUND', 'no table with this id');
      this.#verified.add(tokenHash);
      return { role: { role: 'operator' }, tokenHash };
    }
    if (this.#unknownTables.has(id)) throw new ServiceError('NOT_FOUND', 'no table with this id');
    if (this.#unknownTokens.has(cacheKey)) throw new ServiceError('UNAUTHORIZED', 'this table does not know that token');
    const row = await this.store.token(id, tokenHash);
    if (row === null) {
      if (!(await this.exists(id))) throw new ServiceError('NOT_FOUND', 'no table with this id');
      this.#unknownTokens.add(cacheKey);
      throw new ServiceError('UNAUTHORIZED', 'this table does not know that token');
    }
    const role: Role = row.role === 'seat' ? { role: 'seat', home: row.seat as Seat } : { role: row.role };
    this.#tokens.set(cacheKey, role);
    this.#verified.add(tokenHash);
    return { role, tokenHash };
  }

  /** True when `tokenHash` is known on table `id` (cached): checking it costs no look-up. */
  knows(id: string, tokenHash: string): boolean {
    return this.#tokens.has(`${id} ${tokenHash}`);
  }

  /** True when `tokenHash` was verified on some table by this node (limits may key on it). */
  isVerified(tokenHash: string): boolean {
    return this.#verified.has(tokenHash);
  }

  /** True when the database holds table `id` (negative answers are cached). */
  async exists(id: string): Promise<boolean> {
    if (this.cache.peek(id) !== null) return true;
    if (this.#unknownTables.has(id)) return false;
    if ((await this.store.version(id)) !== null) return true;
    this.#unknownTables.add(id);
    return false;
  }

  /**
   * The table in memory, loaded on demand under the table's lock; throws 404. Readers use its `snapshot` and
   * `version`, never its engine.
   */
  async table(id: string): Promise<CachedTable> {
    const cached = this.cache.touch(id);
    if (cached !== null) return cached;
    if (this.#unknownTables.has(id)) throw new ServiceError('NOT_FOUND', 'no table with this id');
    return this.#locked(id, async () => {
      const again = this.cache.touch(id);
      if (again !== null) return again;
      const row = await this.store.load(id);
      if (row === null) {
        this.#unknownTables.add(id);
        throw new ServiceError('NOT_FOUND', 'no table with this id');
      }
      const table = cachedFromRow(row);
      this.cache.put(table);
      this.kickBots(id); // after a restart or on another node: bots that were due act now
      return table;
    });
  }

  /**
   * The table as the database holds it now, for a reader who must see every change acknowledged before it asked,
   * on whichever node (a `GET` after a send through another node, a live client's first view). Another node's
   * announcement may still be on its way, so the cached copy is checked against the stored version (one small
   * query) and reloaded under the table's lock when the database is ahead; its views go out too.
   */
  async current(id: string): Promise<CachedTable> {
    const cached = this.cache.peek(id);
    if (cached === null) return this.table(id);
    const stored = await this.store.version(id);
    if (stored === null) {
      this.forget([id]);
      throw new ServiceError('NOT_FOUND', 'no table with this id');
    }
    const now = this.cache.touch(id);
    if (now !== null && now.version >= stored) return now;
    return this.#locked(id, async () => {
      const again = this.cache.touch(id);
      if (again !== null && again.version >= stored) return again;
      const row = await this.#storedRow(id);
      if (row === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
      return this.#install(row);
    });
  }

  /** Table `id`'s row from the database; null, and the table forgotten here, when it is gone. Under its lock. */
  async #storedRow(id: string): Promise<TableRow | null> {
    const row = await this.store.load(id);
    if (row === null) {
      this.cache.drop(id);
      this.#unknownTables.add(id);
    }
    return row;
  }

  /** Caches the table read from `row`, sends its views and lets its bots act. Under the table's lock. */
  #install(row: TableRow): CachedTable {
    const table = cachedFromRow(row);
    this.cache.put(table);
    this.hub.publish(table);
    this.kickBots(row.id);
    return table;
  }

  /** Sends an event for `sender`; resolves once committed (or refused); null when a bot's turn was taken. */
  submit(id: string, sender: Sender, event: unknown, key?: string): Promise<SendReply | null> {
    if (this.#closing) return Promise.reject(new ServiceError('UNAVAILABLE', 'the service is shutting down'));
    // Only a seat token plays (the routes say so first): no rule is consulted and no key looked up for any other.
    if (sender.kind === 'token' && sender.role.role !== 'seat') return Promise.reject(new ServiceError('FORBIDDEN', `only a seat token sends events (this is the ${sender.role.role} token)`));
    const started = performance.now();
    return this.#locked(id, async () => {
      const reply = await this.#commit(id, sender, event, key);
      if (reply?.ok === true) this.#observer.committed(performance.now() - started);
      else if (reply?.ok === false) this.#observer.refused(reply.refusal.code);
      return reply;
    }, `a ${sender.kind === 'token' ? 'send' : sender.kind === 'bot' ? "bot's move" : "clock's move"} on table ${id}`);
  }

  /** Runs `work` under table `id`'s lock, tracked (as `what`) so that a shutdown waits for it. */
  #locked<T>(id: string, work: () => Promise<T>, what = `work on table ${id}`): Promise<T> {
    const run = this.#mutex.run(id, work);
    this.#track(run, what);
    return run;
  }

  /**
   * The common case in one round trip: a token's event without a key, on a table in memory, that the engine
   * accepts, is committed by one statement that checks the version instead of locking the row. Anything else
   * (a key, a bot, a refusal, a table another node moved on) returns null and takes the locked path.
   */
  async #commitFast(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    if (sender.kind !== 'token' || key !== undefined) return null;
    const table = this.cache.peek(id);
    if (table === null || table.clock !== null) return null; // a clock's deadlines are written under the row lock
    if (foreignSeat(seatOfRole(sender.role, table.hand), event) !== null) return null;
    if (!isRunning(table.engine)) {
      this.cache.drop(id);
      return null;
    }
    const decided = this.#decide(id, table.engine, event);
    if (!decided.ok) return null; // refusals are decided under the row lock, on the table as stored
    const version = table.version + 1;
    let committed = false;
    try {
      committed = await this.store.commitAt({ tableId: id, version, seat: seatOf(event), event, phase: decided.phase, snapshot: persist(table.engine) });
    } catch (error) {
      // The group commit words its own failures; any other failure of the commit leaves the outcome unknown.
      throw error instanceof ServiceError ? error : new ServiceError('UNAVAILABLE', UNCONFIRMED);
    } finally {
      if (!committed) this.cache.drop(id); // the engine in memory is ahead of the database
    }
    if (!committed) return null; // another node moved the table on: decide again under the lock
    const changed: CachedTable = { ...table, snapshot: table.engine.getSnapshot(), version };
    this.cache.put(changed);
    this.hub.publish(changed);
    this.kickBots(id);
    return { ok: true, version, phase: decided.phase };
  }

  /**
   * Asks the engine; an acceptance that changed nothing (a stopped engine, a machine that declined what the rules
   * accepted) is an engine fault: the engine is dropped and the send fails with nothing committed.
   */
  #decide(id: string, engine: CharlestonService, event: unknown): { ok: true; phase: ReturnType<typeof phaseOfSnapshot> } | { ok: false; refusal: { code: string; message: string; params?: unknown } } {
    const before = engine.getSnapshot();
    let sent: ReturnType<CharlestonService['send']>;
    try {
      sent = engine.send(event);
    } catch (error) {
      this.cache.drop(id);
      throw new ServiceError('UNAVAILABLE', `the table could not take the event (${(error as Error).message.slice(0, 120)}); nothing was changed`);
    }
    if (sent.ok && !isChange(before, engine.getSnapshot())) {
      this.cache.drop(id);
      throw new ServiceError('UNAVAILABLE', 'the table accepted an event without changing (an engine fault); nothing was committed');
    }
    return sent.ok ? { ok: true, phase: sent.phase } : { ok: false, refusal: sent.refusal };
  }

  async #commit(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    const fast = await this.#commitFast(id, sender, event, key);
    if (fast !== null) return fast;
    let changed: CachedTable | null = null;
    /** True once the accepted event was written in the transaction: from then on a failure leaves the outcome unknown. */
    let written = false;
    /** True when the table was read again from its row (this node's copy was gone or behind). */
    let reloaded = false;
    let reply: SendReply | null;
    try {
      const cached = this.cache.peek(id);
      const locked = await this.store.locked(id, cached !== null && isRunning(cached.engine) ? cached.version : -1, async (tx): Promise<{ reply: SendReply | null }> => {
        const row = tx.row;
        if (sender.kind !== 'token' && row.version !== sender.expectedVersion) {
          if (sender.kind === 'clock') this.cache.drop(id); // the clock looks again at the table as stored
          return { reply: null }; // another node moved first
        }
        if (sender.kind === 'clock' && !((row.deadlines[sender.seat] ?? Infinity) <= this.now())) return { reply: null }; // not (or no longer) due
        const idempotent = sender.kind === 'token' && key !== undefined;
        // This node's copy is read again when it is gone (dropped after a failure, say) or behind: also before a
        // retry's stored result is returned, so that its views and bots go on below as after any change.
        let table = this.cache.peek(id);
        if (table === null || table.version !== row.version || row.snapshot !== null || !isRunning(table.engine)) {
          if (table !== null) this.cache.drop(id);
          table = cachedFromRow({ ...row, snapshot: await tx.snapshot() });
          this.cache.put(table);
          reloaded = true;
        }
        if (idempotent) {
          const prior = await tx.prior(sender.tokenHash, key);
          if (prior !== null) return { reply: prior as SendReply };
        }
        // The row is the truth for what changes without an engine event (who plays, names, clock, notice).
        table = { ...table, players: row.players, hand: row.hand, handVersion: row.handVersion, names: row.names, clock: row.clock, deadlines: row.deadlines, notice: row.notice, joined: row.joined, clockStarted: row.clockStarted };
        const players = row.players;
        let result: SendReply;
        const own = sender.kind === 'token' ? seatOfRole(sender.role, row.hand) : null;
        const stranger = foreignSeat(own, event);
        if (stranger !== null && own !== null) {
          result = { ok: false, version: row.version, refusal: boundRefusal(serviceRefusal('NOT_YOUR_SEAT', table.locale, { own, named: stranger })) };
        } else if (sender.kind === 'bot' && sender.seat !== 'table' && players[sender.seat] === 'human') {
          return { reply: null }; // the seat went back to a person meanwhile
        } else {
          const before = phaseOfSnapshot(table.engine.getSnapshot());
          const sent = this.#decide(id, table.engine, event);
          if (sent.ok) {
            const version = row.version + 1;
            const seat = sender.kind === 'token' ? seatOf(event) : sender.seat === 'table' ? null : sender.seat;
            const after = table.engine.getSnapshot();
            const timing: { deadlines?: Deadlines; notice?: TableNotice } = {};
            if (row.clock !== null) {
              timing.deadlines = nextDeadlines({ clock: runningClock(row), previous: row.deadlines, phaseBefore: before, phaseAfter: sent.phase, waiting: waitingFor(sent.phase, after.context), players, actor: seat, now: this.now() });
            }
            if (sender.kind === 'clock') timing.notice = { code: 'CLOCK_RAN_OUT', seat: sender.seat, hand: row.hand, version };
            written = true;
            await tx.commit({ tableId: id, version, seat, event, phase: sent.phase, snapshot: persist(table.engine), ...timing });
            changed = { ...table, snapshot: after, version, players, ...timing };
            result = { ok: true, version, phase: sent.phase };
          } else {
            result = { ok: false, version: row.version, refusal: boundRefusal(sent.refusal) };
          }
        }
        if (idempotent) await tx.remember(sender.tokenHash, key, result);
        if (changed === null) this.cache.put(table);
        return { reply: result };
      });
      if (locked === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
      reply = locked.reply;
    } catch (error) {
      this.cache.drop(id); // the engine in memory may be ahead of what was committed
      // Once the event was written, a failure (above all a connection lost while the database committed) leaves
      // its fate unknown to this node: the reply must not promise that nothing changed.
      if (written && !(error instanceof ServiceError)) throw new ServiceError('UNAVAILABLE', UNCONFIRMED);
      throw error;
    }
    if (changed !== null) {
      this.cache.put(changed);
      this.hub.publish(changed);
      this.kickBots(id);
    } else {
      // A refusal or a retry may have reloaded a table another node had moved on (or that this node dropped after a
      // failure): its views go out too (once per version), and bots that were due act.
      const current = this.cache.peek(id);
      if (current !== null) this.hub.publish(current);
      if (reloaded) this.kickBots(id);
    }
    return reply;
  }

  /** The accepted events in version order: at most `limit`, from the first after version `after`. */
  async log(id: string, after: number, limit: number): Promise<EventRow[]> {
    return this.store.log(id, after, limit);
  }

  /** Hands a seat to a bot or back to its person. */
  async setPlayer(id: string, seat: Seat, player: Player): Promise<Players> {
    const players = await this.#locked(id, async () => {
      const next = await this.store.locked(id, -1, async (tx) => {
        const changedPlayers: Players = { ...tx.row.players, [seat]: player };
        // Tokens belong to people: whoever sits at `seat` now had seat `homeOf(seat)` in the first hand.
        if (player === 'human' && !(await tx.hasSeatToken(homeOf(seat, tx.row.hand - 1)))) {
          throw new ServiceError('INVALID_INPUT', `player: seat ${seat} was created as a bot and has no token; it cannot go back to a person`);
        }
        await tx.setPlayers(changedPlayers);
        return changedPlayers;
      });
      if (next === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
      this.cache.drop(id); // reloaded on demand with its new players
      return next;
    });
    await this.#startWhenReady(id); // the person left to wait for may now be a bot
    this.kickBots(id);
    return players;
  }

  /**
   * Deals the next hand at table `id` once its hand has ended (`complete`, `eastMahjong`): a new engine with the
   * table's rules and locale (the seed follows from the creation's seed by `nextHandSeed`, else a fresh one),
   * logged as `{ type: "table.next", hand }` at the next version; the deal passes to the right, so each person's
   * seat, bot setting and name move with them. Under the table's row lock, so two presses on two nodes deal one
   * hand: `after` (the hand the caller saw end) makes a repeat answer with the hand already dealt; without it, a
   * repeat is answered with the new hand while nothing has been played in it yet, else HAND_IN_PLAY (409).
   */
  async next(id: string, after?: number): Promise<DealtHand> {
    if (this.#closing) throw new ServiceError('UNAVAILABLE', 'the service is shutting down');
    let dealt: CachedTable | null = null;
    const reply = await this.#locked(id, async () => {
      try {
        const answer = await this.store.locked(id, -1, async (tx): Promise<DealtHand> => {
          const row = tx.row;
          const current: DealtHand = { id, version: row.version, phase: row.phase as Phase, hand: row.hand };
          if (after !== undefined && row.hand > after) return current;
          if (!HAND_ENDED.has(row.phase)) {
            if (after === undefined && row.hand > 1 && row.version === row.handVersion) return current;
            throw new ServiceError('HAND_IN_PLAY', `hand ${row.hand} is in play (${row.phase}); the next hand is dealt once it has ended`);
          }
          const setup = await tx.setup();
          const hand = row.hand + 1;
          const locale = row.locale as Locale;
          const engineSetup: TableSetup = {};
          if (setup.seed !== undefined) engineSetup.seed = nextHandSeed(setup.seed, hand);
          const rules = tableRules(setup.rules);
          if (rules !== undefined) engineSetup.rules = rules;
          const engine = startEngine(engineSetup, locale);
          try {
            const snapshot = engine.getSnapshot();
            const phase = phaseOfSnapshot(snapshot);
            const players = { ...row.players, ...rotateBySeat(row.players) } as Players;
            const deadlines = nextDeadlines({ clock: row.clock, previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, snapshot.context), players, actor: null, now: this.now() });
            const version = row.version + 1;
            await tx.nextHand({ tableId: id, version, hand, phase, snapshot: persist(engine), players, deadlines });
            dealt = { id, engine, snapshot, version, locale, players, hand, handVersion: version, names: row.names, clock: row.clock, deadlines, notice: null, chosenDeal: row.chosenDeal, joined: row.joined, clockStarted: true };
            return { id, version, phase, hand };
          } catch (error) {
            engine.stop();
            throw error;
          }
        });
        if (answer === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
        return answer;
      } catch (error) {
        if (dealt !== null) (dealt as CachedTable).engine.stop();
        dealt = null;
        throw error;
      }
    });
    const table = dealt as CachedTable | null;
    if (table !== null) {
      this.cache.put(table);
      this.hub.publish(table);
      this.kickBots(id);
    }
    return reply;
  }

  /**
   * Sets the display name of the person holding a seat token (checked by `checkName`), logged as
   * `{ type: "table.name", seat, name }` at the next version with the person's seat now, so every view shows it.
   * The same name again changes nothing.
   */
  async setName(id: string, role: Role, name: string): Promise<{ id: string; version: number; names: Names }> {
    if (this.#closing) throw new ServiceError('UNAVAILABLE', 'the service is shutting down');
    if (role.role !== 'seat') throw new ServiceError('FORBIDDEN', 'only a seat token sets its own name');
    let changed: CachedTable | null = null;
    const reply = await this.#locked(id, async () => {
      try {
        const answer = await this.store.locked(id, this.cache.peek(id)?.version ?? -1, async (tx) => {
          const row = tx.row;
          if (row.names[role.home] === name) return { id, version: row.version, names: row.names };
          if (nameHolder(row.names, name, role.home) !== null) throw new ServiceError('INVALID_INPUT', `name: another person at this table is already called ${JSON.stringify(name)}; names at one table must differ (compared without case)`);
          const names: Names = { ...row.names, [role.home]: name };
          const version = row.version + 1;
          const snapshot = await tx.snapshot();
          const seat = seatAfter(role.home, row.hand - 1);
          await tx.commit({ tableId: id, version, seat, event: { type: 'table.name', seat, name }, phase: row.phase, snapshot, names });
          let table = this.cache.peek(id);
          if (table === null || table.version !== row.version || !isRunning(table.engine)) table = cachedFromRow({ ...row, snapshot });
          changed = { ...table, version, players: row.players, hand: row.hand, handVersion: row.handVersion, names, clock: row.clock, deadlines: row.deadlines, notice: row.notice, joined: row.joined, clockStarted: row.clockStarted };
          return { id, version, names };
        });
        if (answer === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
        return answer;
      } catch (error) {
        this.cache.drop(id);
        throw error;
      }
    });
    const table = changed as CachedTable | null;
    if (table !== null) {
      this.cache.put(table);
      this.hub.publish(table);
    }
    return reply;
  }

  /**
   * Records that the person holding seat token `role` opened their link (a good live hello, a `GET` of the table),
   * logged as `{ type: "table.join", seat }` with their seat now at the next version; the last person the table
   * waited for starts the clock (joining.ts). A join that changes nothing (no clock, the clock runs already, joined
   * before, a bot plays their seat, any other role) writes nothing. Under the table's lock and its row lock, so joins
   * through several nodes each count once.
   */
  async join(id: string, role: Role): Promise<void> {
    if (role.role !== 'seat' || this.#closing) return; // a node shutting down still answers reads; it records nothing
    // Who joined and whether the clock runs only ever grow: a copy that says nothing is to be done is right.
    if (joinOf(await this.table(id), role.home) === null) return;
    await this.#clockChange(id, (row) => {
      const join = joinOf(row, role.home);
      if (join === null) return null;
      const seat = seatNow(role.home, row.hand);
      return { event: { type: 'table.join', seat }, seat, joined: join.joined, starts: join.starts };
    });
  }

  /**
   * Starts the clock of table `id` before everyone has joined (the admin's `POST …/start`), logged as
   * `{ type: "table.start" }` at the next version. ALREADY_STARTED (409) when the clock runs already, and for a
   * table without a clock (nothing is ever played for a person there, so there is nothing to start).
   */
  async start(id: string): Promise<{ id: string; version: number }> {
    const version = await this.#clockChange(id, (row) => {
      if (row.clock === null) throw new ServiceError('ALREADY_STARTED', 'this table has no clock: nothing is played for anyone, so there is nothing to start');
      if (row.clockStarted) throw new ServiceError('ALREADY_STARTED', 'the clock of this table runs already');
      return { event: { type: 'table.start' }, seat: null, joined: row.joined, starts: true };
    });
    return { id, version };
  }

  /** Starts the clock when the table waits for nobody any more (a seat handed to a bot, say); else nothing. */
  async #startWhenReady(id: string): Promise<void> {
    if (this.#closing) return;
    await this.#clockChange(id, (row) => (row.clock !== null && readyToStart(row) ? { event: { type: 'table.start' }, seat: null, joined: row.joined, starts: true } : null));
  }

  /**
   * Commits a change of who joined or of the clock's start, decided by `decide` on the row under its lock (null:
   * nothing to write): a `table.*` log row at the next version, no engine event; a start gives each human seat the
   * table waits for its deadline. Publishes the views and arms the clock. Resolves with the table's version after.
   */
  async #clockChange(id: string, decide: (row: Omit<TableRow, 'snapshot'>) => { event: Record<string, unknown>; seat: Seat | null; joined: Seat[]; starts: boolean } | null): Promise<number> {
    if (this.#closing) throw new ServiceError('UNAVAILABLE', 'the service is shutting down');
    let changed: CachedTable | null = null;
    const version = await this.#locked(id, async () => {
      try {
        const answer = await this.store.locked(id, this.cache.peek(id)?.version ?? -1, async (tx) => {
          const row = tx.row;
          const change = decide(row);
          if (change === null) return row.version;
          const snapshot = await tx.snapshot();
          let table = this.cache.peek(id);
          if (table === null || table.version !== row.version || !isRunning(table.engine)) table = cachedFromRow({ ...row, snapshot });
          const version = row.version + 1;
          const phase = phaseOfSnapshot(table.snapshot);
          const deadlines = change.starts ? nextDeadlines({ clock: row.clock, previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, table.snapshot.context), players: row.players, actor: null, now: this.now() }) : row.deadlines;
          const clockStarted = row.clockStarted || change.starts;
          await tx.commit({ tableId: id, version, seat: change.seat, event: change.event, phase: row.phase, snapshot, joined: change.joined, ...(change.starts ? { deadlines, clockStarted } : {}) });
          changed = { ...table, version, players: row.players, hand: row.hand, handVersion: row.handVersion, names: row.names, clock: row.clock, deadlines, notice: row.notice, joined: change.joined, clockStarted };
          return version;
        });
        if (answer === null) throw new ServiceError('NOT_FOUND', 'no table with this id');
        return answer;
      } catch (error) {
        this.cache.drop(id);
        throw error;
      }
    });
    const table = changed as CachedTable | null;
    if (table !== null) {
      this.cache.put(table);
      this.hub.publish(table);
      this.kickBots(id); // arms the clock
    }
    return version;
  }

  /**
   * Plays with the teacher, one decision each, every human seat of table `id` whose deadline has passed (several
   * may run out together), each committed at the version it was chosen for (so across nodes a timeout is played
   * once) and setting the table's notice. Resolves with the number of moves committed here.
   */
  async fireClock(id: string): Promise<number> {
    let fired = 0;
    for (let attempt = 0; attempt < 3 * SEATS.length && !this.#closing; attempt += 1) {
      const table = await this.table(id);
      if (table.clock === null) return fired;
      const phase = phaseOfSnapshot(table.snapshot);
      const seat = expiredSeat(table.deadlines, waitingFor(phase, table.snapshot.context), this.now());
      if (seat === null) {
        this.#armClock(id);
        return fired;
      }
      const event = teacherMove(table, seat);
      if (event === null) return fired;
      const reply = await this.submit(id, { kind: 'clock', seat, expectedVersion: table.version }, event);
      if (reply === null) continue; // another node played it, or moved the table on: look again
      if (!reply.ok) {
        process.emitWarning(`charleston: the teacher's move for ${seat} on table ${id} was refused (${reply.refusal.code})`);
        return fired;
      }
      fired += 1;
    }
    return fired;
  }

  /**
   * Looks in the database for clocks that ran out (any table, in memory or not) and plays them; at most 100 tables
   * a round. Resolves with the number of moves committed here.
   */
  async sweepClocks(): Promise<number> {
    if (this.#closing) return 0;
    let fired = 0;
    for (const id of await this.store.dueClocks(this.now(), CLOCK_SWEEP_LIMIT)) {
      if (this.#closing) break;
      try {
        fired += await this.fireClock(id);
      } catch (error) {
        if (!(error instanceof ServiceError)) process.emitWarning(`charleston: clock of table ${id} could not fire (${(error as Error).message})`);
      }
    }
    return fired;
  }

  #scheduleSweep(): void {
    const every = this.#options.clockSweepMillis;
    if (every <= 0 || this.#closing) return;
    this.#sweepTimer = this.#options.time.setTimer(every, () => {
      this.#sweepTimer = null;
      const work = this.sweepClocks()
        .catch((error: unknown) => process.emitWarning(`charleston: clock sweep failed (${(error as Error).message}); it runs again later`))
        .finally(() => this.#scheduleSweep());
      this.#track(work, 'the clock sweep');
    });
  }

  /** Sets this node's timer for the earliest deadline of table `id` (in memory), replacing the one it had. */
  #armClock(id: string): void {
    this.#clockTimers.get(id)?.();
    this.#clockTimers.delete(id);
    const table = this.cache.peek(id);
    if (this.#closing || table === null || table.clock === null) return;
    const earliest = earliestDeadline(table.deadlines);
    if (earliest === null) return;
    const cancel = this.#options.time.setTimer(Math.max(0, earliest - this.now()), () => {
      if (this.#clockTimers.get(id) === cancel) this.#clockTimers.delete(id);
      const work = this.fireClock(id).catch((error: unknown) => {
        if (!(error instanceof ServiceError)) process.emitWarning(`charleston: clock of table ${id} could not fire (${(error as Error).message})`);
      });
      this.#track(work, `the clock of table ${id}`);
    });
    this.#clockTimers.set(id, cancel);
  }

  /**
   * Reacts to another node's announcement `"ID VERSION NODE"`: refresh the table and push the views. Ignored once
   * this node is shutting down: its sockets are about to close, and a refresh started then would be more work for
   * the shutdown to wait for, as long as the other nodes keep changing tables (the drain never ended).
   */
  onNotify(payload: string): void {
    if (this.#closing) return;
    const [id, versionText, node] = payload.split(' ');
    if (id === undefined || versionText === undefined || node === this.nodeId) return;
    const version = Number(versionText);
    if (version < 0) {
      this.forget([id]); // removed by the cleanup
      return;
    }
    const cached = this.cache.peek(id);
    if (cached !== null && cached.version > version) return; // an old announcement
    if (!this.hub.has(id)) {
      // Nobody here watches it: forget the cached copy (under the lock), it is reloaded on demand.
      if (cached !== null) void this.#locked(id, async () => this.cache.drop(id)).catch(() => undefined);
      return;
    }
    this.#refresh(id);
  }

  /**
   * Reads every table this node holds (in memory or watched by live connections) again from the database and
   * pushes the views that moved on: after the change listener was down, announcements may have been missed.
   */
  resync(): void {
    if (this.#closing) return;
    for (const id of new Set([...this.cache.ids(), ...this.hub.tableIds()])) this.#refresh(id);
  }

  /** Reloads table `id` under its lock when the database holds a newer version (or other players); pushes views. */
  #refresh(id: string): void {
    void this.#locked(id, async () => {
      const row = await this.#storedRow(id);
      if (row === null) return;
      const current = this.cache.peek(id);
      if (current !== null && current.version === row.version && JSON.stringify(current.players) === JSON.stringify(row.players) && isRunning(current.engine)) {
        this.hub.publish(current); // loaded by another path meanwhile: make sure its views went out (once per version)
        return;
      }
      this.#install(row);
    }, `a refresh of table ${id}`).catch((error: unknown) => process.emitWarning(`charleston: could not refresh table ${id} (${(error as Error).message})`));
  }

  /**
   * Lets the bots act if the table waits for one (asynchronously, one event per turn). When a bot's commit
   * fails (the database is away, say), it tries again after 100 ms, then twice as long each time up to 30 s,
   * until it succeeds or the service closes.
   */
  kickBots(id: string): void {
    if (this.#closing) return;
    this.#armClock(id);
    if (this.#botsRunning.has(id)) {
      this.#botsAgain.add(id);
      return;
    }
    const table = this.cache.peek(id);
    if (table !== null && botSeats(table.players).length === 0) return;
    const timer = this.#botTimers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.#botTimers.delete(id);
    }
    this.#botsRunning.add(id);
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runBotTurns(this, id, this.#options.botBurst))
      .then(
        () => {
          this.#botFailures.delete(id);
        },
        (error: unknown) => {
          if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
            this.#botFailures.delete(id); // the table is gone: nothing to retry, nothing to remember
            return;
          }
          const first = !this.#botFailures.has(id);
          if (first && !(error instanceof ServiceError && error.code === 'UNAVAILABLE')) process.emitWarning(`charleston: bot turn failed on table ${id} (${(error as Error).message}); trying again with backoff`);
          this.#retryBots(id);
        },
      )
      .finally(() => {
        this.#botsRunning.delete(id);
        if (this.#botsAgain.delete(id)) this.kickBots(id);
      });
    this.#track(work, `the bots of table ${id}`);
  }

  #retryBots(id: string): void {
    if (this.#closing) return;
    const failures = (this.#botFailures.get(id) ?? 0) + 1;
    this.#botFailures.set(id, failures);
    const delay = Math.min(BOT_RETRY_MAX_MILLIS, this.#options.botRetryMillis * 2 ** Math.min(failures - 1, 16));
    clearTimeout(this.#botTimers.get(id));
    const timer = setTimeout(() => {
      this.#botTimers.delete(id);
      this.kickBots(id);
    }, delay);
    this.#botTimers.set(id, timer);
  }

  /** Tables whose bots wait to try again after a failed commit. */
  get botsWaitingToRetry(): number {
    return this.#botTimers.size;
  }

  /** Forgets cached answers about `ids` (tables removed by the cleanup). */
  forget(ids: readonly string[]): void {
    const gone = new Set(ids);
    for (const id of ids) this.#unknownTables.add(id);
    this.#tokens.deleteWhere((key) => gone.has(key.slice(0, key.indexOf(' '))));
    for (const id of ids) if (this.cache.peek(id) !== null) void this.#locked(id, async () => this.cache.drop(id)).catch(() => undefined);
  }

  /**
   * Stops taking new work (sends, bot turns, clocks, refreshes on other nodes' announcements) and resolves when
   * every send, bot turn and refresh in flight has settled, or once `boundMillis` have passed on the master's time
   * source (default: no bound). What is still in flight then is abandoned: a warning names it, and the returned
   * list says what it was (empty when everything settled).
   */
  async drain(boundMillis = Infinity): Promise<string[]> {
    this.#closing = true;
    for (const timer of this.#botTimers.values()) clearTimeout(timer);
    this.#botTimers.clear();
    for (const cancel of this.#clockTimers.values()) cancel();
    this.#clockTimers.clear();
    this.#sweepTimer?.();
    this.#sweepTimer = null;
    let late = false;
    let wake = (): void => undefined;
    const timeUp = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const cancel = Number.isFinite(boundMillis)
      ? this.#options.time.setTimer(Math.max(0, boundMillis), () => {
          late = true;
          wake();
        })
      : () => undefined;
    try {
      // Work in flight may start more of its own (a send's commit wakes the bots, which see the node closing and stop),
      // so look again until nothing is left; nothing new starts from outside once closing.
      while (this.#pending.size > 0 && !late) await Promise.race([Promise.allSettled([...this.#pending.keys()]), timeUp]);
    } finally {
      cancel();
    }
    const abandoned = [...this.#pending.values()];
    if (abandoned.length > 0) process.emitWarning(`charleston: shutdown: gave up after ${boundMillis} ms waiting for ${describeWork(abandoned)}; abandoned`);
    return abandoned;
  }

  /** Stops taking work, waits for what is in flight (at most `boundMillis`, see {@link drain}), stops every engine. */
  async close(boundMillis = Infinity): Promise<void> {
    await this.drain(boundMillis);
    this.cache.clear();
  }

  #track(work: Promise<unknown>, what: string): void {
    this.#pending.set(work, what);
    void work.then(
      () => this.#pending.delete(work),
      () => this.#pending.delete(work),
    );
  }
}

/** "2 × a refresh of table A, the bots of table B": what a shutdown abandoned, each kind once with its count. */
export function describeWork(what: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of what) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, count]) => (count === 1 ? item : `${count} × ${item}`)).join(', ');
}

/** The seat an event names when it is not `own`, a seat token's seat now (null when it is, names none, or no seat token sends). */
function foreignSeat(own: Seat | null, event: unknown): string | null {
  if (own === null || typeof event !== 'object' || event === null || Array.isArray(event)) return null;
  const record = event as Record<string, unknown>;
  if (record.type === 'hand.redeal' || !Object.hasOwn(record, 'seat')) return null;
  const seat = record.seat;
  if (seat === own) return null;
  return typeof seat === 'string' ? seat.slice(0, 40) : JSON.stringify(seat)?.slice(0, 40) ?? String(seat);
}

function seatOf(event: unknown): Seat | null {
  if (typeof event !== 'object' || event === null) return null;
  const seat = (event as Record<string, unknown>).seat;
  return typeof seat === 'string' && (SEATS as readonly string[]).includes(seat) ? (seat as Seat) : null;
}
