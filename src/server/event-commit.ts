/**
 * One event's commit: the engine decides, and an accepted event is written with its version and the table's
 * persisted snapshot atomically before anyone hears of it, either in one statement that checks the version (the
 * common case) or in a transaction under the table row's lock. Then the views are published and the bots woken.
 * An acceptance is a change: the engine's answer is checked against its snapshot before anything is committed.
 */
import { SEATS, persist, phaseOfSnapshot, waitingFor, type CharlestonEngine, type CharlestonSnapshot, type Seat } from '../index.js';
import { cachedFromRow, cardTextFor, isRunning, type CachedTable, type TableCache } from './cache.js';
import { nextDeadlines, type Deadlines, type TableNotice } from './clock.js';
import { ServiceError } from './errors.js';
import type { Hub } from './hub.js';
import { seatOfRole } from './hub.js';
import { runningClock } from './joining.js';
import { serviceRefusal } from './messages.js';
import { boundRefusal, type SendReply, type Sender } from './protocol.js';
import type { TableStore } from './storage/store.js';

/** What a commit needs: the database, the cache, the publisher, time, and the bots to wake. */
export interface CommitParts {
  store: Pick<TableStore, 'commitAt' | 'locked'>;
  cache: TableCache;
  hub: Pick<Hub, 'publish'>;
  /** Epoch milliseconds now. */
  now(): number;
  /** Lets the bots of table `id` act and arms its clock. */
  kick(id: string): void;
}

/** True when `after` differs from `before` in context or state: what an accepted event must do. */
function isChange(before: CharlestonSnapshot, after: CharlestonSnapshot): boolean {
  return after.context !== before.context || phaseOfSnapshot(after) !== phaseOfSnapshot(before);
}

/** Commits events to tables. */
export class EventCommit {
  readonly #parts: CommitParts;

  constructor(parts: CommitParts) {
    this.#parts = parts;
  }

  /**
   * The common case in one round trip: a token's event without a key, on a table in memory, that the engine
   * accepts, is committed by one statement that checks the version instead of locking the row. Anything else
   * (a key, a bot, a refusal, a table another node moved on) returns null and takes the locked path.
   */
  async #commitFast(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    if (sender.kind !== 'token' || key !== undefined) return null;
    const table = this.#parts.cache.peek(id);
    if (table === null || table.clock !== null) return null; // a clock's deadlines are written under the row lock
    if (foreignSeat(seatOfRole(sender.role, table.deal), event) !== null) return null;
    if (!isRunning(table.engine)) {
      this.#parts.cache.drop(id);
      return null;
    }
    const decided = this.#decide(id, table.engine, event);
    if (!decided.ok) return null; // refusals are decided under the row lock, on the table as stored
    const version = table.version + 1;
    let committed = false;
    try {
      committed = await this.#parts.store.commitAt({ tableId: id, version, seat: seatOf(event), event, phase: decided.phase, snapshot: persist(table.engine) });
    } catch (error) {
      // The group commit words its own failures; any other failure of the commit leaves the outcome unknown.
      throw error instanceof ServiceError ? error : new ServiceError('UNAVAILABLE', 'unconfirmed');
    } finally {
      if (!committed) this.#parts.cache.drop(id); // the engine in memory is ahead of the database
    }
    if (!committed) return null; // another node moved the table on: decide again under the lock
    const changed: CachedTable = { ...table, snapshot: table.engine.getSnapshot(), version };
    this.#parts.cache.put(changed);
    this.#parts.hub.publish(changed);
    this.#parts.kick(id);
    return { ok: true, version, phase: decided.phase };
  }

  /**
   * Asks the engine; an acceptance that changed nothing (a stopped engine, a machine that declined what the rules
   * accepted) is an engine fault: the engine is dropped and the send fails with nothing committed.
   */
  #decide(id: string, engine: CharlestonEngine, event: unknown): { ok: true; phase: ReturnType<typeof phaseOfSnapshot> } | { ok: false; refusal: { code: string; message: string; params?: unknown } } {
    const before = engine.getSnapshot();
    let sent: ReturnType<CharlestonEngine['send']>;
    try {
      sent = engine.send(event);
    } catch (error) {
      this.#parts.cache.drop(id);
      throw new ServiceError('UNAVAILABLE', 'eventFailed', { detail: (error as Error).message.slice(0, 120) });
    }
    if (sent.ok && !isChange(before, engine.getSnapshot())) {
      this.#parts.cache.drop(id);
      throw new ServiceError('UNAVAILABLE', 'engineFault');
    }
    return sent.ok ? { ok: true, phase: sent.phase } : { ok: false, refusal: sent.refusal };
  }

  /**
   * Commits `event` for `sender` on table `id` (under the table's lock, which the caller holds): the fast path when
   * it can, else under the row's lock. Resolves with the reply; null when a bot's or a clock's turn was taken.
   */
  async commit(id: string, sender: Sender, event: unknown, key: string | undefined): Promise<SendReply | null> {
    const fast = await this.#commitFast(id, sender, event, key);
    if (fast !== null) return fast;
    // The one flag that must outlive a throw: once the accepted event is written in the transaction, a failure leaves
    // its fate unknown to this node. Everything else the locked step decides comes back in its result.
    const progress = { written: false };
    let locked: LockedResult | null;
    try {
      const cached = this.#parts.cache.peek(id);
      locked = await this.#parts.store.locked(id, cached !== null && isRunning(cached.engine) ? cached.version : -1, async (tx): Promise<LockedResult> => {
        const row = tx.row;
        if (sender.kind !== 'token' && row.version !== sender.expectedVersion) {
          if (sender.kind === 'clock') this.#parts.cache.drop(id); // the clock looks again at the table as stored
          return SKIPPED; // another node moved first
        }
        if (sender.kind === 'clock' && !((row.deadlines[sender.seat] ?? Infinity) <= this.#parts.now())) return SKIPPED; // not (or no longer) due
        const idempotent = sender.kind === 'token' && key !== undefined;
        // This node's copy is read again when it is gone (dropped after a failure, say) or behind: also before a
        // retry's stored result is returned, so that its views and bots go on below as after any change.
        const copy = this.#parts.cache.peek(id);
        /** True when the table is read again from its row (this node's copy was gone or behind). */
        const reloaded = copy === null || copy.version !== row.version || row.snapshot !== null || !isRunning(copy.engine);
        let table: CachedTable;
        if (reloaded) {
          if (copy !== null) this.#parts.cache.drop(id);
          table = cachedFromRow({ ...row, snapshot: await tx.snapshot(), card: await cardTextFor(copy, () => tx.card()) });
          this.#parts.cache.put(table);
        } else {
          table = copy;
        }
        if (idempotent) {
          const prior = await tx.prior(sender.tokenHash, key);
          if (prior !== null) return { reply: prior as SendReply, changed: null, reloaded };
        }
        // The row is the truth for what changes without an engine event (who plays, names, clock, notice).
        table = { ...table, players: row.players, deal: row.deal, dealVersion: row.dealVersion, names: row.names, clock: row.clock, deadlines: row.deadlines, notice: row.notice, joined: row.joined, clockStarted: row.clockStarted };
        const players = row.players;
        let result: SendReply;
        let changed: CachedTable | null = null;
        const own = sender.kind === 'token' ? seatOfRole(sender.role, row.deal) : null;
        const stranger = foreignSeat(own, event);
        if (stranger !== null && own !== null) {
          result = { ok: false, version: row.version, refusal: boundRefusal(serviceRefusal('NOT_YOUR_SEAT', table.locale, { own, named: stranger })) };
        } else if (sender.kind === 'bot' && sender.seat !== 'table' && players[sender.seat] === 'human') {
          return SKIPPED; // the seat went back to a person meanwhile
        } else {
          const before = phaseOfSnapshot(table.engine.getSnapshot());
          const sent = this.#decide(id, table.engine, event);
          if (sent.ok) {
            const version = row.version + 1;
            const seat = sender.kind === 'token' ? seatOf(event) : sender.seat === 'table' ? null : sender.seat;
            const after = table.engine.getSnapshot();
            const timing: { deadlines?: Deadlines; notice?: TableNotice } = {};
            if (row.clock !== null) {
              timing.deadlines = nextDeadlines({ clock: runningClock(row), previous: row.deadlines, phaseBefore: before, phaseAfter: sent.phase, waiting: waitingFor(sent.phase, after.context), players, actor: seat, now: this.#parts.now() });
            }
            if (sender.kind === 'clock') timing.notice = { code: 'CLOCK_RAN_OUT', seat: sender.seat, hand: row.deal, version };
            progress.written = true;
            await tx.commit({ tableId: id, version, seat, event, phase: sent.phase, snapshot: persist(table.engine), ...timing });
            changed = { ...table, snapshot: after, version, players, ...timing };
            result = { ok: true, version, phase: sent.phase };
          } else {
            result = { ok: false, version: row.version, refusal: boundRefusal(sent.refusal) };
          }
        }
        if (idempotent) await tx.remember(sender.tokenHash, key, result);
        if (changed === null) this.#parts.cache.put(table);
        return { reply: result, changed, reloaded };
      });
    } catch (error) {
      this.#parts.cache.drop(id); // the engine in memory may be ahead of what was committed
      // Once the event was written, a failure (above all a connection lost while the database committed) leaves
      // its fate unknown to this node: the reply must not promise that nothing changed.
      if (progress.written && !(error instanceof ServiceError)) throw new ServiceError('UNAVAILABLE', 'unconfirmed');
      throw error;
    }
    if (locked === null) throw new ServiceError('NOT_FOUND', 'noTable');
    const { reply, changed, reloaded } = locked;
    if (changed !== null) {
      this.#parts.cache.put(changed);
      this.#parts.hub.publish(changed);
      this.#parts.kick(id);
    } else {
      // A refusal or a retry may have reloaded a table another node had moved on (or that this node dropped after a
      // failure): its views go out too (once per version), and bots that were due act.
      const current = this.#parts.cache.peek(id);
      if (current !== null) this.#parts.hub.publish(current);
      if (reloaded) this.#parts.kick(id);
    }
    return reply;
  }

}

/**
 * What the locked step of a commit decided: the reply (null when a bot's or a clock's turn was taken), the table
 * after an accepted event (null otherwise), and whether the table was read again from its row.
 */
interface LockedResult {
  readonly reply: SendReply | null;
  readonly changed: CachedTable | null;
  readonly reloaded: boolean;
}

/** A bot's or a clock's turn that was taken meanwhile: nothing to reply, nothing changed. */
const SKIPPED: LockedResult = { reply: null, changed: null, reloaded: false };

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
