/**
 * The pure rules of a table of friends, table-driven: the deal passing to the right, the next hand's seed, names,
 * deadlines per decision, and the bots waiting at the checkpoint for every person's vote.
 */
import { describe, expect, it } from 'vitest';
import { SEATS, createCharleston, viewFor, type Seat } from '../../src/index.js';
import { nextBotMove, isWaitingForHumanVotes } from '../../src/server/bots.js';
import type { CachedTable } from '../../src/server/cache.js';
import { earliestDeadline, expiredSeat, nextDeadlines, shownDeadlines } from '../../src/server/clock.js';
import { homeOf, nextHandSeed, rotateBySeat, seatAfter, tableRules } from '../../src/server/hands.js';
import { namesNow, seatOfRole } from '../../src/server/hub.js';
import { checkName, checkNames } from '../../src/server/names.js';
import type { Players } from '../../src/server/players.js';

describe('the deal passes to the right', () => {
  it.each([
    // home, rotation, seat now
    ['south', 1, 'east'],
    ['west', 1, 'south'],
    ['north', 1, 'west'],
    ['east', 1, 'north'],
    ['east', 2, 'west'],
    ['east', 4, 'east'],
    ['south', 5, 'east'],
  ] as const)('%s after %i deals sits at %s', (home, rotation, now) => {
    expect(seatAfter(home, rotation)).toBe(now);
    expect(homeOf(now, rotation)).toBe(home);
  });

  it('a by-seat record follows its people; names are shown by seat now', () => {
    expect(rotateBySeat({ east: 'human', south: 'teacher', west: 'random', north: 'human' })).toEqual({ north: 'human', east: 'teacher', south: 'random', west: 'human' });
    expect(namesNow({ south: 'Ana' }, 2)).toEqual({ east: 'Ana' });
    expect(namesNow({ south: 'Ana' }, 1)).toEqual({ south: 'Ana' });
    expect(seatOfRole({ role: 'seat', home: 'south' }, 2)).toBe('east');
    expect(seatOfRole({ role: 'admin' }, 2)).toBeNull();
  });
});

describe('the next hand', () => {
  it('derives a live seed from the creation seed and the hand, deterministic and distinct per hand', () => {
    const second = nextHandSeed(77, 2);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(nextHandSeed(77, 2)).toBe(second);
    expect(nextHandSeed(77, 3)).not.toBe(second);
    expect(nextHandSeed(78, 2)).not.toBe(second);
    expect(nextHandSeed('ABCDEF0123456789abcdef0123456789', 2)).toBe(nextHandSeed('abcdef0123456789abcdef0123456789', 2));
    expect(() => nextHandSeed(77, 1)).toThrow(/hand/);
    // The engine takes it as a seed.
    createCharleston({ seed: second }).stop();
  });

  it('keeps a card as given; a table without a card gets the declaration review when the engine has it', () => {
    const card = { winningHands: [['1B']] };
    expect(tableRules(card)).toBe(card);
    const none = tableRules(undefined);
    let supported = true;
    try {
      createCharleston({ seed: 0, rules: { declarationReview: true } } as Parameters<typeof createCharleston>[0]).stop();
    } catch {
      supported = false;
    }
    expect(none).toEqual(supported ? { declarationReview: true } : undefined);
    createCharleston({ seed: 0, ...(none === undefined ? {} : { rules: none }) } as Parameters<typeof createCharleston>[0]).stop();
  });
});

describe('names', () => {
  it.each([
    ['  Ana  ', 'Ana'],
    ['Zoë', 'Zoë'],
    ['麻雀の友', '麻雀の友'],
    ['🀄'.repeat(24), '🀄'.repeat(24)], // 24 code points, 48 UTF-16 units
    ['<b>x</b>', '<b>x</b>'], // data, never markup: kept as typed, escaped by whoever shows it
  ])('%j is the name %j', (input, stored) => {
    expect(checkName(input, 'name')).toBe(stored);
  });

  it.each([
    ['', /name: must not be empty/],
    ['   ', /name: must not be empty/],
    ['x'.repeat(25), /name: at most 24 characters, got 25/],
    ['🀄'.repeat(25), /at most 24 characters, got 25/],
    ['a\u0000b', /control characters/],
    ['a\nb', /control characters/],
    ['a\u202Eb', /control characters/],
    [42, /name: must be a string/],
  ])('%j is refused', (input, message) => {
    expect(() => checkName(input, 'name')).toThrow(message);
  });

  it('names a create request field by seat', () => {
    expect(checkNames({ east: ' Ana ' })).toEqual({ east: 'Ana' });
    expect(() => checkNames({ west: '' })).toThrow(/names\.west/);
  });
});

describe('the clock of one decision', () => {
  const humans: Players = { east: 'human', south: 'human', west: 'human', north: 'teacher' };
  const base = { clock: 30, players: humans, now: 1_000 };
  it('starts for every human seat waited for in a new phase; none for bots', () => {
    expect(nextDeadlines({ ...base, previous: {}, phaseBefore: null, phaseAfter: 'firstCharleston.right', waiting: SEATS, actor: null })).toEqual({ east: 31_000, south: 31_000, west: 31_000 });
  });
  it('keeps a seat deadline while others act; restarts it when the seat acted and must act again or the phase changed', () => {
    const previous = { east: 31_000, south: 31_000 };
    expect(nextDeadlines({ ...base, now: 5_000, previous, phaseBefore: 'courtesy', phaseAfter: 'courtesy', waiting: ['east', 'south'], actor: 'west' })).toEqual(previous);
    expect(nextDeadlines({ ...base, now: 5_000, previous, phaseBefore: 'courtesy', phaseAfter: 'courtesy', waiting: ['east', 'south'], actor: 'east' })).toEqual({ east: 35_000, south: 31_000 });
    expect(nextDeadlines({ ...base, now: 5_000, previous, phaseBefore: 'firstCharleston.right', phaseAfter: 'firstCharleston.across', waiting: ['east'], actor: 'south' })).toEqual({ east: 35_000 });
    expect(nextDeadlines({ ...base, clock: null, previous, phaseBefore: null, phaseAfter: 'courtesy', waiting: ['east'], actor: null })).toEqual({});
  });
  it('finds the first expired seat still waited for, and shows only the waited-for deadlines', () => {
    const deadlines = { east: 10, south: 5, west: 50 };
    expect(earliestDeadline(deadlines)).toBe(5);
    expect(earliestDeadline({})).toBeNull();
    expect(expiredSeat(deadlines, ['south', 'west'], 10)).toBe('south');
    expect(expiredSeat(deadlines, ['west'], 10)).toBeNull();
    expect(expiredSeat(deadlines, ['east', 'west'], 9)).toBeNull();
    expect(shownDeadlines(deadlines, ['west'])).toEqual({ west: 50 });
  });
});

describe('bots at the stop checkpoint', () => {
  /** A table at the stop checkpoint: three teacher bots and a person at `human`, who has voted or not. */
  function atCheckpoint(human: Seat, humanVoted: boolean): CachedTable {
    const engine = createCharleston({ seed: 5 });
    for (const _pass of [0, 1, 2]) {
      for (const seat of SEATS) {
        const codes = viewFor(engine.getSnapshot(), seat).rack.map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
        expect(engine.send({ type: 'pass.commit', seat, tiles: codes }).ok).toBe(true);
      }
    }
    expect(engine.getSnapshot().value).toBe('stopCheckpoint');
    if (humanVoted) expect(engine.send({ type: 'vote.cast', seat: human, vote: 'continue' }).ok).toBe(true);
    const players = Object.fromEntries(SEATS.map((seat) => [seat, seat === human ? 'human' : 'teacher'])) as Players;
    return { id: 't', engine, snapshot: engine.getSnapshot(), version: 12, locale: 'en', players, deal: 1, dealVersion: 0, chosenDeal: false, names: {}, clock: null, deadlines: {}, notice: null, joined: [], clockStarted: true, card: null };
  }

  it('vote only once every person has voted', () => {
    const waiting = atCheckpoint('south', false);
    expect(isWaitingForHumanVotes(waiting)).toBe(true);
    expect(nextBotMove(waiting)).toBeNull();
    const voted = atCheckpoint('south', true);
    expect(isWaitingForHumanVotes(voted)).toBe(false);
    expect(nextBotMove(voted)).toMatchObject({ event: { type: 'vote.cast' } });
    waiting.engine.stop();
    voted.engine.stop();
  });
});
