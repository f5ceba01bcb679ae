/**
 * Prometheus metrics (`prom-client`, loaded only when `--metrics-port` is given), served by their own small HTTP
 * server on another port so that the public port never exposes them. Every figure an operator alerts on:
 * commit latency, events accepted and refused by code, live connections, tables in memory, the change listener,
 * the database pool, the cleanup.
 */
import { createServer, type Server } from 'node:http';
import type { Db } from './storage/db.js';
import type { MasterObserver } from './master.js';

/** What the metrics read from a running service at scrape time. */
export interface MetricsSources {
  db: Db;
  liveConnections(): number;
  tablesInMemory(): number;
  botsWaitingToRetry(): number;
}

/** The service's metrics: an observer for the table master, counters for the cleanup, and the registry to serve. */
export interface Metrics {
  readonly observer: MasterObserver;
  /** Records one cleanup run and what it removed. */
  cleaned(removed: { tables: number; keys: number }): void;
  /** Binds the gauges read at scrape time to a running service. */
  bind(sources: MetricsSources): void;
  /** The text exposition (content type in `contentType`). */
  render(): Promise<string>;
  readonly contentType: string;
}

/** Creates the metrics (throws when `prom-client` is not installed: the caller names the package). */
export async function createMetrics(): Promise<Metrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'charleston_process_' });
  let sources: MetricsSources | null = null;
  const commitSeconds = new client.Histogram({
    name: 'charleston_commit_seconds',
    help: 'Time from a send to its durable commit (accepted events only).',
    buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const accepted = new client.Counter({ name: 'charleston_events_accepted_total', help: 'Events accepted and committed.', registers: [registry] });
  const refused = new client.Counter({ name: 'charleston_events_refused_total', help: 'Events refused, by refusal code.', labelNames: ['code'], registers: [registry] });
  const cleanupRuns = new client.Counter({ name: 'charleston_cleanup_runs_total', help: 'Cleanup runs that held the cleanup lock.', registers: [registry] });
  const cleanupRemoved = new client.Counter({ name: 'charleston_cleanup_removed_total', help: 'Rows removed by the cleanup, by kind.', labelNames: ['kind'], registers: [registry] });
  new client.Gauge({ name: 'charleston_live_connections', help: 'Open live (WebSocket) connections on this node.', registers: [registry], collect() { this.set(sources?.liveConnections() ?? 0); } });
  new client.Gauge({ name: 'charleston_tables_in_memory', help: 'Tables held in memory on this node.', registers: [registry], collect() { this.set(sources?.tablesInMemory() ?? 0); } });
  new client.Gauge({ name: 'charleston_bots_waiting_to_retry', help: 'Tables whose bot move failed to commit and waits to try again.', registers: [registry], collect() { this.set(sources?.botsWaitingToRetry() ?? 0); } });
  new client.Gauge({
    name: 'charleston_db_up',
    help: 'The database answers (1) or not (0); listener: the change listener is connected.',
    labelNames: ['part'],
    registers: [registry],
    async collect() {
      if (sources === null) return;
      const health = await sources.db.health();
      this.set({ part: 'database' }, health.database === 'up' ? 1 : 0);
      this.set({ part: 'listener' }, health.listener === 'up' ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'charleston_db_pool_connections',
    help: 'Database pool connections by state (total, idle) and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (sources === null) return;
      const stats = sources.db.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return {
    observer: {
      committed(millis) {
        accepted.inc();
        commitSeconds.observe(millis / 1000);
      },
      refused(code) {
        refused.inc({ code });
      },
    },
    cleaned(removed) {
      cleanupRuns.inc();
      cleanupRemoved.inc({ kind: 'tables' }, removed.tables);
      cleanupRemoved.inc({ kind: 'keys' }, removed.keys);
    },
    bind(next) {
      sources = next;
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** Serves `GET /metrics` (and nothing else) on `host:port`; resolves once listening. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /metrics here\n');
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
