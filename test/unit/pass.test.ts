/**
 * Charleston passes (R1–R6): the commit checks in §7 order, commit and retract, and resolution by the IOU
 * method, including the contract's worked blind example.
 */
import { describe, expect, it } from 'vitest';
import { checkPassCommit, commitPacket, resolvePass, retractPacket } from '../../src/rules/pass.js';
import { tileCount } from '../../src/rules/counts.js';
import { SEATS, targetOf, type BySeat, type Direction, type Seat } from '../../src/seats.js';
import { facesOf, type Tile, type TileId } from '../../src/tiles.js';
import type { CharlestonContext, PassRule, RefusalCode } from '../../src/types.js';
import { PASS_RULES } from '../../src/types.js';
import { RACKS, minus, plus, rackOf, racksOf, tableOf, withCommit } from './fixtures.js';

const NO_BLIND: PassRule = { direction: 'right', blindAllowed: false };
const BLIND: PassRule = { direction: 'left', blindAllowed: true };

const base = tableOf();
const eastCommitted = withCommit(base, 'east', ['1B', '2B', '3B']);

describe('PASS_RULES (R6, R8)', () => {
  it('allows blind passing only on the first left and the second right', () => {
    const blind = Object.entries(PASS_RULES).filter(([, rule]) => rule?.blindAllowed).map(([phase]) => phase);
    expect(blind.sort()).toEqual(['firstCharleston.left', 'secondCharleston.right']);
  });
  it('passes right, across, left, then left, across, right', () => {
    expect(Object.entries(PASS_RULES).map(([phase, rule]) => `${phase}:${rule?.direction}`)).toEqual([
      'firstCharleston.right:right',
      'firstCharleston.across:across',
      'firstCharleston.left:left',
      'secondCharleston.left:left',
      'secondCharleston.across:across',
      'secondCharleston.right:right',
    ]);
  });
});

describe('checkPassCommit: refusals in contract order', () => {
  const rows: ReadonlyArray<[string, CharlestonContext, Seat, Tile[], number | undefined, PassRule | null, RefusalCode | null]> = [
    ['not a pass state beats everything', eastCommitted, 'east', ['J', 'J', 'J', 'J'], 2, null, 'NOT_NOW'],
    ['not a pass state, legal packet', base, 'east', ['1B', '2B', '3B'], undefined, null, 'NOT_NOW'],
    ['already committed beats blind, size and joker', eastCommitted, 'east', ['J'], 1, NO_BLIND, 'ALREADY_COMMITTED'],
    ['already committed, legal-looking packet', eastCommitted, 'east', ['4B', '5B', '6B'], undefined, NO_BLIND, 'ALREADY_COMMITTED'],
    ['already committed in a blind pass', eastCommitted, 'east', ['4B'], 2, BLIND, 'ALREADY_COMMITTED'],
    ['blind where not allowed beats size and joker', base, 'east', ['J', '9D', '9D', '9D'], 1, NO_BLIND, 'BLIND_NOT_ALLOWED'],
    ['blind 3 where not allowed', base, 'east', [], 3, NO_BLIND, 'BLIND_NOT_ALLOWED'],
    ['size beats joker and ownership', base, 'east', ['J', '9D'], undefined, NO_BLIND, 'WRONG_PACKET_SIZE'],
    ['four tiles', base, 'east', ['1B', '2B', '3B', '4B'], undefined, NO_BLIND, 'WRONG_PACKET_SIZE'],
    ['no tiles, no blind', base, 'east', [], 0, BLIND, 'WRONG_PACKET_SIZE'],
    ['blind 1 with three tiles (R1: tiles + blind = 3)', base, 'east', ['1B', '2B', '3B'], 1, BLIND, 'WRONG_PACKET_SIZE'],
    ['blind 3 with one tile', base, 'east', ['1B'], 3, BLIND, 'WRONG_PACKET_SIZE'],
    ['blind 2 with two tiles', base, 'south', ['1C', '2C'], 2, BLIND, 'WRONG_PACKET_SIZE'],
    ['joker beats ownership', base, 'east', ['J', '9D', '9D'], undefined, NO_BLIND, 'JOKER_NOT_PASSABLE'],
    ['joker from own rack', base, 'south', ['1C', 'J', '2C'], undefined, NO_BLIND, 'JOKER_NOT_PASSABLE'],
    ['joker in a blind pass', base, 'west', ['J', '1D'], 1, BLIND, 'JOKER_NOT_PASSABLE'],
    ['a joker the seat does not even hold', tableOf({ north: ['2B', '2C', '2D', '3B', '3C', '3D', 'N', 'E', 'W', 'S', 'WD', 'F', 'F'] }), 'north', ['J', 'N', 'E'], undefined, NO_BLIND, 'JOKER_NOT_PASSABLE'],
    ['a tile not in the rack', base, 'east', ['9D', '1B', '2B'], undefined, NO_BLIND, 'TILE_NOT_IN_RACK'],
    ['duplicates counted: three 1B from two', base, 'east', ['1B', '1B', '1B'], undefined, NO_BLIND, 'TILE_NOT_IN_RACK'],
    ['a tile in another seat’s rack', base, 'south', ['1B', '1C', '2C'], undefined, NO_BLIND, 'TILE_NOT_IN_RACK'],
    ['a committed tile is no longer in the rack', withCommit(base, 'east', ['N', 'E', 'F']), 'south', ['1C', '2C', '3C'], undefined, NO_BLIND, null],
    ['legal: two 1B of two', base, 'east', ['1B', '1B', '2B'], undefined, NO_BLIND, null],
    ['legal: blind 0 where blind is not allowed', base, 'east', ['1B', '2B', '3B'], 0, NO_BLIND, null],
    ['legal: no blind in a blind pass', base, 'east', ['1B', '2B', '3B'], undefined, BLIND, null],
    ['legal: blind 1 with two tiles', base, 'east', ['N', 'E'], 1, BLIND, null],
    ['legal: blind 2 with one tile', base, 'north', ['WD'], 2, BLIND, null],
    ['legal: blind 3 with no tiles', base, 'west', [], 3, BLIND, null],
    ['legal: another seat while east is committed', eastCommitted, 'south', ['1C', '2C', '3C'], undefined, NO_BLIND, null],
  ];
  it.each(rows)('%s', (_name, context, seat, tiles, blind, rule, expected) => {
    const commit = blind === undefined ? { seat, tiles } : { seat, tiles, blind };
    expect(checkPassCommit(context, commit, rule, 'firstCharleston.left')?.code ?? null).toBe(expected);
  });

  it('names the missing tile', () => {
    expect(checkPassCommit(base, { seat: 'east', tiles: ['1B', '9D', '2B'] }, NO_BLIND, 'firstCharleston.right')?.params).toEqual({ tile: '9D' });
  });
});

describe('commitPacket and retractPacket (R4, R5)', () => {
  it('the packet leaves the rack at once, in the order listed; the tile count is unchanged', () => {
    const after = commitPacket(base, 'east', ['N', '1B', 'F'], 0);
    expect(rackOf(after, 'east')).toEqual(minus(RACKS.east, ['N', '1B', 'F']));
    expect(after.racks.east).toHaveLength(11);
    const packet = after.table.east;
    expect(packet && facesOf(packet.tiles)).toEqual(['N', '1B', 'F']);
    expect(packet?.blind).toBe(0);
    expect(tileCount(after, 'east')).toBe(14);
    expect(after.table.south).toBeNull();
  });

  it('a blind commit records the blind count and only the own tiles', () => {
    const after = commitPacket(base, 'north', ['WD'], 2);
    expect(after.table.north && facesOf(after.table.north.tiles)).toEqual(['WD']);
    expect(after.table.north?.blind).toBe(2);
    expect(tileCount(after, 'north')).toBe(13);
  });

  it('does not change the input context', () => {
    const before = JSON.stringify(base);
    commitPacket(base, 'east', ['1B', '2B', '3B'], 0);
    expect(JSON.stringify(base)).toBe(before);
  });

  it('retract puts the same physical tiles back', () => {
    const after = { ...eastCommitted, ...retractPacket(eastCommitted, 'east') };
    expect(after.racks.east).toEqual(base.racks.east);
    expect(after.table.east).toBeNull();
  });

  it('retract with nothing on the table changes nothing', () => {
    const after = retractPacket(base, 'south');
    expect(after.racks).toEqual(base.racks);
    expect(after.table).toEqual(base.table);
  });
});

/** Commits a packet for every seat: [own tiles, blind]. */
function commitAll(context: CharlestonContext, packets: BySeat<[Tile[], number]>): CharlestonContext {
  let table = context;
  for (const seat of SEATS) table = withCommit(table, seat, packets[seat][0], packets[seat][1]);
  return table;
}

/** Received tiles as codes, per seat. */
function receivedOf(result: { received: BySeat<TileId[]> }): BySeat<Tile[]> {
  return { east: facesOf(result.received.east), south: facesOf(result.received.south), west: facesOf(result.received.west), north: facesOf(result.received.north) };
}

describe('resolvePass without blind (R1, §1 directions)', () => {
  const own: BySeat<Tile[]> = { east: ['7B', '8B', '9B'], south: ['7C', '8C', '9C'], west: ['7D', '8D', '9D'], north: ['WD', 'S', 'W'] };
  const committed = commitAll(base, { east: [own.east, 0], south: [own.south, 0], west: [own.west, 0], north: [own.north, 0] });
  // receiver ← sender, from §1
  const FROM: Record<Direction, BySeat<Seat>> = {
    right: { south: 'east', west: 'south', north: 'west', east: 'north' },
    across: { west: 'east', east: 'west', north: 'south', south: 'north' },
    left: { north: 'east', west: 'north', south: 'west', east: 'south' },
  };
  it.each(['right', 'across', 'left'] as const)('%s: each seat receives its sender’s three tiles, in order', (direction) => {
    const result = resolvePass(committed, direction);
    for (const seat of SEATS) {
      const sender = FROM[direction][seat];
      expect(targetOf(sender, direction)).toBe(seat);
      expect(facesOf(result.received[seat])).toEqual(own[sender]);
      expect(rackOf(result, seat)).toEqual(plus(minus(RACKS[seat], own[seat]), own[sender]));
    }
    expect(result.table).toEqual({ east: null, south: null, west: null, north: null });
    expect(result.racks.east).toHaveLength(14);
    for (const seat of ['south', 'west', 'north'] as const) expect(result.racks[seat]).toHaveLength(13);
  });

  it('moves the physical tiles committed (ids), not just faces', () => {
    const result = resolvePass(committed, 'right');
    expect(result.received.south).toEqual(committed.table.east?.tiles);
  });

  it('refuses to resolve while a seat has not committed', () => {
    expect(() => resolvePass(eastCommitted, 'right')).toThrow(/south has not committed/);
  });
});

describe('resolvePass with blind passes (R6, the IOU method)', () => {
  it('the contract’s example: first left, all four blind 1', () => {
    // own tiles: east e1=8B e2=9B, south s1=8C s2=9C, west w1=8D w2=9D, north n1=WD n2=S
    const committed = commitAll(base, { east: [['8B', '9B'], 1], south: [['8C', '9C'], 1], west: [['8D', '9D'], 1], north: [['WD', 'S'], 1] });
    const result = resolvePass(committed, 'left');
    expect(receivedOf(result)).toEqual({
      east: ['9C', '8D'], // s2 w1
      north: ['9B', '8C'], // e2 s1
      west: ['S', '8B'], // n2 e1
      south: ['9D', 'WD'], // w2 n1
    });
    expect(rackOf(result, 'east')).toEqual(plus(minus(RACKS.east, ['8B', '9B']), ['9C', '8D']));
    expect(rackOf(result, 'north')).toEqual(plus(minus(RACKS.north, ['WD', 'S']), ['9B', '8C']));
  });

  it.each(['left', 'right'] as const)('all four blind 3 (%s): no tile moves', (direction) => {
    const committed = commitAll(base, { east: [[], 3], south: [[], 3], west: [[], 3], north: [[], 3] });
    const result = resolvePass(committed, direction);
    expect(result.racks).toEqual(base.racks);
    expect(result.received).toEqual({ east: [], south: [], west: [], north: [] });
    expect(result.table).toEqual({ east: null, south: null, west: null, north: null });
  });

  it('mixed blind 0/1/2/3 on the first left, worked by hand', () => {
    // east sends 7B 8B 9B; north (blind 3) forwards them; west (blind 2) sends 9D 7B 8B, keeps 9B;
    // south (blind 1) sends 8C 9C 9D, keeps 7B 8B; east keeps 8C 9C 9D.
    const committed = commitAll(base, { east: [['7B', '8B', '9B'], 0], south: [['8C', '9C'], 1], west: [['9D'], 2], north: [[], 3] });
    const result = resolvePass(committed, 'left');
    expect(receivedOf(result)).toEqual({ east: ['8C', '9C', '9D'], south: ['7B', '8B'], west: ['9B'], north: [] });
    expect(result.racks.north).toEqual(base.racks.north);
  });

  it('a tile goes round the ring more than once (second right: east blind 2, north blind 2, the others blind 3)', () => {
    // east sends X then two of what reaches it; north sends Y then two of what reaches it. Following the
    // IOU sequences, east's packet reads X Y X and north's Y X Y: X passes north twice. East keeps Y, north keeps X.
    const committed = commitAll(base, { east: [['9B'], 2], south: [[], 3], west: [[], 3], north: [['WD'], 2] });
    const x = committed.table.east?.tiles[0];
    const y = committed.table.north?.tiles[0];
    const result = resolvePass(committed, 'right');
    expect(result.received).toEqual({ east: [y], south: [], west: [], north: [x] });
    expect(rackOf(result, 'east')).toEqual(plus(minus(RACKS.east, ['9B']), ['WD']));
    expect(rackOf(result, 'north')).toEqual(plus(minus(RACKS.north, ['WD']), ['9B']));
    expect(racksOf(result).south).toEqual(rackOf(base, 'south'));
  });

  it('a lone own tile forwarded round three times comes home', () => {
    const committed = commitAll(base, { east: [['9B'], 2], south: [[], 3], west: [[], 3], north: [[], 3] });
    const result = resolvePass(committed, 'left');
    expect(result.racks).toEqual(base.racks);
    expect(result.received).toEqual({ east: committed.table.east?.tiles, south: [], west: [], north: [] });
  });

  // Every combination of blind counts, both blind directions: every tile ends in exactly one rack, each
  // seat keeps exactly as many tiles as it gave of its own, and nothing else changes.
  const OWN: BySeat<Tile[]> = { east: ['7B', '8B', '9B'], south: ['7C', '8C', '9C'], west: ['7D', '8D', '9D'], north: ['WD', 'S', 'W'] };
  const combos: Array<[Direction, number, number, number, number]> = [];
  for (const direction of ['left', 'right'] as const) {
    for (let code = 0; code < 256; code += 1) combos.push([direction, code & 3, (code >> 2) & 3, (code >> 4) & 3, (code >> 6) & 3]);
  }
  it.each(combos)('%s with blind east %i south %i west %i north %i conserves every tile', (direction, e, s, w, n) => {
    const blind: BySeat<number> = { east: e, south: s, west: w, north: n };
    const committed = commitAll(base, bySeatPackets(OWN, blind));
    const result = resolvePass(committed, direction);
    const all = SEATS.flatMap((seat) => result.racks[seat]);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((a, b) => a - b)).toEqual(SEATS.flatMap((seat) => base.racks[seat]).sort((a, b) => a - b));
    for (const seat of SEATS) {
      expect(result.racks[seat]).toHaveLength(base.racks[seat].length);
      expect(result.received[seat]).toHaveLength(3 - blind[seat]);
    }
  });
});

function bySeatPackets(own: BySeat<Tile[]>, blind: BySeat<number>): BySeat<[Tile[], number]> {
  return {
    east: [own.east.slice(0, 3 - blind.east), blind.east],
    south: [own.south.slice(0, 3 - blind.south), blind.south],
    west: [own.west.slice(0, 3 - blind.west), blind.west],
    north: [own.north.slice(0, 3 - blind.north), blind.north],
  };
}
