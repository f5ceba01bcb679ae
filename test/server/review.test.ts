/**
 * The review of a hand served by the table (`GET /api/tables/:id/review`): made by replaying the hand's stored log
 * on the engine from the hand's first table. Every token of the table reads the same review once the hand has
 * ended; before, 409 HAND_IN_PLAY (it would show faces); an earlier hand stays readable while the next is played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston, persist } from '../../src/index.js';
import { reviewHand } from '../../src/entries/review.js';
import { nextHandSeed, tableRules } from '../../src/server/hands.js';
import { playSeat } from './play.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, startNode, type Node } from './support.js';

let node: Node;
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null } });
});
afterAll(async () => {
  await node?.close();
});

/** The operator's full log of hand `hand`, its events only. */
async function eventsOf(id: string, hand: number): Promise<unknown[]> {
  const log = await api(node.base, 'GET', `/api/tables/${id}/log`, { token: TEST_OPERATOR_TOKEN });
  return (log.body.events as Array<{ hand: number; event: unknown }>).filter((row) => row.hand === hand).map((row) => row.event);
}

describe('the review of a hand, served by the table', () => {
  it('is the replay of the hand on the engine, the same for every token, only once the hand has ended', async () => {
    const seed = 2026;
    const table = await createTable(node.base, { seed });
    const tokens = [...SEATS.map((seat) => table.tokens[seat] as string), table.tokens.spectator as string, table.tokens.admin as string];
    const early = await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: tokens[0] as string });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('HAND_IN_PLAY');

    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    await Promise.all(clients.map((client) => playSeat(client)));
    const initial = persist(createCharleston({ seed, rules: tableRules(undefined) as never }));
    const expected = reviewHand(initial, await eventsOf(table.id, 1));
    expect(expected.passes.length).toBeGreaterThanOrEqual(3);
    for (const token of tokens) {
      const reply = await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ id: table.id, hand: 1, review: JSON.parse(JSON.stringify(expected)) });
    }

    // The next hand: hand 1's review stays readable, hand 2's is not yet, hand 3 does not exist.
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: tokens[0] as string, body: { hand: 1 } })).status).toBe(200);
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/review?hand=1`, { token: tokens[1] as string })).body.review).toEqual(JSON.parse(JSON.stringify(expected)));
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: tokens[1] as string })).body.error.code).toBe('HAND_IN_PLAY');
    const third = await api(node.base, 'GET', `/api/tables/${table.id}/review?hand=3`, { token: tokens[1] as string });
    expect(third.status).toBe(404);
    expect(third.body.error.message).toMatch(/hand/);
    await Promise.all(clients.map((client) => client.until(() => (client.latest?.hand as number | undefined) === 2)));
    await Promise.all(clients.map((client) => playSeat(client)));
    const second = await api(node.base, 'GET', `/api/tables/${table.id}/review?hand=2`, { token: tokens[2] as string });
    expect(second.status).toBe(200);
    expect(second.body.review).toEqual(JSON.parse(JSON.stringify(reviewHand(persist(createCharleston({ seed: nextHandSeed(seed, 2), rules: tableRules(undefined) as never })), await eventsOf(table.id, 2)))));
    await Promise.all(clients.map((client) => client.close()));
  });

  it('names a bad request: no token, a wrong token, a malformed hand', async () => {
    const table = await createTable(node.base, {});
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/review`)).status).toBe(401);
    expect((await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: 'x'.repeat(32) })).status).toBe(401);
    for (const hand of ['0', '-1', 'one', '1.5', '99999999']) {
      const reply = await api(node.base, 'GET', `/api/tables/${table.id}/review?hand=${hand}`, { token: table.tokens.east as string });
      expect(reply.status, hand).toBe(400);
      expect(reply.body.error.code).toBe('INVALID_INPUT');
    }
  });
});
