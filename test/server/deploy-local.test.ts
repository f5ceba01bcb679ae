/**
 * docs/deploy.md's recipe as an operator runs it: `scripts/deploy-local.sh` itself, with two `bin/charleston.js
 * serve` nodes on a private PostgreSQL database and nginx in front, on a free port. Both nodes serve (a table
 * created, views read and a live hello through nginx; each node answers directly too), and the script's
 * `--trust-proxy 127.0.0.1` works through nginx: a flood of bad tokens from one forwarded address is answered 429,
 * while 36 players, each from their own forwarded address, get their first request answered normally (before
 * `--trust-proxy` worked, every player shared nginx's address and all 36 got 429). SIGTERM to the script stops
 * nginx and both nodes, and it exits.
 *
 * Needs CHARLESTON_TEST_PG and /usr/sbin/nginx (in CI a missing nginx is a failure, as in nginx.test.ts), and the
 * compiled CLI (`npm run build`, which `npm test` runs first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, freePort, within } from './balancer.js';
import { startChild, stopChild } from './child.js';
import { LiveClient, api, createTable, privateDatabase, type Created } from './support.js';
import { NO_PG, skipReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG ?? '';
const ci = process.env.CI !== undefined && process.env.CI !== '';
const hasNginx = existsSync(NGINX);
const why = skipReason([[url === '', NO_PG], [!hasNginx && !ci, `nginx not found: ${NGINX}`]]);
const SCRIPT = fileURLToPath(new URL('../../scripts/deploy-local.sh', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** True while a process with this pid exists. */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('nginx is there for the deploy script in CI', () => {
  it('/usr/sbin/nginx exists whenever CI is set', () => {
    if (ci) expect(hasNginx, `CI must run scripts/deploy-local.sh: .ci/run installs nginx (${NGINX})`).toBe(true);
  });
});

describe.skipIf(why !== null)(titled('scripts/deploy-local.sh: two nodes behind nginx, started with the documented flags', why), () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let script: ChildProcess | undefined;
  let exited: Promise<unknown> | undefined;
  const lines: string[] = [];
  const nodes: Array<{ base: string; pid: number }> = [];
  let base = '';

  beforeAll(async () => {
    database = await privateDatabase(url);
    const port = await freePort();
    script = spawn('bash', [SCRIPT, '--port', String(port), '--nodes', '2', database.url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHARLESTON_DB: '' } });
    exited = once(script, 'exit');
    const errors: string[] = [];
    createInterface({ input: script.stderr as NodeJS.ReadableStream }).on('line', (line) => errors.push(line));
    const ready = new Promise<void>((resolve, reject) => {
      createInterface({ input: script?.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        lines.push(line);
        const node = /^node \d+: (http:\/\/[^/]+)\/ \(pid (\d+),/.exec(line);
        if (node !== null) nodes.push({ base: node[1] as string, pid: Number(node[2]) });
        const behind = /^Charleston behind nginx: (http:\/\/[^/]+)\//.exec(line);
        if (behind !== null) {
          base = behind[1] as string;
          resolve();
        }
      });
      script?.once('exit', (code) => reject(new Error(`deploy-local.sh exited (${code}): ${errors.join('\n')}`)));
    });
    await within(ready, 90_000, 'the "Charleston behind nginx" line');
  }, 120_000);

  afterAll(async () => {
    if (script !== undefined && script.exitCode === null && script.signalCode === null) {
      script.kill('SIGTERM');
      await within(exited as Promise<unknown>, 30_000, 'the script stops').catch(() => undefined);
    }
    await database?.drop();
  }, 60_000);

  it('both nodes serve: a table through nginx, its views and a live hello; each node answers it directly', async () => {
    expect(nodes).toHaveLength(2);
    expect(base).toBe(`http://127.0.0.1:${new URL(base).port}`);
    const table = await createTable(base, { seed: 2026 });
    for (const seat of ['east', 'south', 'spectator'] as const) {
      const view = await api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[seat] as string });
      expect(view.status, seat).toBe(200);
      expect(view.body.version).toBe(0);
    }
    const live = await LiveClient.connect(base, table.id, table.tokens.west as string);
    expect(live.latest).toMatchObject({ type: 'view', version: 0 });
    await live.close();
    for (const node of nodes) {
      const direct = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string });
      expect(direct.status, node.base).toBe(200);
    }
  }, 60_000);

  it('--trust-proxy through nginx: a flood of bad tokens from one address gets 429; 36 players from their own addresses do not', async () => {
    // The players' tables are made by a node outside nginx, so that neither node behind it knows their tokens yet:
    // each player's first request is a token check that counts against the player's address.
    const side = await startChild((database as { url: string }).url, ['--log-level', 'silent']);
    let tables: Created[];
    try {
      tables = await Promise.all(Array.from({ length: 9 }, (_, i) => createTable(side.base, { seed: 100 + i })));
    } finally {
      expect(await stopChild(side)).toBe(0);
    }
    const players = tables.flatMap((table) => (['east', 'south', 'west', 'north'] as const).map((seat) => ({ id: table.id, token: table.tokens[seat] as string })));
    expect(players).toHaveLength(36);

    // The flood: bad tokens from 198.51.100.7 (nginx appends the real peer), in rounds of 50, at most 1,000, until
    // most of a round is refused (round robin: both nodes have used up the address's failed checks; what trickles
    // through is the budget's refill of 5 a second).
    const flooder = { 'x-forwarded-for': '198.51.100.7' };
    let sent = 0;
    let limited = 0;
    const floodRound = async (size: number): Promise<number[]> => {
      const round = await Promise.all(
        Array.from({ length: size }, (_, i) => api(base, 'GET', `/api/tables/${tables[0]?.id as string}`, { token: `bad-token-${sent + i}-0123456789abcdef0123`, headers: flooder }).then((reply) => reply.status)),
      );
      sent += size;
      limited += round.filter((status) => status === 429).length;
      return round;
    };
    const mostlyRefused = (round: number[]): boolean => round.length > 0 && round.filter((status) => status === 429).length >= 25;
    let lastRound: number[] = [];
    while (sent < 1_000 && !mostlyRefused(lastRound)) lastRound = await floodRound(50);
    expect(mostlyRefused(lastRound), `most of a round refused within ${sent} requests: ${lastRound.join(' ')}`).toBe(true);

    // 36 real players, each from their own address (198.51.100.10 … 45), while the flood goes on: their first
    // request is answered.
    const [, statuses] = await Promise.all([
      floodRound(100),
      Promise.all(players.map((player, i) => api(base, 'GET', `/api/tables/${player.id}`, { token: player.token, headers: { 'x-forwarded-for': `198.51.100.${10 + i}` } }).then((reply) => reply.status))),
    ]);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses.every((status) => status === 200)).toBe(true);
    console.log(`deploy-local.sh behind nginx: ${limited} of ${sent} flood requests from one address got 429; ${statuses.filter((s) => s === 200).length} of 36 players' first requests answered`);
  }, 120_000);

  it('SIGTERM to the script stops nginx and both nodes, and it exits', async () => {
    const proc = script as ChildProcess;
    proc.kill('SIGTERM');
    await within(exited as Promise<unknown>, 30_000, 'the script exits after SIGTERM');
    for (const node of nodes) expect(alive(node.pid), `node pid ${node.pid}`).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 60_000);
});
