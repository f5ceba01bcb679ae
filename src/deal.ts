/**
 * The deal: from a seed, or explicit racks validated as a sub-multiset of the 152-tile set.
 * Dealing order from a shuffled set: ids at positions 0–13 to east, 14–26 south, 27–39 west, 40–52 north,
 * the remaining 99 are the wall, drawn from its start.
 */
import { InputError, describeType, isRecord, own, unknownKeys } from './errors.js';
import { seededShuffle, type Seed } from './prng.js';
import { SEATS, bySeat, type BySeat } from './seats.js';
import { SET_SIZE, TILE_FACES, isTile, sortIds, type Tile, type TileId } from './tiles.js';

/** A dealt hand: physical tile ids per rack, and the wall in drawing order. */
export interface Deal {
  racks: BySeat<TileId[]>;
  wall: TileId[];
}

/** An explicit deal as scripts and clients write it: tile codes per seat, optionally the start of the wall. */
export interface DealInput {
  east: readonly Tile[];
  south: readonly Tile[];
  west: readonly Tile[];
  north: readonly Tile[];
  wall?: readonly Tile[];
}

const ALL_IDS: readonly TileId[] = Array.from({ length: SET_SIZE }, (_, id) => id);

/** Deals a hand from a seed: east 14, the others 13, the rest is the wall. */
export function dealFromSeed(seed: Seed): Deal {
  const order = seededShuffle(ALL_IDS, seed);
  const sorted = (from: number, to: number): TileId[] => sortIds(order.slice(from, to));
  return {
    racks: { east: sorted(0, 14), south: sorted(14, 27), west: sorted(27, 40), north: sorted(40, 53) },
    wall: order.slice(53),
  };
}

/**
 * Turns an explicit deal into physical tiles. Each code takes the next unused id of its face in a seeded order
 * of the set's ids (the seed's `ids` stream), so an id tells nothing about which seat a tile was dealt to or
 * how many copies of a face another seat holds: the ids of a face in one rack are a uniformly random choice.
 * The wall is the listed wall (if any) followed by the rest of the set in the seed's shuffled order,
 * so all 152 tiles are always on the table. Throws {@link InputError} naming the seat and tile when the
 * deal is not a sub-multiset of the set.
 */
export function dealFromInput(input: unknown, seed: Seed, where = 'deal'): Deal {
  if (!isRecord(input)) throw new InputError(where, `must be an object with east, south, west, north, got ${describeType(input)}`);
  const extra = unknownKeys(input, [...SEATS, 'wall']);
  if (extra.length > 0) throw new InputError(`${where}.${extra[0]}`, 'unknown key (allowed: east, south, west, north, wall)');
  const used = new Set<TileId>();
  const idOrder = seededShuffle(ALL_IDS, seed, 'ids');
  const take = (list: unknown, at: string): TileId[] => {
    if (!Array.isArray(list)) throw new InputError(at, `must be an array of tile codes, got ${describeType(list)}`);
    return list.map((code: unknown, index) => {
      if (!isTile(code)) throw new InputError(`${at}[${index}]`, `unknown tile ${describeType(code)}`);
      const id = idOrder.find((candidate) => TILE_FACES[candidate] === code && !used.has(candidate));
      if (id === undefined) throw new InputError(`${at}[${index}]`, `one ${code} too many: the set has only ${TILE_FACES.filter((face) => face === code).length}`);
      used.add(id);
      return id;
    });
  };
  const racks = bySeat((seat) => {
    const list = own(input, seat);
    if (list === undefined) throw new InputError(`${where}.${seat}`, 'missing: an explicit deal lists all four racks');
    return take(list, `${where}.${seat}`).sort((a, b) => a - b);
  });
  const wallInput = own(input, 'wall');
  const listedWall = wallInput === undefined ? [] : take(wallInput, `${where}.wall`);
  const rest = seededShuffle(ALL_IDS.filter((id) => !used.has(id)), seed);
  return { racks, wall: [...listedWall, ...rest] };
}

/** Checks that a value is a list of tile codes; throws an {@link InputError} naming the first bad entry. */
export function parseTileList(value: unknown, where: string): Tile[] {
  if (!Array.isArray(value)) throw new InputError(where, `must be an array of tile codes, got ${describeType(value)}`);
  return value.map((code: unknown, index) => {
    if (!isTile(code)) throw new InputError(`${where}[${index}]`, `unknown tile ${describeType(code)}`);
    return code;
  });
}
