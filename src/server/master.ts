/**
 * The commands of a table, each under the table's lock (a keyed mutex on this node) and its row's lock in the
 * database: create, submit, next, setName, setPlayer, join and start. Every accepted event and every change is
 * written with its version atomically before anyone hears of it (the store), then published (the hub); so any
 * number of nodes may serve one table (decision 0008). The tables in memory, tokens, clocks, bots and the work in
 * flight are kept by their own parts, injected here.
 *
 * An engine in memory is created, advanced, replaced and stopped only under its table's lock: a change announced by
 * another node, a hand-over of a seat, a reload and an eviction never stop an engine that a commit is using.
 */
import { SEATS, persist, phaseOfSnapshot, waitingFor, type Locale, type Phase, type Seat } from '../index.js';
import { hashToken, newTableId, newToken, type Role } from './auth.js';
import { cachedFromRow, cardTextFor, isRunning, type CachedTable, type CacheOptions, type TableCache } from './cache.js';
import { nextDeadlines, type TimeSource } from './clock.js';
import { startEngine, type TableSetup } from './engine.js';
import { tableCard } from './table-card.js';
import { ServiceError } from './errors.js';
import { EventCommit } from './event-commit.js';
import { HAND_ENDED, homeOf, nextHandSeed, rotateBySeat, seatAfter, tableRules } from './hands.js';
import type { Hub } from './hub.js';
import { joinOf, readyToStart, runningClock, seatNow } from './joining.js';
import { nameHolder, type Names } from './names.js';
import type { Player, Players } from './players.js';
import type { SendReply, Sender } from './protocol.js';
import type { EventRow, TableStore } from './storage/store.js';
import type { LockedRow } from './storage/queries.js';
import type { WorkTracker } from './work-tracker.js';

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

/** What the table master reports to metrics (every method optional to call, cheap). */
export interface MasterObserver {
  /** An event was committed, `millis` after it was submitted. */
  committed(millis: number): void;
  /** An event was refused with `code`. */
  refused(code: string): void;
}

/** An observer that is told nothing. */
export const NO_OBSERVER: MasterObserver = { committed: () => undefined, refused: () => undefined };

/** What the commands need: the database, the cache, the publisher, the work tracker, time, tables and bots. */
export interface MasterParts {
  /** The database as domain verbs: every read and write of a table goes through it. */
  store: TableStore;
  /** Where the views of a changed table go. */
  hub: Pick<Hub, 'publish'>;
  cache: TableCache;
  /** The tables' locks, the work in flight, and whether the node is closing. */
  work: WorkTracker;
  /** Epoch milliseconds now. */
  now(): number;
  /** The table in memory, loaded on demand; throws 404. */
  table(id: string): Promise<CachedTable>;
  /** Lets the bots of table `id` act and arms its clock. */
  kick(id: string): void;
  /** What is told of commits and refusals. */
  observer: MasterObserver;
}

/** The commands of one node's tables, each under the table's lock. */
export class TableMaster {
  readonly #parts: MasterParts;
  readonly #events: EventCommit;

  /** `parts` are this node's store, cache, publisher, work tracker, clock, tables and bots. */
  constructor(parts: MasterParts) {
    this.#parts = parts;
    this.#events = new EventCommit(parts);
  }

  /**
   * Creates a table at version 0 with a token per human seat, a spectator and an admin token. A table with a card
   * (`setup.card`, its text as `checkCard` returned it) stores it with its setup and checks East's declaration
   * against it; a table without one gets the engine's declaration review (`tableRules`); names and clock come with
   * `friends`.
   */
  async create(setup: TableSetup, locale: Locale, players: Players, friends: FriendsSetup = { names: {}, clock: null }): Promise<CreatedTable> {
    if (this.#parts.work.closing) throw new ServiceError('UNAVAILABLE', 'shuttingDown');
    const card = tableCard(setup.card);
    const rules = tableRules(setup.rules, card !== null);
    const engine = startEngine({ ...setup, ...(rules === undefined ? {} : { rules }) }, locale, card?.isWinningHand);
    const id = newTableId();
    const tokens: CreatedTable['tokens'] = {};
    const snapshot = engine.getSnapshot();
    const phase = phaseOfSnapshot(snapshot);
    // The clock waits for every person to open their link (joining.ts): it runs at once only with nobody to wait for.
    const joining = { joined: [] as Seat[], clockStarted: readyToStart({ clock: friends.clock, clockStarted: false, joined: [], players, deal: 1 }) };
    const deadlines = nextDeadlines({ clock: runningClock({ clock: friends.clock, ...joining }), previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, snapshot.context), players, actor: null, now: this.#parts.now() });
    const chosenDeal = setup.seed !== undefined || setup.deal !== undefined;
    const table: CachedTable = { id, engine, snapshot, version: 0, locale, players, deal: 1, dealVersion: 0, names: friends.names, clock: friends.clock, deadlines, notice: null, chosenDeal, ...joining, card };
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
      const stored: { seed?: number | string; rules?: unknown; chosen?: true; card?: string } = {};
      if (setup.seed !== undefined) stored.seed = setup.seed;
      if (card !== null) stored.card = card.text;
      if (setup.rules !== undefined) stored.rules = setup.rules;
      if (chosenDeal) stored.chosen = true;
      const row = { id, version: 0, phase, locale, players, snapshot: persist(engine), deal: 1, dealVersion: 0, names: friends.names, clock: friends.clock, deadlines, notice: null, chosenDeal, ...joining, card: card?.text ?? null };
      await this.#parts.store.create({ row, setup: stored, tokens: hashes }, () => {
        written = true;
      });
    } catch (error) {
      engine.stop();
      // Once the rows were written, a failure (above all a connection lost while the database committed) leaves the
      // table's fate unknown to this node: the reply must not promise that nothing changed.
      if (written && !(error instanceof ServiceError)) throw new ServiceError('UNAVAILABLE', 'unconfirmedCreation').inLocale(locale);
      throw error;
    }
    this.#parts.cache.put(table);
    this.#parts.kick(id);
    return { id, version: 0, phase, tokens };
  }

  /** Sends an event for `sender`; resolves once committed (or refused); null when a bot's turn was taken. */
  submit(id: string, sender: Sender, event: unknown, key?: string): Promise<SendReply | null> {
    if (this.#parts.work.closing) return Promise.reject(new ServiceError('UNAVAILABLE', 'shuttingDown'));
    // Only a seat token plays (the routes say so first): no rule is consulted and no key looked up for any other.
    if (sender.kind === 'token' && sender.role.role !== 'seat') return Promise.reject(new ServiceError('FORBIDDEN', 'onlySeatSends', { role: sender.role.role, action: 'send' }));
    const started = performance.now();
    return this.#parts.work.locked(id, async () => {
      const reply = await this.#events.commit(id, sender, event, key);
      if (reply?.ok === true) this.#parts.observer.committed(performance.now() - started);
      else if (reply?.ok === false) this.#parts.observer.refused(reply.refusal.code);
      return reply;
    }, `a ${sender.kind === 'token' ? 'send' : sender.kind === 'bot' ? "bot's move" : "clock's move"} on table ${id}`);
  }

  /** The accepted events in version order: at most `limit`, from the first after version `after`. */
  async log(id: string, after: number, limit: number): Promise<EventRow[]> {
    return this.#parts.store.log(id, after, limit);
  }

  /** Hands a seat to a bot or back to its person. */
  async setPlayer(id: string, seat: Seat, player: Player): Promise<Players> {
    const players = await this.#parts.work.locked(id, async () => {
      const next = await this.#parts.store.locked(id, -1, async (tx) => {
        const changedPlayers: Players = { ...tx.row.players, [seat]: player };
        // Tokens belong to people: whoever sits at `seat` now had seat `homeOf(seat)` in the first hand.
        if (player === 'human' && !(await tx.hasSeatToken(homeOf(seat, tx.row.deal - 1)))) {
          throw new ServiceError('INVALID_INPUT', 'botNoToken', { field: 'player', seat });
        }
        await tx.setPlayers(changedPlayers);
        return changedPlayers;
      });
      if (next === null) throw new ServiceError('NOT_FOUND', 'noTable');
      this.#parts.cache.drop(id); // reloaded on demand with its new players
      return next;
    });
    await this.#startWhenReady(id); // the person left to wait for may now be a bot
    this.#parts.kick(id);
    return players;
  }

  /**
   * Deals the next hand at table `id` once its hand has ended (`complete`, `eastMahjong`): a new engine with the
   * table's rules, card and locale (the seed follows from the creation's seed by `nextHandSeed`, else a fresh one),
   * logged as `{ type: "table.next", hand }` at the next version; the deal passes to the right, so each person's
   * seat, bot setting and name move with them. Under the table's row lock, so two presses on two nodes deal one
   * hand: `after` (the hand the caller saw end) makes a repeat answer with the hand already dealt; without it, a
   * repeat is answered with the new hand while nothing has been played in it yet, else HAND_IN_PLAY (409).
   */
  async next(id: string, after?: number): Promise<DealtHand> {
    if (this.#parts.work.closing) throw new ServiceError('UNAVAILABLE', 'shuttingDown');
    let dealt: CachedTable | null = null;
    const reply = await this.#parts.work.locked(id, async () => {
      try {
        const answer = await this.#parts.store.locked(id, -1, async (tx): Promise<DealtHand> => {
          const row = tx.row;
          const current: DealtHand = { id, version: row.version, phase: row.phase as Phase, hand: row.deal };
          if (after !== undefined && row.deal > after) return current;
          if (!HAND_ENDED.has(row.phase)) {
            if (after === undefined && row.deal > 1 && row.version === row.dealVersion) return current;
            throw new ServiceError('HAND_IN_PLAY', 'handInPlay', { hand: row.deal, phase: row.phase });
          }
          const setup = await tx.setup();
          const hand = row.deal + 1;
          const locale = row.locale as Locale;
          const engineSetup: TableSetup = {};
          if (setup.seed !== undefined) engineSetup.seed = nextHandSeed(setup.seed, hand);
          const card = tableCard(setup.card);
          const rules = tableRules(setup.rules, card !== null);
          if (rules !== undefined) engineSetup.rules = rules;
          const engine = startEngine(engineSetup, locale, card?.isWinningHand);
          try {
            const snapshot = engine.getSnapshot();
            const phase = phaseOfSnapshot(snapshot);
            const players = { ...row.players, ...rotateBySeat(row.players) } as Players;
            const deadlines = nextDeadlines({ clock: row.clock, previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, snapshot.context), players, actor: null, now: this.#parts.now() });
            const version = row.version + 1;
            await tx.nextHand({ tableId: id, version, deal: hand, phase, snapshot: persist(engine), players, deadlines });
            dealt = { id, engine, snapshot, version, locale, players, deal: hand, dealVersion: version, names: row.names, clock: row.clock, deadlines, notice: null, chosenDeal: row.chosenDeal, joined: row.joined, clockStarted: true, card };
            return { id, version, phase, hand };
          } catch (error) {
            engine.stop();
            throw error;
          }
        });
        if (answer === null) throw new ServiceError('NOT_FOUND', 'noTable');
        return answer;
      } catch (error) {
        if (dealt !== null) (dealt as CachedTable).engine.stop();
        dealt = null;
        throw error;
      }
    });
    const table = dealt as CachedTable | null;
    if (table !== null) {
      this.#parts.cache.put(table);
      this.#parts.hub.publish(table);
      this.#parts.kick(id);
    }
    return reply;
  }

  /**
   * Sets the display name of the person holding a seat token (checked by `checkName`), logged as
   * `{ type: "table.name", seat, name }` at the next version with the person's seat now, so every view shows it.
   * The same name again changes nothing.
   */
  async setName(id: string, role: Role, name: string): Promise<{ id: string; version: number; names: Names }> {
    if (this.#parts.work.closing) throw new ServiceError('UNAVAILABLE', 'shuttingDown');
    if (role.role !== 'seat') throw new ServiceError('FORBIDDEN', 'onlySeatNames', { role: role.role, action: 'name' });
    const after = await this.#rowChange(id, (row) => {
      if (row.names[role.home] === name) return null;
      const holder = nameHolder(row.names, name, role.home);
      if (holder !== null) throw new ServiceError('INVALID_INPUT', 'nameInUse', { field: 'name', name, seat: holder }).inLocale(row.locale as Locale);
      const seat = seatAfter(role.home, row.deal - 1);
      return { event: { type: 'table.name', seat, name }, seat, names: { ...row.names, [role.home]: name } };
    });
    return { id, ...after };
  }

  /**
   * Records that the person holding seat token `role` opened their link (a good live hello, a `GET` of the table),
   * logged as `{ type: "table.join", seat }` with their seat now at the next version; the last person the table
   * waited for starts the clock (joining.ts). A join that changes nothing (no clock, the clock runs already, joined
   * before, a bot plays their seat, any other role) writes nothing. Under the table's lock and its row lock, so joins
   * through several nodes each count once.
   */
  async join(id: string, role: Role): Promise<void> {
    if (role.role !== 'seat' || this.#parts.work.closing) return; // a node shutting down still answers reads; it records nothing
    // Who joined and whether the clock runs only ever grow: a copy that says nothing is to be done is right.
    if (joinOf(await this.#parts.table(id), role.home) === null) return;
    await this.#rowChange(id, (row) => {
      const join = joinOf(row, role.home);
      if (join === null) return null;
      const seat = seatNow(role.home, row.deal);
      return { event: { type: 'table.join', seat }, seat, joined: join.joined, starts: join.starts };
    });
  }

  /**
   * Starts the clock of table `id` before everyone has joined (the admin's `POST …/start`), logged as
   * `{ type: "table.start" }` at the next version. ALREADY_STARTED (409) when the clock runs already, and for a
   * table without a clock (nothing is ever played for a person there, so there is nothing to start).
   */
  async start(id: string): Promise<{ id: string; version: number }> {
    const { version } = await this.#rowChange(id, (row) => {
      if (row.clock === null) throw new ServiceError('ALREADY_STARTED', 'noClock');
      if (row.clockStarted) throw new ServiceError('ALREADY_STARTED', 'clockRunning');
      return { event: { type: 'table.start' }, seat: null, joined: row.joined, starts: true };
    });
    return { id, version };
  }

  /** Starts the clock when the table waits for nobody any more (a seat handed to a bot, say); else nothing. */
  async #startWhenReady(id: string): Promise<void> {
    if (this.#parts.work.closing) return;
    await this.#rowChange(id, (row) => (row.clock !== null && readyToStart(row) ? { event: { type: 'table.start' }, seat: null, joined: row.joined, starts: true } : null));
  }

  /**
   * Commits a change of the table's own data (a name, who joined, the clock's start), decided by `decide` on the row
   * under its lock (null: nothing to write): a `table.*` log row at the next version, no engine event; a start gives
   * each human seat the table waits for its deadline. Publishes the views and arms the clock. Resolves with the
   * table's version and names after.
   */
  async #rowChange(id: string, decide: (row: LockedRow) => RowChange | null): Promise<{ version: number; names: Names }> {
    if (this.#parts.work.closing) throw new ServiceError('UNAVAILABLE', 'shuttingDown');
    let changed: CachedTable | null = null;
    const after = await this.#parts.work.locked(id, async () => {
      try {
        const answer = await this.#parts.store.locked(id, this.#parts.cache.peek(id)?.version ?? -1, async (tx) => {
          const row = tx.row;
          const change = decide(row);
          if (change === null) return { version: row.version, names: row.names };
          const snapshot = await tx.snapshot();
          let table = this.#parts.cache.peek(id);
          if (table === null || table.version !== row.version || !isRunning(table.engine)) table = cachedFromRow({ ...row, snapshot, card: await cardTextFor(table, () => tx.card()) });
          const version = row.version + 1;
          const phase = phaseOfSnapshot(table.snapshot);
          const starts = change.starts === true;
          const deadlines = starts ? nextDeadlines({ clock: row.clock, previous: {}, phaseBefore: null, phaseAfter: phase, waiting: waitingFor(phase, table.snapshot.context), players: row.players, actor: null, now: this.#parts.now() }) : row.deadlines;
          const clockStarted = row.clockStarted || starts;
          const names = change.names ?? row.names;
          const joined = change.joined ?? row.joined;
          await tx.commit({
            tableId: id,
            version,
            seat: change.seat,
            event: change.event,
            phase: row.phase,
            snapshot,
            ...(change.names === undefined ? {} : { names }),
            ...(change.joined === undefined ? {} : { joined }),
            ...(starts ? { deadlines, clockStarted } : {}),
          });
          changed = { ...table, version, players: row.players, deal: row.deal, dealVersion: row.dealVersion, names, clock: row.clock, deadlines, notice: row.notice, joined, clockStarted };
          return { version, names };
        });
        if (answer === null) throw new ServiceError('NOT_FOUND', 'noTable');
        return answer;
      } catch (error) {
        this.#parts.cache.drop(id);
        throw error;
      }
    });
    const table = changed as CachedTable | null;
    if (table !== null) {
      this.#parts.cache.put(table);
      this.#parts.hub.publish(table);
      this.#parts.kick(id); // arms the clock
    }
    return after;
  }
}

/** A change of the table's own data, logged as its `table.*` row (see `#rowChange`): what is not given stays. */
interface RowChange {
  event: Record<string, unknown>;
  seat: Seat | null;
  names?: Names;
  joined?: Seat[];
  /** The clock starts with this change. */
  starts?: boolean;
}
