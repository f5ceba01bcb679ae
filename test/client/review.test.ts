/**
 * The review of a finished hand, built from its log alone (`src/client/review.ts`): checked against the engine
 * itself. Seeded bot hands are played; after every pass that resolves, each seat's `received` in its own view must
 * be exactly the tiles the review says arrived at it, less the ones it forwarded unseen (decision 0002). Also: the
 * stop vote, the courtesy exchanges, a hand's entries after its last redeal, and untrusted log bodies.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { buildReview, entriesOfHand, parseLog, resolvePackets, type LogEntry } from '../../src/client/review.js';
import { playHand, randomStrategy, teacherStrategy } from '../../src/entries/bots.js';
import { sortCodes } from '../../src/entries/rules.js';
import { SEATS, viewFor, type Seat, type Tile } from '../../src/index.js';

/** A seeded bot hand, its log as the service would store it, and what each seat received after each pass. */
function playLogged(seed: number, random: boolean) {
  const log: LogEntry[] = [];
  const received: { phase: string; bySeat: Record<Seat, Tile[]> }[] = [];
  const strategy = random ? randomStrategy : teacherStrategy;
  const outcome = playHand({
    seed,
    botSeed: seed * 7 + 1,
    redeal: true,
    strategies: { east: strategy, south: strategy, west: strategy, north: strategy },
    onEvent: (played, service) => {
      if (!played.result.ok) return;
      log.push({ version: log.length + 1, seat: 'seat' in played.event ? played.event.seat : null, event: { ...played.event } as Record<string, unknown>, hand: 1 });
      const snapshot = service.getSnapshot();
      const views = SEATS.map((seat) => viewFor(snapshot, seat));
      const phase = views[0]?.phase ?? '';
      // Sampled after every commit; the one that changed the phase resolved the pass.
      if (played.event.type === 'pass.commit') {
        const bySeat = Object.fromEntries(views.map((view) => [view.seat, sortCodes(view.received.map((tile) => tile.tile))])) as Record<Seat, Tile[]>;
        received.push({ phase, bySeat });
      }
    },
  });
  return { log, received, phase: outcome.phase };
}

describe('the review of a hand, from its log', () => {
  it("skips the service's own rows (a join, the clock's start, a name) wherever they fall in the log", () => {
    const { log } = playLogged(5, false);
    const own: Record<string, unknown>[] = [{ type: 'table.join', seat: 'south' }, { type: 'table.start' }, { type: 'table.name', seat: 'east', name: 'Ana' }, { type: 'table.join', seat: 'north' }];
    // The service's rows land between the engine's, at their own versions.
    const mixed: LogEntry[] = [];
    log.forEach((entry, index) => {
      const slot = own.findIndex((_row, k) => Math.floor((k * log.length) / own.length) === index);
      const extra = own[slot];
      if (extra !== undefined) mixed.push({ version: mixed.length + 1, seat: typeof extra.seat === 'string' ? (extra.seat as Seat) : null, event: extra, hand: 1 });
      mixed.push({ ...entry, version: mixed.length + 1 });
    });
    expect(mixed.length).toBe(log.length + own.length);
    expect(buildReview(entriesOfHand(mixed, 1))).toEqual(buildReview(entriesOfHand(log, 1)));
  });

  it('says exactly which tiles arrived at each seat in every pass of seeded bot hands (blind passes too)', () => {
    let passesChecked = 0;
    let blindPackets = 0;
    for (let seed = 1; seed <= 24; seed += 1) {
      const { log, received } = playLogged(seed, seed % 2 === 0);
      const review = buildReview(entriesOfHand(log, 1));
      // Check each resolved pass against the engine: what arrived, minus the k forwarded blind by the receiver.
      const byPass = new Map<string, Record<Seat, Tile[]>>();
      let previous = 'firstCharleston.right';
      for (const entry of received) {
        if (entry.phase !== previous) byPass.set(previous, entry.bySeat);
        previous = entry.phase;
      }
      for (const pass of review.passes) {
        const actual = byPass.get(pass.phase);
        expect(actual, `seed ${seed}: ${pass.phase} resolved`).toBeDefined();
        for (const packet of pass.packets) {
          if (packet.blind > 0) blindPackets += 1;
          expect(packet.tiles.length + packet.blind).toBe(3);
          expect(sortCodes(packet.received), `seed ${seed}: ${pass.phase} into ${packet.to}`).toEqual(actual?.[packet.to]);
        }
        passesChecked += 1;
      }
    }
    expect(passesChecked).toBeGreaterThan(24 * 3);
    expect(blindPackets).toBeGreaterThan(0);
  });

  it('resolves a ring of blind passes as the contract example (R6) and moves nothing when nobody passes a tile', () => {
    const commits = {
      east: { tiles: ['1B', '2B'] as Tile[], blind: 1 },
      south: { tiles: ['1C', '2C'] as Tile[], blind: 1 },
      west: { tiles: ['1D', '2D'] as Tile[], blind: 1 },
      north: { tiles: ['N', 'S'] as Tile[], blind: 1 },
    };
    const packets = resolvePackets('left', commits);
    // The contract's example: east sends e1 e2 s1 to north, which keeps e2 s1 (it forwards e1 blind); east keeps s2 w1.
    expect(packets.find((p) => p.from === 'east')).toEqual({ from: 'east', to: 'north', tiles: ['1B', '2B'], blind: 1, received: ['2B', '1C'] });
    expect(packets.find((p) => p.from === 'south')?.received).toEqual(['2C', '1D']);
    const none = resolvePackets('left', { east: { tiles: [], blind: 3 }, south: { tiles: [], blind: 3 }, west: { tiles: [], blind: 3 }, north: { tiles: [], blind: 3 } });
    expect(none.every((packet) => packet.tiles.length === 0 && packet.received.length === 0)).toBe(true);
  });

  it('records the stop vote, who stopped, and the courtesy exchange; a take-back removes a packet', () => {
    const entries: LogEntry[] = [];
    const add = (seat: Seat | null, event: Record<string, unknown>): void => {
      entries.push({ version: entries.length + 1, seat, event: seat === null ? event : { ...event, seat }, hand: 2 });
    };
    for (const direction of ['right', 'across', 'left']) {
      void direction;
      for (const seat of SEATS) add(seat, { type: 'pass.commit', tiles: ['1B', '2B', '3B'] });
    }
    add('south', { type: 'pass.commit', tiles: ['9D', '9D', '9D'] });
    add('south', { type: 'pass.retract' });
    add('east', { type: 'vote.cast', vote: 'continue' });
    add('west', { type: 'vote.cast', vote: 'stop' });
    add('east', { type: 'courtesy.offer', count: 1 });
    add('west', { type: 'courtesy.offer', count: 2 });
    add('west', { type: 'courtesy.commit', tiles: ['7C'] });
    add('east', { type: 'courtesy.commit', tiles: ['F'] });
    const review = buildReview(entries);
    expect(review.passes.map((pass) => pass.phase)).toEqual(['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left']);
    expect(review.votes).toEqual([{ seat: 'east', vote: 'continue' }, { seat: 'west', vote: 'stop' }]);
    expect(review.stoppedBy).toBe('west');
    expect(review.courtesy).toEqual([
      { from: 'east', to: 'west', tiles: ['F'], blind: 0, received: ['F'] },
      { from: 'west', to: 'east', tiles: ['7C'], blind: 0, received: ['7C'] },
    ]);
  });

  it("keeps East's declaration and its answers, and only the deal after the last redeal of the hand asked for", () => {
    const log: LogEntry[] = [
      { version: 1, seat: 'east', event: { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B', '3B'] }, hand: 1 },
      { version: 2, seat: 'south', event: { type: 'misdeal.declare', seat: 'south' }, hand: 1 },
      { version: 3, seat: null, event: { type: 'hand.redeal' }, hand: 1 },
      { version: 4, seat: 'east', event: { type: 'hand.declareMahjong', seat: 'east' }, hand: 1 },
      { version: 5, seat: 'south', event: { type: 'declaration.accept', seat: 'south' }, hand: 1 },
      { version: 6, seat: 'north', event: { type: 'declaration.accept', seat: 'north' }, hand: 1 },
      { version: 7, seat: 'east', event: { type: 'pass.commit', seat: 'east', tiles: ['4B', '5B', '6B'] }, hand: 2 },
    ];
    const hand = entriesOfHand(log, 1);
    expect(hand.map((entry) => entry.version)).toEqual([4, 5, 6]);
    const review = buildReview(hand);
    expect(review).toMatchObject({ declared: true, accepted: ['south', 'north'], misdealBy: null, passes: [] });
    expect(entriesOfHand(log, 2).map((entry) => entry.version)).toEqual([7]);
  });

  it('reads a log body defensively and names what is wrong', () => {
    expect(() => parseLog({ nope: [] })).toThrow(/"events"/);
    expect(() => parseLog(null)).toThrow(/"events"/);
    const entries = parseLog({
      events: [
        { version: 1, seat: 'east', event: { type: 'pass.commit', seat: 'east', tiles: ['1B', 'XX', 3] }, at: 'x', hand: 1 },
        { version: 'two', seat: 'east', event: { type: 'pass.retract' } },
        { version: 3, seat: 'mars', event: { type: 'hand.redeal' } },
        { version: 4, seat: 'east', event: 'pass' },
      ],
    });
    expect(entries).toEqual([
      { version: 1, seat: 'east', event: { type: 'pass.commit', seat: 'east', tiles: ['1B', 'XX', 3] }, hand: 1 },
      { version: 3, seat: null, event: { type: 'hand.redeal' }, hand: null },
    ]);
    // Tiles that are not tile codes never reach the review.
    const review = buildReview([
      ...SEATS.map((seat, index) => ({ version: index + 1, seat, event: { type: 'pass.commit', seat, tiles: ['1B', 'XX', 3] }, hand: null })),
    ]);
    expect(review.passes[0]?.packets[0]?.tiles).toEqual(['1B']);
  });
});
