/**
 * No refusal a sender receives depends on a rack the sender may not see, for every token of a table. Tested as an
 * oracle would test it, from outside, through the HTTP API and the live socket of a real node: pairs of tables with
 * chosen deals that agree on everything the probing token may see and differ in what it may not (for a seat token:
 * its own rack identical, every other rack and the wall different, counts equal; for the spectator and the admin:
 * every rack different). At several points of play each token sends every probe (every event type, naming every
 * seat, with each of the 36 faces in packets) to both tables; the two replies are compared field by field and every
 * difference is counted. The count must be 0, and refusals change neither table's version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, TILE_CODES, type Seat, type Tile } from '../../src/index.js';
import { LiveClient, api, createTable, startNode, type Created, type Node } from './support.js';

/** What a seat holds in both tables of a pair (passed, three a pass, in the first Charleston). */
const CORE: Record<Seat, Tile[]> = {
  east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B'],
  south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'],
  west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D'],
  north: ['N', 'N', 'N', 'E', 'E', 'E', 'W', 'W', 'W'],
};
/** The rest of each rack: `a` in one table, `b` in the other wherever the prober may not see it (same counts). */
const PRIVATE: Record<'a' | 'b', Record<Seat, Tile[]>> = {
  a: { east: ['RD', 'RD', 'J', 'J', 'F'], south: ['GD', 'GD', 'S', 'S'], west: ['WD', 'WD', 'F', 'F'], north: ['1B', '1C', '1D', 'J'] },
  b: { east: ['5B', '5C', '5D', 'GD', 'J'], south: ['9B', '9C', '9D', 'RD'], west: ['S', 'WD', 'F', 'J'], north: ['3B', '3C', '3D', 'F'] },
};

type Prober = Seat | 'public';
type Point = 'right' | 'left' | 'checkpoint' | 'courtesy' | 'review';
const POINTS: readonly Point[] = ['right', 'left', 'checkpoint', 'courtesy', 'review'];

/** The deal of one table of the pair: the prober's own rack from `a` always, the others from `variant`. */
function deal(prober: Prober, variant: 'a' | 'b'): Record<Seat, Tile[]> {
  const racks = {} as Record<Seat, Tile[]>;
  for (const seat of SEATS) racks[seat] = [...CORE[seat], ...PRIVATE[seat === prober ? 'a' : variant][seat]];
  return racks;
}

/** A seat other than `prober` (for the moves that set a point up). */
const otherThan = (prober: Prober, ...order: Seat[]): Seat => order.find((seat) => seat !== prober) as Seat;

/**
 * Each face first in a packet of three (the rules name the first tile a rack lacks, so this asks whether the rack
 * holds the face at all), and three of each face (whether it holds three).
 */
const EVERY_FACE: Tile[][] = [
  ...TILE_CODES.map((face, index) => [face, TILE_CODES[(index + 1) % TILE_CODES.length] as Tile, TILE_CODES[(index + 2) % TILE_CODES.length] as Tile]),
  ...TILE_CODES.map((face) => [face, face, face]),
];
/** Three different faces. */
const MIXED: Tile[] = ['1B', '2C', 'N'];

/**
 * Every probe at `point` for a token playing `own` (null: spectator or admin). Packets with every face go where the
 * rules look at a rack: three of a face in the first pass and the courtesy pass, one face passed with two blind in
 * the first left; for the token's own seat, and for every seat when it has none (a seat token is refused by name
 * for another seat before any rule: one packet of mixed faces each). Events that may be accepted come last, so
 * that the point stays what it is for the others.
 */
function probes(point: Point, own: Seat | null): unknown[] {
  const out: unknown[] = [];
  for (const seat of SEATS) {
    const full = own === null || own === seat;
    for (const tiles of point === 'right' && full ? EVERY_FACE : [MIXED]) out.push({ type: 'pass.commit', seat, tiles });
    if (point === 'left') for (const face of full ? TILE_CODES : ['1B']) out.push({ type: 'pass.commit', seat, tiles: [face], blind: 2 });
    for (const tiles of point === 'courtesy' && full ? EVERY_FACE : [MIXED]) out.push({ type: 'courtesy.commit', seat, tiles });
  }
  for (const seat of SEATS) out.push({ type: 'pass.retract', seat }, { type: 'wall.draw', seat });
  for (const seat of SEATS) for (const count of [4, 3, 0, -1]) out.push({ type: 'courtesy.offer', seat, count });
  for (const seat of SEATS) for (const vote of ['continue', 'stop']) out.push({ type: 'vote.cast', seat, vote });
  for (const seat of SEATS) out.push({ type: 'declaration.accept', seat });
  for (const seat of SEATS) out.push({ type: 'hand.declareMahjong', seat });
  for (const seat of SEATS) out.push({ type: 'misdeal.declare', seat });
  out.push({ type: 'hand.redeal' });
  return out;
}

/** One table of a pair, with the tokens that play it and a live socket per probing token. */
interface Table {
  created: Created;
  live: Map<string, LiveClient>;
}

describe('the oracle: no refusal depends on a rack its sender may not see', () => {
  let node: Node;
  let requests = 0;
  beforeAll(async () => {
    node = await startNode({
      location: { kind: 'pglite', dir: null },
      httpPerMinute: 1_000_000,
      createPerMinute: 1_000_000,
      live: { rate: { burst: 1_000_000, perSecond: 1_000_000 }, maxInFlight: 1_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await node?.close();
  }, 60_000);

  const send = async (table: Table, token: string, event: unknown): Promise<{ status: number; body: unknown }> => {
    requests += 1;
    const reply = await api(node.base, 'POST', `/api/tables/${table.created.id}/events`, { token: table.created.tokens[token] as string, body: { event } });
    return { status: reply.status, body: reply.body };
  };
  const play = async (table: Table, seat: Seat, event: Record<string, unknown>): Promise<void> => {
    const reply = await send(table, seat, { ...event, seat });
    if (reply.status !== 200) throw new Error(`setting up: ${seat} ${JSON.stringify(event)} → ${JSON.stringify(reply.body)}`);
  };
  const version = async (table: Table): Promise<number> => (await api(node.base, 'GET', `/api/tables/${table.created.id}`, { token: table.created.tokens.spectator as string })).body.version as number;

  /** A table at `point`, its deal from `variant` (the prober's own rack always from `a`). */
  async function tableAt(prober: Prober, variant: 'a' | 'b', point: Point, card?: string): Promise<Table> {
    const created = await createTable(node.base, { seed: 7, deal: deal(prober, variant), locale: 'ca', ...(card === undefined ? {} : { card }) });
    const table: Table = { created, live: new Map() };
    const pass = async (round: number, seats: readonly Seat[] = SEATS): Promise<void> => {
      for (const seat of seats) await play(table, seat, { type: 'pass.commit', tiles: CORE[seat].slice(3 * round, 3 * round + 3) });
    };
    if (point === 'review') {
      await play(table, 'east', { type: 'hand.declareMahjong' });
      await play(table, otherThan(prober, 'west', 'north'), { type: 'declaration.accept' });
      return table;
    }
    if (point === 'right') return table;
    await pass(0);
    await pass(1);
    if (point === 'left') {
      await pass(2, [otherThan(prober, 'west', 'north')]); // one packet on the table
      return table;
    }
    await pass(2);
    if (point === 'checkpoint') {
      await play(table, otherThan(prober, 'south', 'west'), { type: 'vote.cast', vote: 'continue' });
      return table;
    }
    await play(table, 'west', { type: 'vote.cast', vote: 'stop' }); // straight to the courtesy pass
    await play(table, 'east', { type: 'courtesy.offer', count: 3 });
    await play(table, 'west', { type: 'courtesy.offer', count: 3 }); // east–west agreed on three: their racks are asked
    await play(table, otherThan(prober, 'north', 'south'), { type: 'courtesy.offer', count: 2 }); // south–north still offering
    return table;
  }

  it("on a table with a card, a token's closest hands and East's declaration check depend on its own rack only", async () => {
    const differences: string[] = [];
    /** Seats (not probing) whose closest hands differ between the two tables: what a leak would carry. */
    let othersDiffer = 0;
    for (const prober of ['public', ...SEATS] as Prober[]) {
      const pair = [await tableAt(prober, 'a', 'right', 'practice'), await tableAt(prober, 'b', 'right', 'practice')] as const;
      const tokens = prober === 'public' ? ['admin', 'spectator'] : [prober];
      for (const token of tokens) {
        const bodies = await Promise.all(pair.map(async (table) => (await api(node.base, 'GET', `/api/tables/${table.created.id}`, { token: table.created.tokens[token] as string })).body));
        const [a, b] = bodies.map((body) => JSON.stringify({ card: body.card, closest: body.view.closest ?? null, version: body.version })) as [string, string];
        if (a !== b) differences.push(`${token}: ${a} ≠ ${b}`);
        if (prober === 'public' && bodies.some((body) => JSON.stringify(body).includes('closest'))) differences.push(`${token}: the public view lists closest hands`);
        if (prober !== 'public') {
          const declare = { type: 'hand.declareMahjong', seat: prober };
          const replies = await Promise.all(pair.map((table) => send(table, token, declare)));
          const [ra, rb] = replies.map((reply) => JSON.stringify({ status: reply.status, ...(reply.body as Record<string, unknown>) })) as [string, string];
          if (ra !== rb) differences.push(`${token} declares: ${ra} ≠ ${rb}`);
          if (prober === 'east') expect((replies[0]?.body as { refusal?: { code?: string } }).refusal?.code).toBe('NOT_A_WINNING_HAND');
        }
      }
      for (const seat of SEATS) {
        if (seat === prober) continue;
        const lists = await Promise.all(pair.map(async (table) => JSON.stringify((await api(node.base, 'GET', `/api/tables/${table.created.id}`, { token: table.created.tokens[seat] as string })).body.view.closest)));
        if (lists[0] !== lists[1]) othersDiffer += 1;
      }
    }
    console.log(`oracle with a card: 5 probers, ${othersDiffer} other seats' closest hands differing between the tables, ${differences.length} differences for the prober`);
    expect(othersDiffer).toBeGreaterThan(0);
    expect(differences).toEqual([]);
  }, 120_000);

  it('counts no difference between the two tables of a pair, for every token at every point', async () => {
    const differences: string[] = [];
    let probesSent = 0;
    const probers: Prober[] = ['public', ...SEATS];
    for (const prober of probers) {
      const tokens = prober === 'public' ? ['admin', 'spectator'] : [prober];
      for (const point of POINTS) {
        const pair = [await tableAt(prober, 'a', point), await tableAt(prober, 'b', point)] as const;
        const start = await Promise.all(pair.map(version));
        expect(start[0]).toBe(start[1]);
        let accepted = 0;
        for (const token of tokens) {
          for (const table of pair) table.live.set(token, await LiveClient.connect(node.base, table.created.id, table.created.tokens[token] as string));
          const own = prober === 'public' ? null : prober;
          for (const [index, event] of probes(point, own).entries()) {
            // Every other probe live, the rest over HTTP: both tables of the pair the same way.
            const live = index % 2 === 1;
            const replies = await Promise.all(
              pair.map(async (table) => {
                if (!live) return send(table, token, event);
                requests += 1;
                const frame = await (table.live.get(token) as LiveClient).send(event);
                return { status: frame.type === 'result' ? (frame.ok ? 200 : 422) : 403, body: frame };
              }),
            );
            probesSent += 1;
            const [a, b] = replies as [(typeof replies)[number], (typeof replies)[number]];
            const fields = (reply: typeof a): Record<string, unknown> => {
              const body = reply.body as Record<string, any>;
              const refusal = body.refusal ?? body.error ?? body;
              return { status: reply.status, ok: body.ok, version: body.version, code: refusal.code, params: JSON.stringify(refusal.params), message: refusal.message, id: body.id };
            };
            const fa = fields(a);
            const fb = fields(b);
            const differing = Object.keys(fa).filter((key) => fa[key] !== fb[key]);
            if (differing.length > 0) differences.push(`${token} at ${point}, ${JSON.stringify(event)}: ${differing.map((key) => `${key} ${String(fa[key])} ≠ ${String(fb[key])}`).join('; ')}`);
            if (a.status === 200 && b.status === 200) {
              accepted += 1;
              // A packet accepted on both is taken back on both, so the probes that follow meet the same point.
              const type = (event as { type: string }).type;
              if (type === 'pass.commit' || type === 'courtesy.commit') {
                const seat = (event as { seat: Seat }).seat;
                const back = await Promise.all(pair.map((table) => send(table, token, { type: 'pass.retract', seat })));
                if (back.every((reply) => reply.status === 200)) accepted += 1;
              }
            }
          }
          for (const table of pair) await (table.live.get(token) as LiveClient).close();
        }
        const [endA, endB] = (await Promise.all(pair.map(version))) as [number, number];
        const [startA, startB] = start as [number, number];
        // Refusals changed nothing: each table moved by exactly the probes both accepted (and their retractions).
        if (endA !== startA + accepted || endB !== startB + accepted) differences.push(`${prober} at ${point}: versions ${startA}/${startB} → ${endA}/${endB} with ${accepted} accepted on both`);
      }
    }
    console.log(`oracle: ${probesSent} probes to pairs of tables (${requests} requests), ${differences.length} differences${differences.length > 0 ? `, e.g.\n  ${differences.slice(0, 8).join('\n  ')}` : ''}`);
    expect(differences).toEqual([]);
  }, 600_000);
});
