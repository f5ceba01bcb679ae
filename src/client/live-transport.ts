/**
 * A seat at a table of the service, over its live WebSocket (`/api/tables/ID/live`): the first message is
 * `hello` with the seat's token (tokens never travel in URLs); views come as whole snapshots (the highest
 * version is the current one); each send carries an idempotency key, so after a dropped connection the page
 * reconnects (backing off up to a few seconds) and sends what was unanswered again without passing twice. What the
 * seat may do comes with each view (`actions`); a refusal comes with its code and params (`refusal.params`), so the
 * page renders it in its own language.
 */
import { fromCallback } from 'xstate';
import type { LegalActions, PublicView, SeatView } from '../index.js';
import type { FlowInput } from './flow.machine.js';
import { tableInfoOf } from './table-info.js';
import { isSeatView, type ClientEvent, type ReportedRefusal, type TransportCommand, type TransportReport } from './transport.js';

/** Where the seat's table is. */
export interface LiveOptions {
  /** The table id. */
  id: string;
  /** The seat (or spectator) token, from the URL fragment. */
  token: string;
  /** The WebSocket URL (default: this page's origin, `ws:` or `wss:`). */
  url?: string;
  /** Makes the WebSocket (tests may wrap it). */
  connect?: (url: string) => WebSocket;
}

/** Close codes after which reconnecting cannot help: a token the table does not know, a bad request. */
const FATAL_CLOSE = new Set([4401, 4403, 4404, 1008]);
const MAX_BACKOFF_MS = 4000;
/** A frame larger than this from the server is not read (the service's own bound is 64 KiB per message). */
const MAX_FRAME = 1 << 20;

/** The default live URL of a table, from the page's location. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, id: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/tables/${encodeURIComponent(id)}/live`;
}

/** A key for an event: unique per send, reused when the same send is retried. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type ServerMessage =
  | { type: 'view'; version: number; view: SeatView | PublicView; actions?: unknown }
  | { type: 'result'; id: number; ok: boolean; refusal?: { code: string; message: string; params?: Record<string, string | number> } }
  | { type: 'error'; code: string; message: string; params?: unknown; id?: number };

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== 'string' || data.length > MAX_FRAME) return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null || !('type' in value)) return null;
    return value as ServerMessage;
  } catch {
    return null;
  }
}

/**
 * The seat's legal actions as the service sends them with a view (`actions`, sent with every view: `legalActions` for this
 * seat at this version), or null for a spectator's view or a message without them (then nothing is offered: the
 * client never guesses legality on its own).
 */
export function actionsOf(view: SeatView | PublicView, actions: unknown): LegalActions | null {
  if (!isSeatView(view) || typeof actions !== 'object' || actions === null) return null;
  const legal = actions as Partial<LegalActions>;
  const wellFormed =
    legal.seat === view.seat &&
    legal.phase === view.phase &&
    Array.isArray(legal.vote) &&
    Array.isArray(legal.offer) &&
    typeof legal.retract === 'boolean' &&
    typeof legal.draw === 'boolean' &&
    typeof legal.declareMahjong === 'boolean' &&
    typeof legal.acceptDeclaration === 'boolean' &&
    typeof legal.declareMisdeal === 'boolean' &&
    typeof legal.dispute === 'boolean' &&
    typeof legal.redeal === 'boolean' &&
    (legal.pass === null || (typeof legal.pass === 'object' && Array.isArray(legal.pass.from) && Array.isArray(legal.pass.blind))) &&
    (legal.courtesy === null || (typeof legal.courtesy === 'object' && typeof legal.courtesy.count === 'number' && Array.isArray(legal.courtesy.from)));
  return wellFormed ? (legal as LegalActions) : null;
}

/** The transport of a seat's page, for the flow machine. */
export function liveTransport(options: LiveOptions) {
  return fromCallback<TransportCommand, FlowInput, TransportReport>(({ sendBack, receive }) => {
    const url = options.url ?? liveUrl(window.location, options.id);
    const connect = options.connect ?? ((target: string) => new WebSocket(target));
    /** Sends not yet answered, by id, with their keys (sent again after a reconnect). */
    const unanswered = new Map<number, { event: ClientEvent; key: string }>();
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let greeted = false;

    const transmit = (id: number, entry: { event: ClientEvent; key: string }): void => {
      if (socket !== null && socket.readyState === WebSocket.OPEN && greeted) {
        socket.send(JSON.stringify({ type: 'send', id, event: entry.event, key: entry.key }));
      }
    };

    const open = (): void => {
      if (stopped) return;
      const ws = connect(url);
      socket = ws;
      greeted = false;
      ws.addEventListener('open', () => {
        ws.send(JSON.stringify({ type: 'hello', token: options.token }));
      });
      ws.addEventListener('message', (message: MessageEvent) => {
        const data = parse(message.data);
        if (data === null) return;
        if (data.type === 'view' && typeof data.version === 'number' && typeof data.view === 'object' && data.view !== null) {
          if (!greeted) {
            greeted = true;
            attempt = 0;
            for (const [id, entry] of unanswered) transmit(id, entry);
          }
          const view = data.view;
          sendBack({ type: 'transport.view', version: data.version, view, legal: actionsOf(view, data.actions), table: tableInfoOf(data, Date.now()) });
        } else if (data.type === 'result' && typeof data.id === 'number') {
          unanswered.delete(data.id);
          if (data.ok) sendBack({ type: 'transport.result', id: data.id, ok: true });
          else sendBack({ type: 'transport.result', id: data.id, ok: false, refusal: data.refusal ?? { code: 'UNKNOWN', message: 'refused' } });
        } else if (data.type === 'error') {
          if (typeof data.id === 'number') {
            unanswered.delete(data.id);
            // A service error answering this send: its params (the problem and its data) let the page word it.
            const params: unknown = data.params;
            const refusal: ReportedRefusal = { code: data.code, message: data.message };
            if (typeof params === 'object' && params !== null && !Array.isArray(params)) refusal.params = params as Readonly<Record<string, string | number>>;
            sendBack({ type: 'transport.result', id: data.id, ok: false, refusal });
          } else if (data.code === 'UNAUTHORIZED' || data.code === 'FORBIDDEN' || data.code === 'NOT_FOUND') {
            stopped = true;
            sendBack({ type: 'transport.failed', message: data.message });
          }
        }
      });
      ws.addEventListener('close', (event: CloseEvent) => {
        if (socket !== ws) return;
        socket = null;
        if (stopped) return;
        if (FATAL_CLOSE.has(event.code)) {
          stopped = true;
          sendBack({ type: 'transport.failed', message: event.reason || `the table closed the connection (${event.code})` });
          return;
        }
        sendBack({ type: 'transport.lost' });
        const delay = Math.min(MAX_BACKOFF_MS, 200 * 2 ** attempt);
        attempt += 1;
        timer = setTimeout(() => {
          timer = null;
          open();
        }, delay);
      });
      ws.addEventListener('error', () => {
        // A 'close' always follows an 'error'; reconnecting is decided there.
      });
    };

    receive((command) => {
      const entry = { event: command.event, key: newKey() };
      unanswered.set(command.id, entry);
      transmit(command.id, entry);
    });
    open();
    return () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      socket?.close(1000, 'page closed');
    };
  });
}
