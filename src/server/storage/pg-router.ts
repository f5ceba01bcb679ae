/**
 * Following a list of PostgreSQL hosts, as libpq does with a multi-host URI: the router looks through the hosts in
 * order and keeps the first that accepts a connection (`any`) or that accepts writes (`read-write`: not in recovery,
 * `transaction_read_only` off). Every new connection of the pool and the LISTEN connection goes to that host, and
 * checks again once connected; when a connection is lost or meets a standby, the router forgets the host and the
 * next connection looks through the list again (a promoted standby is found that way). With `sslmode=prefer` or
 * `allow`, a host that answers that it has no TLS is used in the clear, as libpq does (`pg` alone would fail).
 */
import pg from 'pg';
import { allowsPlainFallback, hostLabel, hostUri, type PgHost, type PgTarget } from './pg-uri.js';

/** Where new connections go. */
export interface PgRouter {
  /** The host new connections go to: the last one found, or the first of the list that qualifies now. */
  locate(): Promise<PgHost>;
  /**
   * Forgets the host found (a connection to it was lost or it refused a write), or only if it is `host`: the next
   * `locate()` looks through the list again.
   */
  forget(host?: PgHost): void;
  /** The `pg` client class that connects through the router (for `pg.Pool`'s `Client` option and the listener). */
  readonly Client: typeof pg.Client;
}

/** A connection that reached a host that does not accept writes when writes were asked. */
export class ReadOnlyHostError extends Error {
  override readonly name = 'ReadOnlyHostError';
}

/** Makes a client not yet connected speak to its host in the clear (a host without TLS under `sslmode=prefer`). */
function withoutTls(client: pg.Client): void {
  (client as unknown as { ssl: unknown }).ssl = false;
  (client as unknown as { connection: { ssl: unknown } }).connection.ssl = false;
}

/** Whether a connected client may be written to: not a standby in recovery, not read-only by default. */
async function acceptsWrites(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>("SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only");
  const row = rows[0];
  return row !== undefined && !row.recovery && row.read_only === 'off';
}

/** A router over `target`'s hosts; connection attempts give up after `timeoutMillis`. */
export function createRouter(target: PgTarget, timeoutMillis: number, keepAlive: boolean): PgRouter {
  const writes = target.targetSessionAttrs === 'read-write';
  const fallback = allowsPlainFallback(target);
  /** Hosts (by label) that said they have no TLS, under `sslmode=prefer|allow`: connected to in the clear. */
  const plain = new Set<string>();
  let found: PgHost | null = null;
  let looking: Promise<PgHost> | null = null;
  /** The host last named in a log line. */
  let announced: string | null = null;

  async function qualifies(host: PgHost): Promise<void> {
    const probe = new pg.Client({ connectionString: hostUri(target, host), connectionTimeoutMillis: timeoutMillis });
    if (plain.has(hostLabel(host))) withoutTls(probe);
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if (writes && !(await acceptsWrites(probe))) throw new ReadOnlyHostError('accepts no writes (a standby)');
    } catch (error) {
      if (!fallback || plain.has(hostLabel(host)) || !/does not support SSL/.test((error as Error).message)) throw error;
      plain.add(hostLabel(host));
      return qualifies(host);
    } finally {
      await probe.end().catch(() => undefined);
    }
  }

  async function look(): Promise<PgHost> {
    const hosts = target.hosts;
    const [only] = hosts;
    // One host and no requirement: nothing to choose, the connection itself tells whether it answers.
    if (hosts.length === 1 && !writes && !fallback && only !== undefined) return only;
    const reasons: string[] = [];
    for (const host of hosts) {
      try {
        await qualifies(host);
        return host;
      } catch (error) {
        reasons.push(`${hostLabel(host)}: ${(error as Error).message}`);
      }
    }
    throw new Error(`no host ${writes ? 'accepts writes' : 'accepts a connection'} (${reasons.join('; ')})`);
  }

  const router: PgRouter = {
    locate() {
      if (found !== null) return Promise.resolve(found);
      looking ??= look()
        .then((host) => {
          found = host;
          // With several hosts, which one the node writes to is worth a line when it changes (a failover).
          const label = hostLabel(host);
          if (target.hosts.length > 1 && label !== announced) {
            announced = label;
            process.emitWarning(`charleston: database host ${label} ${writes ? 'accepts writes' : 'accepts connections'}; new connections go there`);
          }
          return host;
        })
        .finally(() => {
          looking = null;
        });
      return looking;
    },
    forget(host) {
      if (found !== null && (host === undefined || (found.host === host.host && found.port === host.port))) found = null;
    },
    Client: pg.Client,
  };

  /** A `pg` client that asks the router where to connect, and checks that the host still qualifies once connected. */
  class RoutedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: hostUri(target, target.hosts[0] as PgHost), connectionTimeoutMillis: timeoutMillis, keepAlive });
      // A server may end a connection at any moment (FATAL 57P01 when it shuts down or restarts, as a node of a
      // formation does around a failover, or on an operator's pg_terminate_backend) and `pg` then emits 'error'. Between connect and the pool's own
      // listener, and after `pool.query`'s once-only listener has fired, nobody listens, and an unheard 'error'
      // event ends the process: one node of the failover test died so. The pool, the query and the LISTEN
      // connection each learn of the lost connection through their own callbacks; this listener only keeps the
      // node alive.
      this.on('error', () => undefined);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
      const opening = this.#open();
      if (callback === undefined) return opening;
      opening.then(
        () => callback(null as unknown as Error),
        (error: Error) => callback(error),
      );
      return undefined;
    }

    async #open(): Promise<pg.Client> {
      const host = await router.locate();
      // The pool gave up waiting meanwhile (its connection timeout destroys the socket): do not connect at all.
      if ((this as unknown as { connection: { stream: { destroyed?: boolean } } }).connection.stream.destroyed === true) throw new Error('timeout expired');
      this.host = host.host;
      this.port = host.port;
      const parameters = (this as unknown as { connectionParameters: { host: string; port: number } }).connectionParameters;
      parameters.host = host.host;
      parameters.port = host.port;
      if (plain.has(hostLabel(host))) withoutTls(this);
      try {
        await super.connect();
      } catch (error) {
        router.forget(host);
        throw error;
      }
      if (writes && !(await acceptsWrites(this).catch(() => false))) {
        router.forget(host);
        await this.end().catch(() => undefined);
        throw new ReadOnlyHostError(`${hostLabel(host)} accepts no writes (a standby); looking through the hosts again`);
      }
      return this;
    }
  }
  (router as { Client: typeof pg.Client }).Client = RoutedClient;
  return router;
}
