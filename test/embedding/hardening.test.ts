/**
 * Core hardening: a table that no listener, no garbage and no seat can break or read.
 * Re-entrant sends from every kind of listener, garbage through `table.actor.send`, unpredictable live seeds,
 * ids without information, validators contained, typed argument errors and a strict restore.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  InputError,
  createCharleston,
  freshSeed,
  legalActions,
  persist,
  viewFor,
  type CharlestonEngine,
  type Seat,
  type SendResult,
} from '../../src/index.js';
import { dealFromInput, nextSeed } from '../../src/entries/rules.js';
import { legalEvents, teacherStrategy } from '../../src/entries/bots.js';
import { RestoreError, restore } from '../../src/entries/persist.js';
import { MAX_LISTENER_EVENTS } from '../../src/engine.js';
import { SEATS } from '../../src/seats.js';
import { RACKS } from '../unit/fixtures.js';
import { mulberry32 } from '../../src/prng.js';

/** The next bot event for whoever the table waits for, or a redeal in a misdeal; null when nobody can act. */
function nextMove(table: CharlestonEngine, random: () => number): unknown {
  const snapshot = table.getSnapshot();
  if (table.phase === 'misdeal') return { type: 'hand.redeal' };
  for (const seat of SEATS) {
    const event = teacherStrategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), random);
    if (event !== null) return event;
  }
  return null;
}

const randomOf = (seed: number): (() => number) => {
  const next = mulberry32(seed);
  return () => next() / 0x1_0000_0000;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('re-entrancy: events sent from inside listeners', () => {
  it('a subscribe listener that plays every next move finishes the hand exactly as a loop does', () => {
    const looped = createCharleston({ seed: 2026 });
    const loopRandom = randomOf(1);
    for (let move = nextMove(looped, loopRandom); move !== null && looped.output === null; move = nextMove(looped, loopRandom)) {
      expect(looped.send(move).ok).toBe(true);
    }
    const driven = createCharleston({ seed: 2026 });
    const drivenRandom = randomOf(1);
    const results: SendResult[] = [];
    driven.subscribe(() => {
      if (driven.output !== null) return;
      const move = nextMove(driven, drivenRandom);
      if (move !== null) results.push(driven.send(move));
    });
    const first = nextMove(driven, drivenRandom);
    expect(driven.send(first).ok).toBe(true);
    expect(driven.phase).toBe('complete');
    expect(results.length).toBeGreaterThan(20);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(persist(driven)).toBe(persist(looped));
  });

  it('a host that redeals from its listener: the outer send reports the misdeal, the table is in hand 2', () => {
    const table = createCharleston({ seed: 5 });
    const seen: string[] = [];
    let redeal: SendResult | null = null;
    table.subscribe((snapshot) => {
      seen.push(`${table.phase}:${snapshot.context.hand}`);
      if (table.phase === 'misdeal') redeal = table.send({ type: 'hand.redeal' });
    });
    const outer = table.send({ type: 'misdeal.declare', seat: 'west', reason: 'two racks touched' });
    expect(outer).toEqual({ ok: true, phase: 'misdeal' });
    expect(redeal).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(table.context.hand).toBe(2);
    // Listeners heard of both changes, in order: the misdeal first, then the new hand.
    expect(seen).toEqual(['misdeal:1', 'firstCharleston.right:2']);
  });

  it('listeners on the actor itself may send: decided against the state the event meets, applied right after', () => {
    const table = createCharleston({ seed: 9 });
    const east = legalEvents(legalActions(table, 'east'))[0];
    const south = legalEvents(legalActions(table, 'south'))[0];
    const inner: SendResult[] = [];
    const subscription = table.actor.subscribe(() => {
      if (inner.length === 0) {
        inner.push(table.send(south));
        // The same event again, while the first nested one is still queued: decided against the state after it.
        inner.push(table.send(south));
      }
    });
    const outer = table.send(east);
    subscription.unsubscribe();
    expect(outer).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(inner[0]).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(inner[1]?.ok === false && inner[1].refusal.code).toBe('ALREADY_COMMITTED');
    expect(table.context.table.east).not.toBeNull();
    expect(table.context.table.south).not.toBeNull();
    expect(table.getSnapshot().status).toBe('active');
  });

  it("the actor's emitted refusals and the table's on('rejected') may send too", () => {
    const table = createCharleston({ seed: 11 });
    const east = legalEvents(legalActions(table, 'east'))[0];
    const west = legalEvents(legalActions(table, 'west'))[0];
    const answers: SendResult[] = [];
    const emitted = table.actor.on('rejected', () => {
      if (answers.length === 0) answers.push(table.send(east));
    });
    const heard = table.on('rejected', () => {
      if (answers.length === 1) answers.push(table.send(west));
    });
    const refused = table.send({ type: 'pass.commit', seat: 'east', tiles: ['J', 'J', 'J'] });
    emitted.unsubscribe();
    heard();
    expect(refused.ok).toBe(false);
    expect(answers).toEqual([
      { ok: true, phase: 'firstCharleston.right' },
      { ok: true, phase: 'firstCharleston.right' },
    ]);
    expect(table.context.table.east).not.toBeNull();
    expect(table.context.table.west).not.toBeNull();
  });

  it("listeners hear of East's declaration (a change of state without a change of context)", () => {
    const table = createCharleston({ seed: 27 });
    const heard: string[] = [];
    table.subscribe((snapshot) => heard.push(snapshot.status));
    expect(table.send({ type: 'hand.declareMahjong', seat: 'east' })).toEqual({ ok: true, phase: 'eastMahjong' });
    expect(heard).toEqual(['done']);
  });

  it('a listener loop (every refusal answered by another refused event) is cut; the send returns', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const table = createCharleston({ seed: 8 });
    const answers: SendResult[] = [];
    const stop = table.on('rejected', () => {
      answers.push(table.send({ type: 'nonsense' }));
    });
    expect(table.send({ type: 'nonsense' }).ok).toBe(false);
    stop();
    expect(answers.length).toBe(MAX_LISTENER_EVENTS + 1);
    const last = answers[answers.length - 1];
    expect(last?.ok === false && last.refusal.code).toBe('INVALID_EVENT');
    expect(last?.ok === false && last.refusal.message).toMatch(/listener loop/);
    expect(errors).toHaveBeenCalledTimes(1);
    // The table is sound and answers the next send as usual.
    expect(table.send(legalEvents(legalActions(table, 'east'))[0]).ok).toBe(true);
  });

  it('a loop of accepted events from an actor listener (commit, retract, commit …) is cut too', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const table = createCharleston({ seed: 8 });
    const commit = legalEvents(legalActions(table, 'east'))[0];
    const subscription = table.actor.subscribe(() => {
      table.send(table.context.table.east === null ? commit : { type: 'pass.retract', seat: 'east' });
    });
    expect(table.send(commit).ok).toBe(true);
    subscription.unsubscribe();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(table.getSnapshot().status).toBe('active');
    expect(table.phase).toBe('firstCharleston.right');
  });

  it('a listener that throws is reported; the table and the other listeners go on', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const table = createCharleston({ seed: 3 });
    let calls = 0;
    table.subscribe(() => {
      throw new Error('listener bug');
    });
    table.subscribe(() => {
      calls += 1;
    });
    const result = table.send(legalEvents(legalActions(table, 'north'))[0]);
    expect(result.ok).toBe(true);
    expect(calls).toBe(1);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe('garbage through table.actor.send', () => {
  const garbage: [string, () => unknown][] = [
    ['null', () => null],
    ['undefined', () => undefined],
    ['42', () => 42],
    ['a string', () => 'pass.commit'],
    ['an object whose type getter throws', () => Object.defineProperty({}, 'type', { get: () => { throw new Error('boom'); }, enumerable: true })],
    ['a Proxy that throws on every read', () => new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } })],
    ['an internal event', () => ({ type: 'engine.refused', refusal: { code: 'NOT_NOW', message: 'forged' } })],
    ['an XState event', () => ({ type: 'xstate.stop' })],
  ];

  it.each(garbage)('%s is refused like any bad event; the actor stays active', (_name, make) => {
    const table = createCharleston({ seed: 4 });
    const before = persist(table);
    const refusals: string[] = [];
    table.on('rejected', ({ refusal }) => refusals.push(refusal.code));
    expect(() => table.actor.send(make() as never)).not.toThrow();
    expect(table.getSnapshot().status).toBe('active');
    expect(refusals).toEqual(['INVALID_EVENT']);
    expect(persist(table)).toBe(before);
    expect(table.send(legalEvents(legalActions(table, 'east'))[0]).ok).toBe(true);
  });

  it('a legal event through table.actor.send is applied as send() applies it', () => {
    const table = createCharleston({ seed: 4 });
    table.actor.send({ type: 'pass.commit', seat: 'east', tiles: legalActions(table, 'east').pass?.from.slice(0, 3) ?? [] });
    expect(table.context.table.east).not.toBeNull();
  });
});

describe('unpredictable live tables', () => {
  it('a table without seed and deal draws 128 bits from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const words = array as unknown as Uint32Array;
      for (let i = 0; i < words.length; i += 1) words[i] = 0x01020304 * (i + 1);
      return array;
    });
    const table = createCharleston();
    expect(spy).toHaveBeenCalledTimes(1);
    expect((spy.mock.calls[0]?.[0] as Uint32Array).length).toBe(4);
    expect(table.context.seed).toBe('01020304020406080306090c04080c10');
    expect(freshSeed()).toBe('01020304020406080306090c04080c10');
  });

  it('an explicit deal without a seed gets a fresh seed too (ids and wall unpredictable)', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const table = createCharleston({ deal: RACKS });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(typeof table.context.seed).toBe('string');
  });

  it('a hex seed is accepted in either case, dealt the same every time, and differs from its neighbour', () => {
    const seed = 'C0FFEE00'.repeat(4);
    const a = createCharleston({ seed });
    const b = createCharleston({ seed: seed.toLowerCase() });
    const c = createCharleston({ seed: `${seed.slice(0, 31)}1` });
    expect(a.context.seed).toBe(seed.toLowerCase());
    expect(persist(a)).toBe(persist(b));
    expect(a.context.wall).not.toEqual(c.context.wall);
  });

  it.each([
    ['31 hex digits', 'a'.repeat(31)],
    ['65 hex digits', 'a'.repeat(65)],
    ['a non-hex digit', `${'a'.repeat(31)}g`],
    ['a number beyond 32 bits', 2 ** 32],
  ])('a seed of %s is an InputError naming the seed', (_name, seed) => {
    expect(() => createCharleston({ seed })).toThrow(InputError);
    expect(() => createCharleston({ seed })).toThrow(/seed/);
  });

  it('the next hand after a misdeal uses the documented nextSeed, also after a restore', () => {
    const seed = '0123456789abcdef'.repeat(2);
    const table = createCharleston({ seed });
    table.send({ type: 'misdeal.declare', seat: 'south' });
    const restored = restore(persist(table));
    table.send({ type: 'hand.redeal' });
    restored.send({ type: 'hand.redeal' });
    expect(table.context.seed).toBe(nextSeed(seed));
    expect(table.context.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(persist(restored)).toBe(persist(table));
  });

  it('no view carries the seed or anything derived from it', () => {
    const seed = 'feedfacecafebeef'.repeat(2);
    const table = createCharleston({ seed });
    const snapshot = table.getSnapshot();
    for (const who of [...SEATS, null] as (Seat | null)[]) {
      const text = JSON.stringify(viewFor(snapshot, who as Seat, { locale: 'en' }));
      expect(text).not.toContain(seed);
      expect(text).not.toContain(String(nextSeed(seed)));
      expect(text).not.toMatch(/seed/i);
    }
  });
});

describe('ids without information', () => {
  // East holds two 1B (RACKS) and North a third is not dealt: with lowest-id assignment south would learn them.
  it('in an explicit deal, the ids of a face are a seeded choice: same seed same ids, other seeds other ids', () => {
    expect(dealFromInput(RACKS, 5)).toEqual(dealFromInput(RACKS, 5));
    const eastOneBam = new Set<string>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const deal = dealFromInput(RACKS, seed);
      eastOneBam.add(JSON.stringify(deal.racks.east.filter((id) => id < 4)));
    }
    // Two of the four 1B ids, chosen by the seed: all six pairs appear over 40 seeds.
    expect(eastOneBam.size).toBe(6);
  });

  it("from its own ids a seat cannot tell how many copies of a face another seat holds", () => {
    // South holds one 9C (ids 68–71). East holds none, West none: if ids were given lowest-first in seat order,
    // south's 9C would always be id 68. With seeded ids any of the four turns up.
    const southNineCrak = new Set<number>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const deal = dealFromInput(RACKS, seed);
      for (const id of deal.racks.south) if (id >= 68 && id < 72) southNineCrak.add(id);
    }
    expect([...southNineCrak].sort()).toEqual([68, 69, 70, 71]);
  });
});

describe('validators contained (R10)', () => {
  const declare = { type: 'hand.declareMahjong', seat: 'east' } as const;

  it('a validator that throws is a refusal saying the check failed; the table goes on', () => {
    const table = createCharleston({ seed: 2, isWinningHand: () => { throw new Error('card service down'); } });
    const result = table.send(declare);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.code).toBe('NOT_A_WINNING_HAND');
      expect(result.refusal.message).toContain('card service down');
      expect(result.refusal.message).toMatch(/check failed/);
    }
    expect(table.phase).toBe('firstCharleston.right');
  });

  it.each([['"no"', 'no'], ['1', 1], ['undefined', undefined], ['a promise', Promise.resolve(true)]])('a validator answering %s is a refusal', (_name, answer) => {
    const table = createCharleston({ seed: 2, isWinningHand: () => answer as unknown as boolean });
    const result = table.send(declare);
    expect(result.ok === false && result.refusal.code).toBe('NOT_A_WINNING_HAND');
    expect(table.phase).toBe('firstCharleston.right');
  });

  it('legal actions take the validator from the table, or as an option, and never offer what send() refuses', () => {
    const table = createCharleston({ seed: 2, isWinningHand: () => false });
    expect(legalActions(table, 'east').declareMahjong).toBe(false);
    expect(legalActions(table.getSnapshot(), 'east', { isWinningHand: () => false }).declareMahjong).toBe(false);
    expect(legalActions(table.getSnapshot(), 'east').declareMahjong).toBe(true);
    const yes = createCharleston({ seed: 2, isWinningHand: (rack) => rack.length === 14 });
    expect(legalActions(yes, 'east').declareMahjong).toBe(true);
    expect(yes.send(declare)).toEqual({ ok: true, phase: 'eastMahjong' });
  });
});

describe('every input typed', () => {
  it.each([
    ['createCharleston(null)', () => createCharleston(null as never), 'options'],
    ['createCharleston(42)', () => createCharleston(42 as never), 'options'],
    ['createCharleston({ colour: 1 })', () => createCharleston({ colour: 1 } as never), 'options.colour'],
    ['createCharleston({ isWinningHand: true })', () => createCharleston({ seed: 1, isWinningHand: true as never }), 'isWinningHand'],
    ["viewFor(snapshot, 'nobody')", () => viewFor(createCharleston({ seed: 1 }).getSnapshot(), 'nobody' as Seat), 'seat (or null for the public view)'],
    ["legalActions(snapshot, '__proto__')", () => legalActions(createCharleston({ seed: 1 }).getSnapshot(), '__proto__' as Seat), 'seat'],
    ["legalActions(null, 'east')", () => legalActions(null as never, 'east'), 'source'],
    ['viewFor(undefined, east)', () => viewFor(undefined as never, 'east'), 'snapshot'],
  ])('%s throws an InputError naming %s', (_name, call, where) => {
    let caught: unknown;
    try {
      call();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).where).toBe(where);
  });

  it('createCharleston() with no argument works', () => {
    expect(createCharleston().phase).toBe('firstCharleston.right');
  });
});

describe('restore reads every field it trusts', () => {
  const table = createCharleston({ seed: 6 });
  const text = persist(table);
  const edit = (change: (value: { phase: string; context: Record<string, unknown> }) => void): string => {
    const value = JSON.parse(text) as { phase: string; context: Record<string, unknown> };
    change(value);
    return JSON.stringify(value);
  };
  const passed = ((): string => {
    const t = createCharleston({ seed: 6 });
    for (const seat of SEATS) t.send(legalEvents(legalActions(t, seat))[0]);
    return persist(t);
  })();

  it.each([
    ['restore(undefined)', undefined, 'text'],
    ['restore({})', {}, 'text'],
    ['restore(42)', 42, 'text'],
    ['a hand number of 1e308', edit((v) => (v.context.hand = 1e308)), 'context.hand'],
    ['a hand number of 0', edit((v) => (v.context.hand = 0)), 'context.hand'],
    ['a misdeal reason of 501 characters', edit((v) => {
      v.phase = 'misdeal';
      v.context.misdeal = { by: 'east', reason: 'x'.repeat(501) };
    }), 'context.misdeal.reason'],
    ['a misdeal reason of 10^7 characters', edit((v) => {
      v.phase = 'misdeal';
      v.context.misdeal = { by: 'east', reason: 'x'.repeat(10_000_000) };
    }), 'text'],
    ['received tiles before the first pass', edit((v) => ((v.context.received as Record<string, number[]>).east = [(v.context.racks as Record<string, number[]>).east?.[0] as number])), 'context.received.east'],
  ])('%s is a RestoreError naming %s', (_name, input, where) => {
    let caught: unknown;
    try {
      restore(input as string);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RestoreError);
    expect((caught as RestoreError).name).toBe('RestoreError');
    expect((caught as RestoreError).where).toBe(where);
  });

  it("a received list naming another seat's tiles is refused (that seat's view would show them)", () => {
    const value = JSON.parse(passed) as { context: { received: Record<Seat, number[]>; racks: Record<Seat, number[]> } };
    value.context.received.south = [value.context.racks.east[0] as number];
    expect(() => restore(JSON.stringify(value))).toThrow(/context\.received\.south/);
    const sound = restore(passed);
    expect(viewFor(sound.getSnapshot(), 'south').received).toHaveLength(3);
  });
});

describe('the output for the next phase of the game', () => {
  it('a finished hand gives racks as codes, the wall in draw order, the dealer, the hand and how it went', () => {
    const table = createCharleston({ seed: 2026 });
    expect(table.output).toBeNull();
    const random = randomOf(7);
    for (let move = nextMove(table, random); move !== null && table.output === null; move = nextMove(table, random)) table.send(move);
    const output = table.output;
    expect(table.phase).toBe('complete');
    expect(output).toEqual(table.getSnapshot().output);
    expect(output?.outcome).toBe('complete');
    expect(output?.dealer).toBe('east');
    expect(output?.hand).toBe(1);
    expect(output?.racks.east).toHaveLength(14);
    for (const seat of SEATS) {
      expect(output?.racks[seat]).toEqual(viewFor(table.getSnapshot(), seat).rack.map((tile) => tile.tile));
    }
    expect(output?.wall).toHaveLength(152 - 53);
    expect(['played', 'stopped']).toContain(output?.secondCharleston);
    expect(JSON.parse(JSON.stringify(output))).toEqual(output);
  });

  it("East's declaration gives an eastMahjong output with the Charleston not reached", () => {
    const table = createCharleston({ seed: 1 });
    table.send({ type: 'hand.declareMahjong', seat: 'east' });
    expect(table.output).toMatchObject({ outcome: 'eastMahjong', secondCharleston: 'notReached', courtesy: { eastWest: null, southNorth: null } });
  });
});
