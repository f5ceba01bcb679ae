/**
 * The single legality decision: §5's "accepted in" table, and §7's order across groups (shape, who, state,
 * once only, blind, size, joker, rack, winning hand).
 */
import { describe, expect, it } from 'vitest';
import { PHASES } from '../../src/phase.js';
import { decide, refusalFor } from '../../src/rules/decide.js';
import { PASS_RULES, type CharlestonContext, type CharlestonEvent, type Phase, type RefusalCode } from '../../src/types.js';
import { SHORT_NORTH, tableOf, withCommit, withOffers, withVotes } from './fixtures.js';

const base = tableOf();
const PASS_PHASES = PHASES.filter((phase) => PASS_RULES[phase] !== undefined);
const ENDED: readonly Phase[] = ['complete', 'eastMahjong', 'misdeal'];
const IN_PLAY = PHASES.filter((phase) => !ENDED.includes(phase));
/** R10: while East's declared hand is reviewed, nothing moves but acceptances and misdeals. */
const STATES_OF_PLAY = IN_PLAY.filter((phase) => phase !== 'declarationReview');
const reviewed = tableOf({}, { declarationReview: true });
const southAccepted: CharlestonContext = { ...reviewed, acceptedBy: ['south'] };

function codeOf(phase: Phase, context: CharlestonContext, raw: unknown): RefusalCode | 'ok' {
  const result = decide(phase, context, raw);
  return result.ok ? 'ok' : result.refusal.code;
}

/** §5: where each event is accepted, given a table where it is otherwise legal. */
const ACCEPTED_IN: ReadonlyArray<[string, CharlestonContext, CharlestonEvent, readonly Phase[], RefusalCode]> = [
  ['pass.commit', base, { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B', '3B'] }, PASS_PHASES, 'NOT_NOW'],
  [
    'pass.retract',
    withOffers(withCommit(base, 'east', ['1B', '2B']), { east: 2, west: 2 }),
    { type: 'pass.retract', seat: 'east' },
    [...PASS_PHASES, 'courtesy'],
    'NOT_NOW',
  ],
  ['vote.cast', base, { type: 'vote.cast', seat: 'west', vote: 'stop' }, ['stopCheckpoint'], 'NOT_NOW'],
  ['courtesy.offer', base, { type: 'courtesy.offer', seat: 'north', count: 3 }, ['courtesy'], 'NOT_NOW'],
  ['courtesy.commit', withOffers(base, { east: 2, west: 2 }), { type: 'courtesy.commit', seat: 'west', tiles: ['RD', 'GD'] }, ['courtesy'], 'NOT_NOW'],
  ['wall.draw', tableOf({ north: SHORT_NORTH }), { type: 'wall.draw', seat: 'north' }, STATES_OF_PLAY, 'NOT_NOW'],
  ['declaration.accept', reviewed, { type: 'declaration.accept', seat: 'west' }, ['declarationReview'], 'NOT_NOW'],
  ['misdeal.declare', base, { type: 'misdeal.declare', seat: 'south', reason: 'west has 14' }, IN_PLAY, 'NOT_NOW'],
  ['hand.redeal', base, { type: 'hand.redeal' }, ['misdeal'], 'NOT_NOW'],
];

describe('§5: each event is accepted exactly in its states', () => {
  const rows = ACCEPTED_IN.flatMap(([name, context, event, accepted, otherwise]) =>
    PHASES.map((phase) => [name, phase, context, event, accepted.includes(phase) ? null : otherwise] as const),
  );
  it.each(rows)('%s in %s', (_name, phase, context, event, expected) => {
    expect(refusalFor(phase, context, event)?.code ?? null).toBe(expected);
  });

  it.each(PHASES)('hand.declareMahjong by east in %s', (phase) => {
    const expected = phase === 'firstCharleston.right' ? null : ENDED.includes(phase) || phase === 'declarationReview' ? 'NOT_NOW' : 'DECLARE_TOO_LATE';
    expect(refusalFor(phase, base, { type: 'hand.declareMahjong', seat: 'east' })?.code ?? null).toBe(expected);
  });
});

describe('§7: the first refusal in contract order', () => {
  const eastVoted = withVotes(base, { east: 'continue' });
  const rows: ReadonlyArray<[string, Phase, CharlestonContext, unknown, RefusalCode]> = [
    ['shape before state: unknown tile at the checkpoint', 'stopCheckpoint', base, { type: 'pass.commit', seat: 'east', tiles: ['1b', '2B', '3B'] }, 'UNKNOWN_TILE'],
    ['shape before state: unknown seat after the hand', 'complete', base, { type: 'wall.draw', seat: 'nobody' }, 'UNKNOWN_SEAT'],
    ['shape before who: unknown seat declaring', 'firstCharleston.right', base, { type: 'hand.declareMahjong', seat: 'nobody' }, 'UNKNOWN_SEAT'],
    ['shape before everything: bad vote after the hand', 'misdeal', base, { type: 'vote.cast', seat: 'east', vote: 'maybe' }, 'INVALID_EVENT'],
    ['shape: count 1.5 is ill-typed, not out of range', 'courtesy', base, { type: 'courtesy.offer', seat: 'east', count: 1.5 }, 'INVALID_EVENT'],
    ['shape: blind 4 is ill-typed, not BLIND_NOT_ALLOWED', 'firstCharleston.right', base, { type: 'pass.commit', seat: 'east', tiles: [], blind: 4 }, 'INVALID_EVENT'],
    ['who before state: south declares after the hand', 'complete', base, { type: 'hand.declareMahjong', seat: 'south' }, 'ONLY_EAST'],
    ['who before state: north declares mid-Charleston', 'secondCharleston.across', base, { type: 'hand.declareMahjong', seat: 'north' }, 'ONLY_EAST'],
    ['state before once-only: second vote in the second Charleston', 'secondCharleston.left', eastVoted, { type: 'vote.cast', seat: 'east', vote: 'stop' }, 'NOT_NOW'],
    ['once only: second vote at the checkpoint', 'stopCheckpoint', eastVoted, { type: 'vote.cast', seat: 'east', vote: 'stop' }, 'ALREADY_VOTED'],
    ['once only before size: re-offer out of range', 'courtesy', withOffers(base, { east: 1 }), { type: 'courtesy.offer', seat: 'east', count: 9 }, 'ALREADY_OFFERED'],
    ['size: offer out of range', 'courtesy', base, { type: 'courtesy.offer', seat: 'east', count: 4 }, 'COURTESY_COUNT_OUT_OF_RANGE'],
    ['blind before size and joker', 'firstCharleston.across', base, { type: 'pass.commit', seat: 'east', tiles: ['J'], blind: 1 }, 'BLIND_NOT_ALLOWED'],
    ['size before joker: blind 3 with a joker', 'firstCharleston.left', base, { type: 'pass.commit', seat: 'east', tiles: ['J'], blind: 3 }, 'WRONG_PACKET_SIZE'],
    ['joker before rack', 'secondCharleston.right', base, { type: 'pass.commit', seat: 'south', tiles: ['J', '9B'], blind: 1 }, 'JOKER_NOT_PASSABLE'],
    ['rack', 'secondCharleston.left', base, { type: 'pass.commit', seat: 'south', tiles: ['9B', '1C', '2C'] }, 'TILE_NOT_IN_RACK'],
    ['state before winning hand', 'firstCharleston.across', tableOf({}, { winningHands: [] }), { type: 'hand.declareMahjong', seat: 'east' }, 'DECLARE_TOO_LATE'],
    ['winning hand last', 'firstCharleston.right', tableOf({}, { winningHands: [] }), { type: 'hand.declareMahjong', seat: 'east' }, 'NOT_A_WINNING_HAND'],
    ['who before state: east accepts its own hand after the hand', 'complete', reviewed, { type: 'declaration.accept', seat: 'east' }, 'EAST_CANNOT_ACCEPT'],
    ['who: east accepts its own hand under review', 'declarationReview', reviewed, { type: 'declaration.accept', seat: 'east' }, 'EAST_CANNOT_ACCEPT'],
    ['who before state: south declares while east is reviewed', 'declarationReview', reviewed, { type: 'hand.declareMahjong', seat: 'south' }, 'ONLY_EAST'],
    ['state before once only: a second acceptance after the hand', 'eastMahjong', southAccepted, { type: 'declaration.accept', seat: 'south' }, 'NOT_NOW'],
    ['once only: a second acceptance', 'declarationReview', southAccepted, { type: 'declaration.accept', seat: 'south' }, 'ALREADY_ACCEPTED'],
    ['state: a short north draws under review', 'declarationReview', { ...tableOf({ north: SHORT_NORTH }, { declarationReview: true }) }, { type: 'wall.draw', seat: 'north' }, 'NOT_NOW'],
    ['state: a vote under review', 'declarationReview', reviewed, { type: 'vote.cast', seat: 'north', vote: 'stop' }, 'NOT_NOW'],
    ['shape before state: a joker packet under review', 'declarationReview', reviewed, { type: 'pass.commit', seat: 'north', tiles: ['X'] }, 'UNKNOWN_TILE'],
    ['courtesy not agreed before size', 'courtesy', withOffers(base, { east: 3 }), { type: 'courtesy.commit', seat: 'east', tiles: ['J', 'J', 'J', 'J'] }, 'COURTESY_NOT_AGREED'],
  ];
  it.each(rows)('%s', (_name, phase, context, raw, expected) => {
    expect(codeOf(phase, context, raw)).toBe(expected);
  });
});

describe('declarationReview (R10, R12)', () => {
  it.each(['firstCharleston.right', 'stopCheckpoint', 'courtesy'] as const)('declaration.accept in %s: there is nothing to accept', (phase) => {
    expect(refusalFor(phase, reviewed, { type: 'declaration.accept', seat: 'north' })).toEqual({ code: 'NOT_NOW', params: { phase, why: 'noDeclarationToReview' } });
  });
  it.each(['complete', 'eastMahjong', 'misdeal'] as const)('declaration.accept in %s: the hand has ended', (phase) => {
    expect(refusalFor(phase, reviewed, { type: 'declaration.accept', seat: 'north' })).toEqual({ code: 'NOT_NOW', params: { phase, why: 'handEnded' } });
  });
  it('every event but an acceptance, a misdeal and the redeal is NOT_NOW: declarationUnderReview', () => {
    const events: CharlestonEvent[] = [
      { type: 'pass.commit', seat: 'north', tiles: ['2B', '2C', '2D'] },
      { type: 'pass.retract', seat: 'north' },
      { type: 'vote.cast', seat: 'north', vote: 'continue' },
      { type: 'courtesy.offer', seat: 'north', count: 1 },
      { type: 'courtesy.commit', seat: 'north', tiles: [] },
      { type: 'hand.declareMahjong', seat: 'east' },
      { type: 'wall.draw', seat: 'north' },
    ];
    for (const event of events) {
      expect(refusalFor('declarationReview', reviewed, event)).toEqual({ code: 'NOT_NOW', params: { phase: 'declarationReview', why: 'declarationUnderReview' } });
    }
    expect(refusalFor('declarationReview', reviewed, { type: 'hand.redeal' })).toEqual({ code: 'NOT_NOW', params: { phase: 'declarationReview', why: 'redealAfterMisdealOnly' } });
    expect(refusalFor('declarationReview', reviewed, { type: 'misdeal.declare', seat: 'east' })).toBeNull();
    expect(refusalFor('declarationReview', southAccepted, { type: 'misdeal.declare', seat: 'south' })).toBeNull();
  });
  it('each of south, west and north accepts once; the order does not matter', () => {
    const westAndNorth: CharlestonContext = { ...reviewed, acceptedBy: ['north', 'west'] };
    expect(refusalFor('declarationReview', westAndNorth, { type: 'declaration.accept', seat: 'south' })).toBeNull();
    expect(refusalFor('declarationReview', westAndNorth, { type: 'declaration.accept', seat: 'west' })?.code).toBe('ALREADY_ACCEPTED');
  });
});

describe('decide', () => {
  it('returns the typed event when it is accepted', () => {
    const raw = { type: 'pass.commit', seat: 'north', tiles: ['WD', 'F', 'S'] };
    expect(decide('firstCharleston.right', base, raw)).toEqual({ ok: true, value: raw });
  });
  it('uses a validator passed in the options', () => {
    const event = { type: 'hand.declareMahjong', seat: 'east' };
    expect(codeOf('firstCharleston.right', base, event)).toBe('ok');
    const refused = decide('firstCharleston.right', base, event, { isWinningHand: () => false });
    expect(!refused.ok && refused.refusal.code).toBe('NOT_A_WINNING_HAND');
  });
  it('a refusal is data: a code and JSON-serializable params, no message (rendered at the boundary)', () => {
    const result = decide('courtesy', base, { type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(!result.ok && result.refusal).toEqual({ code: 'NOT_NOW', params: { phase: 'courtesy', why: 'voteAtCheckpointOnly' } });
    expect(!result.ok && JSON.parse(JSON.stringify(result.refusal))).toEqual(!result.ok && result.refusal);
    expect(result.ok || 'message' in result.refusal).toBe(false);
  });
  it('does not change the context', () => {
    const before = JSON.stringify(base);
    decide('firstCharleston.right', base, { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B', '3B'] });
    expect(JSON.stringify(base)).toBe(before);
  });
});
