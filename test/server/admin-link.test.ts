/**
 * The admin link is the host's link, not a player's: the admin token sends no seat event, over HTTP or live, and is
 * refused before any rule is consulted and before an idempotency key is looked up or stored. It keeps what a host
 * needs: handing a seat to a bot and back, dealing the next hand, reading the log, following the table without faces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient, api, createTable, databases, startNode, type Node } from './support.js';

const natural = (view: Record<string, any>): string[] => (view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J');

describe.each(databases())('the admin link on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location() });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it('sends no event (403 FORBIDDEN over HTTP and live), stores no key, changes nothing', async () => {
    const table = await createTable(node.base, { seed: 4040 });
    const admin = table.tokens.admin as string;
    const south = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.south as string });
    const southTiles = natural(south.body.view).slice(0, 3);
    // Events a seat could have played (South's own tiles, East's declaration, acceptances), refusals, junk.
    const events: unknown[] = [
      { type: 'pass.commit', seat: 'south', tiles: southTiles },
      { type: 'pass.commit', seat: 'south', tiles: ['WD', 'WD', 'WD'] },
      { type: 'hand.declareMahjong', seat: 'east' },
      { type: 'declaration.accept', seat: 'south' },
      { type: 'vote.cast', seat: 'west', vote: 'stop' },
      { type: 'misdeal.declare', seat: 'north' },
      { type: 'hand.redeal' },
      {},
      null,
    ];
    const path = `/api/tables/${table.id}/events`;
    for (const [index, event] of events.entries()) {
      for (const key of [undefined, `admin-${index}`]) {
        const reply = await api(node.base, 'POST', path, { token: admin, body: key === undefined ? { event } : { event, key } });
        expect(reply.status, JSON.stringify(event)).toBe(403);
        expect(reply.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
        expect(JSON.stringify(reply.body)).not.toMatch(/TILE_NOT_IN_RACK|NOT_YOUR_SEAT|refusal/);
      }
    }
    const live = await LiveClient.connect(node.base, table.id, admin);
    for (const [index, event] of events.entries()) {
      const frame = await live.send(event, `live-${index}`);
      expect(frame, JSON.stringify(event)).toMatchObject({ type: 'error', code: 'FORBIDDEN', id: `m${index + 1}` });
    }
    const keys = await node.service.db.query<{ n: number }>('SELECT count(*)::int AS n FROM charleston_idempotency WHERE table_id = $1', [table.id]);
    expect(keys[0]?.n).toBe(0);
    const after = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: admin });
    expect(after.body.version).toBe(0);
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: admin })).body.events).toEqual([]);
    await live.close();
  });

  it('keeps the host its doors: seats to a bot and back, the log, the public view live, the next hand', async () => {
    const table = await createTable(node.base, { seed: 4041 });
    const admin = table.tokens.admin as string;
    const watch = await LiveClient.connect(node.base, table.id, admin);
    expect(watch.latest?.view.rack).toBeUndefined();
    // East declares; South, West and North accept with their own links: the hand ends, the admin deals the next.
    const send = (seat: string, event: unknown): Promise<{ status: number }> => api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event } });
    expect((await send('east', { type: 'hand.declareMahjong', seat: 'east' })).status).toBe(200);
    for (const seat of ['south', 'west', 'north']) expect((await send(seat, { type: 'declaration.accept', seat })).status).toBe(200);
    const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: admin });
    expect(log.body.events.map((row: { seat: string }) => row.seat)).toEqual(['east', 'south', 'west', 'north']);
    await watch.until(() => watch.latest?.phase === 'eastMahjong');
    // Once the hand has ended (no bot move to wait for), the seat goes to a bot and back.
    const toBot = await api(node.base, 'PUT', `/api/tables/${table.id}/seats/north`, { token: admin, body: { player: 'teacher' } });
    expect(toBot.body.seats.north).toBe('teacher');
    const back = await api(node.base, 'PUT', `/api/tables/${table.id}/seats/north`, { token: admin, body: { player: 'human' } });
    expect(back.body.seats.north).toBe('human');
    const next = await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: admin, body: { hand: 1 } });
    expect(next.status).toBe(200);
    expect(next.body.hand).toBe(2);
    await watch.until(() => watch.latest?.hand === 2);
    await watch.close();
  });
});
