/**
 * The page's own WebSocket to `charleston inspect`: `ws(s)://<same host>/ws`. Inspection events (the session's
 * table and Node apps) and `charleston.*` messages go into the store; controls and events go back.
 * When no server session answers, the page simply shows that no live table is connected.
 */
import type { PageMessage } from '../protocol.js';
import { isErrorMessage, isLogMessage, isTableMessage, parseInspectionEvent, type Store } from './store.js';

/** The state of the page's own WebSocket. */
export type SocketStatus = 'connecting' | 'open' | 'closed' | 'unavailable';

/** The page's own WebSocket, as the page uses it. */
export interface SocketLink {
  readonly status: SocketStatus;
  /** Sends a message; false when the socket is not open. */
  send(message: PageMessage): boolean;
}

/** The WebSocket address for this page. */
export function socketUrl(location: Location): string {
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return '';
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

/** Connects (and reconnects a few times after a session that was open drops). */
export function connectSocket(store: Store, onStatus: () => void): SocketLink {
  const url = socketUrl(window.location);
  let socket: WebSocket | null = null;
  let retries = 0;
  const link = {
    status: (url ? 'connecting' : 'unavailable') as SocketStatus,
    send(message: PageMessage): boolean {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
  };
  const open = (): void => {
    let opened = false;
    try {
      socket = new WebSocket(url);
    } catch {
      link.status = 'unavailable';
      onStatus();
      return;
    }
    socket.addEventListener('open', () => {
      opened = true;
      retries = 0;
      link.status = 'open';
      onStatus();
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isTableMessage(data)) store.setTable(data);
      else if (isLogMessage(data)) store.addLog(data);
      else if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'charleston.hello') store.hello((data as { session?: unknown }).session === true);
      else if (isErrorMessage(data)) store.addError(data.message);
      else {
        const inspection = parseInspectionEvent(data);
        if (inspection) store.ingest(inspection, 'socket');
      }
    });
    socket.addEventListener('close', () => {
      socket = null;
      if (opened && retries < 5) {
        retries += 1;
        link.status = 'connecting';
        setTimeout(open, 1000 * retries);
      } else {
        link.status = opened ? 'closed' : 'unavailable';
      }
      onStatus();
    });
  };
  if (url) open();
  return link;
}
