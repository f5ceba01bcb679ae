/**
 * Who has voted, never how, while the stop vote is open; who has offered, never how many, while a courtesy pair is
 * offering: through every route a token of the table has (the log, `GET /api/tables/:id`, the live views). Only the
 * voter's (the offerer's) own view shows its choice; once the vote is over the admin's log shows the votes as before;
 * the offers' counts stay hidden while the courtesy pass is played (a partner sees the pair's lower offer only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { LiveClient, api, createTable, databases, startNode, type Node } from './support.js';

const CORE: Record<Seat, string[]> = {
  east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'RD', 'RD', 'J', 'F', 'F'],
  south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'GD', 'GD', 'S', 'S'],
  west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'WD', 'WD', 'J', 'J'],
  north: ['N', 'N', 'N', 'E', 'E', 'E', 'W', 'W', 'W', '1B', '1C', '1D', 'F'],
};
const TOKENS = [...SEATS, 'spectator', 'admin'] as const;

describe.each(databases())('open choices on $name', ({ location }) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: location() });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it('shows who voted and who offered, not how, until the vote is over and the pair agreed', async () => {
    const table = await createTable(node.base, { deal: CORE });
    const send = async (seat: Seat, event: Record<string, unknown>): Promise<void> => {
      const reply = await api(node.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event: { ...event, seat } } });
      expect(reply.status, JSON.stringify(event)).toBe(200);
    };
    const live = new Map(await Promise.all(TOKENS.map(async (token) => [token, await LiveClient.connect(node.base, table.id, table.tokens[token] as string)] as const)));
    const adminLog = async (): Promise<Array<Record<string, unknown>>> => (await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string })).body.events.map((row: { event: Record<string, unknown> }) => row.event);
    /** Every body each token reads now: over HTTP, and its latest live view once it has reached `version`. */
    const bodies = async (version: number): Promise<Map<string, Array<Record<string, any>>>> => {
      const out = new Map<string, Array<Record<string, any>>>();
      for (const token of TOKENS) {
        const client = live.get(token) as LiveClient;
        await client.until(() => client.latest?.version === version);
        out.set(token, [(await api(node.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[token] as string })).body, client.latest as Record<string, any>]);
      }
      return out;
    };
    for (let round = 0; round < 3; round += 1) for (const seat of SEATS) await send(seat, { type: 'pass.commit', tiles: CORE[seat].slice(3 * round, 3 * round + 3) });

    // The stop vote is open; South has voted.
    await send('south', { type: 'vote.cast', vote: 'continue' });
    expect((await adminLog()).at(-1)).toEqual({ type: 'vote.cast', seat: 'south' });
    for (const [token, seen] of await bodies(13)) {
      for (const body of seen) {
        expect(body.phase).toBe('stopCheckpoint');
        expect(body.view.stoppedBy).toBeNull();
        if (token === 'south') expect(body.view.vote).toBe('continue');
        else if (token !== 'spectator' && token !== 'admin') expect([body.view.vote, body.view.stopped], token).toEqual([null, null]);
        else expect(body.view).not.toHaveProperty('vote');
        expect(body.waitingFor).toEqual(['east', 'west', 'north']); // who has voted is public
      }
    }
    for (const token of ['east', 'spectator']) {
      const log = await api(node.base, 'GET', `/api/tables/${table.id}/log`, { token: table.tokens[token] as string });
      expect(log.body.events).toEqual([]); // other tokens read no row of a hand in play
    }

    // West stops: the vote is over (the courtesy pass); North offers, South not yet.
    await send('west', { type: 'vote.cast', vote: 'stop' });
    await send('north', { type: 'courtesy.offer', count: 2 });
    const log = await adminLog();
    expect(log.filter((event) => event.type === 'vote.cast')).toEqual([
      { type: 'vote.cast', seat: 'south', vote: 'continue' },
      { type: 'vote.cast', seat: 'west', vote: 'stop' },
    ]);
    expect(log.at(-1)).toEqual({ type: 'courtesy.offer', seat: 'north' });
    for (const [token, seen] of await bodies(15)) {
      for (const body of seen) {
        expect(body.phase).toBe('courtesy');
        if (token === 'north') expect(body.view.courtesy).toMatchObject({ offer: 2, agreed: null });
        else if (token === 'south') expect(body.view.courtesy).toMatchObject({ offer: null, agreed: null, partner: 'north' });
        else if (token === 'east' || token === 'west') expect(body.view.courtesy).toMatchObject({ offer: null, agreed: null });
        else expect(body.view).not.toHaveProperty('courtesy');
        if (token !== 'north') expect(JSON.stringify(body.view.courtesy ?? null)).not.toContain('2');
      }
    }

    // South offers three: the pair agreed on two; North's view says 2 (the lower offer), never South's 3, and
    // neither does the admin's log while the courtesy pass is played.
    await send('south', { type: 'courtesy.offer', count: 3 });
    expect((await adminLog()).slice(-2)).toEqual([
      { type: 'courtesy.offer', seat: 'north' },
      { type: 'courtesy.offer', seat: 'south' },
    ]);
    await Promise.all([...live.values()].map((client) => client.close()));
  });
});
