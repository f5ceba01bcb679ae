/**
 * What the flow machine exchanges with the table it plays at, embedded (solo) or over the network (a seat):
 * commands out (send an event), reports in (a view, a result, the connection's state).
 */
import type { CharlestonEvent, LegalActions, PublicView, Seat, SeatView } from '../index.js';
import type { TableInfo } from './table-info.js';

/**
 * An event the page sends to the table: the engine's events, and the answer to East's declaration in review
 * (`declaration.accept`, from a seat but East, once; docs/service.md).
 */
export type ClientEvent = CharlestonEvent | { type: 'declaration.accept'; seat: Seat };

/** A command from the flow machine to its transport. */
export type TransportCommand = { type: 'send'; id: number; event: ClientEvent };

/**
 * A view of the table as the transport received it, with what the seat may do at that version (`legal`: the
 * service's `actions`, or the engine's `legalActions` in solo practice; the same shape from both). Null for a
 * spectator.
 */
export interface ViewReport {
  type: 'transport.view';
  version: number;
  view: SeatView | PublicView;
  legal: LegalActions | null;
  /** The table's own fields beside the view (hand number, current seat, names, clock, notice); null when none. */
  table?: TableInfo | null;
}

/** A refusal as a transport reports it: engine codes, or a service's own (`NOT_YOUR_SEAT`, `RATE_LIMITED`). */
export interface ReportedRefusal {
  code: string;
  message: string;
  /** The values the message is rendered from (the engine's typed params), to render it in the page's language. */
  params?: Readonly<Record<string, string | number>>;
}

/** A report from the transport to the flow machine. */
export type TransportReport =
  | ViewReport
  | { type: 'transport.result'; id: number; ok: true }
  | { type: 'transport.result'; id: number; ok: false; refusal: ReportedRefusal }
  | { type: 'transport.lost' }
  | { type: 'transport.failed'; message: string };

/** True when a view is a seat's (it has a rack). */
export function isSeatView(view: SeatView | PublicView): view is SeatView {
  return 'rack' in view;
}
