/**
 * Legal actions come with the view, and refusals come as data: for a seat token, `GET /api/tables/:id` and every
 * live `view` carry `actions`, the engine's `legalActions` for that seat at that version; spectators and the admin
 * get none. A refusal (HTTP 422 body, live `result`) carries `refusal.params` beside `code` and `message`, the
 * service's own (`NOT_YOUR_SEAT`) as well as the engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharleston, legalActions } from '../../src/index.js';
import { LiveClient, api, createTable, startNode, type Node } from './support.js';

let node: Node;
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null } });
});
afterAll(async () => {
  await node?.close();
});

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('actions and refusal params', () => {
  it('GET and live views carry the seat\'s legal actions at their version; other roles none', async () => {
    const seed = 4242;
    const table = await createTable(node.base, { seed });
    const engine = createCharleston({ seed });
    const east = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string });
    expect(east.body.actions).toEqual(plain(legalActions(engine.getSnapshot(), 'east')));
    for (const role of ['spectator', 'admin']) {
      const other = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[role] as string });
      expect(other.body).not.toHaveProperty('actions');
    }
    const south = await LiveClient.connect(node.base, table.id, table.tokens.south as string);
    expect(south.latest?.actions).toEqual(plain(legalActions(engine.getSnapshot(), 'south')));
    const tiles = (south.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    const event = { type: 'pass.commit', seat: 'south', tiles };
    expect(await south.send(event)).toMatchObject({ type: 'result', ok: true, version: 1 });
    engine.send(event);
    await south.until(() => south.latest?.version === 1);
    expect(south.latest?.actions).toEqual(plain(legalActions(engine.getSnapshot(), 'south')));
    engine.stop();
    await south.close();
  });

  it('a refusal carries code, message and params, over HTTP and live', async () => {
    const table = await createTable(node.base, { seed: 4243 });
    const http = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: ['ZZ', '1B', '2B'] } } });
    expect(http.status).toBe(422);
    expect(http.body.refusal).toEqual({ code: expect.any(String), message: expect.any(String), params: expect.any(Object) });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    const live = await east.send({ type: 'pass.commit', seat: 'east', tiles: ['ZZ', '1B', '2B'] });
    expect(live.refusal).toEqual(http.body.refusal);
    await east.close();
  });

  it('the service\'s own NOT_YOUR_SEAT carries its params too, over HTTP and live, in the table\'s language', async () => {
    const table = await createTable(node.base, { seed: 4244, locale: 'ca' });
    const event = { type: 'pass.retract', seat: 'south' };
    const http = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event } });
    expect(http.status).toBe(422);
    expect(http.body).toEqual({ ok: false, version: 0, refusal: { code: 'NOT_YOUR_SEAT', message: 'Jugues com a Est: no pots actuar per Sud.', params: { own: 'east', named: 'south' } } });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    const live = await east.send(event);
    expect(live).toMatchObject({ type: 'result', ok: false, version: 0 });
    expect(live.refusal).toEqual(http.body.refusal);
    // What the event named is carried as sent (a string, cut to 40 characters), not only a seat.
    const odd = await east.send({ type: 'vote.cast', seat: 'x'.repeat(50), vote: 'stop' });
    expect(odd.refusal).toMatchObject({ code: 'NOT_YOUR_SEAT', params: { own: 'east', named: 'x'.repeat(40) } });
    await east.close();
  });
});
