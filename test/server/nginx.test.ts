/**
 * Many nodes behind a real load balancer (docs/deploy.md): two child-process nodes on one PostgreSQL server
 * behind nginx (Debian's package) with the documented config (docs/deploy/nginx.conf): round robin, no sticky
 * sessions, WebSocket upgrade. The four seats connect through nginx and land on both nodes; mid-hand one node
 * gets SIGKILL; its seats reconnect through nginx (which fails over to the live node) and everybody plays to the
 * end. Then: every acknowledged version is in the log, the log is gapless and replays, and the stored table
 * equals the replay.
 *
 * Needs CHARLESTON_TEST_PG (a postgres:// URL) and /usr/sbin/nginx. In CI (`CI` set) a missing nginx is a
 * failure, not a skip (.ci/run installs it); without CHARLESTON_TEST_PG the suite is skipped (nodes.test.ts
 * already fails CI when it is missing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, toPersisted, viewFor, type Seat } from '../../src/index.js';
import { selectTable } from '../../src/server/storage/queries.js';
import { NGINX, NODE_HEADER, TEMPLATE, startNginx, within, type Balancer } from './balancer.js';
import { killHard, startChild, stopChild, type ChildNode } from './child.js';
import { checkFrames, replay } from './play.js';
import { ReconnectingSeat } from './reconnect.js';
import { api, createTable, open } from './support.js';
import { NO_PG, skipReason, titled } from '../support/skip.js';

const url = process.env.CHARLESTON_TEST_PG ?? '';
const ci = process.env.CI !== undefined && process.env.CI !== '';
const hasNginx = existsSync(NGINX);
const why = skipReason([[url === '', NO_PG], [!hasNginx && !ci, `nginx not found: ${NGINX}`]]);

describe('nginx is there in CI', () => {
  it('/usr/sbin/nginx exists whenever CI is set', () => {
    if (ci) expect(hasNginx, `CI must run the load-balancer suite: .ci/run installs nginx (${NGINX})`).toBe(true);
  });
});

describe('the documented nginx config', () => {
  const template = readFileSync(TEMPLATE, 'utf8');
  const directives = template
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');

  it('round robin without stickiness, WebSocket upgrade, failover, long-lived sockets', () => {
    for (const sticky of ['ip_hash', 'sticky', 'hash ', 'least_conn']) expect(directives.some((line) => line.startsWith(sticky)), `no ${sticky}`).toBe(false);
    for (const needed of [
      'proxy_http_version 1.1;',
      'proxy_set_header Upgrade $http_upgrade;',
      'proxy_set_header Connection $connection_upgrade;',
      'proxy_set_header Host $http_host;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_next_upstream error timeout http_503;',
      'server __NODE__ max_fails=1 fail_timeout=10s;',
    ]) {
      expect(directives, needed).toContain(needed);
    }
    const read = /^proxy_read_timeout (\d+)s;$/.exec(directives.find((line) => line.startsWith('proxy_read_timeout')) ?? '');
    expect(Number(read?.[1]), 'proxy_read_timeout outlasts the service’s 30 s ping').toBeGreaterThan(30);
  });

  it('docs/deploy.md quotes the config as it is', () => {
    const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    const quoted = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].flatMap((match) => (match[1] as string).split('\n'));
    expect(quoted.length).toBeGreaterThan(10);
    const lines = new Set(template.split('\n').map((line) => line.trim()));
    for (const line of quoted.map((l) => l.trim()).filter((l) => l !== '' && l !== '...')) expect(lines.has(line), `docs/deploy.md quotes ${JSON.stringify(line)}`).toBe(true);
  });
});

describe.skipIf(why !== null)(titled('two nodes on one PostgreSQL behind nginx', why), () => {
  let a: ChildNode | undefined;
  let b: ChildNode | undefined;
  let nginx: Balancer | undefined;
  const addressOf = (node: ChildNode): string => node.base.replace('http://', '');

  beforeAll(async () => {
    [a, b] = await Promise.all([startChild(url, ['--trust-proxy', '127.0.0.1']), startChild(url, ['--trust-proxy', '127.0.0.1'])]);
    nginx = await startNginx([addressOf(a), addressOf(b)]);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    if (a !== undefined) await killHard(a);
    if (b !== undefined) await stopChild(b);
  }, 30_000);

  it('seats on both nodes through nginx; one node killed mid-hand; the seats reconnect through nginx and finish', async () => {
    const lb = nginx as Balancer;
    const nodeA = a as ChildNode;
    const nodeB = b as ChildNode;
    const seed = 1234;
    const table = await createTable(lb.base, { seed });
    const seats = SEATS.map((seat) => new ReconnectingSeat(lb.base, table.id, seat, table.tokens[seat] as string, NODE_HEADER));
    // One after the other: round robin hands consecutive connections to alternate nodes.
    for (const seat of seats) await seat.connect();
    const firstNodes = seats.map((seat) => seat.connections[0]?.node);
    expect(new Set(firstNodes), 'the four sockets landed on both nodes').toEqual(new Set([addressOf(nodeA), addressOf(nodeB)]));
    const onA = seats.filter((seat) => seat.connections[0]?.node === addressOf(nodeA));
    const onB = seats.filter((seat) => seat.connections[0]?.node === addressOf(nodeB));

    const acknowledged = (): number => seats.reduce((sum, seat) => sum + seat.acknowledged.size, 0);
    const playing = Promise.all(seats.map((seat) => seat.play()));
    playing.catch(() => undefined); // awaited below; a failure before the kill must not go unhandled meanwhile
    // Mid-hand: once a dozen events are acknowledged, node A dies with sends in flight.
    await within(
      Promise.race([playing.then(() => Promise.reject(new Error('the hand ended before the kill'))), ...seats.map((seat) => seat.client.until(() => acknowledged() >= 12))]),
      30_000,
      'a dozen acknowledged events',
    );
    const beforeKill = acknowledged();
    await killHard(nodeA);
    // nginx still answers: /healthz goes to the node that lives.
    const health = await api(lb.base, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get(NODE_HEADER)?.split(',').at(-1)?.trim()).toBe(addressOf(nodeB));

    await within(playing, 45_000, 'the hand ends');
    // The killed node's seats reconnected, through nginx, to the node that lives; the others never lost theirs.
    for (const seat of onA) {
      expect(seat.connections.length, `${seat.seat} reconnected`).toBeGreaterThanOrEqual(2);
      for (const connection of seat.connections.slice(1)) expect(connection.node, `${seat.seat} reconnected to the live node`).toBe(addressOf(nodeB));
    }
    for (const seat of onB) expect(seat.connections.length, `${seat.seat} kept its socket`).toBe(1);

    // The log: gapless, replays on a fresh engine; every acknowledged event is in it, at its version, once.
    const { snapshots, events } = await replay(lb.base, table.id, seed);
    const final = snapshots.at(-1);
    expect(['complete', 'eastMahjong']).toContain(String(final?.value));
    const versions = new Map<number, Seat>();
    for (const seat of seats) {
      for (const [key, version] of seat.acknowledged) {
        expect(versions.has(version), `version ${version} (${key}) acknowledged once`).toBe(false);
        versions.set(version, seat.seat);
        expect(version).toBeGreaterThanOrEqual(1);
        expect(version, `${key} is in the log`).toBeLessThanOrEqual(events.length);
        expect(events[version - 1]?.seat, `the log's event ${version} is ${seat.seat}'s`).toBe(seat.seat);
      }
    }
    // The stored table equals the replay: its version, phase and persisted snapshot.
    const db = await open({ kind: 'postgres', url });
    try {
      const row = await selectTable(db, table.id);
      expect(row?.version).toBe(events.length);
      expect(row?.phase).toBe(String(final?.value));
      expect(JSON.parse(row?.snapshot ?? 'null')).toEqual(JSON.parse(JSON.stringify(toPersisted(final as NonNullable<typeof final>))));
    } finally {
      await db.close();
    }
    // Every view any seat received, from either node, was that seat's view at that version; so is each seat's view now.
    let frames = 0;
    for (const seat of seats) {
      for (const { client } of seat.connections) frames += checkFrames(client, seat.seat, snapshots);
      const now = await api(lb.base, 'GET', `/api/tables/${table.id}`, { token: seat.token });
      expect(now.status).toBe(200);
      expect(now.body.version).toBe(events.length);
      expect(now.body.view).toEqual(JSON.parse(JSON.stringify(viewFor(final as NonNullable<typeof final>, seat.seat, { locale: 'en' }))));
    }
    await Promise.all(seats.map((seat) => seat.close()));
    const resent = seats.reduce((sum, seat) => sum + seat.resent, 0);
    const committed = seats.reduce((sum, seat) => sum + seat.resentCommitted, 0);
    const refused = seats.reduce((sum, seat) => sum + seat.refusals, 0);
    console.log(
      `nginx, two nodes, one killed: ${beforeKill} events acknowledged before the kill, ${acknowledged()} in all, ${events.length} in the log; ` +
        `seats on the killed node: ${onA.map((seat) => seat.seat).join(', ')} (${onA.reduce((sum, seat) => sum + seat.connections.length - 1, 0)} reconnects, ${resent} resends, ${committed} of them committed before the kill); ${refused} refusals; ${frames} views checked`,
    );
    if (lb.errors().includes('[emerg]')) throw new Error(`nginx: ${lb.errors()}`);
  }, 90_000);
});
