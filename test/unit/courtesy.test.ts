/**
 * The courtesy pass (R9): two independent pairs, the lower offer, exactly that many natural own tiles,
 * and the exchange.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_COURTESY,
  agreedCount,
  checkCourtesyCommit,
  checkOffer,
  exchangeCourtesy,
  hasPairCommitted,
  isCourtesyOver,
  pairStatus,
  type PairStatus,
} from '../../src/rules/courtesy.js';
import { tileCount } from '../../src/rules/counts.js';
import type { BySeat, Pair, Seat } from '../../src/seats.js';
import { facesOf, type Tile } from '../../src/tiles.js';
import type { CharlestonContext, RefusalCode } from '../../src/types.js';
import { RACKS, SHORT_NORTH, minus, plus, rackOf, tableOf, withCommit, withOffers } from './fixtures.js';

const base = tableOf();
const exchanged = (context: CharlestonContext, pair: Pair): CharlestonContext => ({ ...context, exchanged: { ...context.exchanged, [pair]: true } });

describe('agreedCount: the lower offer, once both have offered', () => {
  const rows: ReadonlyArray<[Partial<BySeat<number>>, Pair, number | null]> = [
    [{}, 'eastWest', null],
    [{ east: 3 }, 'eastWest', null],
    [{ west: 2 }, 'eastWest', null],
    [{ east: 3, west: 1 }, 'eastWest', 1],
    [{ east: 1, west: 3 }, 'eastWest', 1],
    [{ east: 0, west: 3 }, 'eastWest', 0],
    [{ east: 2, west: 2 }, 'eastWest', 2],
    [{ east: 3, west: 3 }, 'southNorth', null],
    [{ south: 3, north: 2, east: 0 }, 'southNorth', 2],
    [{ south: 3, east: 1, west: 1 }, 'southNorth', null],
  ];
  it.each(rows)('offers %j, pair %s → %j', (offers, pair, expected) => {
    expect(agreedCount(withOffers(base, offers), pair)).toBe(expected);
  });
  it('the largest offer is three', () => {
    expect(MAX_COURTESY).toBe(3);
  });
});

describe('pairStatus', () => {
  const rows: ReadonlyArray<[string, CharlestonContext, Pair, PairStatus]> = [
    ['nobody offered', base, 'eastWest', 'offering'],
    ['one offered 0, the other not yet', withOffers(base, { east: 0 }), 'eastWest', 'offering'],
    ['both offered, lower is 0', withOffers(base, { east: 0, west: 3 }), 'eastWest', 'done'],
    ['both offered, lower is 1', withOffers(base, { east: 3, west: 1 }), 'eastWest', 'exchanging'],
    ['after the exchange', exchanged(withOffers(base, { east: 2, west: 2 }), 'eastWest'), 'eastWest', 'done'],
    ['the other pair done does not finish this one', withOffers(base, { east: 0, west: 0 }), 'southNorth', 'offering'],
  ];
  it.each(rows)('%s', (_name, context, pair, expected) => {
    expect(pairStatus(context, pair)).toBe(expected);
  });
});

describe('isCourtesyOver (R9, R11)', () => {
  const bothNone = withOffers(base, { east: 0, west: 1, south: 2, north: 0 });
  it('both pairs done: over', () => {
    expect(isCourtesyOver(bothNone)).toBe(true);
  });
  it('one pair still exchanging: not over', () => {
    expect(isCourtesyOver(withOffers(base, { east: 0, west: 1, south: 2, north: 1 }))).toBe(false);
  });
  it('one pair done by exchange, the other by 0: over', () => {
    expect(isCourtesyOver(exchanged(withOffers(base, { east: 1, west: 1, south: 0, north: 0 }), 'eastWest'))).toBe(true);
  });
  it('both pairs done but North is short: not over until North draws', () => {
    const short = withOffers(tableOf({ north: SHORT_NORTH }), { east: 0, west: 0, south: 0, north: 0 });
    expect(isCourtesyOver(short)).toBe(false);
  });
});

describe('checkOffer: NOT_NOW, ALREADY_OFFERED, COURTESY_COUNT_OUT_OF_RANGE', () => {
  const rows: ReadonlyArray<[string, CharlestonContext, Seat, number, boolean, RefusalCode | null]> = [
    ['outside courtesy beats the rest', withOffers(base, { east: 1 }), 'east', 9, false, 'NOT_NOW'],
    ['outside courtesy, a good offer', base, 'east', 2, false, 'NOT_NOW'],
    ['pair done at 0: the other seat', withOffers(base, { east: 0, west: 2 }), 'west', 1, true, 'NOT_NOW'],
    ['pair done at 0: out-of-range offer still NOT_NOW', withOffers(base, { east: 0, west: 2 }), 'east', 9, true, 'NOT_NOW'],
    ['pair exchanged', exchanged(withOffers(base, { south: 1, north: 1 }), 'southNorth'), 'north', 1, true, 'NOT_NOW'],
    ['already offered beats out of range', withOffers(base, { east: 3 }), 'east', 9, true, 'ALREADY_OFFERED'],
    ['already offered, pair agreed', withOffers(base, { east: 3, west: 2 }), 'west', 2, true, 'ALREADY_OFFERED'],
    ['4 is out of range', base, 'east', 4, true, 'COURTESY_COUNT_OUT_OF_RANGE'],
    ['-1 is out of range', base, 'south', -1, true, 'COURTESY_COUNT_OUT_OF_RANGE'],
    ['1000 is out of range', base, 'north', 1000, true, 'COURTESY_COUNT_OUT_OF_RANGE'],
    ['0 is fine', base, 'east', 0, true, null],
    ['3 is fine', base, 'west', 3, true, null],
    ['the partner offers after the first offer', withOffers(base, { east: 3 }), 'west', 1, true, null],
    ['the other pair being done does not matter', withOffers(base, { east: 0, west: 0 }), 'south', 2, true, null],
  ];
  it.each(rows)('%s', (_name, context, seat, count, inCourtesy, expected) => {
    expect(checkOffer(context, { seat, count }, inCourtesy, inCourtesy ? 'courtesy' : 'firstCharleston.right')?.code ?? null).toBe(expected);
  });
});

describe('checkCourtesyCommit: NOT_NOW, COURTESY_NOT_AGREED, ALREADY_COMMITTED, size, joker, rack', () => {
  const agreed2 = withOffers(base, { east: 3, west: 2, south: 1, north: 3 });
  const rows: ReadonlyArray<[string, CharlestonContext, Seat, Tile[], boolean, RefusalCode | null]> = [
    ['outside courtesy beats the rest', base, 'east', ['J', 'J', 'J', 'J'], false, 'NOT_NOW'],
    ['pair agreed on 0', withOffers(base, { east: 0, west: 3 }), 'west', [], true, 'NOT_NOW'],
    ['pair agreed on 0, a packet of one', withOffers(base, { east: 0, west: 3 }), 'west', ['1D'], true, 'NOT_NOW'],
    ['pair already exchanged', exchanged(agreed2, 'eastWest'), 'east', ['1B', '2B'], true, 'NOT_NOW'],
    ['nobody offered beats size and joker', base, 'east', ['J'], true, 'COURTESY_NOT_AGREED'],
    ['only this seat offered', withOffers(base, { east: 3 }), 'east', ['1B', '2B', '3B'], true, 'COURTESY_NOT_AGREED'],
    ['only the partner offered', withOffers(base, { west: 3 }), 'east', ['1B', '2B', '3B'], true, 'COURTESY_NOT_AGREED'],
    ['already committed beats size', withCommit(agreed2, 'east', ['1B', '2B']), 'east', ['J'], true, 'ALREADY_COMMITTED'],
    ['the higher offer is not the count', agreed2, 'east', ['1B', '2B', '3B'], true, 'WRONG_PACKET_SIZE'],
    ['too few', agreed2, 'west', ['1D'], true, 'WRONG_PACKET_SIZE'],
    ['south–north agreed on 1, two tiles', agreed2, 'north', ['N', 'E'], true, 'WRONG_PACKET_SIZE'],
    ['joker beats ownership', agreed2, 'east', ['J', '9D'], true, 'JOKER_NOT_PASSABLE'],
    ['not in the rack', agreed2, 'east', ['9D', '1B'], true, 'TILE_NOT_IN_RACK'],
    ['duplicates counted', withOffers(base, { south: 3, north: 3 }), 'north', ['2B', '2B', '3B'], true, 'TILE_NOT_IN_RACK'],
    ['legal: two of the agreed two', agreed2, 'east', ['1B', '1B'], true, null],
    ['legal: the partner after the first commit', withCommit(agreed2, 'east', ['1B', '2B']), 'west', ['RD', 'GD'], true, null],
    ['legal: one of the agreed one', agreed2, 'south', ['W'], true, null],
  ];
  it.each(rows)('%s', (_name, context, seat, tiles, inCourtesy, expected) => {
    expect(checkCourtesyCommit(context, { seat, tiles }, inCourtesy, inCourtesy ? 'courtesy' : 'stopCheckpoint')?.code ?? null).toBe(expected);
  });
});

describe('hasPairCommitted and exchangeCourtesy', () => {
  const agreed = withOffers(base, { east: 2, west: 3, south: 1, north: 1 });
  const eastIn = withCommit(agreed, 'east', ['N', 'E']);
  const both = withCommit(withCommit(eastIn, 'west', ['RD', 'GD']), 'south', ['W']);

  it('waits for both seats of the pair', () => {
    expect(hasPairCommitted(agreed, 'eastWest')).toBe(false);
    expect(hasPairCommitted(eastIn, 'eastWest')).toBe(false);
    expect(hasPairCommitted(both, 'eastWest')).toBe(true);
    expect(hasPairCommitted(both, 'southNorth')).toBe(false);
  });

  it('each packet goes to the partner; the other pair is untouched', () => {
    const result = exchangeCourtesy(both, 'eastWest');
    expect(rackOf(result, 'east')).toEqual(plus(minus(RACKS.east, ['N', 'E']), ['RD', 'GD']));
    expect(rackOf(result, 'west')).toEqual(plus(minus(RACKS.west, ['RD', 'GD']), ['N', 'E']));
    expect(facesOf(result.received.east)).toEqual(['RD', 'GD']);
    expect(facesOf(result.received.west)).toEqual(['N', 'E']);
    expect(result.table.east).toBeNull();
    expect(result.table.west).toBeNull();
    expect(result.table.south).toEqual(both.table.south);
    expect(result.racks.south).toEqual(both.racks.south);
    expect(result.exchanged).toEqual({ eastWest: true, southNorth: false });
  });

  it('counts are kept: East 14, West 13', () => {
    const result = { ...both, ...exchangeCourtesy(both, 'eastWest') };
    expect(tileCount(result, 'east')).toBe(14);
    expect(tileCount(result, 'west')).toBe(13);
    expect(pairStatus(result, 'eastWest')).toBe('done');
  });
});
