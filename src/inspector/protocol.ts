/**
 * The inspector's wire protocol.
 *
 * Pages (`/ws`, only from a page this server served) receive:
 * 1. Inspection events in the `@statelyai/inspect` format (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`,
 *    each with `_version`, `sessionId`, `rootId`, `createdAt`): the session's table and every Node app connected
 *    at `/inspect`. A browser app posts the same events to the page with `postMessage` (`createBrowserInspector`).
 * 2. `charleston.*` messages about the session's table: its views and legal actions, log appends, errors.
 *
 * Pages send `charleston.control` and `charleston.send`. Node apps (`/inspect`, no Origin header, or the
 * page's own) send inspection events only; the server renames their session ids per connection (`n3:x:0`) so
 * two processes never collide, and the session's table is always `charleston:table`.
 */
import type { LegalActions, Phase, PublicView, Seat, SeatView, CharlestonEvent } from '../index.js';

/** An inspection event as `@statelyai/inspect` sends it (only the fields the page reads are typed). */
export interface WireInspectionEvent {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot';
  _version: string;
  sessionId: string;
  rootId?: string;
  createdAt?: string;
  /** `@xstate.actor`: the machine config as a JSON string. */
  definition?: string;
  name?: string;
  parentId?: string;
  /** `@xstate.event`: the sender's session id, when an actor sent it. */
  sourceId?: string;
  /** `@xstate.actor` and `@xstate.snapshot`. */
  snapshot?: { value?: unknown; context?: unknown; status?: string };
  /** `@xstate.event` and `@xstate.snapshot`: the event (for `engine.refused`, the refusal is in it). */
  event?: { type: string; [key: string]: unknown };
}

/** One line of the session's event log, as the server keeps it. */
export interface LogEntry {
  /** Running number (entries before the ring's first were dropped). */
  index: number;
  /** An event sent to the table, or a step back / reset of the session. */
  kind: 'event' | 'back' | 'reset';
  by: Seat | 'table' | 'page';
  event: { type: string; [key: string]: unknown };
  ok: boolean;
  phase: Phase;
  /** The session cursor after this line. */
  cursor: number;
  /** The refusal: `message` is English; a page renders it in its language from `code` and `params`. */
  refusal?: { code: string; message?: string; params?: Readonly<Record<string, string | number>> };
}

/** The session's table, as the inspector (which sees every seat) shows it. */
export interface TableMessage {
  type: 'charleston.table';
  mode: 'all';
  phase: Phase;
  /** The state value, for highlighting. */
  value: unknown;
  /** Every seat's view. */
  views: Partial<Record<Seat, SeatView>>;
  /** What everybody sees. */
  public: PublicView;
  /** Legal actions of every seat. */
  legal: Partial<Record<Seat, LegalActions>>;
  /** Session cursor: events applied, events known (script steps or recorded bot moves). */
  cursor: number;
  total: number;
  playing: boolean;
  /** Where the events come from. */
  source: string;
}

/** New log lines (on connect: the whole ring, with `replace`). */
export interface LogMessage {
  type: 'charleston.log';
  entries: LogEntry[];
  /** Lines that fell out of the ring so far. */
  dropped: number;
  /** True when `entries` is the whole ring rather than an append. */
  replace: boolean;
}

/** Sent first to every page: whether a table session is served. */
export interface HelloMessage {
  type: 'charleston.hello';
  session: boolean;
}

/** Session controls from the page. */
export interface ControlMessage {
  type: 'charleston.control';
  action: 'play' | 'pause' | 'step' | 'back' | 'reset';
}

/** An event the page sends to the table. */
export interface SendMessage {
  type: 'charleston.send';
  event: CharlestonEvent;
}

/** A problem with something the page sent. */
export interface ErrorMessage {
  type: 'charleston.error';
  message: string;
}

/** Server → page. */
export type ServerMessage = WireInspectionEvent | TableMessage | LogMessage | HelloMessage | ErrorMessage;
/** Page → server. */
export type PageMessage = ControlMessage | SendMessage;

/** True for an inspection event in the `@statelyai/inspect` format. */
export function isInspectionEvent(value: unknown): value is WireInspectionEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { type, _version, sessionId } = value as Record<string, unknown>;
  return (
    (type === '@xstate.actor' || type === '@xstate.event' || type === '@xstate.snapshot') &&
    typeof _version === 'string' &&
    typeof sessionId === 'string'
  );
}
