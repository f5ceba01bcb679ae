/**
 * A pg_auto_failover formation of a test's own, on this machine: a monitor, then a primary and a synchronous
 * secondary, each a `pg_autoctl` keeper in a child process, all in one temporary folder owned by the `postgres`
 * user, on 127.0.0.1 and free ports. `pg_autoctl` keeps its configuration, state and pid files under
 * XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR, which point into that folder, so nothing of the postgres
 * user's home is touched. A test kills a node outright (its keeper and its postgres, with SIGKILL, as the loss of
 * its machine would), waits for the monitor to promote the other, brings the killed node back (`pg_autoctl run`
 * again: it rejoins as a secondary) and removes everything at the end. Waiting is bounded polling of
 * `pg_autoctl show state --json` for a condition, never a fixed sleep.
 *
 * The monitor's health checks are made faster than their defaults (a node is judged unhealthy after about 4 s
 * instead of 20 s, and a primary that does not answer is given 6 s instead of 30 s to demote itself) so a
 * failover happens within a test's time. That is for a test only: the 30 s exceed the 20 s after which a keeper
 * that reaches neither the monitor nor its standby demotes its own primary (`timeout.network_partition_timeout`),
 * which keeps a primary cut off by a network partition from taking writes beside the promoted one; here the old
 * primary is killed, never partitioned. The monitor's postgres is told to listen on 127.0.0.1 only (`pg_autoctl
 * create monitor` has no `--listen`; its default is `*`), and the primary is checkpointed before the secondary is
 * created (its base backup's spread checkpoint took 90 s on a fresh primary's dirty buffers).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './balancer.js';

const run = promisify(execFile);

/** Where Debian's `pg-auto-failover-cli` package puts pg_autoctl. */
export const PG_AUTOCTL = '/usr/bin/pg_autoctl';
const BIN = '/usr/lib/postgresql/15/bin';
const PG_CTL = join(BIN, 'pg_ctl');
/** The monitor's health-check settings for a test (defaults in comments). */
const MONITOR_SETTINGS: Readonly<Record<string, number>> = {
  'pgautofailover.health_check_period': 1000, // 5000 ms
  'pgautofailover.health_check_timeout': 1000, // 5000 ms
  'pgautofailover.health_check_max_retries': 1, // 2
  'pgautofailover.health_check_retry_delay': 500, // 2000 ms
  'pgautofailover.node_considered_unhealthy_timeout': 4000, // 20000 ms
  'pgautofailover.primary_demote_timeout': 6000, // 30000 ms
};

/** Whether a formation can be made here, and why not. */
export function autoFailoverSupport(): { ok: true } | { ok: false; why: string } {
  if (!existsSync(PG_AUTOCTL)) return { ok: false, why: `pg_autoctl not found: ${PG_AUTOCTL} (Debian's pg-auto-failover-cli)` };
  if (!existsSync(join(BIN, 'initdb'))) return { ok: false, why: `no PostgreSQL 15 in ${BIN}` };
  if (!existsSync('/usr/share/postgresql/15/extension/pgautofailover.control')) return { ok: false, why: 'the pgautofailover extension is missing (Debian\'s postgresql-15-auto-failover)' };
  if (userInfo().username !== 'postgres' && userInfo().uid !== 0) return { ok: false, why: 'not root nor postgres: cannot run pg_autoctl as postgres' };
  return { ok: true };
}

/** One node as the monitor sees it (`pg_autoctl show state --json`). */
export interface NodeState {
  nodename: string;
  nodeport: number;
  health: number;
  current_group_state: string;
  assigned_group_state: string;
}

/** A data node of the formation. */
export interface FormationNode {
  readonly name: string;
  readonly port: number;
  readonly pgdata: string;
  /** A postgres:// URL of this node alone (user postgres, database charleston). */
  readonly url: string;
}

/** A running formation. */
export interface Formation {
  readonly dir: string;
  /** The monitor's URI, as the nodes were given it. */
  readonly monitorUri: string;
  /** What `pg_autoctl show uri --formation default` prints: the service's multi-host URI. */
  readonly uri: string;
  readonly nodes: readonly FormationNode[];
  /** The command lines run so far (for a report, or the operator's page). */
  readonly commands: readonly string[];
  state(): Promise<NodeState[]>;
  /** Polls the state (every 200 ms, at most `boundMillis`) until `holds`; returns that state. */
  waitFor(holds: (states: readonly NodeState[]) => boolean, what: string, boundMillis?: number): Promise<NodeState[]>;
  /** The node that takes writes (primary, or wait_primary: a primary without its secondary), or null. */
  primary(): Promise<FormationNode | null>;
  /** SIGKILL to the node's keeper, its postgres and every process under them; resolves once they are gone. */
  kill(node: FormationNode): Promise<void>;
  /** `pg_autoctl run` again for a killed node (it rejoins as a secondary). */
  rejoin(node: FormationNode): void;
  /** The tail of a node's (or the monitor's) keeper log. */
  log(name: string, lines?: number): string;
  /** Kills every process of the formation and removes its folder. */
  destroy(): Promise<void>;
}

function postgresIds(): { uid: number; gid: number } {
  const info = readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:'));
  const fields = info?.split(':') ?? [];
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** Every descendant of `root` (and `root`), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed process stays a zombie until its parent reaps it: it is gone all the same.
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

/** The postmaster's pid of a data folder (first line of postmaster.pid), or null. */
function postmasterOf(pgdata: string): number | null {
  try {
    const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Runs one statement on a connection of its own. */
async function query(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the monitor, the primary and the secondary, and waits until they are primary and secondary (bounded). */
export async function startFormation(boundMillis = 120_000): Promise<Formation> {
  const dir = mkdtempSync(join(tmpdir(), 'charleston-failover-'));
  chmodSync(dir, 0o755);
  const asRoot = userInfo().uid === 0;
  const ids = asRoot ? postgresIds() : null;
  for (const sub of ['config', 'share', 'run', 'logs']) mkdirSync(join(dir, sub), { mode: 0o700 });
  if (ids !== null) for (const path of [dir, ...['config', 'share', 'run', 'logs'].map((sub) => join(dir, sub))]) chownSync(path, ids.uid, ids.gid);
  const env = [`XDG_CONFIG_HOME=${join(dir, 'config')}`, `XDG_DATA_HOME=${join(dir, 'share')}`, `XDG_RUNTIME_DIR=${join(dir, 'run')}`];
  const commands: string[] = [];
  /** The argv that runs `pg_autoctl ARGS` as postgres with the formation's environment. */
  const argv = (args: readonly string[]): string[] => (asRoot ? ['runuser', '-u', 'postgres', '--', 'env', ...env, PG_AUTOCTL, ...args] : ['env', ...env, PG_AUTOCTL, ...args]);
  const autoctl = async (args: readonly string[], record = true): Promise<string> => {
    if (record) commands.push(`pg_autoctl ${args.join(' ')}`);
    const [file, ...rest] = argv(args);
    const { stdout } = await run(file as string, rest, { encoding: 'utf8', maxBuffer: 1 << 22 });
    return stdout;
  };
  const keepers = new Map<string, ChildProcess>();
  const spawnKeeper = (name: string, args: readonly string[]): void => {
    commands.push(`pg_autoctl ${args.join(' ')}`);
    const out = openSync(join(dir, 'logs', `${name}.log`), 'a');
    const [file, ...rest] = argv(args);
    // Its own process group, so that a signal to the test's group does not reach it, and its tree is its own.
    const child = spawn(file as string, rest, { stdio: ['ignore', out, out], detached: true });
    closeSync(out);
    child.unref();
    keepers.set(name, child);
  };
  const log = (name: string, lines = 40): string => {
    const file = join(dir, 'logs', `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
  };
  const killTree = async (name: string, pgdata: string): Promise<void> => {
    const keeper = keepers.get(name);
    const pids = new Set<number>();
    if (keeper?.pid !== undefined && keeper.exitCode === null && keeper.signalCode === null) for (const pid of processTree(keeper.pid)) pids.add(pid);
    const postmaster = postmasterOf(pgdata);
    if (postmaster !== null && alive(postmaster)) for (const pid of processTree(postmaster)) pids.add(pid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    const deadline = performance.now() + 10_000;
    while ([...pids].some(alive)) {
      if (performance.now() > deadline) throw new Error(`${name}: processes ${[...pids].filter(alive).join(', ')} outlived SIGKILL for 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const [monitorPort, ...ports] = await Promise.all([freePort(), freePort(), freePort()]);
  const monitorData = join(dir, 'monitor');
  const ssl = ['--no-ssl'];
  const formation: Formation & { commands: string[] } = {
    dir,
    monitorUri: '',
    uri: '',
    nodes: ports.map((port, index) => {
      const name = `node${index + 1}`;
      return { name, port: port as number, pgdata: join(dir, name), url: `postgres://postgres@127.0.0.1:${port}/charleston` };
    }),
    commands,
    async state() {
      return JSON.parse(await autoctl(['show', 'state', '--pgdata', monitorData, '--json'], false)) as NodeState[];
    },
    async waitFor(holds, what, bound = 60_000) {
      const deadline = performance.now() + bound;
      let last: NodeState[] | string = 'no answer yet';
      for (;;) {
        try {
          const states = await formation.state();
          if (holds(states)) return states;
          last = states;
        } catch (error) {
          last = (error as Error).message;
        }
        if (performance.now() > deadline) {
          throw new Error(`pg_auto_failover: not ${what} within ${bound} ms; last state ${JSON.stringify(last)}\n${log('monitor', 10)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async primary() {
      const states = await formation.state();
      const primary = states.find((state) => ['primary', 'wait_primary'].includes(state.current_group_state) && state.current_group_state === state.assigned_group_state);
      return formation.nodes.find((node) => node.name === primary?.nodename) ?? null;
    },
    async kill(node) {
      await killTree(node.name, node.pgdata);
    },
    rejoin(node) {
      spawnKeeper(node.name, ['run', '--pgdata', node.pgdata]);
    },
    log,
    async destroy() {
      await Promise.allSettled([...formation.nodes.map((node) => killTree(node.name, node.pgdata)), killTree('monitor', monitorData)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // The monitor: created, told to listen on 127.0.0.1 only, run; its health checks made fast.
    await autoctl(['create', 'monitor', '--pgdata', monitorData, '--pgport', String(monitorPort), '--hostname', '127.0.0.1', '--auth', 'trust', ...ssl, '--pgctl', PG_CTL]);
    await autoctl(['config', 'set', '--pgdata', monitorData, 'postgresql.listen_addresses', '127.0.0.1']);
    spawnKeeper('monitor', ['run', '--pgdata', monitorData]);
    const monitorUri = (await autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'monitor'])).trim();
    const deadline = performance.now() + boundMillis;
    for (;;) {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover` });
      try {
        await client.connect();
        for (const [name, value] of Object.entries(MONITOR_SETTINGS)) await client.query(`ALTER SYSTEM SET ${name} = ${value}`);
        await client.query('SELECT pg_reload_conf()');
        break;
      } catch (error) {
        if (performance.now() > deadline) throw new Error(`the monitor did not answer: ${(error as Error).message}\n${log('monitor')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    (formation as { monitorUri: string }).monitorUri = monitorUri;
    // The primary first, then the secondary: each created and run by one `pg_autoctl create postgres --run`.
    const [first, second] = formation.nodes as [FormationNode, FormationNode];
    const create = (node: FormationNode): void => {
      spawnKeeper(node.name, [
        'create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port), '--listen', '127.0.0.1', '--hostname', '127.0.0.1',
        '--name', node.name, '--dbname', 'charleston', '--monitor', monitorUri, '--auth', 'trust', ...ssl, '--pgctl', PG_CTL, '--run',
      ]);
    };
    create(first);
    await formation.waitFor((states) => states.some((s) => s.nodename === first.name && s.current_group_state === 'single'), `${first.name} single`, boundMillis);
    // The secondary's base backup starts with a spread checkpoint, paced over minutes when the new cluster's
    // buffers are dirty: a checkpoint now leaves it almost nothing to write.
    await query(first.url, 'CHECKPOINT');
    create(second);
    await formation.waitFor(
      (states) =>
        states.length === 2 &&
        states.every((s) => s.current_group_state === s.assigned_group_state) &&
        states.some((s) => s.nodename === first.name && s.current_group_state === 'primary') &&
        states.some((s) => s.nodename === second.name && s.current_group_state === 'secondary'),
      'primary and secondary',
      boundMillis,
    );
    (formation as { uri: string }).uri = (await autoctl(['show', 'uri', '--pgdata', monitorData, '--formation', 'default'])).trim();
    return formation;
  } catch (error) {
    await formation.destroy();
    throw error;
  }
}
