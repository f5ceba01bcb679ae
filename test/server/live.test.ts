/** Live views: four seats play whole hands over WebSockets, every frame checked for hidden information. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { checkFrames, playSeat, replay } from './play.js';
import { LiveClient, api, createTable, databases, startNode, type Node } from './support.js';

describe.each(databases())('live play on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location(), live: { rate: { burst: 1000, perSecond: 1000 } } });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it.each([2026, 7])('four seats play the hand of seed %i; every frame is exactly that seat’s view', async (seed) => {
    const table = await createTable(node.base, { seed });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const spectator = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    const sent = await Promise.all(clients.map((client) => playSeat(client)));
    await spectator.until(() => ['complete', 'eastMahjong'].includes(spectator.latest?.phase));
    const { snapshots, events } = await replay(node.base, table.id, seed);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(events.length);
    expect(events.length).toBeGreaterThanOrEqual(24);
    let frames = 0;
    clients.forEach((client, index) => {
      frames += checkFrames(client, SEATS[index] as Seat, snapshots);
      const versions = client.frames.filter((f) => f.type === 'view').map((f) => f.version as number);
      expect(versions).toEqual([...versions].sort((a, b) => a - b)); // one node: in order
      expect(versions.at(-1)).toBe(events.length);
    });
    frames += checkFrames(spectator, null, snapshots);
    expect(frames).toBeGreaterThan(4 * events.length);
    await Promise.all([...clients, spectator].map((client) => client.close()));
  });

  it('a reconnect with the same token resumes the seat at the latest version', async () => {
    const table = await createTable(node.base, { seed: 11 });
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    const tiles = (east.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    const result = await east.send({ type: 'pass.commit', seat: 'east', tiles });
    expect(result).toMatchObject({ type: 'result', ok: true, version: 1 });
    await east.close();
    const south = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.south as string, body: { event: { type: 'pass.retract', seat: 'south' } } });
    expect(south.status).toBe(422);
    const again = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    expect(again.latest).toMatchObject({ type: 'view', version: 1, phase: 'firstCharleston.right' });
    expect(again.latest?.view.packet.tiles.map((t: { tile: string }) => t.tile)).toEqual(tiles);
    const retract = await again.send({ type: 'pass.retract', seat: 'east' });
    expect(retract).toMatchObject({ ok: true, version: 2 });
    await again.close();
  });

  it('three teacher bots and a person: bots act once per turn on the server', async () => {
    const seed = 99;
    const table = await createTable(node.base, { seed, seats: { south: 'teacher', west: 'teacher', north: 'random' } });
    expect(Object.keys(table.tokens).sort()).toEqual(['admin', 'east', 'spectator']);
    const east = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    await playSeat(east);
    const { snapshots, events } = await replay(node.base, table.id, seed);
    checkFrames(east, 'east', snapshots);
    const bySeat = new Map<string, number>();
    for (const entry of events) bySeat.set(String(entry.seat), (bySeat.get(String(entry.seat)) ?? 0) + 1);
    for (const seat of ['south', 'west', 'north']) expect(bySeat.get(seat) ?? 0).toBeGreaterThanOrEqual(4); // three passes and a vote at least
    expect(snapshots.at(-1)?.value).toBe('complete');
    await east.close();
  });

  it('an all-bot table plays itself to the end, and the admin hands a seat back to a person', async () => {
    const table = await createTable(node.base, { seed: 5, seats: { east: 'teacher', south: 'teacher', west: 'teacher', north: 'human' } });
    const north = await LiveClient.connect(node.base, table.id, table.tokens.north as string);
    await north.until(() => north.latest?.view.waitingFor.includes('north'));
    const handed = await api(node.base, 'PUT', `/api/tables/${table.id}/seats/north`, { token: table.tokens.admin as string, body: { player: 'teacher' } });
    expect(handed.status).toBe(200);
    expect(handed.body.seats).toEqual({ east: 'teacher', south: 'teacher', west: 'teacher', north: 'teacher' });
    await north.until(() => north.latest?.phase === 'complete');
    const back = await api(node.base, 'PUT', `/api/tables/${table.id}/seats/north`, { token: table.tokens.admin as string, body: { player: 'human' } });
    expect(back.status).toBe(200);
    const view = await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string });
    expect(view.body.phase).toBe('complete');
    await north.close();
  });
});
