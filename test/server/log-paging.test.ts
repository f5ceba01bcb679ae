/**
 * The log in pages: no reply is built from an unbounded log. `after` and `limit` page through it, a page that is
 * not the last says where the next starts (`next`), the pages put together are the whole log, and a page of a
 * hand in play hides its faces like the whole log does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, api, createTable, keysOf, moveFromView, startNode, type Created, type Node } from './support.js';

interface LogReply {
  events: Array<{ version: number; event: Record<string, unknown> }>;
  hidden: boolean;
  next?: number;
}

describe('the log in pages (pglite)', () => {
  let node: Node;
  let table: Created;
  beforeAll(async () => {
    node = await startNode({ location: { kind: 'pglite', dir: null } });
    table = await createTable(node.base, { seed: 12 });
    // Twelve accepted events of a hand in play: East commits and takes the packet back six times.
    const view = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body.view;
    const commit = moveFromView(view);
    for (let round = 0; round < 6; round += 1) {
      for (const event of [commit, { type: 'pass.retract', seat: 'east' }]) {
        const reply = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event } });
        expect(reply.status).toBe(200);
      }
    }
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  const log = (token: string, query = '') => api<LogReply>(node.base, 'GET', `/api/tables/${table.id}/log${query}`, { token });

  it('pages put together are the whole log; only a page that is not the last has `next`', async () => {
    const whole = await log(TEST_OPERATOR_TOKEN);
    expect(whole.status).toBe(200);
    expect(whole.body.events.map((row) => row.version)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(whole.body.next).toBeUndefined();
    const pages: LogReply[] = [];
    let after = 0;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await log(TEST_OPERATOR_TOKEN, `?after=${after}&limit=5`);
      expect(page.status).toBe(200);
      pages.push(page.body);
      if (page.body.next === undefined) break;
      after = page.body.next;
    }
    expect(pages.map((page) => page.events.length)).toEqual([5, 5, 2]);
    expect(pages.map((page) => page.next)).toEqual([5, 10, undefined]);
    expect(pages.flatMap((page) => page.events)).toEqual(whole.body.events);
    // A page exactly at the end has no `next` either.
    const exact = await log(TEST_OPERATOR_TOKEN, '?after=7&limit=5');
    expect(exact.body.events.map((row) => row.version)).toEqual([8, 9, 10, 11, 12]);
    expect(exact.body.next).toBeUndefined();
  });

  it('a page of a hand in play hides its faces, as the whole log does', async () => {
    for (const query of ['?limit=3', '?after=3&limit=3', '?after=9']) {
      const page = await log(table.tokens.admin as string, query);
      expect(page.status).toBe(200);
      expect(page.body.hidden).toBe(true);
      expect(page.body.events.length).toBe(3);
      expect(keysOf(page.body.events).has('tiles')).toBe(false);
      const member = await log(table.tokens.south as string, query);
      expect(member.body.events).toEqual([]);
    }
  });

  it('refuses a page it cannot read: 400 INVALID_INPUT naming the field', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?after=-1', '?after=1.5', '?limit=100000', '?page=2']) {
      const reply = await api(node.base, 'GET', `/api/tables/${table.id}/log${query}`, { token: TEST_OPERATOR_TOKEN });
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_INPUT');
      expect(reply.body.error.message, query).toMatch(/querystring/);
    }
  });
});
