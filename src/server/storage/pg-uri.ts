/**
 * The PostgreSQL connection URI, as libpq reads it: one host or several (`postgres://h1:p1,h2:p2/db`), and
 * `target_session_attrs` saying whether any host that accepts a connection will do (`any`, the default) or only
 * one that accepts writes (`read-write`, what `pg_autoctl show uri` prints). `pg` 8 reads a URI of one host only;
 * this module turns the list into one single-host URI per host for it. Pure functions, no I/O. No message here ever
 * holds the URI's password.
 */

/** libpq's default port. */
export const DEFAULT_PG_PORT = 5432;

/** One host of the list. `host` is bare (an IPv6 address without its brackets). */
export interface PgHost {
  readonly host: string;
  readonly port: number;
}

/** Which hosts the service keeps a connection to: any that accepts one, or only one that accepts writes. */
export type TargetSessionAttrs = 'any' | 'read-write';

/** A parsed PostgreSQL URI. */
export interface PgTarget {
  /** The hosts, in the URI's order (tried in that order). */
  readonly hosts: readonly PgHost[];
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly database: string | undefined;
  readonly targetSessionAttrs: TargetSessionAttrs;
  /** Every other query parameter (`sslmode`, `application_name`, `options`…), in order, passed on to each host. */
  readonly params: ReadonlyArray<readonly [string, string]>;
}

/** A URI that cannot be read; its message names the problem and never holds the password. */
export class PgUriError extends Error {
  override readonly name = 'PgUriError';
}

const SCHEME = /^postgres(?:ql)?:\/\//;

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new PgUriError(`the ${what} of the postgres:// URL has a bad %-escape`);
  }
}

/** Reads one entry of the host list: `host`, `host:port`, `[v6]`, `[v6]:port`. */
function parseHost(entry: string, index: number, count: number): PgHost {
  const which = count === 1 ? 'the host' : `host ${index + 1} of ${count}`;
  let host: string;
  let portText: string | undefined;
  if (entry.startsWith('[')) {
    const close = entry.indexOf(']');
    if (close < 0) throw new PgUriError(`${which} of the postgres:// URL opens "[" for an IPv6 address without closing it`);
    host = entry.slice(1, close);
    const rest = entry.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) throw new PgUriError(`${which} of the postgres:// URL has text after its "]" that is not ":PORT"`);
    if (rest !== '') portText = rest.slice(1);
    if (!/^[0-9A-Fa-f:.]+(%[\w.-]+)?$/.test(host) || !host.includes(':')) throw new PgUriError(`${which} of the postgres:// URL is not an IPv6 address inside "[…]"`);
  } else {
    const colon = entry.lastIndexOf(':');
    host = colon < 0 ? entry : entry.slice(0, colon);
    if (colon >= 0) portText = entry.slice(colon + 1);
    if (host.includes(':')) throw new PgUriError(`${which} of the postgres:// URL: an IPv6 address goes inside "[…]"`);
    host = decode(host, 'host');
  }
  if (host === '') throw new PgUriError(`${which} of the postgres:// URL is empty`);
  if (/[\s/@?#]/.test(host)) throw new PgUriError(`${which} of the postgres:// URL holds a character a host name cannot`);
  let port = DEFAULT_PG_PORT;
  if (portText !== undefined) {
    port = /^[0-9]{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
    if (!(port >= 1 && port <= 65535)) throw new PgUriError(`the port of ${which} of the postgres:// URL must be a number from 1 to 65535`);
  }
  return { host, port };
}

/**
 * Parses `postgres://[user[:password]@]host[:port][,host[:port]…][/database][?name=value&…]` (or `postgresql://`).
 * Ports default to 5432; `target_session_attrs` is `any` (also when absent) or `read-write`; any other value, an
 * empty host, a bad port or a bad escape throws a {@link PgUriError} naming it.
 */
export function parsePgUri(text: string): PgTarget {
  const scheme = SCHEME.exec(text);
  if (scheme === null) throw new PgUriError('a PostgreSQL URL starts with postgres:// or postgresql://');
  const rest = text.slice(scheme[0].length);
  const fragment = rest.indexOf('#');
  if (fragment >= 0) throw new PgUriError('a postgres:// URL has no "#fragment"');
  const end = rest.search(/[/?]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? '' : rest.slice(end);
  const at = authority.lastIndexOf('@');
  const userinfo = at < 0 ? undefined : authority.slice(0, at);
  const hostList = at < 0 ? authority : authority.slice(at + 1);
  let user: string | undefined;
  let password: string | undefined;
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    user = decode(colon < 0 ? userinfo : userinfo.slice(0, colon), 'user name');
    if (colon >= 0) password = decode(userinfo.slice(colon + 1), 'password');
    if (user === '') user = undefined;
  }
  if (hostList === '') throw new PgUriError('the postgres:// URL names no host (a Unix socket is not supported here: give host:port)');
  const entries = hostList.split(',');
  const hosts = entries.map((entry, index) => parseHost(entry, index, entries.length));
  const question = tail.indexOf('?');
  const path = question < 0 ? tail : tail.slice(0, question);
  const query = question < 0 ? '' : tail.slice(question + 1);
  const databaseText = path.startsWith('/') ? path.slice(1) : path;
  if (databaseText.includes('/')) throw new PgUriError('the database name of the postgres:// URL holds a "/" (write it as %2F)');
  const database = databaseText === '' ? undefined : decode(databaseText, 'database name');
  let targetSessionAttrs: TargetSessionAttrs = 'any';
  const params: Array<readonly [string, string]> = [];
  for (const pair of query === '' ? [] : query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals), 'parameter name');
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1).replace(/\+/g, ' '), `parameter ${name}`);
    if (name === 'target_session_attrs') {
      if (value !== 'any' && value !== 'read-write') throw new PgUriError(`target_session_attrs=${JSON.stringify(value.slice(0, 30))} is not supported: use read-write (only a host that accepts writes) or any`);
      targetSessionAttrs = value;
    } else if (name === 'host' || name === 'hostaddr' || name === 'port') {
      throw new PgUriError(`the ${name} parameter of a postgres:// URL is not supported: list the hosts as host1:port1,host2:port2`);
    } else params.push([name, value]);
  }
  return { hosts, user, password, database, targetSessionAttrs, params };
}

/** The single-host URI `pg` is given to reach `host` (the target's user, password, database and parameters). */
export function hostUri(target: PgTarget, host: PgHost): string {
  const name = host.host.includes(':') ? `[${host.host}]` : encodeURIComponent(host.host);
  const user = target.user === undefined ? '' : encodeURIComponent(target.user);
  const password = target.password === undefined ? '' : `:${encodeURIComponent(target.password)}`;
  const userinfo = user === '' && password === '' ? '' : `${user}${password}@`;
  const database = target.database === undefined ? '' : encodeURIComponent(target.database);
  const params = target.params.map(([key, value]): [string, string] => [key, value]);
  // `sslmode=prefer` means libpq's "TLS if the server has it, not verified": say so to `pg`, which otherwise takes
  // it for verify-full (and warns at start that it does, a warning every formation's URI would raise).
  if (params.some(([key, value]) => key === 'sslmode' && value === 'prefer') && !params.some(([key]) => key.toLowerCase() === 'uselibpqcompat')) params.push(['uselibpqcompat', 'true']);
  const query = new URLSearchParams(params).toString();
  return `postgres://${userinfo}${name}:${host.port}/${database}${query === '' ? '' : `?${query}`}`;
}

/**
 * Whether the URI lets a host without TLS be used in the clear: libpq's `sslmode=prefer` or `allow` (`prefer` is
 * what `pg_autoctl show uri` prints for a formation made with `--no-ssl`). `pg` alone would insist on TLS and fail.
 */
export function allowsPlainFallback(target: PgTarget): boolean {
  const mode = target.params.find(([name]) => name === 'sslmode')?.[1];
  return mode === 'prefer' || mode === 'allow';
}

/** `host:port` as a log line shows it (IPv6 in brackets). */
export function hostLabel(host: PgHost): string {
  return host.host.includes(':') ? `[${host.host}]:${host.port}` : `${host.host}:${host.port}`;
}

/**
 * Text that may hold a URI, for a message about a URI that did not parse: everything from `//` to the last `@` (the
 * user and password, however malformed) becomes `***`.
 */
export function redactPassword(text: string): string {
  return text.replace(/\/\/.*@/s, '//***@');
}

/** SQLSTATEs that mean the connection, not the statement, failed: a standby that refuses a write, a server shutting down or in recovery. */
const LOST_STATES = new Set(['25006', '57P01', '57P02', '57P03', '57P04']);
const LOST_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `error` (thrown by `pg`) means this connection is lost or points at the wrong server, so that the next
 * connection must look through the host list again: a socket error, a connection exception (SQLSTATE class 08), a
 * shutdown or recovery (57P01-57P04), or a write refused by a standby (25006 read_only_sql_transaction).
 */
export function isLostConnection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code.startsWith('08') || LOST_STATES.has(code) || LOST_SOCKET.has(code);
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /connection terminated|timeout expired|not queryable|connection is not open|accepts no writes/i.test(message);
}
