/**
 * `charleston serve`: the table service, with the options read from serve's flags (`serve-flags.ts`; `main.ts`
 * parses and reads them). The first line on stdout is `Charleston service: http://HOST:PORT/`, printed once it
 * accepts connections (and once the retention cleanup ran at start). SIGTERM or Ctrl-C stops accepting, finishes
 * what is in flight, closes the database and exits 0. `--demo` also creates a table with a person at East and
 * three teacher bots and prints East's address and the inspector's link to follow it with the table's spectator
 * token (never the admin token). Metrics (`--metrics-port`) listen on `--metrics-host`, never on `--host`.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Locale } from '../index.js';
import { createService, startMetricsServer, type Service, type ServiceOptions } from '../server/app.js';
import { tuneServiceHeap } from '../server/heap.js';
import type { Metrics } from '../server/metrics.js';
import { parseDbLocation, type DbLocation } from '../server/storage/db.js';
import { ct } from './i18n/catalog.js';
import { installLine } from './require-peer.js';
import type { ServeRead, ServeValues } from './serve-flags.js';

/** Output sinks (as the CLI's). */
export interface ServeIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What serve needs besides its values: where to write, the language, the environment, and the usage error. */
export interface ServeContext {
  io: ServeIo;
  locale: Locale;
  env: Readonly<Record<string, string | undefined>>;
  /** Prints one line naming the problem and the usage; returns the exit code (2). */
  usage: (problem: string) => number;
}

/** The service's options from serve's values (everything but the operator token and metrics). */
export function serviceOptions(values: ServeValues, location: DbLocation): ServiceOptions {
  return {
    location,
    allowOrigins: values['allow-origin'],
    logLevel: values['log-level'] ?? (values.demo ? 'warn' : 'info'), // the demo's terminal is for people
    ...(values['trust-proxy'] === undefined ? {} : { trustProxy: values['trust-proxy'] }),
    retention: { keysMillis: values['keys-retention'], endedMillis: values['ended-retention'], idleMillis: values['idle-retention'] },
    live: { maxPerToken: values['max-conn-per-token'], maxPerAddress: values['max-conn-per-address'] },
    createPerMinute: values['create-per-minute'],
  };
}

/** The operator's token: from `--operator-token-file` (its variable), else CHARLESTON_OPERATOR_TOKEN; a problem line when bad. */
function operatorToken({ values, sources }: ServeRead, context: ServeContext): { token: string | undefined } | { problem: string } {
  const file = values['operator-token-file'];
  const { locale, env } = context;
  let token = env.CHARLESTON_OPERATOR_TOKEN;
  let source = 'CHARLESTON_OPERATOR_TOKEN';
  if (file !== undefined) {
    source = sources['operator-token-file'];
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch (error) {
      return { problem: ct(locale, 'cli.serve.cannotReadToken', { flag: source, file: JSON.stringify(file), reason: (error as Error).message }) };
    }
  }
  if (token === undefined || token === '') return { token: undefined };
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return { problem: ct(locale, 'cli.serve.badOperatorToken', { flag: source }) };
  return { token };
}

/** Runs the service until a signal; resolves with the exit code. */
export async function serveCommand(read: ServeRead, context: ServeContext): Promise<number> {
  const { io, locale } = context;
  const { values, sources } = read;
  let location: DbLocation;
  try {
    location = parseDbLocation(values.db);
  } catch (error) {
    const message = (error as Error).message;
    return context.usage(sources.db === '--db' ? message : `${sources.db}: ${message}`);
  }
  const options = serviceOptions(values, location);
  const token = operatorToken(read, context);
  if ('problem' in token) return context.usage(token.problem);
  if (token.token !== undefined) options.operatorToken = token.token;
  const metricsPort = values['metrics-port'];
  let metrics: Metrics | undefined;
  if (metricsPort !== undefined) {
    try {
      const { createMetrics } = await import('../server/metrics.js');
      metrics = await createMetrics();
      options.metrics = metrics;
    } catch {
      io.err(ct(locale, 'cli.serve.needsPromClient', { flag: '--metrics-port', install: installLine(['prom-client']) }));
      return 2;
    }
  }
  let service: Service | undefined;
  let metricsServer: Server | undefined;
  try {
    tuneServiceHeap();
    service = await createService(options);
    // The retention cleanup also runs once at start (then every 10 minutes), so a node started after a pause
    // does not keep what the retention hours say is gone.
    const started = service;
    await started.cleanup().catch((error: unknown) => started.app.log.warn({ err: error }, 'cleanup at start failed; it runs again later'));
    await service.app.listen({ host: values.host, port: values.port });
    if (metrics !== undefined && metricsPort !== undefined) metricsServer = await startMetricsServer(metrics, values['metrics-host'], metricsPort);
  } catch (error) {
    io.err(`charleston serve: cannot start (${(error as Error).message})`);
    await service?.close().catch(() => undefined);
    return 1;
  }
  const address = service.app.server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : values.port;
  const bracket = (host: string): string => (host.includes(':') ? `[${host}]` : host);
  const base = `http://${bracket(values.host)}:${actualPort}/`;
  io.out(`Charleston service: ${base}`);
  if (metricsServer !== undefined) io.err(`charleston serve: metrics at http://${bracket(values['metrics-host'])}:${metricsPort}/metrics`);
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
