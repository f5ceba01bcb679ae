/**
 * Tile counts (R11): rack plus unresolved packet; 13, East 14; North alone may hold 12 until it draws.
 */
import { describe, expect, it } from 'vitest';
import { expectedCount, hasWrongCount, isNorthShort, seatsWithWrongCount, tileCount } from '../../src/rules/counts.js';
import { drawForNorth } from '../../src/rules/hand.js';
import type { BySeat, Seat } from '../../src/seats.js';
import type { Tile } from '../../src/tiles.js';
import { RACKS, SHORT_NORTH, tableOf, withCommit } from './fixtures.js';

describe('expectedCount', () => {
  it.each([
    ['east', 14],
    ['south', 13],
    ['west', 13],
    ['north', 13],
  ] as const)('%s holds %i', (seat, count) => {
    expect(expectedCount(seat)).toBe(count);
  });
});

describe('tileCount: rack plus the packet on the table (R4, R11)', () => {
  it('a committed packet still counts', () => {
    const table = withCommit(tableOf(), 'east', ['1B', '2B', '3B']);
    expect(table.racks.east).toHaveLength(11);
    expect(tileCount(table, 'east')).toBe(14);
  });
  it('a blind commit counts only its own tiles (the blind ones have not arrived)', () => {
    const table = withCommit(tableOf(), 'south', ['1C'], 2);
    expect(tileCount(table, 'south')).toBe(13);
  });
});

describe('seatsWithWrongCount and hasWrongCount', () => {
  const rows: ReadonlyArray<[string, Partial<BySeat<readonly Tile[]>>, Seat[]]> = [
    ['the standard deal', {}, []],
    ['North short (12) is the one exception', { north: SHORT_NORTH }, []],
    ['North 11', { north: RACKS.north.slice(0, 11) }, ['north']],
    ['North 14', { north: [...RACKS.north, '9B'] }, ['north']],
    ['South 12', { south: RACKS.south.slice(0, 12) }, ['south']],
    ['West 14', { west: [...RACKS.west, '9B'] }, ['west']],
    ['East 13 (the translated pages’ count is wrong for East)', { east: RACKS.east.slice(0, 13) }, ['east']],
    ['East 15', { east: [...RACKS.east, '9C'] }, ['east']],
    ['everyone 13', { east: RACKS.east.slice(0, 13) }, ['east']],
    ['two wrong seats', { east: RACKS.east.slice(0, 12), west: RACKS.west.slice(0, 12) }, ['east', 'west']],
    ['empty racks', { east: [], south: [], west: [], north: [] }, ['east', 'south', 'west', 'north']],
  ];
  it.each(rows)('%s', (_name, racks, wrong) => {
    const table = tableOf(racks);
    expect(seatsWithWrongCount(table)).toEqual(wrong);
    expect(hasWrongCount(table)).toBe(wrong.length > 0);
  });
});

describe('isNorthShort and the draw (R11)', () => {
  it('12 is short, 13 is not', () => {
    expect(isNorthShort(tableOf({ north: SHORT_NORTH }))).toBe(true);
    expect(isNorthShort(tableOf())).toBe(false);
    expect(isNorthShort(tableOf({ north: RACKS.north.slice(0, 11) }))).toBe(false);
  });
  it('another seat with 12 does not make North short', () => {
    expect(isNorthShort(tableOf({ south: RACKS.south.slice(0, 12) }))).toBe(false);
  });
  it('North takes the next tile of the wall and is no longer short', () => {
    const table = tableOf({ north: SHORT_NORTH });
    const [first, second] = table.wall;
    const after = { ...table, ...drawForNorth(table) };
    expect(after.racks.north).toContain(first);
    expect(after.racks.north).toHaveLength(13);
    expect(after.wall[0]).toBe(second);
    expect(after.wall).toHaveLength(table.wall.length - 1);
    expect(isNorthShort(after)).toBe(false);
    expect(hasWrongCount(after)).toBe(false);
  });
});
