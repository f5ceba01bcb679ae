/**
 * The table store: the domain verbs the table master needs of the database, as boardgame.io's storage has
 * `createMatch`, `fetch` and `setState`. Create a table, load it, commit an event at an expected version, work
 * under a table's row lock (serialized across every node), set who plays, read the log. Every SQL statement of the
 * service lives under `storage/`; the master above speaks only these verbs.
 */
import type { Players } from '../players.js';
import type { Deadlines, TableNotice } from '../clock.js';
import type { Names } from '../names.js';
import type { Seat } from '../../index.js';
import type { Db, DbHealth, DbKind } from './db.js';
import { CommitQueue, type CommitQueueOptions } from './batch.js';
import * as q from './queries.js';

export type { EventRow, LockedRow, TableRow, TableSetupRow, TokenRow } from './queries.js';

/** A new table at version 0 and the hashes of its tokens. */
export interface NewTable {
  row: q.TableRow;
  /** What the next hand is dealt with again (the seed, the rules): never shown. */
  setup: q.TableSetupRow;
  tokens: ReadonlyArray<{ hash: string; token: q.TokenRow }>;
}

/** An accepted event to commit: the table's new version, phase and persisted snapshot with the log row. */
export interface Change {
  tableId: string;
  version: number;
  seat: string | null;
  event: unknown;
  phase: string;
  snapshot: string;
  /** The seats' deadlines after the event (a table with a clock); absent: unchanged. */
  deadlines?: Deadlines;
  /** The table's notice after the event; absent: unchanged. */
  notice?: TableNotice | null;
  /** Names by person after the event; absent: unchanged. */
  names?: Names;
  /** Who has opened their link (by first-hand seat) after the event; absent: unchanged. */
  joined?: readonly Seat[];
  /** Whether the clock runs after the event; absent: unchanged. */
  clockStarted?: boolean;
}

/** The deal of the next hand, logged at the table's next version. */
export interface NextHand {
  tableId: string;
  version: number;
  deal: number;
  phase: string;
  /** The new hand's persisted snapshot (its version 0, kept for the replay check). */
  snapshot: string;
  /** Who plays each seat now (each person's setting moved with them). */
  players: Players;
  deadlines: Deadlines;
}

/** A table whose row is locked until the work given to {@link TableStore.locked} ends. */
export interface LockedTable {
  /**
   * The row as stored, without the card (a commit never reads it); `snapshot` is null when the stored version is the
   * caller's known version.
   */
  readonly row: q.LockedRow;
  /** The stored persisted snapshot (read when the row came without it). */
  snapshot(): Promise<string>;
  /** The table's card text, or null: read only to load a table this node holds no copy of. */
  card(): Promise<string | null>;
  /** The first result stored for an idempotency key of a token, or null. */
  prior(tokenHash: string, key: string): Promise<unknown>;
  /** Commits an accepted event (log row, version, phase, snapshot, announcement). */
  commit(change: Change): Promise<void>;
  /** Logs and deals the next hand (the log row, the hand's version 0, the table row, the announcement). */
  nextHand(change: NextHand): Promise<void>;
  /** What the table was created with (seed, rules). */
  setup(): Promise<q.TableSetupRow>;
  /** Stores the first result of an idempotency key. */
  remember(tokenHash: string, key: string, result: unknown): Promise<void>;
  /** True when the seat was created for a person (it has a token). */
  hasSeatToken(seat: string): Promise<boolean>;
  /** Sets who plays each seat and announces the change. */
  setPlayers(players: Players): Promise<void>;
}

/** The domain verbs over one database. */
export interface TableStore {
  readonly kind: DbKind;
  /**
   * Inserts a table at version 0 with its tokens, in one transaction. `written` is called once every row is written,
   * just before the commit: a failure after it leaves the outcome unknown (the commit may have landed).
   */
  create(table: NewTable, written?: () => void): Promise<void>;
  /** The stored table, or null. */
  load(id: string): Promise<q.TableRow | null>;
  /** The stored table without its card (for a node that holds the card already: it never changes), or null. */
  reload(id: string): Promise<Omit<q.TableRow, 'card'> | null>;
  /** The stored version, or null for no such table. */
  version(id: string): Promise<number | null>;
  /** What a token hash is for on a table, or null. */
  token(tableId: string, hash: string): Promise<q.TokenRow | null>;
  /**
   * Commits an accepted event if, and only if, the table is still at `change.version - 1` (no lock); false,
   * having written nothing, when another writer moved the table first. Events of many tables that arrive
   * together share one statement (group commit, decision 0014); a failed statement rejects every one of them.
   */
  commitAt(change: Change): Promise<boolean>;
  /**
   * Runs `work` with the table's row locked (`SELECT … FOR UPDATE`: writers of one table are serialized on every
   * node), in one transaction committed when `work` resolves and rolled back when it throws; null for no such
   * table. `knownVersion` spares reading the snapshot when the caller's copy is current.
   */
  locked<T>(id: string, knownVersion: number, work: (table: LockedTable) => Promise<T>): Promise<T | null>;
  /** The accepted events in version order: at most `limit` of them, from the first after version `after`. */
  log(id: string, after: number, limit: number): Promise<q.EventRow[]>;
  /**
   * A hand as stored: its first persisted table and its events in order (at most `limit`); null when the table or
   * the hand is not stored.
   */
  hand(id: string, hand: number, limit: number): Promise<{ initial: string; events: unknown[] } | null>;
  /** Ids of tables with a deadline at or before `now` (epoch ms), earliest first, at most `limit`. */
  dueClocks(now: number, limit: number): Promise<string[]>;
  /** Whether the database answers now and whether the change listener is connected (never throws). */
  health(): Promise<DbHealth>;
}

/** JSON that `jsonb` may refuse: an escaped NUL or lone surrogate. */
const RISKY_JSON = /\\u(0000|d[89a-f][0-9a-f]{2})/i;

/** The store over `db`; `node` names this node in change announcements; `commit` limits group commit. */
export function sqlStore(db: Db, node: string, commit: Partial<CommitQueueOptions> = {}): TableStore {
  const commits = new CommitQueue(db, node, commit);
  return {
    kind: db.kind,
    create: (table, written) =>
      db.transaction(async (tx) => {
        await q.insertTable(tx, table.row, table.setup);
        for (const { hash, token } of table.tokens) await q.insertToken(tx, hash, table.row.id, token);
        written?.();
      }),
    load: (id) => q.selectTable(db, id),
    reload: (id) => q.selectTableWithoutCard(db, id),
    version: (id) => q.selectVersion(db, id),
    token: (tableId, hash) => q.selectToken(db, tableId, hash),
    // Group commit (decision 0014). An event the database might refuse as JSON (an escaped NUL or lone
    // surrogate) is committed on its own, so that it can fail no batch but its own.
    commitAt: (change) => {
      const eventText = JSON.stringify(change.event);
      if (RISKY_JSON.test(eventText)) return q.commitEventIfAt(db, { ...change, node });
      return commits.commit({ tableId: change.tableId, version: change.version, seat: change.seat, eventText, phase: change.phase, snapshot: change.snapshot });
    },
    locked: (id, knownVersion, work) =>
      db.transaction(async (tx) => {
        const row = await q.lockTable(tx, id, knownVersion);
        if (row === null) return null;
        return work({
          row,
          async snapshot() {
            const stored = row.snapshot ?? (await q.selectSnapshot(tx, id));
            if (stored === null) throw new Error(`table ${id} vanished under its lock`);
            return stored;
          },
          card: () => q.selectCard(tx, id),
          prior: (tokenHash, key) => q.selectIdempotent(tx, id, tokenHash, key),
          commit: (change) => q.commitEvent(tx, { ...change, node }),
          nextHand: (change) => q.commitNextHand(tx, { ...change, node }),
          setup: () => q.selectSetup(tx, id),
          remember: (tokenHash, key, result) => q.insertIdempotent(tx, id, tokenHash, key, result),
          hasSeatToken: (seat) => q.hasSeatToken(tx, id, seat),
          async setPlayers(players) {
            await q.updatePlayers(tx, id, players);
            await q.notifyChange(tx, id, row.version, node);
          },
        });
      }),
    log: (id, after, limit) => q.selectEvents(db, id, after, limit),
    async hand(id, hand, limit) {
      const initial = await q.selectHandStart(db, id, hand);
      return initial === null ? null : { initial, events: await q.selectHandEvents(db, id, hand, limit) };
    },
    dueClocks: (now, limit) => q.selectDueClocks(db, now, limit),
    health: () => db.health(),
  };
}
