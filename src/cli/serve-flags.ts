/**
 * The one definition of `charleston serve`'s flags: for each, its value's placeholder, its help (a catalog key),
 * its environment variable, its default and how its text is read. The parser's specs (`main.ts`), the help page
 * (`charleston serve --help`), the options `serve.ts` builds and the flag table of docs/service.md all come from
 * {@link SERVE_FLAGS} (a test compares the doc's table with it). A flag given on the command line wins over its
 * environment variable; an empty variable counts as unset. No server module is imported here: the help and the
 * parser work without the optional packages.
 */
import type { CliKey } from './i18n/catalog.js';
import type { FlagKind, FlagSpec, FlagSpecs, FlagValues } from './args.js';

/** Why a text was refused: a catalog key and its parameters (`{flag}` and `{value}` are added by the reader). */
export interface Refusal {
  refused: CliKey;
  params?: Readonly<Record<string, string | number>>;
}

/** One of serve's flags. */
export interface ServeFlag<T> {
  kind: FlagKind;
  /** The value's placeholder in the help (`N`, `URL`). */
  value?: string;
  /** The catalog key of its one-line help. */
  help: CliKey;
  /** The environment variable that gives it when the flag is absent. */
  env: string;
  /** The default, as shown and as read when neither the flag nor its variable is given. */
  default?: string;
  /** Reads one text (one item of a list flag; the variable's text for a boolean). */
  read: (text: string) => T | Refusal;
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'refused' in value;

/** An integer `min` … `max`. */
const integer =
  (min: number, max: number) =>
  (text: string): number | Refusal =>
    /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : { refused: 'cli.serve.badInteger', params: { min, max } };

/** A positive number of hours (at most ten years), in milliseconds. */
const hours = (text: string): number | Refusal => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 && value <= 24 * 3650 ? value * 3_600_000 : { refused: 'cli.serve.badHours' };
};

/** A host name or address to listen on: no spaces, no slashes. */
const host = (text: string): string | Refusal => (/^[^\s/]+$/.test(text) ? text : { refused: 'cli.serve.badHost' });

/** Any non-empty text (a database location or a path, checked where it is used). */
const anyText = (text: string): string | Refusal => (text !== '' ? text : { refused: 'cli.serve.emptyValue' });

/** A browser origin (scheme, host and port; no path). */
const origin = (text: string): string | Refusal => (/^https?:\/\/[^/\s]+$/.test(text) ? text : { refused: 'cli.serve.badOrigin' });

/** The log levels (pino's), as the service knows them. */
export const SERVE_LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** A log level. */
export type ServeLogLevel = (typeof SERVE_LOG_LEVELS)[number];

const logLevel = (text: string): ServeLogLevel | Refusal =>
  (SERVE_LOG_LEVELS as readonly string[]).includes(text) ? (text as ServeLogLevel) : { refused: 'cli.serve.badLogLevel', params: { levels: SERVE_LOG_LEVELS.join(', ') } };

/** Addresses or CIDRs of balancers, comma-separated. */
const addresses = (text: string): string | Refusal => (/^[0-9A-Fa-f.:/,\s]+$/.test(text) && /[0-9A-Fa-f]/.test(text) ? text : { refused: 'cli.serve.badTrustProxy' });

/** A switch's variable: 1/true or 0/false. */
const onOff = (text: string): boolean | Refusal => {
  const lower = text.toLowerCase();
  if (lower === '1' || lower === 'true') return true;
  if (lower === '0' || lower === 'false') return false;
  return { refused: 'cli.serve.badSwitch' };
};

/** Serve's flags, in the order the help lists them. */
export const SERVE_FLAGS = {
  host: { kind: 'string', value: 'H', help: 'cli.flag.serveHost', env: 'CHARLESTON_HOST', default: '127.0.0.1', read: host },
  port: { kind: 'string', value: 'N', help: 'cli.flag.servePort', env: 'CHARLESTON_PORT', default: '8080', read: integer(0, 65_535) },
  db: { kind: 'string', value: 'URL', help: 'cli.flag.db', env: 'CHARLESTON_DB', read: anyText },
  'allow-origin': { kind: 'strings', value: 'ORIGIN', help: 'cli.flag.allowOrigin', env: 'CHARLESTON_ALLOW_ORIGIN', read: origin },
  demo: { kind: 'boolean', help: 'cli.flag.demo', env: 'CHARLESTON_DEMO', read: onOff },
  'log-level': { kind: 'string', value: 'L', help: 'cli.flag.logLevel', env: 'CHARLESTON_LOG_LEVEL', read: logLevel },
  'metrics-port': { kind: 'string', value: 'N', help: 'cli.flag.metricsPort', env: 'CHARLESTON_METRICS_PORT', read: integer(1, 65_535) },
  'metrics-host': { kind: 'string', value: 'H', help: 'cli.flag.metricsHost', env: 'CHARLESTON_METRICS_HOST', default: '127.0.0.1', read: host },
  'trust-proxy': { kind: 'string', value: 'ADDRS', help: 'cli.flag.trustProxy', env: 'CHARLESTON_TRUST_PROXY', read: addresses },
  'keys-retention': { kind: 'string', value: 'HOURS', help: 'cli.flag.keysRetention', env: 'CHARLESTON_KEYS_RETENTION_HOURS', default: '24', read: hours },
  'ended-retention': { kind: 'string', value: 'HOURS', help: 'cli.flag.endedRetention', env: 'CHARLESTON_ENDED_RETENTION_HOURS', default: '24', read: hours },
  'idle-retention': { kind: 'string', value: 'HOURS', help: 'cli.flag.idleRetention', env: 'CHARLESTON_IDLE_RETENTION_HOURS', default: '168', read: hours },
  'max-conn-per-token': { kind: 'string', value: 'N', help: 'cli.flag.maxConnPerToken', env: 'CHARLESTON_MAX_CONN_PER_TOKEN', default: '8', read: integer(1, 10_000) },
  'max-conn-per-address': { kind: 'string', value: 'N', help: 'cli.flag.maxConnPerAddress', env: 'CHARLESTON_MAX_CONN_PER_ADDRESS', default: '256', read: integer(1, 100_000) },
  'create-per-minute': { kind: 'string', value: 'N', help: 'cli.flag.createPerMinute', env: 'CHARLESTON_CREATE_PER_MINUTE', default: '30', read: integer(1, 100_000) },
  'operator-token-file': { kind: 'string', value: 'FILE', help: 'cli.flag.operatorTokenFile', env: 'CHARLESTON_OPERATOR_TOKEN_FILE', read: anyText },
} as const satisfies Readonly<Record<string, ServeFlag<unknown>>>;

/** The name of one of serve's flags. */
export type ServeFlagName = keyof typeof SERVE_FLAGS;

/** What a flag's text reads as. */
type ReadAs<F> = F extends { read: (text: string) => infer R } ? Exclude<R, Refusal> : never;

/** The value of each flag once read: a list for a list flag, always present when the flag has a default. */
export type ServeValues = {
  -readonly [K in ServeFlagName]: (typeof SERVE_FLAGS)[K] extends { kind: 'strings' }
    ? Array<ReadAs<(typeof SERVE_FLAGS)[K]>>
    : (typeof SERVE_FLAGS)[K] extends { kind: 'boolean' }
      ? boolean
      : (typeof SERVE_FLAGS)[K] extends { default: string }
        ? ReadAs<(typeof SERVE_FLAGS)[K]>
        : ReadAs<(typeof SERVE_FLAGS)[K]> | undefined;
};

/** A value that could not be read: where it came from (`--port` or `CHARLESTON_PORT`), its text and why. */
export interface ServeProblem {
  source: string;
  text: string;
  refused: CliKey;
  params: Readonly<Record<string, string | number>>;
}

/** The parser's flag specs (with the variable and the default, which the help shows). */
export const SERVE_FLAG_SPECS: FlagSpecs = Object.fromEntries(
  Object.entries(SERVE_FLAGS).map(([name, flag]: [string, ServeFlag<unknown>]): [string, FlagSpec] => [
    name,
    { kind: flag.kind, help: flag.help, env: flag.env, ...(flag.value === undefined ? {} : { value: flag.value }), ...(flag.default === undefined ? {} : { default: flag.default }) },
  ]),
);

/** The synopsis after `charleston `: every flag with its placeholder (`[--allow-origin ORIGIN]...` repeats). */
export function serveSynopsis(): string {
  const flags = Object.entries(SERVE_FLAGS).map(([name, flag]: [string, ServeFlag<unknown>]) => {
    const one = `[--${name}${flag.value === undefined ? '' : ` ${flag.value}`}]`;
    return flag.kind === 'strings' ? `${one}...` : one;
  });
  return `serve ${flags.join(' ')} [--lang L]`;
}

/** Where each value came from, as a message names it: `--port` (the flag, or its default) or `CHARLESTON_PORT`. */
export type ServeSources = { readonly [K in ServeFlagName]: string };

/** Every flag read: the values and where each came from. */
export interface ServeRead {
  values: ServeValues;
  sources: ServeSources;
}

/** Reads one flag from the parsed arguments, else its environment variable, else its default. */
function readFlag(name: string, flag: ServeFlag<unknown>, values: FlagValues, env: Readonly<Record<string, string | undefined>>): { value: unknown; source: string } | ServeProblem {
  const given = values[name];
  const fromEnv = env[flag.env];
  const check = (source: string, text: string): { value: unknown; source: string } | ServeProblem => {
    const read = flag.read(text);
    return isRefusal(read) ? { source, text, refused: read.refused, params: read.params ?? {} } : { value: read, source };
  };
  if (flag.kind === 'boolean') {
    if (given === true) return { value: true, source: `--${name}` };
    return fromEnv === undefined || fromEnv === '' ? { value: false, source: `--${name}` } : check(flag.env, fromEnv);
  }
  if (flag.kind === 'strings') {
    const texts = Array.isArray(given) ? (given as readonly string[]) : fromEnv === undefined || fromEnv === '' ? [] : fromEnv.split(',').map((part) => part.trim()).filter((part) => part !== '');
    const source = Array.isArray(given) ? `--${name}` : flag.env;
    const out: unknown[] = [];
    for (const text of texts) {
      const one = check(source, text);
      if ('refused' in one) return one;
      out.push(one.value);
    }
    return { value: out, source };
  }
  if (typeof given === 'string') return check(`--${name}`, given);
  if (fromEnv !== undefined && fromEnv !== '') return check(flag.env, fromEnv);
  return flag.default === undefined ? { value: undefined, source: `--${name}` } : check(`--${name}`, flag.default);
}

/** Reads every flag of serve (flag, else variable, else default); the first value that cannot be read is the problem. */
export function readServeFlags(values: FlagValues, env: Readonly<Record<string, string | undefined>>): ({ ok: true } & ServeRead) | ({ ok: false } & ServeProblem) {
  const out: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const [name, flag] of Object.entries(SERVE_FLAGS) as Array<[string, ServeFlag<unknown>]>) {
    const read = readFlag(name, flag, values, env);
    if ('refused' in read) return { ok: false, ...read };
    out[name] = read.value;
    sources[name] = read.source;
  }
  return { ok: true, values: out as ServeValues, sources: sources as ServeSources };
}
