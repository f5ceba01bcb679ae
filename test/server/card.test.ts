/**
 * A table played with a card (`card` on `POST /api/tables`: the card's text or "practice"): the card is checked
 * (a bad one is 400 INVALID_INPUT naming its line and column), East's declaration is checked against it (a junk
 * declaration is refused at once, no review), each seat's view lists the closest hands of its own rack only (none
 * for the spectator and the admin, none on a table without a card), the card survives a `next` and a second node
 * over the same database, and the review of an ended hand carries each seat's progress toward its closest hand.
 * The card is read where a table is loaded, never by a commit: no statement of a commit names it or carries its text.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, createCharleston, viewFor, type Seat } from '../../src/index.js';
import { faceOf } from '../../src/entries/rules.js';
import { PRACTICE_CARD, closestHands, parseCard, type Card } from '../../src/entries/card.js';
import { playSeat } from './play.js';
import type { Db, Queryable, Row } from '../../src/server/storage/db.js';
import { LiveClient, TEST_OPERATOR_TOKEN, api, createTable, keysOf, open, startNode, type Frame, type Node } from './support.js';

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

/** A statement a node ran: its text, parameters and rows. */
interface Statement {
  sql: string;
  params: readonly unknown[];
  rows: unknown[];
}

/** A node's view of a shared database that records every statement it runs while `on` (transactions included). */
function recording(db: Db): { db: Db; statements: Statement[]; on: boolean } {
  const state = { statements: [] as Statement[], on: false, db: db };
  const record = (target: Queryable): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const rows = await target.query<T>(sql, params);
      if (state.on) state.statements.push({ sql, params, rows });
      return rows;
    },
  });
  state.db = {
    kind: db.kind,
    query: (sql, params) => record(db).query(sql, params),
    transaction: (work) => db.transaction((tx) => work(record(tx))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    health: () => db.health(),
    onListenerRestored: (callback) => db.onListenerRestored(callback),
    poolStats: () => db.poolStats(),
    // The database is closed once, by the test.
    close: async () => undefined,
  };
  return state;
}

/** The statements that name the card or carry its text (`marker` is a line of it found nowhere else). */
function carrying(statements: readonly Statement[], marker: string): string[] {
  return statements.filter((statement) => /card/i.test(statement.sql) || JSON.stringify([statement.params, statement.rows]).includes(marker)).map((statement) => statement.sql.replace(/\s+/g, ' ').slice(0, 120));
}

describe('the card off the commit path (two nodes over one database)', () => {
  it("no commit's statement names the card or carries its text; a node that loads the table, or reloads its copy under the lock, still checks East's declaration against it", async () => {
    const db = await open({ kind: 'pglite', dir: null });
    const onA = recording(db);
    const onB = recording(db);
    const a = await startNode({ db: onA.db });
    const b = await startNode({ db: onB.db });
    try {
      const marker = `# Pairs ${randomUUID()}`;
      const text = PASTED.replace('# Pairs', marker);
      const card = parseCard(text);
      // Seed 5 deals East no hand of this card (checked, so the refusal below means what it says).
      expect(closestHands(card, createCharleston({ seed: 5 }).getSnapshot().context.racks.east.map((id) => faceOf(id)), 1)[0]?.missing).toBeGreaterThan(0);
      const table = await createTable(a.base, { card: text, seed: 5 });
      const rackOf = async (seat: Seat): Promise<string[]> => {
        const got = await api(a.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens[seat] as string });
        return (got.body.view.rack as Array<{ tile: string }>).map((tile) => tile.tile).filter((tile) => tile !== 'J').slice(0, 3);
      };
      const [east, south] = [await rackOf('east'), await rackOf('south')];
      // North watches on A: A then follows every change made elsewhere.
      const watcher = await LiveClient.connect(a.base, table.id, table.tokens.north as string);

      // Node A holds the table: a refused declaration and a name take the row lock. Neither reads the card.
      onA.on = true;
      await expectJunkRefused(a.base, table);
      expect((await api(a.base, 'PUT', `/api/tables/${table.id}/name`, { token: table.tokens.east as string, body: { name: 'Ana' } })).status).toBe(200);
      onA.on = false;
      const locks = onA.statements.filter((statement) => /FOR UPDATE/.test(statement.sql));
      expect(locks.length).toBeGreaterThan(0);
      expect(carrying(onA.statements, marker)).toEqual([]);

      // Node B has never seen the table: its first request is East's declaration, so it loads the table under the
      // row lock (reading the card then, once) and refuses it too.
      expect(b.service.master.cache.peek(table.id)).toBeNull();
      onB.on = true;
      const onNodeB = await api(b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'hand.declareMahjong', seat: 'east' } } });
      onB.on = false;
      expect(onNodeB.status).toBe(422);
      expect(onNodeB.body.refusal.code).toBe('NOT_A_WINNING_HAND');
      await expectJunkRefused(b.base, table);
      expect(carrying(onB.statements, marker).length).toBeGreaterThan(0);
      expect(b.service.master.cache.peek(table.id)?.card?.text).toBe(text);

      // B stops hearing of A's changes; A moves the table on (a plain pass: the version-checked statement), so B's
      // copy is behind. B's next commit (keyed: under the lock) reads the table again from its row, keeps the card
      // of its copy and reads no card; A, hearing of it, reads the table again for its watcher, without the card.
      b.service.master.onNotify = (): void => undefined;
      onA.statements.length = 0;
      onA.on = true;
      expect((await api(a.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: east } } })).body).toMatchObject({ ok: true, version: 2 });
      expect(b.service.master.cache.peek(table.id)?.version).toBe(1);
      onB.statements.length = 0;
      onB.on = true;
      const keyed = await api(b.base, 'POST', `/api/tables/${table.id}/events`, { token: table.tokens.south as string, body: { event: { type: 'pass.commit', seat: 'south', tiles: south }, key: `k-${randomUUID()}` } });
      onB.on = false;
      expect(keyed.body).toMatchObject({ ok: true, version: 3 });
      await watcher.waitFor((frame) => frame.type === 'view' && frame.version === 3);
      onA.on = false;
      expect(a.service.master.cache.peek(table.id)?.version).toBe(3);
      expect(a.service.master.cache.peek(table.id)?.card?.text).toBe(text);
      expect(onA.statements.length).toBeGreaterThan(0);
      expect(carrying(onA.statements, marker)).toEqual([]);
      expect(onB.statements.some((statement) => /FOR UPDATE/.test(statement.sql))).toBe(true);
      expect(carrying(onB.statements, marker)).toEqual([]);
      expect(b.service.master.cache.peek(table.id)?.version).toBe(3);
      expect(b.service.master.cache.peek(table.id)?.card?.text).toBe(text);
      await watcher.close();
      // And its views still list each seat's closest hands from that card.
      const north = await api(b.base, 'GET', `/api/tables/${table.id}`, { token: table.tokens.north as string });
      expect(north.body.view.closest).toEqual(expectedClosest(card, north.body.view));
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });
});
