/**
 * The live route (`GET /api/tables/:id/live`, upgraded to a WebSocket). The first message must be a hello with a
 * token (else 4401); then the connection receives its token's view after every change and may send events.
 * Whatever a client sends closes at most its own connection: over 64 KiB → 1009 (enforced by `ws`), a frame that
 * is not a JSON text message (binary, not valid UTF-8, not JSON) → 1002, a slow reader whose unsent buffer passes
 * the bound → 1013. Connections are capped per token and per client address as well as per node, so that no one
 * token or address can fill a node; failed token checks count against the address (see `gate.ts`). At shutdown
 * the replies of committed events are written first, then every socket closes with 1001.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Role } from './auth.js';
import { ServiceError } from './errors.js';
import type { Gate } from './gate.js';
import { isAllowedOrigin } from './origin.js';
import type { Listener } from './hub.js';
import { serviceRefusal } from './messages.js';
import { RateLimiter } from './rate.js';
import { Heartbeat } from './heartbeat.js';
import { Tarpit } from './tarpit.js';
import { tableParams } from './schemas.js';
import { cutPath, unstorableTextAt } from './text.js';
import type { TableNode } from './table-node.js';

/** Limits of live connections. */
export interface LiveOptions {
  /** The hello must arrive within this many milliseconds (default 5,000). */
  helloMillis: number;
  /** A connection whose unsent bytes pass this is dropped with 1013 (default 1 MiB). */
  maxBufferedBytes: number;
  /** Sends in flight per connection (default 16); more are answered RATE_LIMITED. */
  maxInFlight: number;
  /** Live connections per node (default 10,000). */
  maxConnections: number;
  /** Live connections per token (default 8: a seat on a phone, a laptop and a few reloads). */
  maxPerToken: number;
  /** Live connections per client address, greeted or not (default 256). */
  maxPerAddress: number;
  /** Per-token budget of sends. */
  rate: { burst: number; perSecond: number };
  /** Ping interval; a connection that misses a pong is dropped (default 30,000). */
  pingMillis: number;
}

const CLOSE = { malformed: 1002, tooBig: 1009, tryLater: 1013, badToken: 4401, goingAway: 1001 } as const;

type Incoming = { type: 'hello'; token: unknown } | { type: 'send'; id: unknown; event: unknown; key?: unknown };

/** Decodes UTF-8 strictly: a text frame that is not valid UTF-8 is malformed (1002), like any other bad frame. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function parse(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Incoming | null {
  if (isBinary) return null;
  let value: unknown;
  try {
    value = JSON.parse(UTF8.decode(Array.isArray(data) ? Buffer.concat(data) : data));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as Record<string, unknown>).type;
  return type === 'hello' || type === 'send' ? (value as Incoming) : null;
}

const isMessageId = (id: unknown): id is string | number => (typeof id === 'string' && id.length <= 64) || (typeof id === 'number' && Number.isFinite(id));

/** The live route's handle for a graceful shutdown. */
export interface LiveRoute {
  /** Refuses new connections from now on (503). */
  stopAccepting(): void;
  /** Closes every socket with 1001 (after what was already written) and resolves once all are closed, within `boundMillis`. */
  closeAll(boundMillis: number): Promise<void>;
  /** Open sockets. */
  readonly size: number;
}

function bump(counts: Map<string, number>, key: string, by: number): number {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
  return next;
}

/** Registers the live route. */
export function registerLive(app: FastifyInstance, master: TableNode, gate: Gate, options: LiveOptions, allowedOrigins: ReadonlySet<string>, tarpit: Tarpit = new Tarpit()): LiveRoute {
  const limiter = new RateLimiter(options.rate);
  /** Every open socket and how to drop it. */
  const sockets = new Map<WebSocket, (code: number, reason: string) => void>();
  const perAddress = new Map<string, number>();
  const perToken = new Map<string, number>();
  let accepting = true;

  // Each connection is pinged once per interval, a slice of them per tick (see heartbeat.ts).
  const heartbeat = new Heartbeat<WebSocket>(options.pingMillis);
  app.addHook('onClose', async () => {
    heartbeat.stop();
  });
  app.addHook('preClose', async () => {
    for (const drop of sockets.values()) drop(CLOSE.goingAway, 'the service is shutting down');
  });
  const route: LiveRoute = {
    stopAccepting() {
      accepting = false;
    },
    async closeAll(boundMillis) {
      accepting = false;
      const open = [...sockets.keys()];
      const closed = open.map((socket) => (socket.readyState === socket.CLOSED ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()))));
      for (const drop of [...sockets.values()]) drop(CLOSE.goingAway, 'the service is shutting down');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMillis)))]);
      clearTimeout(timer);
      for (const socket of new Set([...open, ...sockets.keys()])) if (socket.readyState !== socket.CLOSED) socket.terminate();
    },
    get size() {
      return sockets.size;
    },
  };

  app.get<{ Params: { id: string } }>(
    '/api/tables/:id/live',
    {
      websocket: true,
      schema: { params: tableParams },
      // Upgrades carry no bearer: they are bounded by the caps per address and per token and by the budget of
      // failed checks, not by the address's HTTP budget (players behind one address must be able to reconnect).
      config: { rateLimit: false },
      preValidation: async (request) => {
        if (request.headers.upgrade?.toLowerCase() !== 'websocket') throw new ServiceError('INVALID_INPUT', 'notWebSocket', { field: 'upgrade' });
        if (!isAllowedOrigin(request, allowedOrigins)) throw new ServiceError('FORBIDDEN', 'originNotAllowed', { origin: String(request.headers.origin).slice(0, 100) });
        if (!accepting) throw new ServiceError('UNAVAILABLE', 'shuttingDown');
        if ((perAddress.get(request.ip) ?? 0) >= options.maxPerAddress) throw new ServiceError('RATE_LIMITED', 'tooManyLive', { budget: 'liveConnections', max: options.maxPerAddress });
      },
      preHandler: async (request) => {
        if (!(await gate.exists(request.ip, request.params.id))) throw new ServiceError('NOT_FOUND', 'noTable');
      },
    },
    (socket, request) => {
      const id = request.params.id;
      const address = request.ip;
      const openedAt = performance.now();
      let countedToken: string | null = null;
      bump(perAddress, address, 1);
      request.log.info({ table: id, live: 'open' }, 'live connection opened');
      let role: Role | null = null;
      let tokenHash = '';
      let inFlight = 0;
      let remove: (() => void) | null = null;
      let greeted: Promise<void> | null = null;
      (socket as WebSocket & { charlestonAlive?: boolean }).charlestonAlive = true;

      const close = (code: number, reason: string): void => {
        remove?.(); // no more views for a connection on its way out
        remove = null;
        if (socket.readyState === socket.CLOSING || socket.readyState === socket.CLOSED) return;
        socket.close(code, reason);
        // A peer that does not read will never answer the close: end the socket after a grace period.
        setTimeout(() => socket.terminate(), 2_000).unref();
      };
      /** True when `bytes` more fit in the unsent buffer; else the reader is too slow and is dropped. */
      /** Refuses the connection with 1013 after the tarpit's delay, reading nothing more from it meanwhile. */
      const closeLater = (reason: string): void => {
        socket.pause();
        void tarpit.hold().then(() => close(CLOSE.tryLater, reason));
      };
      let strikes = 0;
      let resting = false;
      /** A sender over its budget is not read for a while (longer each time in a row), so its frames wait in TCP. */
      const rest = (): void => {
        strikes = Math.min(strikes + 1, 5);
        if (resting) return;
        resting = true;
        socket.pause();
        void tarpit.hold(strikes / 5).then(() => {
          resting = false;
          if (socket.readyState === socket.OPEN) socket.resume();
        });
      };
      const hasRoom = (bytes: number): boolean => {
        if (socket.readyState !== socket.OPEN) return false;
        if (socket.bufferedAmount + bytes <= options.maxBufferedBytes) return true;
        close(CLOSE.tryLater, 'too far behind: reconnect to catch up');
        return false;
      };
      // Corked writes: the frames written to this socket in one turn (a seat's view and its result, the views of
      // a whole group commit) leave in one system call.
      const raw = (socket as WebSocket & { _socket?: { cork(): void; uncork(): void } })._socket;
      let corked = false;
      const uncork = (): void => {
        corked = false;
        raw?.uncork();
      };
      const write = (text: string): void => {
        if (!hasRoom(text.length)) return;
        if (!corked && raw !== undefined) {
          corked = true;
          raw.cork();
          process.nextTick(uncork);
        }
        socket.send(text, (error) => {
          if (error) socket.terminate();
        });
      };
      const listener: Listener = {
        get role() {
          return role as Role;
        },
        send: write,
      };
      sockets.set(socket, close);
      heartbeat.add(socket);
      const helloTimer = setTimeout(() => close(CLOSE.badToken, 'send {"type":"hello","token":…} first'), options.helloMillis);
      helloTimer.unref();

      socket.on('error', () => socket.terminate()); // ws already closed it with 1002/1009 where the peer was at fault
      // Pongs go through the same bound as views (ws's automatic pong is off): a client that pings without reading is dropped.
      socket.on('ping', (data: Buffer) => {
        if (hasRoom(data.length + 2)) socket.pong(data);
      });
      socket.on('pong', () => {
        heartbeat.alive(socket);
      });
      socket.on('close', (code: number) => {
        clearTimeout(helloTimer);
        sockets.delete(socket);
        heartbeat.remove(socket);
        remove?.();
        remove = null;
        bump(perAddress, address, -1);
        if (countedToken !== null) bump(perToken, countedToken, -1);
        countedToken = null;
        request.log.info({ table: id, live: 'close', code, role: role?.role ?? null, seconds: Math.round(performance.now() - openedAt) / 1000 }, 'live connection closed');
      });

      const hello = async (token: unknown): Promise<void> => {
        clearTimeout(helloTimer);
        if (typeof token !== 'string') return close(CLOSE.badToken, 'hello: token must be a string');
        try {
          const who = await gate.authorize(address, id, /^[A-Za-z0-9_-]{16,64}$/.test(token) ? token : null);
          if (master.hub.connections >= options.maxConnections) return close(CLOSE.tryLater, 'too many connections: try again later');
          await master.join(id, who.role); // a good hello opens its person's link (the clock waits for everyone's)
          if (socket.readyState !== socket.OPEN) return;
          if ((perToken.get(who.tokenHash) ?? 0) >= options.maxPerToken) return closeLater('too many connections with this token: close another one first');
          countedToken = who.tokenHash;
          bump(perToken, who.tokenHash, 1);
          role = who.role;
          tokenHash = who.tokenHash;
          remove = master.hub.add(id, listener);
          const table = await master.current(id);
          write(master.hub.viewText(table, who.role));
        } catch (error) {
          if (error instanceof ServiceError && (error.code === 'UNAUTHORIZED' || error.code === 'NOT_FOUND')) return close(CLOSE.badToken, 'unknown token');
          if (error instanceof ServiceError && error.code === 'RATE_LIMITED') return closeLater('too many failed token checks from this address');
          return close(CLOSE.tryLater, 'the service could not load the table');
        }
      };

      const send = async (message: Extract<Incoming, { type: 'send' }>): Promise<void> => {
        const { id: messageId } = message;
        // An error frame: the service's error with its params, worded in the table's language (English before the hello).
        const failWith = (failure: ServiceError, frameId?: unknown): void => {
          const locale = role === null ? failure.locale : (master.cache.peek(id)?.locale ?? failure.locale);
          write(JSON.stringify({ type: 'error', ...failure.toBody(locale).error, ...(frameId === undefined ? {} : { id: frameId }) }));
        };
        if (!isMessageId(messageId)) return failWith(new ServiceError('INVALID_INPUT', 'messageId', { field: 'id', max: 64 }));
        const reply = (body: Record<string, unknown>): void => write(JSON.stringify({ type: 'result', id: messageId, ...body }));
        const fail = (failure: ServiceError): void => failWith(failure, messageId);
        if (role === null) return fail(new ServiceError('UNAUTHORIZED', 'helloFirst'));
        if (role.role !== 'seat') return fail(new ServiceError('FORBIDDEN', 'onlySeatSends', { role: role.role, action: 'send' })); // only a seat token plays
        const key = message.key;
        if (key !== undefined && (typeof key !== 'string' || key.length < 1 || key.length > 64)) return fail(new ServiceError('INVALID_INPUT', 'keyLength', { field: 'key', max: 64 }));
        const unstorable = unstorableTextAt(message.event, 'event') ?? (key === undefined ? null : unstorableTextAt(key, 'key'));
        if (unstorable !== null) return fail(new ServiceError('INVALID_INPUT', 'unstorable', { field: cutPath(unstorable) }));
        if (inFlight >= options.maxInFlight || !limiter.take(tokenHash) || (key !== undefined && !gate.reserveKey(address))) {
          rest();
          const table = master.cache.peek(id);
          return reply({ ok: false, version: table?.version ?? null, refusal: serviceRefusal('RATE_LIMITED', table?.locale ?? 'en', {}) });
        }
        strikes = 0;
        inFlight += 1;
        let refused = false; // a refusal stored under the key keeps the unit reserved above; anything else gives it back
        try {
          const result = await master.submit(id, { kind: 'token', role, tokenHash }, message.event, key);
          if (result === null) return fail(new ServiceError('UNAVAILABLE', 'notApplied'));
          refused = !result.ok;
          reply(result);
        } catch (error) {
          const failure = error instanceof ServiceError ? error : new ServiceError('UNAVAILABLE', 'notApplied');
          fail(failure);
        } finally {
          inFlight -= 1;
          if (key !== undefined && !refused) gate.releaseKey(address);
        }
      };

      socket.on('message', (data, isBinary) => {
        const message = parse(data, isBinary);
        if (message === null) return close(CLOSE.malformed, 'expected a JSON text message of type hello or send');
        if (message.type === 'hello') {
          if (greeted !== null) return close(CLOSE.malformed, 'hello sent twice');
          greeted = hello(message.token);
          return;
        }
        if (greeted === null) return close(CLOSE.badToken, 'send {"type":"hello","token":…} first');
        void greeted.then(() => send(message));
      });
    },
  );
  return route;
}
