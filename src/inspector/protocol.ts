/**
 * The inspector's wire protocol. Two kinds of messages reach the page:
 *
 * 1. Inspection events in the `@statelyai/inspect` format (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`,
 *    each with `_version`, `sessionId`, `rootId`, `createdAt`), either over the page's WebSocket from
 *    `charleston inspect`, or by `postMessage` from any XState v5 app using `createBrowserInspector({ url })`.
 * 2. Table messages (`charleston.*`), only over the page's own WebSocket: the table as the chosen seat
 *    (or all seats) may see it, legal actions and the session cursor.
 *
 * The page sends `charleston.control` and `charleston.send` back over the WebSocket.
 * In seat mode the server sends only that seat's view, and inspection snapshots carry that view as context.
 */
import type { LegalActions } from '../legal.js';
import type { Seat } from '../seats.js';
import type { CharlestonEvent, Phase } from '../types.js';
import type { PublicView, SeatView } from '../views.js';

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
  /** `@xstate.actor` and `@xstate.snapshot`. */
  snapshot?: { value?: unknown; context?: unknown; status?: string };
  /** `@xstate.event` and `@xstate.snapshot`: the event (for `engine.refused`, the refusal is in it). */
  event?: { type: string; [key: string]: unknown };
}

/** One line of the session's event log, as the server keeps it. */
export interface LogEntry {
  index: number;
  by: Seat | 'table' | 'page';
  /** The event (redacted in seat mode for other seats: only `type` and `seat`). */
  event: { type: string; [key: string]: unknown };
  ok: boolean;
  phase: Phase;
  /** The refusal: `message` is English; a page renders it in its language from `code` and `params`. */
  refusal?: { code: string; message?: string; params?: Readonly<Record<string, string | number>> };
}

/** The table as the page's mode may see it. */
export interface TableMessage {
  type: 'charleston.table';
  /** `all`, or the seat this page sees as. */
  mode: 'all' | Seat;
  phase: Phase;
  /** The state value, for highlighting. */
  value: unknown;
  /** One view per visible seat (all four in `all` mode, one in seat mode). */
  views: Partial<Record<Seat, SeatView>>;
  /** What everybody sees. */
  public: PublicView;
  /** Legal actions of the visible seats. */
  legal: Partial<Record<Seat, LegalActions>>;
  /** Session cursor: events applied, events known (script steps or recorded bot moves). */
  cursor: number;
  total: number;
  playing: boolean;
  /** Where the events come from. */
  source: string;
  log: LogEntry[];
}

/** Session controls from the page. */
export interface ControlMessage {
  type: 'charleston.control';
  action: 'play' | 'pause' | 'step' | 'back' | 'reset';
}

/** An event the page sends for a seat (in seat mode only for that seat). */
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
export type ServerMessage = WireInspectionEvent | TableMessage | ErrorMessage;
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
