/**
 * Contract §5 and §7 group 1: parseEvent turns any value into a typed event or refuses it with
 * INVALID_EVENT, then UNKNOWN_SEAT, then UNKNOWN_TILE.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parseEvent } from '../../src/rules/event-shape.js';
import type { RefusalCode } from '../../src/types.js';

function codeOf(raw: unknown): RefusalCode | 'ok' {
  const result = parseEvent(raw);
  return result.ok ? 'ok' : result.refusal.code;
}

const WELL_FORMED: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['pass.commit, three tiles', { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B', '3B'] }],
  ['pass.commit, blind 0', { type: 'pass.commit', seat: 'south', tiles: ['F', 'RD', '9D'], blind: 0 }],
  ['pass.commit, blind 2', { type: 'pass.commit', seat: 'north', tiles: ['1B'], blind: 2 }],
  ['pass.commit, blind 3, no tiles', { type: 'pass.commit', seat: 'west', tiles: [], blind: 3 }],
  ['pass.commit, every kind of code', { type: 'pass.commit', seat: 'west', tiles: ['N', 'E', 'W', 'S', 'RD', 'GD', 'WD', 'F', 'J', '9C'] }],
  ['pass.retract', { type: 'pass.retract', seat: 'south' }],
  ['vote.cast stop', { type: 'vote.cast', seat: 'west', vote: 'stop' }],
  ['vote.cast continue', { type: 'vote.cast', seat: 'north', vote: 'continue' }],
  ['courtesy.offer 0', { type: 'courtesy.offer', seat: 'north', count: 0 }],
  ['courtesy.offer 7 (range is a rule, not a shape)', { type: 'courtesy.offer', seat: 'north', count: 7 }],
  ['courtesy.offer -1 (range is a rule, not a shape)', { type: 'courtesy.offer', seat: 'east', count: -1 }],
  ['courtesy.commit', { type: 'courtesy.commit', seat: 'east', tiles: ['N'] }],
  ['courtesy.commit, no tiles', { type: 'courtesy.commit', seat: 'east', tiles: [] }],
  ['hand.declareMahjong by east', { type: 'hand.declareMahjong', seat: 'east' }],
  ['hand.declareMahjong by south (who is a rule, not a shape)', { type: 'hand.declareMahjong', seat: 'south' }],
  ['declaration.accept by south', { type: 'declaration.accept', seat: 'south' }],
  ['declaration.accept by east (who is a rule, not a shape)', { type: 'declaration.accept', seat: 'east' }],
  ['wall.draw', { type: 'wall.draw', seat: 'north' }],
  ['misdeal.declare', { type: 'misdeal.declare', seat: 'west' }],
  ['misdeal.declare with a reason', { type: 'misdeal.declare', seat: 'west', reason: 'east holds 15' }],
  ['hand.redeal', { type: 'hand.redeal' }],
];

describe('parseEvent: well-formed events', () => {
  it('knows exactly the ten fixed event types', () => {
    expect([...EVENT_TYPES].sort()).toEqual(
      ['courtesy.commit', 'courtesy.offer', 'declaration.accept', 'hand.declareMahjong', 'hand.redeal', 'misdeal.declare', 'pass.commit', 'pass.retract', 'vote.cast', 'wall.draw'],
    );
  });

  it.each(WELL_FORMED)('%s is accepted as it is', (_name, raw) => {
    const result = parseEvent(raw);
    expect(result).toEqual({ ok: true, value: raw });
  });

  it('every fixed type has a well-formed example above', () => {
    expect(new Set(WELL_FORMED.map(([, raw]) => raw.type))).toEqual(new Set(EVENT_TYPES));
  });

  it('returns a copy: later changes to the input do not reach the event', () => {
    const tiles = ['1B', '2B', '3B'];
    const raw = { type: 'pass.commit', seat: 'east', tiles };
    const result = parseEvent(raw);
    tiles[0] = 'J';
    expect(result.ok && result.value.type === 'pass.commit' && result.value.tiles).toEqual(['1B', '2B', '3B']);
    expect(result.ok && result.value).not.toBe(raw);
  });

  it('accepts an event parsed from JSON text', () => {
    expect(parseEvent(JSON.parse('{"type":"vote.cast","seat":"east","vote":"stop"}'))).toEqual({
      ok: true,
      value: { type: 'vote.cast', seat: 'east', vote: 'stop' },
    });
  });
});

const commit = (extra: Record<string, unknown>): Record<string, unknown> => ({ type: 'pass.commit', seat: 'east', tiles: ['1B', '2B', '3B'], ...extra });

const INVALID: ReadonlyArray<[string, unknown]> = [
  // not an object
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['a string', 'pass.commit'],
  ['a boolean', true],
  ['an array', []],
  ['an array holding an event', [{ type: 'hand.redeal' }]],
  // type
  ['no type', { seat: 'east' }],
  ['an unknown type', { type: 'pass.comit', seat: 'east', tiles: [] }],
  ['an upper-case type', { type: 'PASS.COMMIT', seat: 'east', tiles: ['1B', '2B', '3B'] }],
  ['a numeric type', { type: 5 }],
  ['type "toString" (inherited from Object)', { type: 'toString' }],
  ['type "constructor"', { type: 'constructor' }],
  ['type "__proto__"', JSON.parse('{"type":"__proto__"}')],
  ['a type only on the prototype', Object.create({ type: 'hand.redeal' })],
  ['the internal engine.refused event', { type: 'engine.refused', refusal: { code: 'NOT_NOW', message: 'x' } }],
  // missing fields
  ['pass.commit without tiles', { type: 'pass.commit', seat: 'east' }],
  ['pass.commit without seat', { type: 'pass.commit', tiles: ['1B', '2B', '3B'] }],
  ['pass.retract without seat', { type: 'pass.retract' }],
  ['vote.cast without vote', { type: 'vote.cast', seat: 'east' }],
  ['courtesy.offer without count', { type: 'courtesy.offer', seat: 'east' }],
  ['courtesy.commit without tiles', { type: 'courtesy.commit', seat: 'east' }],
  ['hand.declareMahjong without seat', { type: 'hand.declareMahjong' }],
  ['wall.draw without seat', { type: 'wall.draw' }],
  ['misdeal.declare without seat', { type: 'misdeal.declare', reason: 'x' }],
  ['a required field set to undefined', { type: 'pass.retract', seat: undefined }],
  // unknown fields
  ['pass.commit with a note', commit({ note: 'hi' })],
  ['hand.redeal with a seat', { type: 'hand.redeal', seat: 'east' }],
  ['pass.retract with tiles', { type: 'pass.retract', seat: 'east', tiles: [] }],
  ['vote.cast with blind', { type: 'vote.cast', seat: 'east', vote: 'stop', blind: 0 }],
  ['courtesy.commit with blind (blind is for pass.commit only)', { type: 'courtesy.commit', seat: 'east', tiles: ['1B'], blind: 0 }],
  ['courtesy.offer with tiles', { type: 'courtesy.offer', seat: 'east', count: 1, tiles: [] }],
  ['wall.draw with a count', { type: 'wall.draw', seat: 'north', count: 1 }],
  ['own "__proto__" key from JSON', JSON.parse('{"type":"pass.retract","seat":"east","__proto__":1}')],
  ['own "__proto__" object from JSON', JSON.parse('{"type":"hand.redeal","__proto__":{"seat":"east"}}')],
  ['own "constructor" key from JSON', JSON.parse('{"type":"pass.retract","seat":"east","constructor":1}')],
  ['own "constructor" on hand.redeal', JSON.parse('{"type":"hand.redeal","constructor":{}}')],
  ['own "toString" key', { type: 'wall.draw', seat: 'north', toString: 'x' }],
  // ill-typed seat
  ['seat 5', { type: 'pass.retract', seat: 5 }],
  ['seat null', { type: 'pass.retract', seat: null }],
  ['seat ["east"]', { type: 'pass.retract', seat: ['east'] }],
  ['seat {}', { type: 'pass.retract', seat: {} }],
  // ill-typed blind
  ['blind 1.5', commit({ blind: 1.5 })],
  ['blind -1', commit({ blind: -1 })],
  ['blind 4', commit({ blind: 4 })],
  ['blind "1"', commit({ blind: '1' })],
  ['blind NaN', commit({ blind: Number.NaN })],
  ['blind null', commit({ blind: null })],
  ['blind true', commit({ blind: true })],
  ['blind Infinity', commit({ blind: Number.POSITIVE_INFINITY })],
  // ill-typed count
  ['count 1.5', { type: 'courtesy.offer', seat: 'east', count: 1.5 }],
  ['count NaN', { type: 'courtesy.offer', seat: 'east', count: Number.NaN }],
  ['count "2"', { type: 'courtesy.offer', seat: 'east', count: '2' }],
  ['count null', { type: 'courtesy.offer', seat: 'east', count: null }],
  ['count Infinity', { type: 'courtesy.offer', seat: 'east', count: Number.POSITIVE_INFINITY }],
  // ill-typed vote
  ['vote "maybe"', { type: 'vote.cast', seat: 'east', vote: 'maybe' }],
  ['vote "STOP"', { type: 'vote.cast', seat: 'east', vote: 'STOP' }],
  ['vote true', { type: 'vote.cast', seat: 'east', vote: true }],
  ['vote null', { type: 'vote.cast', seat: 'east', vote: null }],
  // ill-typed tiles
  ['tiles as a string', commit({ tiles: '1B 2B 3B' })],
  ['tiles as an object', commit({ tiles: { 0: '1B', 1: '2B', 2: '3B', length: 3 } })],
  ['tiles null', commit({ tiles: null })],
  ['tiles with a number', commit({ tiles: ['1B', 2, '3B'] })],
  ['tiles with null', commit({ tiles: [null, '2B', '3B'] })],
  ['tiles with a nested array', commit({ tiles: [['1B'], '2B', '3B'] })],
  ['courtesy tiles with a number', { type: 'courtesy.commit', seat: 'east', tiles: [1] }],
  ['153 tiles (more than a set)', commit({ tiles: Array.from({ length: 153 }, () => '1B') })],
  ['100 000 tiles', commit({ tiles: Array.from({ length: 100_000 }, () => '1B') })],
  ['a huge array of unknown codes', commit({ tiles: Array.from({ length: 10_000 }, () => 'XX') })],
  // ill-typed reason
  ['reason 5', { type: 'misdeal.declare', seat: 'east', reason: 5 }],
  ['reason null', { type: 'misdeal.declare', seat: 'east', reason: null }],
];

describe('parseEvent: INVALID_EVENT', () => {
  it.each(INVALID)('%s', (_name, raw) => {
    expect(codeOf(raw)).toBe('INVALID_EVENT');
  });

  it('says what is wrong', () => {
    const result = parseEvent(commit({ note: 'hi' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.refusal.params).toEqual({ problem: 'unknownField', type: 'pass.commit', field: 'note' });
  });
});

describe('parseEvent: UNKNOWN_SEAT', () => {
  it.each(['East', 'EAST', 'nowhere', '', 'dealer', 'north ', '__proto__', 'constructor', 'toString'])('seat %j', (seat) => {
    expect(codeOf({ type: 'pass.retract', seat })).toBe('UNKNOWN_SEAT');
  });

  it.each(['pass.commit', 'courtesy.commit'])('on %s with good tiles', (type) => {
    expect(codeOf({ type, seat: 'centre', tiles: ['1B'] })).toBe('UNKNOWN_SEAT');
  });

  it('names the seat', () => {
    const result = parseEvent({ type: 'wall.draw', seat: 'nowhere' });
    expect(!result.ok && result.refusal.params).toEqual({ seat: 'nowhere' });
  });
});

describe('parseEvent: UNKNOWN_TILE', () => {
  it.each(['1b', 'j', 'rd', '0B', '10B', 'B1', 'X', '', ' 1B', 'Red', 'joker', 'NE', '1E', '__proto__'])('tile %j', (tile) => {
    expect(codeOf(commit({ tiles: ['1B', tile, '3B'] }))).toBe('UNKNOWN_TILE');
  });

  it('in a courtesy packet', () => {
    expect(codeOf({ type: 'courtesy.commit', seat: 'south', tiles: ['1b'] })).toBe('UNKNOWN_TILE');
  });

  it('in a packet of the wrong size: shape comes first', () => {
    expect(codeOf(commit({ tiles: ['1B', '2B', '3B', '4B', 'ZZ'] }))).toBe('UNKNOWN_TILE');
  });

  it('names the tile', () => {
    const result = parseEvent(commit({ tiles: ['1B', '1b', '3B'] }));
    expect(!result.ok && result.refusal.params).toEqual({ tile: '1b' });
  });
});

describe('parseEvent: precedence INVALID_EVENT > UNKNOWN_SEAT > UNKNOWN_TILE', () => {
  const cases: ReadonlyArray<[string, unknown, RefusalCode]> = [
    ['unknown seat and unknown tile', { type: 'pass.commit', seat: 'nowhere', tiles: ['1b'] }, 'UNKNOWN_SEAT'],
    ['unknown seat and ill-typed blind', { type: 'pass.commit', seat: 'nowhere', tiles: ['1B', '2B', '3B'], blind: 7 }, 'INVALID_EVENT'],
    ['unknown seat and an unknown field', { type: 'pass.retract', seat: 'nowhere', extra: 1 }, 'INVALID_EVENT'],
    ['unknown seat and a missing field', { type: 'vote.cast', seat: 'nowhere' }, 'INVALID_EVENT'],
    ['unknown tile and an unknown field', commit({ tiles: ['1b', '2B', '3B'], note: 'x' }), 'INVALID_EVENT'],
    ['unknown tile and ill-typed blind', commit({ tiles: ['1b', '2B'], blind: 1.5 }), 'INVALID_EVENT'],
    ['unknown tile and a non-string tile', commit({ tiles: ['1b', 2, '3B'] }), 'INVALID_EVENT'],
    ['unknown tile and an own __proto__ key', JSON.parse('{"type":"pass.commit","seat":"east","tiles":["1b"],"__proto__":{}}'), 'INVALID_EVENT'],
    ['unknown seat, unknown tile, bad vote-like extra', { type: 'courtesy.commit', seat: 'x', tiles: ['y'], vote: 'stop' }, 'INVALID_EVENT'],
    ['unknown tile after a good seat', { type: 'courtesy.commit', seat: 'west', tiles: ['2D', 'y'] }, 'UNKNOWN_TILE'],
  ];
  it.each(cases)('%s', (_name, raw, code) => {
    expect(codeOf(raw)).toBe(code);
  });
});
