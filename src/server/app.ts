/**
 * Builds the service: a fastify app with the HTTP API, the live route, rate limits, the origin allow-list and
 * the static pages, over one database. `createService` also migrates the schema, listens for other nodes'
 * changes (and reads its tables again whenever that listener comes back), runs the retention cleanup, and
 * offers metrics; `close()` drains: no new work, the replies of what was in flight written, then every live
 * socket closed with 1001, then the database closed.
 */
import type { Server } from 'node:http';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import '../i18n/locales.js'; // the public `charleston-engine/locales` entry: tables speak en, ca, sw and el
import { bearerToken, hashToken } from './auth.js';
import { Gate, type AuthFailureOptions } from './gate.js';
import { boundConnections, type ConnectionLimits } from './connections.js';
import { ServiceError } from './errors.js';
import { clientError, frameworkError, installErrorHandlers } from './http-errors.js';
import { cutPath, unstorableTextAt } from './text.js';
import { SYSTEM_TIME } from './clock.js';
import { Hub } from './hub.js';
import { registerLive, type LiveOptions } from './live.js';
import type { RateOptions } from './rate.js';
import { DEFAULT_TARPIT, Tarpit, type TarpitOptions } from './tarpit.js';
import type { Metrics } from './metrics.js';
import { installOriginCheck } from './origin.js';
import { registerRoutes } from './routes.js';
import { registerStatic } from './static.js';
import { DEFAULT_RETENTION, cleanup, type CleanupResult, type Retention } from './storage/cleanup.js';
import { openDb, type Db, type DbLocation } from './storage/db.js';
import { CHANGES_CHANNEL } from './storage/queries.js';
import { migrate } from './storage/schema.js';
import type { TableMasterOptions } from './master.js';
import { TableNode } from './table-node.js';

/** Largest request body and WebSocket message (64 KiB). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** The log levels of `--log-level` (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything a service can be told; every field has a safe default. */
export interface ServiceOptions {
  /** Where the data lives (default: PGlite in ./.charleston/db). Ignored when `db` is given. */
  location?: DbLocation;
  /** An already open database (tests share one between two app instances). */
  db?: Db;
  /** Origins allowed to call from a browser besides the service's own. */
  allowOrigins?: readonly string[];
  /** HTTP requests per verified token (or per address without one) per minute (default 600). */
  httpPerMinute?: number;
  /** Tables one address may create per minute (default 30). */
  createPerMinute?: number;
  /** Failed token checks allowed per address (default a burst of 300, then 5 per second; a look-up in flight holds one until it succeeds). */
  authFailures?: AuthFailureOptions;
  /** Where the built pages are (default: the package's dist/). */
  distDir?: string;
  /** Limits of live connections. */
  live?: Partial<LiveOptions>;
  /** Options of the table master: limits of the table cache and bots, the time source, the clock sweep. */
  master?: Partial<TableMasterOptions>;
  /** How long data is kept (defaults in {@link DEFAULT_RETENTION}). */
  retention?: Partial<Retention>;
  /** How often the cleanup runs, in milliseconds (default 10 minutes; 0 = never on its own). */
  cleanupEveryMillis?: number;
  /** JSON logs on standard error: one line per request and per live connection's open and close (default `silent`). */
  logLevel?: LogLevel;
  /**
   * Balancers whose `X-Forwarded-For` is trusted (comma-separated addresses or CIDRs), so per-address limits see
   * the real client; none by default (then the address is the TCP peer's).
   */
  trustProxy?: string;
  /** Metrics to record into (from `createMetrics`); none by default. */
  metrics?: Metrics;
  /** The operator's token: reads every table in full (racks, wall, log). Never created per table, never shown. */
  operatorToken?: string;
  /**
   * The bound of a shutdown's drain (default 3,000 ms): work in flight gets two thirds of it, then live sockets get
   * their 1001 and HTTP requests still arriving (a body trickling in, say) their replies until it ends, and what is
   * left is cut. Closing the database comes after, bounded on its own (2,000 ms for PostgreSQL).
   */
  closeMillis?: number;
  /** Longest time a client may take to send a whole request, headers and body (default 30,000 ms; then 408). */
  requestMillis?: number;
  /** Bounds on TCP connections, in all and per client address (defaults in {@link DEFAULT_CONNECTIONS}). */
  connections?: Partial<ConnectionLimits>;
  /** How long an answer over a limit waits, and how many may wait at once (defaults in {@link DEFAULT_TARPIT}). */
  tarpit?: Partial<TarpitOptions>;
  /** Refusals stored under an idempotency key, per address: `burst` at once, then `perSecond` (default 20, 1/s). */
  keyedRefusals?: RateOptions;
}

/** A built service. */
export interface Service {
  readonly app: FastifyInstance;
  readonly master: TableNode;
  readonly db: Db;
  /** Runs the retention cleanup once now (on one node at a time). */
  cleanup(): Promise<CleanupResult>;
  /** Stops accepting, writes the replies of in-flight work, closes live sockets with 1001, closes the database (unless handed in). */
  close(): Promise<void>;
}

const DEFAULT_LIVE: LiveOptions = {
  helloMillis: 5_000,
  maxBufferedBytes: 1024 * 1024,
  maxInFlight: 16,
  maxConnections: 10_000,
  maxPerToken: 8,
  maxPerAddress: 256,
  rate: { burst: 40, perSecond: 20 },
  pingMillis: 30_000,
};

/**
 * The node's connection bounds: room for the live route's 10,000 sockets and plenty of HTTP besides (each is at
 * least twice the live route's bound, when that is raised).
 */
export const DEFAULT_CONNECTIONS: ConnectionLimits = { maxConnections: 20_000, maxPerAddress: 512 };

const DEFAULT_MASTER: TableMasterOptions = { maxLive: 10_000, idleMillis: 5 * 60_000, botBurst: 64, botRetryMillis: 100, operatorHash: null, time: SYSTEM_TIME, clockSweepMillis: 5_000 };

const here = dirname(fileURLToPath(import.meta.url));
/** The package's dist/ folder, from the compiled file (dist/src/server) or the source (src/server). */
const packageDist = here.includes(`${sep}dist${sep}src${sep}`) ? join(here, '..', '..') : join(here, '..', '..', 'dist');

/** Opens the database, migrates it, and builds the app (not yet listening). */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const ownDb = options.db === undefined;
  const db = options.db ?? (await openDb(options.location ?? { kind: 'pglite', dir: './.charleston/db' }));
  try {
    await migrate(db);
  } catch (error) {
    if (ownDb) await db.close();
    throw error;
  }
  const masterOptions: TableMasterOptions = { ...DEFAULT_MASTER, ...options.master, operatorHash: options.operatorToken === undefined ? null : hashToken(options.operatorToken) };
  const hub = new Hub(() => masterOptions.time.now());
  const master = new TableNode(db, hub, masterOptions, options.metrics?.observer);
  const gate = new Gate(master, options.authFailures ?? { burst: 300, perSecond: 5 }, options.keyedRefusals ?? { burst: 20, perSecond: 1 });
  const tarpit = new Tarpit({ ...DEFAULT_TARPIT, ...options.tarpit });
  await db.listen(CHANGES_CHANNEL, (payload) => master.onNotify(payload));
  db.onListenerRestored(() => master.resync());

  const requestMillis = options.requestMillis ?? 30_000;
  const app = Fastify({
    bodyLimit: MAX_MESSAGE_BYTES,
    routerOptions: { maxParamLength: 200 },
    logger: {
      level: options.logLevel ?? 'silent',
      stream: process.stderr,
      // Never a token: the Authorization header is not logged (and tokens never travel in URLs).
      redact: ['req.headers.authorization'],
    },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? false,
    // A request must arrive whole in time: a body trickling in a byte at a time cannot hold a connection forever.
    requestTimeout: requestMillis,
    // Node looks for requests over that time on an interval (30 s by default): a third of the limit keeps it close.
    // Its headers' limit must not be above the request's, or the longer one wins (60 s by default).
    http: { connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(requestMillis / 3))), requestTimeout: requestMillis, headersTimeout: Math.min(requestMillis, 60_000) },
    // Requests that arrive during a shutdown are answered by the hook below, in the service's error shape.
    return503OnClosing: false,
    // Errors before a route is found, and requests Node's parser refuses, in the service's error shape too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    forceCloseConnections: 'idle',
    // Strict validation: unknown fields are errors, not silently removed; no type coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allowUnionTypes: true } },
  });
  // The bounds leave room for the live route's own (sockets are connections too), however those were raised.
  const liveLimits = { ...DEFAULT_LIVE, ...options.live };
  const connectionLimits: ConnectionLimits = {
    maxConnections: Math.max(DEFAULT_CONNECTIONS.maxConnections, 2 * liveLimits.maxConnections),
    maxPerAddress: Math.max(DEFAULT_CONNECTIONS.maxPerAddress, 2 * liveLimits.maxPerAddress),
    ...options.connections,
  };
  boundConnections(app.server, connectionLimits, (options.trustProxy ?? '') === '');
  // From the start of a shutdown every new request gets 503 UNAVAILABLE in the service's shape, and its connection
  // closes after it (what was already in flight finishes; see close() below).
  let shuttingDown = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!shuttingDown) return;
    void reply.header('connection', 'close');
    throw new ServiceError('UNAVAILABLE', 'shuttingDown');
  });
  // One line per request, once it is answered: id, method, path, status, time. No headers, no body.
  app.addHook('onResponse', async (request, reply) => {
    // A health check that found the node well is not worth a line: probes ask every few seconds.
    if (request.routeOptions.url === '/healthz' && reply.statusCode === 200) return;
    request.log.info({ method: request.method, url: request.url.split('?')[0]?.slice(0, 200), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
  // The tarpit: a 429 leaves only after a while, so a client over its limit slows down instead of spinning.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429) await tarpit.hold();
    return payload;
  });
  installErrorHandlers(app, async (id) => (master.cache.peek(id) ?? (await master.current(id))).locale);
  // Text the database cannot store (a NUL, an unpaired surrogate) is refused at the door, named (text.ts).
  app.addHook('preValidation', async (request) => {
    const where = unstorableTextAt(request.params, 'url') ?? (request.body === undefined ? null : unstorableTextAt(request.body, 'body'));
    if (where !== null) throw new ServiceError('INVALID_INPUT', 'unstorable', { field: cutPath(where) });
  });
  const allowedOrigins = new Set(options.allowOrigins ?? []);
  installOriginCheck(app, allowedOrigins);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.httpPerMinute ?? 600,
    timeWindow: 60_000,
    cache: 10_000,
    // A verified token is its own budget; anything else (no token, an unknown one) is the address's.
    keyGenerator: (request) => gate.limitKey(bearerToken(request.headers.authorization), request.ip),
  });
  // Live sockets are closed by `close()` below (1001 after the replies), not by the plugin (which would send 1005).
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES, autoPong: false, skipUTF8Validation: true }, preClose: (done) => done() });
  registerRoutes(app, master, gate, { createPerMinute: options.createPerMinute ?? 30 });
  const live = registerLive(app, master, gate, liveLimits, allowedOrigins, tarpit);
  registerStatic(app, options.distDir ?? packageDist);

  const sweep = setInterval(() => master.cache.evictIdle(), Math.max(1_000, Math.floor(masterOptions.idleMillis / 2)));
  sweep.unref();
  const retention: Retention = { ...DEFAULT_RETENTION, ...options.retention };
  const runCleanup = async (): Promise<CleanupResult> => {
    const result = await cleanup(db, retention, master.nodeId);
    if (result.tables.length > 0) master.forget(result.tables);
    if (result.ran) {
      options.metrics?.cleaned({ tables: result.tables.length, keys: result.keys });
      if (result.tables.length > 0 || result.keys > 0) app.log.info({ cleanup: { tables: result.tables.length, keys: result.keys } }, 'cleanup');
    }
    return result;
  };
  const cleanupEvery = options.cleanupEveryMillis ?? 10 * 60_000;
  const cleaner =
    cleanupEvery > 0
      ? setInterval(() => {
          runCleanup().catch((error: unknown) => app.log.warn({ err: error }, 'cleanup failed; it runs again later'));
        }, cleanupEvery)
      : null;
  cleaner?.unref();
  options.metrics?.bind({ db, liveConnections: () => hub.connections, tablesInMemory: () => master.cache.size, botsWaitingToRetry: () => master.botsWaitingToRetry });

  let closed: Promise<void> | null = null;
  return {
    app,
    master,
    db,
    cleanup: runCleanup,
    close() {
      closed ??= (async () => {
        // One bound for the whole drain (`closeMillis`, 3 s by default) and one for closing the database (its
        // adapter's, 2 s for PostgreSQL): whatever is in flight, stuck on a stalled database or on a client that
        // never answers, the close ends within them (see closePlan).
        const plan = closePlan(options.closeMillis ?? 3_000);
        const started = performance.now();
        const left = (until: number): number => Math.max(0, until - (performance.now() - started));
        // Keeps the process up while it closes: the timers of the bounds do not (SYSTEM_TIME's are unref'd).
        const alive = setInterval(() => undefined, 1_000);
        try {
          shuttingDown = true;
          clearInterval(sweep);
          if (cleaner !== null) clearInterval(cleaner);
          live.stopAccepting();
          tarpit.release();
          // Sends in flight finish, their replies written as each one settles; what is still running at the bound
          // is abandoned with a warning naming it.
          await master.drain(plan.workMillis);
          await new Promise<void>((resolve) => setImmediate(resolve));
          await live.closeAll(left(plan.socketsMillis));
          // A request still arriving when the time is up (a body trickling in) is cut, so that no client can hold
          // the shutdown: what was in flight has been answered by now (drained above).
          const cut = setTimeout(() => {
            app.server.closeAllConnections();
            void live.closeAll(0); // a socket upgraded while the others closed
          }, left(plan.socketsMillis));
          try {
            await app.close();
          } finally {
            clearTimeout(cut);
          }
          master.cache.clear();
          if (ownDb) await db.close();
        } finally {
          clearInterval(alive);
        }
      })();
      return closed;
    },
  };
}

/**
 * How a shutdown spends its bound of `closeMillis`: work in flight (sends, bot moves, refreshes) gets the first two
 * thirds, so that live sockets and HTTP requests still have at least the last third to receive their 1001 and
 * replies before they are cut at `closeMillis`. The database's own close is bounded by its adapter.
 */
export function closePlan(closeMillis: number): { workMillis: number; socketsMillis: number } {
  const bound = Math.max(0, closeMillis);
  return { workMillis: Math.floor((bound * 2) / 3), socketsMillis: bound };
}

/** Starts the metrics server for `metrics` on `host:port` (see `metrics.ts`). */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const { serveMetrics } = await import('./metrics.js');
  return serveMetrics(metrics, host, port);
}
