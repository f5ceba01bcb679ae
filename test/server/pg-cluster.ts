/**
 * A throwaway PostgreSQL 15 cluster of a test's own (never the one other test files share): created in a
 * temporary folder owned by the `postgres` user, on 127.0.0.1 and a free port, stopped and started with
 * `pg_ctl` to inject faults, removed at the end. `startStandby(primary)` adds a hot standby of it (`pg_basebackup
 * -R`: streaming from the primary, read-only until `promote()`). Available when PostgreSQL 15's binaries are
 * installed (CI installs them); `clusterSupport()` says whether, and why not.
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
  /** Its port on 127.0.0.1. */
  readonly port: number;
  /** `pg_ctl stop -m fast`: every connection is cut. */
  stop(): void;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): void;
  /** `pg_ctl restart -m fast`. */
  restart(): void;
  /** `pg_ctl stop -m immediate`: no shutdown checkpoint, as a lost machine would leave it. */
  kill(): void;
  /** `pg_ctl promote`, waiting until the standby accepts writes (a primary refuses: not in recovery). */
  promote(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

/** A folder owned by the postgres user. */
function ownedFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * Starts the data folder `data` (made by initdb or pg_basebackup) on 127.0.0.1:`port`; returns its handle. With
 * `fsync` false (the tests' default) a commit never waits for the disk: faster, and safe for a throwaway cluster.
 */
function run(dir: string, data: string, port: number, fsync = false): Cluster {
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=100${fsync ? '' : ' -c fsync=off'}`;
  const log = join(dir, 'log');
  const start = (): void => {
    asPostgres('pg_ctl', ['-D', data, '-l', log, '-w', '-o', options, 'start']);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/charleston`,
    port,
    stop: () => {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    start,
    restart: () => {
      asPostgres('pg_ctl', ['-D', data, '-l', log, '-m', 'fast', '-w', '-o', options, 'restart']);
    },
    kill: () => {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    promote: () => {
      asPostgres('pg_ctl', ['-D', data, '-w', 'promote']);
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

/**
 * Creates and starts a hot standby of `primary` (a few seconds): `pg_basebackup -R` copies its data and writes the
 * settings that make the copy stream from it; it answers reads and refuses writes until `promote()`.
 */
export async function startStandby(primary: Cluster): Promise<Cluster> {
  const dir = ownedFolder('charleston-standby-pg-');
  const data = join(dir, 'data');
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
  return run(dir, data, await freePort());
}

/**
 * Creates and starts a cluster (a few seconds). `fsync: true` keeps PostgreSQL's default (a commit waits for its
 * disk flush), as a bench that compares it with a real server needs; tests leave it off.
 */
export async function startCluster({ fsync = false }: { fsync?: boolean } = {}): Promise<Cluster> {
  const dir = ownedFolder('charleston-faults-pg-');
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const cluster = run(dir, data, port, fsync);
  asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'charleston']);
  return cluster;
}
