/**
 * The page's store: every inspected actor keyed by its sessionId, from both sources (the page's WebSocket and
 * `postMessage` from an external XState v5 app), plus the last `charleston.table` message and server errors.
 * Messages are validated here before anything reads them.
 */
import type { ErrorMessage, TableMessage, WireInspectionEvent } from '../protocol.js';

/** Where a message came from. */
export type Source = 'socket' | 'window';

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

/** One event delivered to an actor. */
export interface LoggedEvent {
  seq: number;
  event: EventObject;
}

/** One inspected actor. */
export interface ActorRecord {
  sessionId: string;
  name: string;
  parentId: string | undefined;
  rootId: string | undefined;
  /** The machine config as a JSON string (from `@xstate.actor`). */
  definition: string | undefined;
  snapshot: SnapshotLike | undefined;
  /** Arrival order of the actor's first message (newest root = highest). */
  seq: number;
  source: Source;
  events: LoggedEvent[];
}

/** Events kept per actor. */
const MAX_EVENTS = 2000;
/** Server errors kept. */
const MAX_ERRORS = 5;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An event object with a string `type`, or undefined. */
function eventObject(value: unknown): EventObject | undefined {
  if (!isRecord(value) || typeof value['type'] !== 'string') return undefined;
  return value as EventObject;
}

/**
 * True for a message shaped like an inspection event: `type` a string starting `@xstate.`, `_version` and
 * `sessionId` strings. Types the page does not use (e.g. `@xstate.microstep`) pass this check and are ignored later.
 */
export function looksLikeInspectionEvent(value: unknown): value is { type: string; _version: string; sessionId: string } {
  if (!isRecord(value)) return false;
  const { type, _version, sessionId } = value;
  return typeof type === 'string' && type.startsWith('@xstate.') && typeof _version === 'string' && typeof sessionId === 'string';
}

/** Validates an inspection event field by field; undefined when it is not one the page uses. */
export function parseInspectionEvent(value: unknown): WireInspectionEvent | undefined {
  if (!looksLikeInspectionEvent(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const type = raw['type'];
  if (type !== '@xstate.actor' && type !== '@xstate.event' && type !== '@xstate.snapshot') return undefined;
  const out: WireInspectionEvent = { type, _version: value._version, sessionId: value.sessionId };
  for (const key of ['rootId', 'createdAt', 'definition', 'name', 'parentId'] as const) {
    const field = raw[key];
    if (typeof field === 'string') out[key] = field;
  }
  const snapshot = raw['snapshot'];
  if (isRecord(snapshot)) {
    const snap: { value?: unknown; context?: unknown; status?: string } = {};
    if ('value' in snapshot) snap.value = snapshot['value'];
    if ('context' in snapshot) snap.context = snapshot['context'];
    if (typeof snapshot['status'] === 'string') snap.status = snapshot['status'];
    out.snapshot = snap;
  }
  const event = eventObject(raw['event']);
  if (event) out.event = event;
  if (type === '@xstate.event' && !event) return undefined;
  return out;
}

/** True for a `charleston.table` message (the fields the page relies on). */
export function isTableMessage(value: unknown): value is TableMessage {
  if (!isRecord(value) || value['type'] !== 'charleston.table') return false;
  return (
    typeof value['mode'] === 'string' &&
    typeof value['phase'] === 'string' &&
    isRecord(value['views']) &&
    isRecord(value['public']) &&
    isRecord(value['legal']) &&
    typeof value['cursor'] === 'number' &&
    typeof value['total'] === 'number' &&
    Array.isArray(value['log'])
  );
}

/** True for a `charleston.error` message. */
export function isErrorMessage(value: unknown): value is ErrorMessage {
  return isRecord(value) && value['type'] === 'charleston.error' && typeof value['message'] === 'string';
}

/** The page's state. Listeners are called after each change (the page batches rendering). */
export class Store {
  readonly actors = new Map<string, ActorRecord>();
  table: TableMessage | null = null;
  errors: string[] = [];
  /** The root actor the user picked; null follows the newest root actor. */
  pinned: string | null = null;
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
    if (!actor) {
      this.seq += 1;
      actor = {
        sessionId,
        name: sessionId,
        parentId: undefined,
        rootId: undefined,
        definition: undefined,
        snapshot: undefined,
        seq: this.seq,
        source,
        events: [],
      };
      this.actors.set(sessionId, actor);
    }
    return actor;
  }

  /** Takes one inspection event (already validated by {@link parseInspectionEvent}). */
  ingest(message: WireInspectionEvent, source: Source): void {
    const actor = this.record(message.sessionId, source);
    switch (message.type) {
      case '@xstate.actor':
        if (message.name !== undefined) actor.name = message.name;
        actor.parentId = message.parentId;
        if (message.rootId !== undefined) actor.rootId = message.rootId;
        if (message.definition !== undefined) actor.definition = message.definition;
        if (message.snapshot) actor.snapshot = message.snapshot;
        break;
      case '@xstate.event':
        if (message.event) {
          this.seq += 1;
          actor.events.push({ seq: this.seq, event: message.event });
          if (actor.events.length > MAX_EVENTS) actor.events.splice(0, actor.events.length - MAX_EVENTS);
        }
        break;
      case '@xstate.snapshot':
        if (message.snapshot) actor.snapshot = message.snapshot;
        break;
    }
    this.changed();
  }

  setTable(table: TableMessage): void {
    this.table = table;
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
    this.changed();
  }

  /** Root actors (no parent), oldest first. */
  roots(): ActorRecord[] {
    return [...this.actors.values()].filter((actor) => actor.parentId === undefined).sort((a, b) => a.seq - b.seq);
  }

  /** The root actor to draw: the pinned one, else the newest root actor with a definition. */
  current(): ActorRecord | undefined {
    if (this.pinned !== null) {
      const pinned = this.actors.get(this.pinned);
      if (pinned) return pinned;
    }
    const roots = this.roots();
    const drawable = roots.filter((actor) => actor.definition !== undefined);
    return drawable[drawable.length - 1] ?? roots[roots.length - 1];
  }
}
