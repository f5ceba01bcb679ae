/**
 * The budget of refusals stored under an idempotency key is taken before the send, not checked before and counted
 * after: 64 keyed sends that are all refused, sent at once from one address (over HTTP, then over a live socket),
 * with the node's time held still (no refill), store exactly the burst (20) and are answered RATE_LIMITED past it.
 * Before, every send passed the check before any refusal was counted, and all 64 were stored. An accepted keyed send
 * gives its unit back (acceptances are not limited).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { TimeSource } from '../../src/server/clock.js';
import { LiveClient, api, createTable, databases, moveFromView, startNode, type Node } from './support.js';

/** The node's time, held still: no budget refills during the test. */
const HELD: TimeSource = { now: () => 1_700_000_000_000, setTimer: () => () => undefined };
const SENDS = 64;
const BURST = 20;
const nodes: Node[] = [];
afterAll(async () => {
  for (const node of nodes) await node.close();
});

/** A refused pass (jokers may not be passed), each with a key of its own. */
const refused = (seat: string) => ({ type: 'pass.commit', seat, tiles: ['J', 'J', 'J'] });

async function storedKeys(node: Node, tableId: string): Promise<number> {
  const [row] = await node.service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_idempotency WHERE table_id = $1', [tableId]);
  return Number(row?.n);
}

describe.each(databases())('keyed refusals on $name', ({ location }) => {
  async function start(): Promise<Node> {
    const node = await startNode({
      location: location(),
      master: { time: HELD, clockSweepMillis: 0 },
      keyedRefusals: { burst: BURST, perSecond: 1 },
      // Room for every send on one socket: only the keyed budget limits them here.
      live: { maxInFlight: SENDS, rate: { burst: 10 * SENDS, perSecond: 1 } },
    });
    nodes.push(node);
    return node;
  }

  it(`over HTTP: ${SENDS} at once store ${BURST}, the rest RATE_LIMITED; an acceptance gives its unit back`, async () => {
    const node = await start();
    const table = await createTable(node.base, {});
    const east = table.tokens.east as string;
    const seen = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: east });
    const accepted = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: east, body: { event: moveFromView(seen.body.view), key: 'accepted' } });
    expect(accepted.status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: SENDS }, (_, index) => api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: east, body: { event: refused('east'), key: `refused-${index}` } })),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 422).length).toBe(BURST);
    expect(statuses.filter((status) => status === 429).length).toBe(SENDS - BURST);
    for (const reply of replies.filter((r) => r.status === 429)) expect(reply.body.error.code).toBe('RATE_LIMITED');
    // The acceptance's row plus one per refusal the budget allowed.
    expect(await storedKeys(node, table.id)).toBe(1 + BURST);
  });

  it(`over a live socket: ${SENDS} at once store ${BURST}, the rest RATE_LIMITED`, async () => {
    const node = await start();
    const table = await createTable(node.base, {});
    const live = await LiveClient.connect(node.base, table.id, table.tokens.south as string);
    try {
      const results = await Promise.all(Array.from({ length: SENDS }, (_, index) => live.send(refused('south'), `refused-${index}`)));
      expect(results.every((frame) => frame.type === 'result' && frame.ok === false)).toBe(true);
      const limited = results.filter((frame) => frame.refusal.code === 'RATE_LIMITED').length;
      expect(limited).toBe(SENDS - BURST);
      expect(await storedKeys(node, table.id)).toBe(BURST);
    } finally {
      await live.close();
    }
  });
});
