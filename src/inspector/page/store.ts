/**
 * The page's store: every inspected actor keyed by its sessionId, from every source (the page's WebSocket, which
 * carries the session's table and Node apps; `postMessage` from a browser app; the table service's live feed),
 * with its events, each event's payload and the snapshot that followed it (for time travel), bounded per actor.
 * Also the session's table message and log, and errors. Messages are validated before they get here.
 */
import type { ErrorMessage, LogEntry, LogMessage, TableMessage, WireInspectionEvent } from '../protocol.js';

export { looksLikeInspectionEvent, parseInspectionEvent } from '../wire.js';

/** Where a message came from. */
export type Source = 'socket' | 'window' | 'service';

/** The session table's id on the wire (see the server). */
export const TABLE_ACTOR = 'charleston:table';

/** An event object as the wire carries it. */
export interface EventObject {
  type: string;
  [key: string]: unknown;
}

/** A snapshot as the wire carries it (only what the page reads). */
export interface SnapshotLike {
  value?: unknown;
  context?: unknown;
  status?: string;
}

/** One event delivered to an actor, and the actor's snapshot after it (once known). */
export interface LoggedEvent {
  /** Page-wide arrival order. */
  seq: number;
  event: EventObject;
  /** The sending actor's sessionId (absent for events sent from outside). */
  sourceId: string | undefined;
  snapshot: SnapshotLike | undefined;
}

/** One inspected actor. */
export interface ActorRecord {
  sessionId: string;
  name: string;
  parentId: string | undefined;
  /** The machine config as a JSON string (from `@xstate.actor`). */
  definition: string | undefined;
  snapshot: SnapshotLike | undefined;
  /** Arrival order of the actor's first message. */
  seq: number;
  /** Arrival order of its latest message (most recently active = highest). */
  lastSeq: number;
  source: Source;
  events: LoggedEvent[];
  /** Events that fell out of the bounded list. */
  dropped: number;
}

/** Events kept per actor. */
export const MAX_EVENTS = 1000;
/** Actors kept (the least recently active are forgotten first). */
export const MAX_ACTORS = 300;
/** Session log lines kept. */
const MAX_LOG = 500;
/** Errors kept. */
const MAX_ERRORS = 5;

/** True for a `charleston.table` message (the fields the page relies on). */
export function isTableMessage(value: unknown): value is TableMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v['type'] === 'charleston.table' && typeof v['phase'] === 'string' && typeof v['views'] === 'object' && typeof v['public'] === 'object' && typeof v['legal'] === 'object' && typeof v['cursor'] === 'number' && typeof v['total'] === 'number';
}

/** True for a `charleston.log` message. */
export function isLogMessage(value: unknown): value is LogMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v['type'] === 'charleston.log' && Array.isArray(v['entries']) && typeof v['dropped'] === 'number';
}

/** True for a `charleston.error` message. */
export function isErrorMessage(value: unknown): value is ErrorMessage {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)['type'] === 'charleston.error' && typeof (value as Record<string, unknown>)['message'] === 'string';
}

/** The page's state. Listeners are called after each change (the page batches rendering). */
export class Store {
  readonly actors = new Map<string, ActorRecord>();
  table: TableMessage | null = null;
  /** The session's log (appends from the server), and how many lines it dropped. */
  log: LogEntry[] = [];
  logDropped = 0;
  /** True once the server said it serves a table session. */
  hasSession = false;
  errors: string[] = [];
  /** The actor the user picked; null follows the most recently active app actor. */
  pinned: string | null = null;
  /** The event (by seq) whose moment the chart and context show; null shows the live state. */
  moment: number | null = null;
  /** Bumped on every change. */
  version = 0;
  private seq = 0;
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  private record(sessionId: string, source: Source): ActorRecord {
    let actor = this.actors.get(sessionId);
    this.seq += 1;
    if (!actor) {
      actor = { sessionId, name: sessionId, parentId: undefined, definition: undefined, snapshot: undefined, seq: this.seq, lastSeq: this.seq, source, events: [], dropped: 0 };
      this.actors.set(sessionId, actor);
      if (this.actors.size > MAX_ACTORS) this.forgetLeastActive();
    }
    actor.lastSeq = this.seq;
    return actor;
  }

  private forgetLeastActive(): void {
    let oldest: ActorRecord | undefined;
    for (const actor of this.actors.values()) if (actor.sessionId !== this.pinned && (!oldest || actor.lastSeq < oldest.lastSeq)) oldest = actor;
    if (oldest) this.actors.delete(oldest.sessionId);
  }

  private push(actor: ActorRecord, entry: LoggedEvent): void {
    actor.events.push(entry);
    if (actor.events.length > MAX_EVENTS) {
      const extra = actor.events.length - MAX_EVENTS;
      actor.events.splice(0, extra);
      actor.dropped += extra;
    }
  }

  /** Takes one inspection event (already validated). */
  ingest(message: WireInspectionEvent, source: Source): void {
    const actor = this.record(message.sessionId, source);
    switch (message.type) {
      case '@xstate.actor':
        if (message.name !== undefined) actor.name = message.name;
        actor.parentId = message.parentId;
        if (message.definition !== undefined) actor.definition = message.definition;
        if (message.snapshot) actor.snapshot = message.snapshot;
        break;
      case '@xstate.event':
        if (message.event) this.push(actor, { seq: this.seq, event: message.event, sourceId: message.sourceId, snapshot: undefined });
        break;
      case '@xstate.snapshot': {
        if (!message.snapshot) break;
        actor.snapshot = message.snapshot;
        const type = message.event?.type;
        if (type === 'inspector.rewind') {
          // the session stepped back: a row of its own, with the state it went back to
          this.push(actor, { seq: this.seq, event: message.event as EventObject, sourceId: undefined, snapshot: message.snapshot });
          break;
        }
        for (let i = actor.events.length - 1; i >= 0; i -= 1) {
          const entry = actor.events[i] as LoggedEvent;
          if (entry.snapshot !== undefined) break;
          if (type === undefined || type === '' || entry.event.type === type) {
            entry.snapshot = message.snapshot;
            break;
          }
        }
        break;
      }
    }
    this.changed();
  }

  /** A table followed through the table service: its chart definition and the latest public view. */
  setServiceTable(id: string, name: string, definition: string, value: unknown, context: unknown): void {
    const actor = this.record(id, 'service');
    actor.name = name;
    actor.definition = definition;
    actor.snapshot = { value, context, status: 'active' };
    this.changed();
  }

  /** Replaces the events of a table followed through the service (its log, read again). */
  setServiceEvents(id: string, events: { event: EventObject; snapshot?: SnapshotLike }[]): void {
    const actor = this.actors.get(id);
    if (!actor) return;
    actor.events = [];
    for (const item of events.slice(-MAX_EVENTS)) {
      this.seq += 1;
      actor.events.push({ seq: this.seq, event: item.event, sourceId: undefined, snapshot: item.snapshot });
    }
    actor.dropped = Math.max(0, events.length - MAX_EVENTS);
    this.changed();
  }

  /** Appends one event to a table followed through the service (a spectator's view as it arrives). */
  addServiceEvent(id: string, item: { event: EventObject; snapshot?: SnapshotLike }): void {
    const actor = this.actors.get(id);
    if (!actor) return;
    this.seq += 1;
    this.push(actor, { seq: this.seq, event: item.event, sourceId: undefined, snapshot: item.snapshot });
    this.changed();
  }

  setTable(table: TableMessage): void {
    this.table = table;
    this.changed();
  }

  /** Takes a `charleston.log` message: an append, or the whole ring. */
  addLog(message: LogMessage): void {
    this.log = (message.replace ? message.entries : [...this.log, ...message.entries]).slice(-MAX_LOG);
    this.logDropped = message.dropped;
    this.changed();
  }

  /**
   * A (re)connected server says hello: it replays what it remembers next, so the actors it sent before are
   * dropped here (a reconnect after being dropped as a slow reader would otherwise show its events twice).
   */
  hello(session: boolean): void {
    this.hasSession = session;
    for (const [id, actor] of this.actors) if (actor.source === 'socket') this.actors.delete(id);
    this.table = null;
    this.changed();
  }

  addError(message: string): void {
    this.errors = [...this.errors, message].slice(-MAX_ERRORS);
    this.changed();
  }

  clearErrors(): void {
    this.errors = [];
    this.changed();
  }

  pin(sessionId: string | null): void {
    this.pinned = sessionId;
    this.moment = null;
    this.changed();
  }

  /** Shows the chart and context as they were after event `seq` (null: live). The apps are not touched. */
  travel(seq: number | null): void {
    this.moment = seq;
    this.changed();
  }

  /** True for an actor of an app (not the inspector's own session table). */
  static isApp(actor: ActorRecord): boolean {
    return actor.source !== 'socket' || !(actor.sessionId === TABLE_ACTOR || actor.sessionId.startsWith('t:'));
  }

  /** Every actor, parents before their children, oldest root first. */
  ordered(): { actor: ActorRecord; depth: number }[] {
    const children = new Map<string, ActorRecord[]>();
    const roots: ActorRecord[] = [];
    for (const actor of this.actors.values()) {
      if (actor.parentId !== undefined && this.actors.has(actor.parentId)) children.set(actor.parentId, [...(children.get(actor.parentId) ?? []), actor]);
      else roots.push(actor);
    }
    const out: { actor: ActorRecord; depth: number }[] = [];
    const walk = (actor: ActorRecord, depth: number): void => {
      out.push({ actor, depth });
      for (const child of (children.get(actor.sessionId) ?? []).sort((a, b) => a.seq - b.seq)) walk(child, depth + 1);
    };
    for (const root of roots.sort((a, b) => a.seq - b.seq)) walk(root, 0);
    return out;
  }

  /**
   * The actor to show: the pinned one; else the root of the most recently active app (a browser or Node app,
   * or a table followed through the service); else the session's table.
   */
  current(): ActorRecord | undefined {
    if (this.pinned !== null) {
      const pinned = this.actors.get(this.pinned);
      if (pinned) return pinned;
    }
    let best: ActorRecord | undefined;
    for (const actor of this.actors.values()) {
      if (!Store.isApp(actor)) continue;
      const root = this.rootOf(actor);
      if (!best || actor.lastSeq > best.lastSeq) best = root.definition !== undefined ? { ...root, lastSeq: actor.lastSeq } : best;
    }
    if (best) return this.actors.get(best.sessionId);
    return this.actors.get(TABLE_ACTOR);
  }

  /** The topmost known ancestor of an actor. */
  rootOf(actor: ActorRecord): ActorRecord {
    let current = actor;
    for (let depth = 0; depth < 50 && current.parentId !== undefined; depth += 1) {
      const parent = this.actors.get(current.parentId);
      if (!parent) break;
      current = parent;
    }
    return current;
  }

  /**
   * The snapshot after event `entry`: its own, else the latest one before it (a refused event changes nothing,
   * so none is sent for it).
   */
  snapshotAt(actor: ActorRecord, entry: LoggedEvent): SnapshotLike | undefined {
    const index = actor.events.indexOf(entry);
    for (let i = index; i >= 0; i -= 1) {
      const snapshot = actor.events[i]?.snapshot;
      if (snapshot !== undefined) return snapshot;
    }
    return undefined;
  }

  /** The logged event at the current moment of `actor`, if the user picked one. */
  momentOf(actor: ActorRecord | undefined): LoggedEvent | undefined {
    if (!actor || this.moment === null) return undefined;
    return actor.events.find((entry) => entry.seq === this.moment);
  }
}
