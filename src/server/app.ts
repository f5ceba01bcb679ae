/**
 * Builds the service: a fastify app with the HTTP API, the live route, rate limits, the origin allow-list and
 * the static pages, over one database. `startService` also migrates the schema and listens for other nodes'
 * changes; `close()` stops taking requests, finishes what is in flight and closes the database.
 */
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import '../i18n/locales.js'; // the public `charleston-engine/locales` entry: tables speak en, ca, sw and el
import { bearerToken, hashToken } from './auth.js';
import { installErrorHandlers } from './http-errors.js';
import { Hub } from './hub.js';
import { registerLive, type LiveOptions } from './live.js';
import { installOriginCheck } from './origin.js';
import { registerRoutes } from './routes.js';
import { registerStatic } from './static.js';
import { openDb, type Db, type DbLocation } from './storage/db.js';
import { CHANGES_CHANNEL } from './storage/queries.js';
import { migrate } from './storage/schema.js';
import { TableService, type TableServiceOptions } from './tables.js';

/** Largest request body and WebSocket message (64 KiB). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Everything a service can be told; every field has a safe default. */
export interface ServiceOptions {
  /** Where the data lives (default: PGlite in ./.charleston/db). Ignored when `db` is given. */
  location?: DbLocation;
  /** An already open database (tests share one between two app instances). */
  db?: Db;
  /** Origins allowed to call from a browser besides the service's own. */
  allowOrigins?: readonly string[];
  /** HTTP requests per token (or per address without one) per minute (default 600). */
  httpPerMinute?: number;
  /** Where the built pages are (default: the package's dist/). */
  distDir?: string;
  /** Limits of live connections. */
  live?: Partial<LiveOptions>;
  /** Limits of the table registry and bots. */
  tables?: Partial<TableServiceOptions>;
}

/** A built service. */
export interface Service {
  readonly app: FastifyInstance;
  readonly tables: TableService;
  readonly db: Db;
  /** Stops accepting, finishes in-flight work, closes the database (unless it was handed in). */
  close(): Promise<void>;
}

const DEFAULT_LIVE: LiveOptions = {
  helloMillis: 5_000,
  maxBufferedBytes: 1024 * 1024,
  maxInFlight: 16,
  maxConnections: 10_000,
  rate: { burst: 40, perSecond: 20 },
  pingMillis: 30_000,
};

const DEFAULT_TABLES: TableServiceOptions = { maxLive: 10_000, idleMillis: 5 * 60_000, botBurst: 64 };

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
  const hub = new Hub();
  const tableOptions = { ...DEFAULT_TABLES, ...options.tables };
  const tables = new TableService(db, hub, tableOptions);
  await db.listen(CHANGES_CHANNEL, (payload) => tables.onNotify(payload));

  const app = Fastify({
    bodyLimit: MAX_MESSAGE_BYTES,
    routerOptions: { maxParamLength: 200 },
    logger: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Strict validation: unknown fields are errors, not silently removed; no type coercion.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allowUnionTypes: true } },
  });
  installErrorHandlers(app);
  const allowedOrigins = new Set(options.allowOrigins ?? []);
  installOriginCheck(app, allowedOrigins);
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.httpPerMinute ?? 600,
    timeWindow: 60_000,
    cache: 10_000,
    keyGenerator: (request) => {
      const token = bearerToken(request.headers.authorization);
      return token === null ? `ip ${request.ip}` : `token ${hashToken(token)}`;
    },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES, autoPong: false } });
  registerRoutes(app, tables);
  registerLive(app, tables, { ...DEFAULT_LIVE, ...options.live }, allowedOrigins);
  registerStatic(app, options.distDir ?? packageDist);

  const sweep = setInterval(() => tables.registry.evictIdle(), Math.max(1_000, Math.floor(tableOptions.idleMillis / 2)));
  sweep.unref();

  let closed: Promise<void> | null = null;
  return {
    app,
    tables,
    db,
    close() {
      closed ??= (async () => {
        clearInterval(sweep);
        await app.close();
        await tables.close();
        if (ownDb) await db.close();
      })();
      return closed;
    },
  };
}
