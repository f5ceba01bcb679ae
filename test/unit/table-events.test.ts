/**
 * Retract (R5), vote (R7), East's declaration (R10), North's draw (R11), misdeal and redeal (R12).
 */
import { describe, expect, it } from 'vitest';
import { PHASES } from '../../src/phase.js';
import { ENDED_PHASES, checkAccept, checkDeclare, checkInReview, checkDraw, checkMisdeal, checkRedeal, checkRetract, checkVote, isInPlay, isWinningRack } from '../../src/rules/table-events.js';
import { retractPacket } from '../../src/rules/pass.js';
import { facesOf, type Tile } from '../../src/tiles.js';
import { PASS_RULES, type CharlestonContext, type Phase, type RefusalCode, type WinningHandValidator } from '../../src/types.js';
import { RACKS, SHORT_NORTH, tableOf, withCommit, withOffers, withVotes } from './fixtures.js';

const base = tableOf();
const PASS_PHASES = PHASES.filter((phase) => PASS_RULES[phase] !== undefined);
const ENDED: readonly Phase[] = ['complete', 'eastMahjong', 'misdeal'];
const IN_PLAY = PHASES.filter((phase) => !ENDED.includes(phase));

describe('phases', () => {
  it('the hand has ended in complete, eastMahjong and misdeal only', () => {
    expect([...ENDED_PHASES].sort()).toEqual([...ENDED].sort());
    expect(PHASES.filter(isInPlay)).toEqual(IN_PLAY);
    expect(IN_PLAY).toHaveLength(9);
    expect(PASS_PHASES).toHaveLength(6);
  });
});

describe('checkRetract (R5, R9)', () => {
  const eastIn = withCommit(base, 'east', ['1B', '2B', '3B']);
  it.each(PASS_PHASES)('%s: a packet on the table comes back', (phase) => {
    expect(checkRetract(eastIn, 'east', phase)).toBeNull();
  });
  it.each(PASS_PHASES)('%s: nothing on the table → NOTHING_TO_RETRACT', (phase) => {
    expect(checkRetract(eastIn, 'south', phase)?.code).toBe('NOTHING_TO_RETRACT');
  });
  it.each(['stopCheckpoint', ...ENDED] as const)('%s → NOT_NOW', (phase) => {
    expect(checkRetract(base, 'east', phase)?.code).toBe('NOT_NOW');
  });
  it('after the packet was retracted there is nothing left to retract', () => {
    const back = { ...eastIn, ...retractPacket(eastIn, 'east') };
    expect(checkRetract(back, 'east', 'firstCharleston.right')?.code).toBe('NOTHING_TO_RETRACT');
  });

  const agreed = withOffers(base, { east: 2, west: 2, south: 0, north: 3 });
  const rows: ReadonlyArray<[string, CharlestonContext, 'east' | 'south' | 'west' | 'north', RefusalCode | null]> = [
    ['courtesy packet before the partner commits', withCommit(agreed, 'east', ['1B', '2B']), 'east', null],
    ['courtesy, pair exchanging, no packet', agreed, 'west', 'NOTHING_TO_RETRACT'],
    ['courtesy, pair still offering', withOffers(base, { east: 1 }), 'east', 'NOTHING_TO_RETRACT'],
    ['courtesy, pair done at 0', agreed, 'north', 'NOT_NOW'],
    ['courtesy, pair exchanged', { ...agreed, exchanged: { eastWest: true, southNorth: false } }, 'east', 'NOT_NOW'],
  ];
  it.each(rows)('%s', (_name, context, seat, expected) => {
    expect(checkRetract(context, seat, 'courtesy')?.code ?? null).toBe(expected);
  });
});

describe('checkVote (R7)', () => {
  it('a first vote at the checkpoint is accepted', () => {
    expect(checkVote(base, 'south', 'stopCheckpoint')).toBeNull();
  });
  it('a second vote is ALREADY_VOTED, whatever it says', () => {
    const voted = withVotes(base, { south: 'continue' });
    expect(checkVote(voted, 'south', 'stopCheckpoint')?.code).toBe('ALREADY_VOTED');
    expect(checkVote(voted, 'west', 'stopCheckpoint')).toBeNull();
  });
  it.each(PHASES.filter((phase) => phase !== 'stopCheckpoint'))('%s → NOT_NOW', (phase) => {
    expect(checkVote(base, 'east', phase)?.code).toBe('NOT_NOW');
    // state comes before once-only
    expect(checkVote(withVotes(base, { east: 'continue' }), 'east', phase)?.code).toBe('NOT_NOW');
  });
  it('inside the second Charleston the message says it must be finished', () => {
    expect(checkVote(base, 'east', 'secondCharleston.across')?.params).toEqual({ phase: 'secondCharleston.across', why: 'secondCharlestonBegun' });
  });
});

describe('checkDeclare (R10)', () => {
  const winning: Tile[] = [...RACKS.east];
  const losing: Tile[] = ['1C', '1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'W', 'S', 'GD', 'F'];

  it.each(PHASES)('south in %s → ONLY_EAST', (phase) => {
    expect(checkDeclare(base, 'south', phase)?.code).toBe('ONLY_EAST');
  });
  it.each(['west', 'north'] as const)('%s → ONLY_EAST even when East could declare', (seat) => {
    expect(checkDeclare(base, seat, 'firstCharleston.right')?.code).toBe('ONLY_EAST');
  });
  it('east before any commit, no card → accepted', () => {
    expect(checkDeclare(base, 'east', 'firstCharleston.right')).toBeNull();
  });
  it.each(['east', 'south', 'north'] as const)('east after %s committed → DECLARE_TOO_LATE', (seat) => {
    const tiles: Record<typeof seat, Tile[]> = { east: ['1B', '2B', '3B'], south: ['1C', '2C', '3C'], north: ['N', 'E', 'W'] };
    expect(checkDeclare(withCommit(base, seat, tiles[seat]), 'east', 'firstCharleston.right')?.code).toBe('DECLARE_TOO_LATE');
  });
  it('a retracted commit does not count', () => {
    const committed = withCommit(base, 'west', ['1D', '2D', '3D']);
    const back = { ...committed, ...retractPacket(committed, 'west') };
    expect(checkDeclare(back, 'east', 'firstCharleston.right')).toBeNull();
  });
  it.each(IN_PLAY.filter((phase) => phase !== 'firstCharleston.right'))('east in %s → DECLARE_TOO_LATE', (phase) => {
    expect(checkDeclare(base, 'east', phase)?.code).toBe('DECLARE_TOO_LATE');
  });
  it.each(ENDED)('east in %s → NOT_NOW', (phase) => {
    expect(checkDeclare(base, 'east', phase)?.code).toBe('NOT_NOW');
  });
  it('winningHands: East’s rack as a listed multiset (any order) → accepted', () => {
    const rules = { winningHands: [losing, [...winning].reverse()] };
    expect(checkDeclare(tableOf({}, rules), 'east', 'firstCharleston.right')).toBeNull();
  });
  it('winningHands: not listed → NOT_A_WINNING_HAND', () => {
    expect(checkDeclare(tableOf({}, { winningHands: [losing] }), 'east', 'firstCharleston.right')?.code).toBe('NOT_A_WINNING_HAND');
  });
  it('winningHands: one tile different → NOT_A_WINNING_HAND', () => {
    const near: Tile[] = [...winning.slice(0, 13), 'GD'];
    expect(checkDeclare(tableOf({}, { winningHands: [near] }), 'east', 'firstCharleston.right')?.code).toBe('NOT_A_WINNING_HAND');
  });
  it('too late beats not a winning hand', () => {
    const table = withCommit(tableOf({}, { winningHands: [losing] }), 'south', ['1C', '2C', '3C']);
    expect(checkDeclare(table, 'east', 'firstCharleston.right')?.code).toBe('DECLARE_TOO_LATE');
  });
  it('a validator decides, and sees East’s 14 codes', () => {
    const seen: Tile[][] = [];
    const yes: WinningHandValidator = (rack) => {
      seen.push([...rack]);
      return true;
    };
    expect(checkDeclare(base, 'east', 'firstCharleston.right', yes)).toBeNull();
    expect(seen).toEqual([facesOf(base.racks.east)]);
    expect(seen[0]).toHaveLength(14);
    expect(checkDeclare(base, 'east', 'firstCharleston.right', () => false)?.code).toBe('NOT_A_WINNING_HAND');
  });
  it('isWinningRack without card or validator accepts any rack', () => {
    expect(isWinningRack(losing, {})).toBe(true);
    expect(isWinningRack(losing, { winningHands: [winning] })).toBe(false);
    expect(isWinningRack(winning.slice(0, 13), { winningHands: [winning] })).toBe(false);
  });
});

describe('checkAccept and checkInReview (R10 review)', () => {
  const reviewed = tableOf({}, { declarationReview: true });
  it('south, west and north accept once each, in declarationReview only', () => {
    for (const seat of ['south', 'west', 'north'] as const) {
      expect(checkAccept(reviewed, seat, 'declarationReview')).toBeNull();
      expect(checkAccept({ ...reviewed, acceptedBy: [seat] }, seat, 'declarationReview')?.code).toBe('ALREADY_ACCEPTED');
      expect(checkAccept(reviewed, seat, 'firstCharleston.right')?.code).toBe('NOT_NOW');
    }
  });
  it.each(PHASES)('east never accepts its own hand (%s)', (phase) => {
    expect(checkAccept(reviewed, 'east', phase)?.code).toBe('EAST_CANNOT_ACCEPT');
  });
  it('the review decides acceptances, misdeals and the redeal by their own rules', () => {
    expect(checkInReview({ type: 'declaration.accept', seat: 'east' })).toBeUndefined();
    expect(checkInReview({ type: 'misdeal.declare', seat: 'west' })).toBeUndefined();
    expect(checkInReview({ type: 'hand.redeal' })).toBeUndefined();
    expect(checkInReview({ type: 'hand.declareMahjong', seat: 'west' })?.code).toBe('ONLY_EAST');
    expect(checkInReview({ type: 'hand.declareMahjong', seat: 'east' })?.code).toBe('NOT_NOW');
    expect(checkInReview({ type: 'wall.draw', seat: 'north' })?.code).toBe('NOT_NOW');
  });
});

describe('checkDraw (R11)', () => {
  const short = tableOf({ north: SHORT_NORTH });
  it.each(IN_PLAY)('a short North draws in %s', (phase) => {
    expect(checkDraw(short, 'north', phase)).toBeNull();
  });
  it.each(ENDED)('%s → NOT_NOW, even for a short North', (phase) => {
    expect(checkDraw(short, 'north', phase)?.code).toBe('NOT_NOW');
  });
  it.each(['east', 'south', 'west'] as const)('%s → NOT_SHORT', (seat) => {
    expect(checkDraw(short, seat, 'courtesy')?.code).toBe('NOT_SHORT');
  });
  it('a North with 13 → NOT_SHORT', () => {
    expect(checkDraw(base, 'north', 'firstCharleston.right')?.code).toBe('NOT_SHORT');
  });
  it('the packet on the table counts: 9 in the rack + 3 down is short', () => {
    const down = withCommit(short, 'north', ['N', 'E', 'W']);
    expect(down.racks.north).toHaveLength(9);
    expect(checkDraw(down, 'north', 'firstCharleston.across')).toBeNull();
  });
  it('the packet on the table counts: 10 in the rack + 3 down is not short', () => {
    const down = withCommit(base, 'north', ['N', 'E', 'W']);
    expect(down.racks.north).toHaveLength(10);
    expect(checkDraw(down, 'north', 'firstCharleston.across')?.code).toBe('NOT_SHORT');
  });
});

describe('checkMisdeal and checkRedeal (R12)', () => {
  it.each(IN_PLAY)('misdeal.declare in %s is accepted', (phase) => {
    expect(checkMisdeal(phase)).toBeNull();
  });
  it.each(ENDED)('misdeal.declare in %s → NOT_NOW', (phase) => {
    expect(checkMisdeal(phase)?.code).toBe('NOT_NOW');
  });
  it('hand.redeal in misdeal is accepted', () => {
    expect(checkRedeal('misdeal')).toBeNull();
  });
  it.each(PHASES.filter((phase) => phase !== 'misdeal'))('hand.redeal in %s → NOT_NOW', (phase) => {
    expect(checkRedeal(phase)?.code).toBe('NOT_NOW');
  });
});
