/**
 * This package's own package.json (name, version, peer dependencies), found by walking up from this file: it is
 * two folders up from `src/cli/` in a checkout and three from `dist/src/cli/` in an install.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the CLI reads from package.json. */
export interface PackageInfo {
  name: string;
  version: string;
  /** Peer dependency ranges by package name (the CLI's, inspector's and service's optional packages). */
  peerDependencies: Readonly<Record<string, string>>;
}

let cached: PackageInfo | undefined;

/** Reads the nearest package.json named `charleston-engine` above this file (cached). */
export function packageInfo(): PackageInfo {
  if (cached !== undefined) return cached;
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    try {
      const json = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Partial<PackageInfo>;
      if (json.name === 'charleston-engine' && typeof json.version === 'string') {
        cached = { name: json.name, version: json.version, peerDependencies: json.peerDependencies ?? {} };
        return cached;
      }
    } catch {
      // no package.json here (or not ours): go up
    }
    folder = dirname(folder);
  }
  cached = { name: 'charleston-engine', version: 'unknown', peerDependencies: {} };
  return cached;
}
