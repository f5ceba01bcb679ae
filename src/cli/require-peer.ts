/**
 * Optional peer dependencies: the core needs only `xstate`; `charleston inspect` and `charleston serve` need more
 * (listed in package.json as optional peerDependencies). Before such a command loads its code, it asks
 * {@link requirePeers}, which tries to import each package and, when some are missing, gives the one-line error to
 * print: the missing packages and the exact `npm install …` line (versions from package.json).
 *
 * How a command uses it (in `main.ts`, before the dynamic import of the command's own file):
 *
 * ```ts
 * const missing = await requirePeers('serve', PEERS.serve, { locale });
 * if (missing !== null) { io.err(missing); return EXIT.invalid; }
 * const { serveCommand } = await import('./serve.js');
 * ```
 */
import { ct } from './i18n/catalog.js';
import type { Locale } from '../index.js';
import { packageInfo } from './package-info.js';

/** The optional packages each command needs at run time (`run` and `play` need none). */
export const PEERS = {
  inspect: ['ws', '@statelyai/inspect'],
  serve: ['fastify', '@fastify/websocket', '@fastify/rate-limit', '@electric-sql/pglite', 'pg'],
} as const satisfies Record<string, readonly string[]>;

/** Loads a package by name (a dynamic `import()`; tests pass their own). */
export type PeerLoader = (name: string) => Promise<unknown>;

const importPeer: PeerLoader = (name) => import(name);

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** The packages of `names` that cannot be imported (not installed). Other load errors are thrown. */
export async function missingPeers(names: readonly string[], load: PeerLoader = importPeer): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) {
    try {
      await load(name);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      missing.push(name);
    }
  }
  return missing;
}

/** `name@range` as an npm install argument, quoted when the range holds shell characters. */
export function installSpec(name: string, range: string | undefined): string {
  if (range === undefined || range === '' || range === '*') return name;
  const spec = `${name}@${range}`;
  return /^[\w@/.^~+-]+$/.test(spec) ? spec : `'${spec}'`;
}

/** The `npm install …` line for these packages, with the versions package.json names. */
export function installLine(names: readonly string[]): string {
  const ranges = packageInfo().peerDependencies;
  return `npm install ${names.map((name) => installSpec(name, ranges[name])).join(' ')}`;
}

/**
 * Checks that `names` can be imported for `charleston <command>`. Resolves with null when they can, otherwise with
 * one line for stderr naming the missing packages and the install line, in `locale`.
 */
export async function requirePeers(
  command: string,
  names: readonly string[],
  options: { locale?: Locale; load?: PeerLoader } = {},
): Promise<string | null> {
  const missing = await missingPeers(names, options.load);
  if (missing.length === 0) return null;
  return ct(options.locale ?? 'en', 'cli.missingPeer', { command, packages: missing.join(', '), install: installLine(missing) });
}
