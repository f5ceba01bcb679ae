/**
 * The tables this node holds in memory: loaded from the database on demand, kept while used, evicted when idle
 * or when the cache is full (least recently used first, never one with live connections). Memory is a cache;
 * the database is the truth, so an evicted table costs nothing but a reload.
 */
import type { CharlestonEngine, CharlestonSnapshot, Locale, Seat } from '../index.js';
import type { Deadlines, TableNotice } from './clock.js';
import type { Names } from './names.js';
import { restoreEngine } from './engine.js';
import type { Players } from './players.js';
import type { TableRow } from './storage/queries.js';
import { tableCard, type TableCard } from './table-card.js';

/** A table in memory. */
export interface CachedTable {
  readonly id: string;
  /** The engine: ahead of `snapshot` while a commit is in flight, so views never read it. */
  readonly engine: CharlestonEngine;
  /** The committed state at `version` (an immutable snapshot): what every view and bot reads. */
  readonly snapshot: CharlestonSnapshot;
  readonly version: number;
  readonly locale: Locale;
  readonly players: Players;
  /**
   * The table's deal number (1-based, counts `next` deals; `hand` on the wire and in the database, not the engine's
   * `hand`, which counts redeals) and the version its deal was logged at.
   */
  readonly deal: number;
  readonly dealVersion: number;
  /** Names by each person's first-hand seat. */
  readonly names: Names;
  /** Seconds per decision, or null. */
  readonly clock: number | null;
  /** Deadlines (epoch ms) of the human seats being waited for, by current seat. */
  readonly deadlines: Deadlines;
  /** The latest notice, or null. */
  readonly notice: TableNotice | null;
  /** True when the creator chose the deal (a seed or explicit racks), for this hand and every `next` one. */
  readonly chosenDeal: boolean;
  /** The people who have opened their link, by first-hand seat, and whether the clock runs (joining.ts). */
  readonly joined: readonly Seat[];
  readonly clockStarted: boolean;
  /** The table's card, parsed (once per text on this node), or null for a table without one. */
  readonly card: TableCard | null;
}

/** Limits of the cache. */
export interface CacheOptions {
  /** Most tables held in memory (default 10,000). */
  maxLive: number;
  /** A table unused for this long leaves memory (default 5 minutes). */
  idleMillis: number;
}

/** Builds a live table from its stored row. */
export function cachedFromRow(row: TableRow): CachedTable {
  const locale = row.locale as Locale;
  const card = tableCard(row.card);
  const engine = restoreEngine(row.snapshot, locale, card?.isWinningHand);
  return {
    id: row.id,
    engine,
    snapshot: engine.getSnapshot(),
    version: row.version,
    locale,
    players: row.players,
    deal: row.deal,
    dealVersion: row.dealVersion,
    names: row.names,
    clock: row.clock,
    deadlines: row.deadlines,
    notice: row.notice,
    chosenDeal: row.chosenDeal,
    joined: row.joined,
    clockStarted: row.clockStarted,
    card,
  };
}

/**
 * The card text of a table read again under its row lock, which never reads the card: the one of this node's copy
 * (a table's card never changes, so a copy that is behind still has the right one), else read from the store (the
 * table is being loaded here).
 */
export async function cardTextFor(copy: CachedTable | null, read: () => Promise<string | null>): Promise<string | null> {
  return copy !== null ? (copy.card?.text ?? null) : read();
}

/**
 * The in-memory cache of tables. It never reads the database: the table master loads, replaces and drops
 * tables under each table's lock, and `pinned` keeps a table that is in use (live connections, work under its
 * lock, bots running) from being evicted.
 */
export class TableCache {
  readonly #options: CacheOptions;
  readonly #tables = new Map<string, { table: CachedTable; usedAt: number }>();
  readonly #pinned: (id: string) => boolean;

  /** `pinned(id)` says whether a table must stay (it has live connections). */
  constructor(options: CacheOptions, pinned: (id: string) => boolean) {
    this.#options = options;
    this.#pinned = pinned;
  }

  /** The cached table, without touching the database. */
  peek(id: string): CachedTable | null {
    return this.#tables.get(id)?.table ?? null;
  }

  /** The cached table, marked as just used; null when it is not in memory. */
  touch(id: string): CachedTable | null {
    const cached = this.#tables.get(id);
    if (cached === undefined) return null;
    this.#touch(id, cached.table);
    return cached.table;
  }

  /** The ids of the tables in memory. */
  ids(): string[] {
    return [...this.#tables.keys()];
  }

  /** Stores (or replaces) a table in memory. */
  put(table: CachedTable): void {
    const previous = this.#tables.get(table.id);
    if (previous !== undefined && previous.table !== table && previous.table.engine !== table.engine) previous.table.engine.stop();
    this.#touch(table.id, table);
    this.#trim();
  }

  /** Drops a table from memory (its engine may be ahead of the database after a failed commit). */
  drop(id: string): void {
    const entry = this.#tables.get(id);
    if (entry === undefined) return;
    this.#tables.delete(id);
    entry.table.engine.stop();
  }

  /** Evicts tables unused since `now - idleMillis` (and without live connections); returns how many left. */
  evictIdle(now: number = Date.now(), idleMillis: number = this.#options.idleMillis): number {
    let evicted = 0;
    for (const [id, entry] of this.#tables) {
      if (now - entry.usedAt >= idleMillis && !this.#pinned(id)) {
        this.drop(id);
        evicted += 1;
      }
    }
    return evicted;
  }

  /** How many tables are in memory. */
  get size(): number {
    return this.#tables.size;
  }

  /** Stops every engine. */
  clear(): void {
    for (const id of [...this.#tables.keys()]) this.drop(id);
  }

  #touch(id: string, table: CachedTable): void {
    this.#tables.delete(id);
    this.#tables.set(id, { table, usedAt: Date.now() });
  }

  #trim(): void {
    if (this.#tables.size <= this.#options.maxLive) return;
    for (const id of this.#tables.keys()) {
      if (this.#tables.size <= this.#options.maxLive) return;
      if (!this.#pinned(id)) this.drop(id);
    }
  }
}

/** True while the engine can take events (not stopped, not stopping). */
export function isRunning(engine: CharlestonEngine): boolean {
  return engine.getSnapshot().status === 'active';
}
