/**
 * A chosen deal is said to everyone: a table created with `seed` or `deal` carries `chosenDeal: true` in
 * `GET /api/tables/:id` and in every live `view` message, for every token, read again from the database, and for the
 * hands `next` deals from it; a table created with neither carries `false`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, api, createTable, databases, startNode, type Created, type Node } from './support.js';

const DEAL = {
  east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'E', 'E', 'E', 'F', 'J'],
  south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'S', 'S', 'S', 'J'],
  west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'W', 'W', 'W', 'J'],
  north: ['N', 'N', 'N', 'RD', 'RD', 'RD', 'GD', 'GD', 'GD', 'WD', 'WD', 'WD', 'J'],
};
const TOKENS = ['east', 'south', 'west', 'north', 'spectator', 'admin'] as const;

describe.each(databases())('chosenDeal on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location() });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  /** `chosenDeal` as every token reads it, over HTTP and live (the first view of a fresh connection). */
  async function everyToken(table: Created): Promise<unknown[]> {
    const seen: unknown[] = [];
    for (const token of TOKENS) {
      seen.push((await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[token] as string })).body.chosenDeal);
      const live = await LiveClient.connect(node.base, table.id, table.tokens[token] as string);
      seen.push(live.latest?.chosenDeal);
      await live.close();
    }
    return seen;
  }

  it('is true for every token of a table created with a seed or a deal, false without, also read from the database', async () => {
    const seeded = await createTable(node.base, { seed: 2026 });
    const dealt = await createTable(node.base, { deal: DEAL });
    const shuffled = await createTable(node.base, {});
    expect(await everyToken(seeded)).toEqual(Array(12).fill(true));
    expect(await everyToken(dealt)).toEqual(Array(12).fill(true));
    expect(await everyToken(shuffled)).toEqual(Array(12).fill(false));
    for (const table of [seeded, dealt, shuffled]) node.service.master.cache.drop(table.id);
    expect(await everyToken(dealt)).toEqual(Array(12).fill(true));
    expect(await everyToken(shuffled)).toEqual(Array(12).fill(false));
  });

  it('stays true in every view after a move and for the hands next deals, and false likewise', async () => {
    for (const [setup, expected] of [[{ seed: 77 }, true], [{}, false]] as const) {
      const table = await createTable(node.base, setup);
      const watchers = await Promise.all(TOKENS.map((token) => LiveClient.connect(node.base, table.id, table.tokens[token] as string)));
      const send = (seat: string, event: unknown): Promise<{ status: number }> => api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event } });
      expect((await send('east', { type: 'hand.declareMahjong', seat: 'east' })).status).toBe(200);
      for (const seat of ['south', 'west', 'north']) expect((await send(seat, { type: 'declaration.accept', seat })).status).toBe(200);
      const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.admin as string, body: { hand: 1 } });
      expect(next.body.hand).toBe(2);
      await Promise.all(watchers.map((client) => client.until(() => client.latest?.hand === 2)));
      for (const client of watchers) {
        const views = client.frames.filter((frame) => frame.type === 'view');
        expect(views.length).toBeGreaterThanOrEqual(2);
        expect(views.map((frame) => frame.chosenDeal)).toEqual(Array(views.length).fill(expected));
      }
      node.service.master.cache.drop(table.id);
      expect(await everyToken(table)).toEqual(Array(12).fill(expected));
      await Promise.all(watchers.map((client) => client.close()));
    }
  });
});
