/**
 * `charleston serve [--host H] [--port N] [--db URL] [--allow-origin ORIGIN]... [--demo]`: the table service.
 * The first line on stdout is `Charleston service: http://HOST:PORT/`, printed once it accepts connections.
 * SIGTERM or Ctrl-C stops accepting, finishes what is in flight, closes the database and exits 0.
 * `--demo` also creates a table with a person at East and three teacher bots and prints East's address and the
 * inspector's link to follow it with the table's spectator token (never the admin token).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { LOG_LEVELS, createService, startMetricsServer, type LogLevel, type ServiceOptions } from '../server/app.js';
import { tuneServiceHeap } from '../server/heap.js';
import type { Metrics } from '../server/metrics.js';
import { parseDbLocation } from '../server/storage/db.js';

/** Output sinks (as the CLI's). */
export interface ServeIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `usage: charleston serve [--host H] [--port N] [--db URL] [--allow-origin ORIGIN]... [--demo] [options]

  --host H                 address to listen on (default 127.0.0.1)
  --port N                 port (default 8080; 0 = any free port)
  --db URL                 pglite:PATH, pglite:memory or postgres://… (default: env CHARLESTON_DB, else
                           an embedded database in ./.charleston/db)
  --allow-origin O         a browser origin allowed to call the API (repeatable)
  --demo                   create a table (you at East, three teacher bots) and print its address
  --log-level L            JSON logs on stderr: fatal, error, warn, info, debug, trace, silent
                           (default: env CHARLESTON_LOG_LEVEL, else info; warn with --demo)
  --metrics-port N         serve Prometheus metrics at http://HOST:N/metrics (default: env
                           CHARLESTON_METRICS_PORT, else off)
  --trust-proxy ADDRS      take the client's address from X-Forwarded-For when the request comes from one
                           of ADDRS (comma-separated addresses or CIDRs of your balancers)
  --keys-retention H       hours an idempotency key is kept (default: env CHARLESTON_KEYS_RETENTION_HOURS, else 24)
  --ended-retention H      hours a table whose hand ended is kept after its last change (default: env
                           CHARLESTON_ENDED_RETENTION_HOURS, else 24)
  --idle-retention H       hours any table is kept after its last change (default: env
                           CHARLESTON_IDLE_RETENTION_HOURS, else 168)
  --max-conn-per-token N   live connections per token (default 8)
  --max-conn-per-address N live connections per client address (default 256)
  --create-per-minute N    tables one address may create per minute (default 30)
  --operator-token-file P  a file holding the operator's secret token (default: env
                           CHARLESTON_OPERATOR_TOKEN): it reads every table in full; never shown by any route`;

/** A positive number of hours from a flag or an environment variable, in milliseconds; throws naming the flag. */
function hoursOption(flag: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 3650) throw new Error(`--${flag} must be a number of hours above 0, got ${JSON.stringify(text.slice(0, 40))}`);
  return hours * 3_600_000;
}

/** A positive integer from a flag or an environment variable; throws naming the flag. */
function countOption(flag: string, text: string | undefined, max: number): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) throw new Error(`--${flag} must be an integer 1 … ${max}, got ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** Runs the service until a signal; resolves with the exit code. */
export async function serveCommand(argv: readonly string[], io: ServeIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8080' },
        db: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        demo: { type: 'boolean' },
        'log-level': { type: 'string' },
        'metrics-port': { type: 'string' },
        'trust-proxy': { type: 'string' },
        'keys-retention': { type: 'string' },
        'ended-retention': { type: 'string' },
        'idle-retention': { type: 'string' },
        'max-conn-per-token': { type: 'string' },
        'max-conn-per-address': { type: 'string' },
        'create-per-minute': { type: 'string' },
        'operator-token-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65_535) {
    io.err(`--port must be an integer 0 … 65535, got ${JSON.stringify(values.port)}\n${USAGE}`);
    return 2;
  }
  for (const origin of values['allow-origin'] ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      io.err(`--allow-origin must be an origin like http://localhost:5173 (no path), got ${JSON.stringify(origin)}`);
      return 2;
    }
  }
  let location;
  try {
    location = parseDbLocation(values.db ?? process.env.CHARLESTON_DB);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  const env = process.env;
  const logLevel = values['log-level'] ?? env.CHARLESTON_LOG_LEVEL ?? (values.demo === true ? 'warn' : 'info'); // the demo's terminal is for people
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    io.err(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel.slice(0, 40))}`);
    return 2;
  }
  const options: ServiceOptions = { location, allowOrigins: values['allow-origin'] ?? [], logLevel: logLevel as LogLevel };
  const trusted = values['trust-proxy'];
  if (trusted !== undefined) {
    if (!/^[0-9A-Fa-f.:/,\s]+$/.test(trusted)) {
      io.err(`--trust-proxy must list addresses or CIDRs (like 127.0.0.1,10.0.0.0/8), got ${JSON.stringify(trusted.slice(0, 60))}`);
      return 2;
    }
    options.trustProxy = trusted;
  }
  let metricsPort: number | undefined;
  try {
    const keysMillis = hoursOption('keys-retention', values['keys-retention'] ?? env.CHARLESTON_KEYS_RETENTION_HOURS);
    const endedMillis = hoursOption('ended-retention', values['ended-retention'] ?? env.CHARLESTON_ENDED_RETENTION_HOURS);
    const idleMillis = hoursOption('idle-retention', values['idle-retention'] ?? env.CHARLESTON_IDLE_RETENTION_HOURS);
    options.retention = { ...(keysMillis === undefined ? {} : { keysMillis }), ...(endedMillis === undefined ? {} : { endedMillis }), ...(idleMillis === undefined ? {} : { idleMillis }) };
    const perToken = countOption('max-conn-per-token', values['max-conn-per-token'], 10_000);
    const perAddress = countOption('max-conn-per-address', values['max-conn-per-address'], 100_000);
    options.live = { ...(perToken === undefined ? {} : { maxPerToken: perToken }), ...(perAddress === undefined ? {} : { maxPerAddress: perAddress }) };
    const createPerMinute = countOption('create-per-minute', values['create-per-minute'], 100_000);
    if (createPerMinute !== undefined) options.createPerMinute = createPerMinute;
    metricsPort = countOption('metrics-port', values['metrics-port'] ?? env.CHARLESTON_METRICS_PORT, 65_535);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const tokenFile = values['operator-token-file'];
  let operatorToken = env.CHARLESTON_OPERATOR_TOKEN;
  if (tokenFile !== undefined) {
    try {
      operatorToken = readFileSync(tokenFile, 'utf8').trim();
    } catch (error) {
      io.err(`--operator-token-file: cannot read ${JSON.stringify(tokenFile)} (${(error as Error).message})`);
      return 2;
    }
  }
  if (operatorToken !== undefined && operatorToken !== '') {
    if (!/^[A-Za-z0-9_-]{32,64}$/.test(operatorToken)) {
      io.err('the operator token must be 32 to 64 characters of A-Z, a-z, 0-9, "-" and "_" (for example: openssl rand -base64 32 | tr "+/" "-_" | tr -d "=")');
      return 2;
    }
    options.operatorToken = operatorToken;
  }
  let metrics: Metrics | undefined;
  if (metricsPort !== undefined) {
    try {
      const { createMetrics } = await import('../server/metrics.js');
      metrics = await createMetrics();
      options.metrics = metrics;
    } catch {
      io.err('charleston serve: --metrics-port needs the package prom-client: npm install prom-client@15.1.3');
      return 2;
    }
  }
  let service;
  let metricsServer: Server | undefined;
  try {
    tuneServiceHeap();
    service = await createService(options);
    await service.app.listen({ host: values.host, port });
    if (metrics !== undefined && metricsPort !== undefined) metricsServer = await startMetricsServer(metrics, values.host, metricsPort);
  } catch (error) {
    io.err(`charleston serve: cannot start (${(error as Error).message})`);
    await service?.close().catch(() => undefined);
    return 1;
  }
  const address = service.app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  const base = `http://${host}:${actualPort}/`;
  io.out(`Charleston service: ${base}`);
  if (metricsServer !== undefined) io.err(`charleston serve: metrics at http://${host}:${metricsPort}/metrics`);
  if (values.demo) {
    const created = await service.master.create({}, 'en', { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' });
    io.out(`Lobby: ${base}`);
    io.out(`Demo table (you are East): ${base}t/${created.id}#${created.tokens.east ?? ''}`);
    // The inspector follows the demo table with its spectator token: the public view, no rack, no log, no admin.
    io.out(`Inspector (the demo table, as a spectator): ${base}inspect#table=${created.id}&token=${created.tokens.spectator ?? ''}&role=spectator`);
  }
  const running = service;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      io.err(`charleston serve: ${signal}, finishing in-flight work`);
      metricsServer?.close();
      metricsServer?.closeAllConnections(); // a scraper's keep-alive connection must not keep the process up
      running.close().then(
        () => resolve(0),
        (error: unknown) => {
          io.err(`charleston serve: error while closing (${(error as Error).message})`);
          resolve(1);
        },
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
