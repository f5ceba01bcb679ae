/**
 * The tables in memory kept in step with the database: loaded on demand, checked against the stored version for a
 * reader who must see every acknowledged change, refreshed on another node's announcement (or after the change
 * listener was down), and forgotten when the cleanup removed them. Every load and refresh runs under the table's
 * lock, so it never stops an engine that a commit is using.
 */
import { cachedFromRow, isRunning, type CachedTable, type TableCache } from './cache.js';
import { ServiceError } from './errors.js';
import type { Hub } from './hub.js';
import type { TableStore } from './storage/store.js';
import type { TableRow } from './storage/queries.js';
import type { TokenAuth } from './token-auth.js';
import type { WorkTracker } from './work-tracker.js';

/** What the change feed needs: the database, the cache, the hub, the token caches, the work tracker, the bots. */
export interface FeedHost {
  /** This node's id in change announcements (its own are ignored). */
  nodeId: string;
  store: Pick<TableStore, 'load' | 'reload' | 'version'>;
  cache: TableCache;
  hub: Pick<Hub, 'has' | 'tableIds' | 'publish'>;
  /** Where gone tables are remembered (negative answers) and their tokens forgotten. */
  auth: Pick<TokenAuth, 'isGone' | 'markGone' | 'forget'>;
  work: WorkTracker;
  /** Lets the bots of table `id` act and arms its clock (after a load or a refresh). */
  kick(id: string): void;
}

/** The tables of one node, kept in step with the database and with the other nodes. */
export class ChangeFeed {
  readonly #host: FeedHost;

  constructor(host: FeedHost) {
    this.#host = host;
  }

  /**
   * The table in memory, loaded on demand under the table's lock; throws 404. Readers use its `snapshot` and
   * `version`, never its engine.
   */
  async table(id: string): Promise<CachedTable> {
    const { cache, auth, work, store } = this.#host;
    const cached = cache.touch(id);
    if (cached !== null) return cached;
    if (auth.isGone(id)) throw new ServiceError('NOT_FOUND', 'noTable');
    return work.locked(id, async () => {
      const again = cache.touch(id);
      if (again !== null) return again;
      const row = await store.load(id);
      if (row === null) {
        auth.markGone(id);
        throw new ServiceError('NOT_FOUND', 'noTable');
      }
      const table = cachedFromRow(row);
      cache.put(table);
      this.#host.kick(id); // after a restart or on another node: bots that were due act now
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
    const { cache, work, store } = this.#host;
    const cached = cache.peek(id);
    if (cached === null) return this.table(id);
    const stored = await store.version(id);
    if (stored === null) {
      this.forget([id]);
      throw new ServiceError('NOT_FOUND', 'noTable');
    }
    const now = cache.touch(id);
    if (now !== null && now.version >= stored) return now;
    return work.locked(id, async () => {
      const again = cache.touch(id);
      if (again !== null && again.version >= stored) return again;
      const row = await this.#storedRow(id);
      if (row === null) throw new ServiceError('NOT_FOUND', 'noTable');
      return this.#install(row);
    });
  }

  /**
   * Reacts to another node's announcement `"ID VERSION NODE"`: refresh the table and push the views. Ignored once
   * this node is shutting down: its sockets are about to close, and a refresh started then would be more work for
   * the shutdown to wait for, as long as the other nodes keep changing tables (the drain never ended).
   */
  onNotify(payload: string): void {
    const { cache, work, hub, nodeId } = this.#host;
    if (work.closing) return;
    const [id, versionText, node] = payload.split(' ');
    if (id === undefined || versionText === undefined || node === nodeId) return;
    const version = Number(versionText);
    if (version < 0) {
      this.forget([id]); // removed by the cleanup
      return;
    }
    const cached = cache.peek(id);
    if (cached !== null && cached.version > version) return; // an old announcement
    if (!hub.has(id)) {
      // Nobody here watches it: forget the cached copy (under the lock), it is reloaded on demand.
      if (cached !== null) void work.locked(id, async () => cache.drop(id)).catch(() => undefined);
      return;
    }
    this.#refresh(id);
  }

  /**
   * Reads every table this node holds (in memory or watched by live connections) again from the database and
   * pushes the views that moved on: after the change listener was down, announcements may have been missed.
   */
  resync(): void {
    const { cache, work, hub } = this.#host;
    if (work.closing) return;
    for (const id of new Set([...cache.ids(), ...hub.tableIds()])) this.#refresh(id);
  }

  /** Forgets cached answers about `ids` (tables removed by the cleanup). */
  forget(ids: readonly string[]): void {
    const { cache, work, auth } = this.#host;
    auth.forget(ids);
    for (const id of ids) if (cache.peek(id) !== null) void work.locked(id, async () => cache.drop(id)).catch(() => undefined);
  }

  /** Reloads table `id` under its lock when the database holds a newer version (or other players); pushes views. */
  #refresh(id: string): void {
    const { cache, work, hub } = this.#host;
    void work.locked(id, async () => {
      const row = await this.#storedRow(id);
      if (row === null) return;
      const current = cache.peek(id);
      if (current !== null && current.version === row.version && JSON.stringify(current.players) === JSON.stringify(row.players) && isRunning(current.engine)) {
        hub.publish(current); // loaded by another path meanwhile: make sure its views went out (once per version)
        return;
      }
      this.#install(row);
    }, `a refresh of table ${id}`).catch((error: unknown) => process.emitWarning(`charleston: could not refresh table ${id} (${(error as Error).message})`));
  }

  /**
   * Table `id`'s row from the database; null, and the table forgotten here, when it is gone. Under its lock. A node
   * that holds a copy of the table keeps the copy's card (a table's card never changes) and does not read it again.
   */
  async #storedRow(id: string): Promise<TableRow | null> {
    const copy = this.#host.cache.peek(id);
    const row = copy === null ? await this.#host.store.load(id) : await this.#storedWithCard(id, copy.card?.text ?? null);
    if (row === null) {
      this.#host.cache.drop(id);
      this.#host.auth.markGone(id);
    }
    return row;
  }

  /** Table `id`'s row read without its card, given the card this node holds already. */
  async #storedWithCard(id: string, card: string | null): Promise<TableRow | null> {
    const row = await this.#host.store.reload(id);
    return row === null ? null : { ...row, card };
  }

  /** Caches the table read from `row`, sends its views and lets its bots act. Under the table's lock. */
  #install(row: TableRow): CachedTable {
    const table = cachedFromRow(row);
    this.#host.cache.put(table);
    this.#host.hub.publish(table);
    this.#host.kick(row.id);
    return table;
  }
}
