/**
 * A table played with a card (`card` on `POST /api/tables`: the card's text or "practice"): the card is checked
 * (a bad one is 400 INVALID_INPUT naming its line and column), East's declaration is checked against it (a junk
 * declaration is refused at once, no review), each seat's view lists the closest hands of its own rack only (none
 * for the spectator and the admin, none on a table without a card), the card survives a `next` and a second node
 * over the same database, and the review of an ended hand carries each seat's progress toward its closest hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston, viewFor, type Seat } from '../../src/index.js';
import { faceOf } from '../../src/entries/rules.js';
import { PRACTICE_CARD, closestHands, parseCard, type Card } from '../../src/entries/card.js';
import { playSeat } from './play.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, keysOf, startNode, type Frame, type Node } from './support.js';

const PRACTICE = parseCard(PRACTICE_CARD);
/** A small card of our own, pasted as text. */
const PASTED = '# Pairs\nFF 11a 22a 33a 44a 55a 66a\n# Runs\n111a 222a 333a 444a FF\n';

let node: Node;
beforeAll(async () => {
  node = await startNode({ location: { kind: 'pglite', dir: null } });
});
afterAll(async () => {
  await node?.close();
});

/** The closest hands (three) of a seat's rack as its view shows it. */
function expectedClosest(card: Card, view: Frame): unknown {
  return closestHands(card, (view.rack as Array<{ tile: string }>).map((tile) => tile.tile), 3);
}

/** Checks a table's GET for every token: a seat's view lists its own closest hands, the others none. */
async function checkViews(base: string, table: { id: string; tokens: Record<string, string> }, card: Card | null): Promise<void> {
  for (const seat of SEATS) {
    const got = await api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[seat] as string });
    expect(got.status).toBe(200);
    expect(got.body.card).toEqual(card === null ? null : { hands: card.hands.length });
    if (card === null) expect(keysOf(got.body).has('closest')).toBe(false);
    else {
      expect(got.body.view.closest).toEqual(expectedClosest(card, got.body.view));
      expect(got.body.view.closest.length).toBe(Math.min(3, card.hands.length));
    }
  }
  for (const role of ['spectator', 'admin']) {
    const got = await api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[role] as string });
    expect(got.body.card).toEqual(card === null ? null : { hands: card.hands.length });
    expect(keysOf(got.body).has('closest')).toBe(false);
  }
}

/** East declares (a dealt rack is no hand of the card): refused at once, the phase unchanged. */
async function expectJunkRefused(base: string, table: { id: string; tokens: Record<string, string> }): Promise<void> {
  const before = (await api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.east as string })).body;
  const reply = await api(base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'hand.declareMahjong', seat: 'east' } } });
  expect(reply.status).toBe(422);
  expect(reply.body.refusal.code).toBe('NOT_A_WINNING_HAND');
  expect(keysOf(reply.body).has('closest')).toBe(false);
  const after = (await api(base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.south as string })).body;
  expect(after.phase).toBe(before.phase);
  expect(after.version).toBe(before.version);
}

describe('a table with a card', () => {
  it('is created with "practice" or pasted text; each seat sees its own closest hands, the public view none', async () => {
    const practice = await createTable(node.base, { card: 'practice', seed: 7 });
    await checkViews(node.base, practice, PRACTICE);
    const pasted = await createTable(node.base, { card: PASTED, seed: 8 });
    await checkViews(node.base, pasted, parseCard(PASTED));
    const plain = await createTable(node.base, { seed: 7 });
    await checkViews(node.base, plain, null);
    // The closest hands are the ones of that seat's rack as dealt (the engine's own view, not the page's copy).
    const dealt = createCharleston({ seed: 7 }).getSnapshot();
    for (const seat of SEATS) {
      const got = await api(node.base, 'GET', `/api/tables/${practice.id}`, { token: practice.tokens[seat] as string });
      expect(got.body.view.closest).toEqual(closestHands(PRACTICE, dealt.context.racks[seat].map((id) => faceOf(id)), 3));
    }
  });

  it('a bad card is 400 INVALID_INPUT naming its line and column; a card that is not text is refused by the schema', async () => {
    const reply = await api(node.base, 'POST', '/api/tables', { body: { card: 'FF 2222a 4444a 6666a\n\nFF 2222q 4444a 6666a\n' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('INVALID_INPUT');
    expect(reply.body.error.params).toMatchObject({ problem: 'badCard', field: 'card', line: 3, cardCode: 'CARD_SYNTAX' });
    expect(reply.body.error.params.column).toBeGreaterThan(1);
    expect(reply.body.error.message).toContain('line 3');
    expect(reply.body.error.message).toContain(`column ${reply.body.error.params.column}`);
    const greek = await api(node.base, 'POST', '/api/tables', { body: { card: 'FF 11a', locale: 'el' } });
    expect(greek.status).toBe(400);
    expect(greek.body.error.params).toMatchObject({ problem: 'badCard', line: 1, column: 1, cardCode: 'CARD_HAND_SIZE' });
    expect(greek.body.error.message).toContain('γραμμή 1');
    for (const card of [42, '', ['practice'], null]) {
      const bad = await api(node.base, 'POST', '/api/tables', { body: { card } });
      expect(bad.status, JSON.stringify(card)).toBe(400);
      expect(bad.body.error.code).toBe('INVALID_INPUT');
    }
  });

  it("refuses East's junk declaration at once with NOT_A_WINNING_HAND (no declaration review)", async () => {
    const table = await createTable(node.base, { card: 'practice', seed: 11 });
    // The seed deals East a rack that is no hand of the card (checked here, so the test means what it says).
    expect(closestHands(PRACTICE, createCharleston({ seed: 11 }).getSnapshot().context.racks.east.map((id) => faceOf(id)), 1)[0]?.missing).toBeGreaterThan(0);
    await expectJunkRefused(node.base, table);
  });

  it('keeps the card for the next hand, and the review carries each seat\'s progress from the deal to the end', async () => {
    const seed = 31;
    const table = await createTable(node.base, { card: 'practice', seed });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const spectator = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    await Promise.all(clients.map((client) => playSeat(client)));
    // During play every seat's frame listed the closest hands of its own rack, and no other frame any.
    for (const client of clients) {
      for (const frame of client.frames) {
        if (frame.type !== 'view') {
          expect(keysOf(frame).has('closest')).toBe(false);
          continue;
        }
        expect(frame.view.closest).toEqual(expectedClosest(PRACTICE, frame.view));
      }
    }
    for (const frame of spectator.frames) expect(keysOf(frame).has('closest')).toBe(false);
    const full = (await api(node.base, 'GET', `/api/tables/${table.id}`, { token: TEST_OPERATOR_TOKEN })).body;
    const dealt = createCharleston({ seed }).getSnapshot();
    const reply = await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: table.tokens.spectator as string });
    expect(reply.status).toBe(200);
    expect(reply.body.review.redeals).toBe(0);
    for (const seat of SEATS) {
      const end = (full.full.context.racks[seat] as number[]).map((id) => faceOf(id));
      const closest = closestHands(PRACTICE, end, 1)[0];
      const atDeal = closestHands(PRACTICE, dealt.context.racks[seat as Seat].map((id) => faceOf(id)), PRACTICE.hands.length).find((hand) => hand.index === closest?.index);
      expect(reply.body.review.progress[seat]).toEqual({ hand: { index: closest?.index, section: closest?.section, text: closest?.text }, missingAtDeal: atDeal?.missing, missingNow: closest?.missing });
    }
    // The next hand is played with the same card.
    expect((await api(node.base, 'POST', `/api/tables/${table.id}/next`, { token: table.tokens.east as string, body: { hand: 1 } })).status).toBe(200);
    const rotated = { ...table, tokens: { ...table.tokens, east: table.tokens.south as string, south: table.tokens.west as string, west: table.tokens.north as string, north: table.tokens.east as string } };
    await checkViews(node.base, rotated, PRACTICE);
    await expectJunkRefused(node.base, rotated);
    await Promise.all([...clients, spectator].map((client) => client.close()));
  });

  it('a table without a card has no card in its body and no progress in its review', async () => {
    const table = await createTable(node.base, { seed: 31 });
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    await Promise.all(clients.map((client) => playSeat(client)));
    for (const client of clients) for (const frame of client.frames) expect(keysOf(frame).has('closest')).toBe(false);
    const reply = await api(node.base, 'GET', `/api/tables/${table.id}/review`, { token: table.tokens.east as string });
    expect(reply.status).toBe(200);
    expect(reply.body.review.progress).toBeUndefined();
    await Promise.all(clients.map((client) => client.close()));
  });
});

const url = process.env.CHARLESTON_TEST_PG ?? '';

describe.skipIf(url === '')('a table with a card over PostgreSQL', () => {
  it('a second node over the same database reads the card back: closest hands and the declaration check', async () => {
    const first = await startNode({ location: { kind: 'postgres', url } });
    const second = await startNode({ location: { kind: 'postgres', url } });
    try {
      const table = await createTable(first.base, { card: PASTED, seed: 5 });
      await checkViews(second.base, table, parseCard(PASTED));
      await expectJunkRefused(second.base, table);
      const view = viewFor(createCharleston({ seed: 5 }).getSnapshot(), 'north');
      const got = await api(second.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string });
      expect(got.body.view.closest).toEqual(closestHands(parseCard(PASTED), view.rack.map((tile) => tile.tile), 3));
    } finally {
      await first.close();
      await second.close();
    }
  });
});
