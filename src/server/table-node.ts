/**
 * One node's tables, put together: the store over the database, the cache, the work tracker, token auth, the
 * health check, the change feed, the clock runner, the bot runner and the commands (master.ts), each given what it
 * needs. It is `service.master`: a thin facade whose methods hand each call to the part that does that job.
 */
import type { Locale, Seat } from '../index.js';
import type { Role } from './auth.js';
import { BotRunner } from './bot-runner.js';
import { runBotTurns } from './bots.js';
import { TableCache, type CachedTable } from './cache.js';
import { ChangeFeed } from './change-feed.js';
import { ClockRunner } from './clock-runner.js';
import type { TableSetup } from './engine.js';
import { HealthCheck, type Health } from './health-check.js';
import type { Hub } from './hub.js';
import { NO_OBSERVER, TableMaster, type CreatedTable, type DealtHand, type FriendsSetup, type MasterObserver, type TableMasterOptions } from './master.js';
import type { Names } from './names.js';
import type { Player, Players } from './players.js';
import type { SendReply, Sender } from './protocol.js';
import { newToken } from './auth.js';
import type { Db } from './storage/db.js';
import { sqlStore, type EventRow, type TableStore } from './storage/store.js';
import { TokenAuth } from './token-auth.js';
import { WorkTracker } from './work-tracker.js';

/** The tables of one node, backed by the shared database. */
export class TableNode {
  /** This node's id in change announcements (its own are ignored). */
  readonly nodeId = newToken().slice(0, 12);
  /** The database as domain verbs: every read and write of a table goes through it. */
  readonly store: TableStore;
  readonly hub: Hub;
  readonly cache: TableCache;
  readonly work: WorkTracker;
  readonly auth: TokenAuth;
  readonly feed: ChangeFeed;
  readonly clocks: ClockRunner;
  readonly bots: BotRunner;
  /** The commands under a table's lock. */
  readonly commands: TableMaster;
  readonly #health: HealthCheck;
  readonly #options: TableMasterOptions;

  constructor(db: Db, hub: Hub, options: TableMasterOptions, observer: MasterObserver = NO_OBSERVER) {
    this.store = sqlStore(db, this.nodeId);
    this.hub = hub;
    this.#options = options;
    const now = (): number => options.time.now();
    const work = new WorkTracker(options.time);
    this.work = work;
    this.cache = new TableCache(options, (id) => hub.has(id) || this.bots.isRunning(id) || work.isLocked(id));
    this.auth = new TokenAuth(this.store, (id) => this.cache.peek(id) !== null, options.operatorHash);
    this.#health = new HealthCheck(this.store, now);
    const kick = (id: string): void => this.bots.kick(id);
    this.feed = new ChangeFeed({ nodeId: this.nodeId, store: this.store, cache: this.cache, hub, auth: this.auth, work, kick });
    const table = (id: string): Promise<CachedTable> => this.feed.table(id);
    this.commands = new TableMaster({ store: this.store, hub, cache: this.cache, work, now, table, kick, observer });
    const submit = (id: string, sender: Sender, event: unknown): Promise<SendReply | null> => this.commands.submit(id, sender, event);
    // The bots run before the clocks exist only in name: the first kick comes after the constructor.
    this.bots = new BotRunner({ botBurst: options.botBurst, botRetryMillis: options.botRetryMillis, peek: (id) => this.cache.peek(id), turns: (id, burst) => runBotTurns({ table, submit }, id, burst), arm: (id) => this.clocks.arm(id), work });
    this.clocks = new ClockRunner({ time: options.time, sweepMillis: options.clockSweepMillis, store: this.store, peek: (id) => this.cache.peek(id), table, submit, work });
  }

  /** Epoch milliseconds now, from the node's time source (`options.time`). */
  now(): number {
    return this.#options.time.now();
  }

  /** What `/healthz` reports (one check a second at most, see `HealthCheck`). */
  health(): Promise<Health> {
    return this.#health.health();
  }

  /** See {@link TableMaster.create}. */
  create(setup: TableSetup, locale: Locale, players: Players, friends?: FriendsSetup): Promise<CreatedTable> {
    return this.commands.create(setup, locale, players, friends);
  }

  /** See {@link TableMaster.submit}. */
  submit(id: string, sender: Sender, event: unknown, key?: string): Promise<SendReply | null> {
    return this.commands.submit(id, sender, event, key);
  }

  /** See {@link TableMaster.next}. */
  next(id: string, after?: number): Promise<DealtHand> {
    return this.commands.next(id, after);
  }

  /** See {@link TableMaster.setName}. */
  setName(id: string, role: Role, name: string): Promise<{ id: string; version: number; names: Names }> {
    return this.commands.setName(id, role, name);
  }

  /** See {@link TableMaster.setPlayer}. */
  setPlayer(id: string, seat: Seat, player: Player): Promise<Players> {
    return this.commands.setPlayer(id, seat, player);
  }

  /** See {@link TableMaster.join}. */
  join(id: string, role: Role): Promise<void> {
    return this.commands.join(id, role);
  }

  /** See {@link TableMaster.start}. */
  start(id: string): Promise<{ id: string; version: number }> {
    return this.commands.start(id);
  }

  /** See {@link TableMaster.log}. */
  log(id: string, after: number, limit: number): Promise<EventRow[]> {
    return this.commands.log(id, after, limit);
  }

  /** See {@link ChangeFeed.table}. */
  table(id: string): Promise<CachedTable> {
    return this.feed.table(id);
  }

  /** See {@link ChangeFeed.current}. */
  current(id: string): Promise<CachedTable> {
    return this.feed.current(id);
  }

  /** See {@link ChangeFeed.onNotify}. */
  onNotify(payload: string): void {
    this.feed.onNotify(payload);
  }

  /** See {@link ChangeFeed.resync}. */
  resync(): void {
    this.feed.resync();
  }

  /** See {@link ChangeFeed.forget}. */
  forget(ids: readonly string[]): void {
    this.feed.forget(ids);
  }

  /** See {@link ClockRunner.fire}. */
  fireClock(id: string): Promise<number> {
    return this.clocks.fire(id);
  }

  /** See {@link ClockRunner.sweep}. */
  sweepClocks(): Promise<number> {
    return this.clocks.sweep();
  }

  /** Tables whose bots wait to try again after a failed commit. */
  get botsWaitingToRetry(): number {
    return this.bots.waitingToRetry;
  }

  /**
   * Stops taking new work (sends, bot turns, clocks, refreshes on other nodes' announcements) and resolves when
   * every send, bot turn and refresh in flight has settled, or once `boundMillis` have passed on the node's time
   * source (see {@link WorkTracker.drain}). Resolves with what was abandoned.
   */
  drain(boundMillis = Infinity): Promise<string[]> {
    return this.work.drain(boundMillis);
  }

  /** Stops taking work, waits for what is in flight (at most `boundMillis`, see {@link drain}), stops every engine. */
  async close(boundMillis = Infinity): Promise<void> {
    await this.drain(boundMillis);
    this.cache.clear();
  }
}
