/**
 * The inspector server (Node only). It serves the page (at `/` and at `/inspect`), a WebSocket for pages at
 * `/ws`, and a WebSocket for Node apps at `/inspect`, where `@statelyai/inspect`'s
 * `createWebSocketInspector({ url: 'ws://HOST:PORT/inspect' })` sends its events. With a session it also
 * serves one Charleston table that pages can step through.
 *
 * Safe to leave running: every socket has an error handler, malformed frames and oversized messages close that
 * connection only, the log and the remembered stream are bounded, pages receive appends, and a page that does
 * not read is dropped once its send buffer passes a bound. Bound to 127.0.0.1 unless told otherwise.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { CharlestonOptions, CharlestonEngine } from '../index.js';
import { isRecord, own } from './adapters.js';
import { isOwnPage } from './origin.js';
import type { LogEntry, ServerMessage, WireInspectionEvent } from './protocol.js';
import { InspectionRelay } from './relay.js';
import { createInspectorSession, type InspectorSession, type SessionOptions } from './session.js';
import { defaultStaticDir, pageFiles } from './static.js';
import { createTableInspection } from './table-inspection.js';
import { inspectionProblem, parseInspectionEvent, prefixIds } from './wire.js';
import { WorkQueue } from './work-queue.js';

export { defaultStaticDir } from './static.js';

export { TABLE_SESSION_ID } from './table-inspection.js';

/** Bounds of the server (all optional). */
export interface InspectorLimits {
  /** Largest message a Node app may send (default 1 MiB: a machine definition can be large). */
  appMaxPayload?: number;
  /** Largest message a page may send (default 64 KiB). */
  pageMaxPayload?: number;
  /** A page whose unsent data passes this many bytes is dropped (default 1 MiB). */
  maxBuffered?: number;
  /** Pages connected at once (default 256). */
  maxPages?: number;
  /** Node apps connected at once (default 64). */
  maxApps?: number;
  /** Bad messages a Node app may send before it is disconnected (default 100). */
  maxBadMessages?: number;
  /** Actors remembered for pages that connect later (default 200). */
  maxActors?: number;
}

/** Options of the inspector server. */
export interface InspectorServerOptions {
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  /** A table session to serve; without one the server only relays your own apps. */
  session?: Omit<SessionOptions, 'inspect' | 'mute' | 'onRebuilt' | 'onChange' | 'onLog'>;
  /** Start playing when the first page connects. */
  autoplay?: boolean;
  /** Folder with the built page (default: dist/inspector of this package). */
  staticDir?: string;
  limits?: InspectorLimits;
}

/** Counters, for monitoring and tests. */
export interface InspectorStats {
  pages: number;
  apps: number;
  /** Pages dropped because they did not read. */
  slowPagesDropped: number;
  /** Connections closed for a malformed or oversized frame. */
  badFrames: number;
  /** Messages from apps or pages refused with an error. */
  badMessages: number;
  /** Actors remembered. */
  actors: number;
  /** Bytes of inspection messages remembered for late pages. */
  relayBytes: number;
  /** Log lines that fell out of the ring. */
  logDropped: number;
}

/** A running inspector server. */
export interface InspectorServer {
  /** The page's address (`http://127.0.0.1:PORT/`). */
  url: string;
  /** Where Node apps send their events (`ws://127.0.0.1:PORT/inspect`). */
  inspectUrl: string;
  session: InspectorSession | null;
  stats(): InspectorStats;
  close(): Promise<void>;
}

const reject = (socket: Socket, status: string, reason: string): void => {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
};

/** Starts the server (and its session, when given). */
export async function startInspectorServer(options: InspectorServerOptions): Promise<InspectorServer> {
  const limits = options.limits ?? {};
  const maxBuffered = limits.maxBuffered ?? 1024 * 1024;
  const boundHost = options.host ?? '127.0.0.1';
  const files = pageFiles(options.staticDir ?? defaultStaticDir());
  const pages = new Set<WebSocket>();
  const apps = new Set<WebSocket>();
  const relay = new InspectionRelay({ maxActors: limits.maxActors ?? 200 });
  const stats = { slowPagesDropped: 0, badFrames: 0, badMessages: 0 };
  let autoplay = options.autoplay ?? false;
  let appCounter = 0;

  /** Sends to one socket, dropping a page that stopped reading. */
  const sendText = (socket: WebSocket, text: string): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      stats.slowPagesDropped += 1;
      pages.delete(socket);
      socket.terminate();
      return;
    }
    socket.send(text);
  };
  const send = (socket: WebSocket, message: ServerMessage): void => sendText(socket, JSON.stringify(message));
  const broadcast = (text: string): void => {
    for (const socket of pages) sendText(socket, text);
  };
  const relayEvent = (event: WireInspectionEvent): void => broadcast(relay.add(event));

  // ------------------------------------------------------------ the session's table, under one stable id
  const table = createTableInspection(relayEvent);
  let tablePending = false;
  let closed = false;
  const announceRebuilt = (service: CharlestonEngine, cursor: number): void => {
    table.announce(service.actor as never, { type: 'inspector.rewind', cursor });
  };
  const session: InspectorSession | null = options.session
    ? createInspectorSession({
        ...options.session,
        inspect: () => table.observer as CharlestonOptions['inspect'],
        mute: (value) => {
          table.muted = value;
        },
        onRebuilt: announceRebuilt,
        onChange: () => {
          // one table message per burst of changes (a flood of events costs one message per turn of the loop)
          if (tablePending || pages.size === 0) return;
          tablePending = true;
          setImmediate(() => {
            tablePending = false;
            if (session && !closed && pages.size > 0) broadcast(JSON.stringify(session.tableMessage()));
          });
        },
        onLog: (entry: LogEntry) => {
          if (pages.size > 0 && session) broadcast(JSON.stringify({ type: 'charleston.log', entries: [entry], dropped: session.log.dropped, replace: false }));
        },
      })
    : null;

  // ------------------------------------------------------------ HTTP
  const server: Server = createServer((request, response) => {
    response.on('error', () => response.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': file.body.length });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const pageServer = new WebSocketServer({ noServer: true, maxPayload: limits.pageMaxPayload ?? 64 * 1024 });
  const appServer = new WebSocketServer({ noServer: true, maxPayload: limits.appMaxPayload ?? 1024 * 1024 });
  pageServer.on('error', () => undefined);
  appServer.on('error', () => undefined);

  /** A socket that breaks the protocol is closed by `ws` after its 'error': count it, keep the server. */
  const guard = (ws: WebSocket): void => {
    ws.on('error', () => {
      stats.badFrames += 1;
      ws.terminate();
    });
  };

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/ws') {
      if (!isOwnPage(request, boundHost)) return reject(socket, '403 Forbidden', 'the inspector accepts WebSockets at /ws only from its own page');
      if (pages.size >= (limits.maxPages ?? 256)) return reject(socket, '503 Service Unavailable', 'too many inspector pages are open');
      pageServer.handleUpgrade(request, socket, head, onPage);
      return;
    }
    if (path === '/inspect') {
      // Node apps send no Origin; a browser always does, and then it must be this server's own page.
      if (request.headers.origin !== undefined && !isOwnPage(request, boundHost)) {
        return reject(socket, '403 Forbidden', 'a browser app reaches the inspector with createBrowserInspector, not this WebSocket');
      }
      if (apps.size >= (limits.maxApps ?? 64)) return reject(socket, '503 Service Unavailable', 'too many apps are connected');
      appServer.handleUpgrade(request, socket, head, onApp);
      return;
    }
    reject(socket, '404 Not Found', 'WebSockets are served at /ws (pages) and /inspect (apps)');
  });

  const onPage = (ws: WebSocket): void => {
    guard(ws);
    pages.add(ws);
    ws.on('close', () => pages.delete(ws));
    send(ws, { type: 'charleston.hello', session: session !== null });
    for (const text of relay.replay()) sendText(ws, text);
    if (session) {
      send(ws, { type: 'charleston.log', entries: session.log.entries(), dropped: session.log.dropped, replace: true });
      send(ws, session.tableMessage());
      if (autoplay) {
        autoplay = false;
        session.play();
      }
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return refuse(ws, 'the inspector takes text messages only');
      if (!work.push(ws, data.toString())) refuse(ws, `too many messages waiting (${work.perSender}): slow down`);
    });
    ws.on('close', () => work.forget(ws));
  };

  const refuse = (ws: WebSocket, problem: string): void => {
    stats.badMessages += 1;
    send(ws, { type: 'charleston.error', message: problem });
  };

  // Page messages wait in one queue, handled in order a few at a time (see WorkQueue).
  const work = new WorkQueue<WebSocket, string>((ws, text) => {
    if (ws.readyState !== ws.OPEN) return 0;
    const { problem, cost } = handlePage(text);
    if (problem !== undefined) refuse(ws, problem);
    return cost;
  });

  /** Handles a page's message: the problem with it, if any, and its cost (a replay costs a whole batch). */
  const handlePage = (text: string): { problem?: string; cost: number } => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return { problem: 'a message must be JSON', cost: 1 };
    }
    if (!isRecord(message)) return { problem: 'a message must be a JSON object', cost: 1 };
    const type = own(message, 'type');
    if (type !== 'charleston.control' && type !== 'charleston.send') return { problem: `unknown message type ${JSON.stringify(type)} (expected charleston.control or charleston.send)`, cost: 1 };
    if (!session) return { problem: 'this inspector serves no table (start it with a script or --seed)', cost: 1 };
    if (type === 'charleston.send') {
      session.send(own(message, 'event'));
      return { cost: 1 };
    }
    const action = own(message, 'action');
    const actions: Record<string, () => unknown> = { play: session.play, pause: session.pause, step: session.step, back: session.back, reset: session.reset };
    const run = typeof action === 'string' ? own(actions, action) : undefined;
    if (typeof run !== 'function') return { problem: `unknown control ${JSON.stringify(action)} (expected ${Object.keys(actions).join(', ')})`, cost: 1 };
    (run as () => unknown)();
    return { cost: action === 'back' || action === 'reset' ? 64 : 1 };
  };

  const onApp = (ws: WebSocket): void => {
    guard(ws);
    apps.add(ws);
    appCounter += 1;
    const prefix = `n${appCounter}:`;
    let bad = 0;
    ws.on('close', () => apps.delete(ws));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      let problem: string | undefined;
      let value: unknown;
      if (isBinary) problem = 'the inspector takes text messages only';
      else {
        try {
          value = JSON.parse(data.toString());
          problem = inspectionProblem(value);
        } catch {
          problem = 'a message must be JSON';
        }
      }
      const event = problem === undefined ? parseInspectionEvent(value) : undefined;
      if (event) {
        relayEvent(prefixIds(event, prefix));
        return;
      }
      stats.badMessages += 1;
      bad += 1;
      if (bad > (limits.maxBadMessages ?? 100)) {
        ws.close(1008, 'too many bad messages');
        return;
      }
      sendText(ws, JSON.stringify({ type: 'charleston.error', message: problem ?? 'not an inspection event' }));
    });
  };

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, boundHost, () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  server.on('error', () => undefined);
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}/`,
    inspectUrl: `ws://${hostPart}:${address.port}/inspect`,
    session,
    stats: () => ({
      pages: pages.size,
      apps: apps.size,
      ...stats,
      actors: relay.actorCount,
      relayBytes: relay.bytes,
      logDropped: session?.log.dropped ?? 0,
    }),
    close: async () => {
      closed = true;
      work.stop();
      session?.dispose();
      for (const socket of [...pages, ...apps]) socket.terminate();
      pageServer.close();
      appServer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
