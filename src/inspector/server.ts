/**
 * The inspector server (Node only): serves the page from `dist/inspector/` and a WebSocket at `/ws` that
 * streams `@statelyai/inspect` events and table messages of one session to every page, and takes controls
 * and events back. Bound to 127.0.0.1 unless told otherwise; a WebSocket from another origin is refused;
 * a page in seat mode (`/ws?seat=east`) receives only that seat's view.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInspector } from '@statelyai/inspect';
import { WebSocketServer, type WebSocket } from 'ws';
import { isRecord, own } from '../errors.js';
import { isSeat, type Seat } from '../seats.js';
import type { CharlestonSnapshot } from '../service.js';
import { viewFor } from '../views.js';
import { isInspectionEvent, type PageMessage, type ServerMessage, type WireInspectionEvent } from './protocol.js';
import { createInspectorSession, type InspectorSession, type SessionOptions } from './session.js';

/** Options of the inspector server. */
export interface InspectorServerOptions {
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  /** The session to serve, without its inspect/onChange hooks (the server adds them). */
  session: Omit<SessionOptions, 'inspect' | 'onChange'>;
  /** Start playing when the first page connects. */
  autoplay?: boolean;
  /** Folder with the built page (default: dist/inspector of this package). */
  staticDir?: string;
}

/** A running inspector server. */
export interface InspectorServer {
  url: string;
  session: InspectorSession;
  close(): Promise<void>;
}

const FILES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/main.js': 'main.js',
  '/style.css': 'style.css',
};
const TYPES: Readonly<Record<string, string>> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/** The built page's folder: dist/inspector beside the compiled code, or of the checkout when run from source. */
export function defaultStaticDir(): string {
  const candidates = [new URL('../../inspector/', import.meta.url), new URL('../../dist/inspector/', import.meta.url)];
  const found = candidates.find((candidate) => existsSync(new URL('index.html', candidate)));
  if (!found) throw new Error('the inspector page is not built: run `npm run build`');
  return fileURLToPath(found);
}

/**
 * An event as a seat may see it, by allow-list: its own events whole; another seat's only as type, seat and
 * refusal code; anything else (such as `xstate.init`, whose input holds the deal) as its type alone.
 */
export function eventForSeat(event: { type: string; [key: string]: unknown }, seat: Seat): { type: string; [key: string]: unknown } {
  const eventSeat = own(event, 'seat');
  if (eventSeat === seat) return event;
  if (!isSeat(eventSeat)) return { type: event.type };
  const refusal = own(event, 'refusal');
  const refusedType = own(event, 'refusedType');
  return {
    type: event.type,
    seat: eventSeat,
    ...(isRecord(refusal) ? { refusal: { code: own(refusal, 'code') } } : {}),
    ...(typeof refusedType === 'string' ? { refusedType } : {}),
  };
}

/** Hides what a seat may not see in an inspection event: the context becomes its view, other seats' events shrink. */
export function inspectionForSeat(event: WireInspectionEvent, seat: Seat): WireInspectionEvent {
  const out: WireInspectionEvent = { ...event };
  if (event.snapshot) {
    const { value, status } = event.snapshot;
    let view: unknown;
    try {
      view = viewFor({ value, context: event.snapshot.context } as unknown as CharlestonSnapshot, seat);
    } catch {
      view = undefined;
    }
    out.snapshot = { value, ...(status !== undefined ? { status } : {}), context: view };
  }
  if (event.event) out.event = eventForSeat(event.event, seat);
  return out;
}

/**
 * A WebSocket is accepted only from a page this server served: the Origin must be this Host, and the Host a
 * loopback name or the bound address (so a rebound DNS name of another site cannot reach the table).
 */
function isOwnPage(request: IncomingMessage, boundHost: string): boolean {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (typeof origin !== 'string' || typeof host !== 'string') return false;
  const hostname = host.replace(/:\d+$/, '');
  const known = ['127.0.0.1', 'localhost', '[::1]', boundHost, `[${boundHost}]`];
  return known.includes(hostname) && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Starts the server and its session. */
export async function startInspectorServer(options: InspectorServerOptions): Promise<InspectorServer> {
  const staticDir = options.staticDir ?? defaultStaticDir();
  const clients = new Map<WebSocket, 'all' | Seat>();
  let history: WireInspectionEvent[] = [];
  let autoplay = options.autoplay ?? false;

  const send = (socket: WebSocket, message: ServerMessage): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const forward = (event: WireInspectionEvent, socket: WebSocket, mode: 'all' | Seat): void =>
    send(socket, mode === 'all' ? event : inspectionForSeat(event, mode));

  // Guard params sit deep in the definition: the default depth (10) would cut them to "[Object]".
  const inspector = createInspector({
    send(raw) {
      const event = JSON.parse(JSON.stringify(raw)) as unknown;
      if (!isInspectionEvent(event)) return;
      if (event.type === '@xstate.actor' && !event.parentId) history = [];
      history.push(event);
      if (history.length > 5000) history.shift();
      for (const [socket, mode] of clients) forward(event, socket, mode);
    },
  }, { serializationDepthLimit: 24 });
  const broadcastTable = (): void => {
    for (const [socket, mode] of clients) send(socket, session.tableMessage(mode));
  };
  const session = createInspectorSession({ ...options.session, inspect: inspector.inspect, onChange: broadcastTable });

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = FILES[path];
    if (request.method !== 'GET' || file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = readFileSync(`${staticDir}/${file}`);
    response
      .writeHead(200, {
        'content-type': TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .end(body);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws' || !isOwnPage(request, options.host ?? '127.0.0.1')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const seat = url.searchParams.get('seat');
    const mode: 'all' | Seat = isSeat(seat) ? seat : 'all';
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.set(ws, mode);
      for (const event of history) forward(event, ws, mode);
      send(ws, session.tableMessage(mode));
      if (autoplay) {
        autoplay = false;
        session.play();
      }
      ws.on('message', (data) => handle(ws, mode, data.toString()));
      ws.on('close', () => clients.delete(ws));
    });
  });

  const handle = (ws: WebSocket, mode: 'all' | Seat, text: string): void => {
    let message: PageMessage;
    try {
      message = JSON.parse(text) as PageMessage;
    } catch {
      send(ws, { type: 'charleston.error', message: 'not JSON' });
      return;
    }
    if (!isRecord(message)) return send(ws, { type: 'charleston.error', message: 'a message is an object' });
    if (message.type === 'charleston.control') {
      const actions = { play: session.play, pause: session.pause, step: session.step, back: session.back, reset: session.reset };
      const action = own(actions, message.action) as (() => unknown) | undefined;
      if (typeof action !== 'function') return send(ws, { type: 'charleston.error', message: `unknown control ${JSON.stringify(message.action)}` });
      action();
      return;
    }
    if (message.type === 'charleston.send') {
      const seat = isRecord(message.event) ? own(message.event, 'seat') : undefined;
      if (mode !== 'all' && seat !== mode) {
        return send(ws, { type: 'charleston.error', message: `this page plays ${mode}: it cannot send for ${String(seat)}` });
      }
      session.send(message.event);
      return;
    }
    send(ws, { type: 'charleston.error', message: `unknown message type ${JSON.stringify(own(message, 'type'))}` });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}/`,
    session,
    close: async () => {
      session.dispose();
      for (const socket of clients.keys()) socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
