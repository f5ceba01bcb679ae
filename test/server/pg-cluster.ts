/**
 * A throwaway PostgreSQL 15 cluster of a test's own (never the one other test files share): created in a
 * temporary folder owned by the `postgres` user, on 127.0.0.1 and a free port, stopped and started with
 * `pg_ctl` to inject faults, removed at the end. Available when PostgreSQL 15's binaries are installed (CI
 * installs them); `clusterSupport()` says whether, and why not.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** Whether a cluster can be made here: the binaries exist and we can act as the postgres user. */
export function clusterSupport(): { ok: true } | { ok: false; why: string } {
  if (!existsSync(join(BIN, 'initdb'))) return { ok: false, why: `no PostgreSQL 15 in ${BIN}` };
  if (userInfo().username !== 'postgres' && userInfo().uid !== 0) return { ok: false, why: 'not root nor postgres: cannot run pg_ctl as postgres' };
  return { ok: true };
}

function asPostgres(command: string, args: readonly string[]): string {
  if (userInfo().username === 'postgres') return execFileSync(join(BIN, command), [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running throwaway cluster. */
export interface Cluster {
  /** A postgres:// URL of its database `charleston`. */
  readonly url: string;
  /** `pg_ctl stop -m fast`: every connection is cut. */
  stop(): void;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): void;
  /** `pg_ctl restart -m fast`. */
  restart(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

/** Creates and starts a cluster (a few seconds). */
export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'charleston-faults-pg-'));
  chmodSync(dir, 0o755);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=100 -c fsync=off`;
  const start = (): void => {
    asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  };
  start();
  asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'charleston']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/charleston`,
    stop: () => {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    start,
    restart: () => {
      asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-m', 'fast', '-w', '-o', options, 'restart']);
    },
    destroy: () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
