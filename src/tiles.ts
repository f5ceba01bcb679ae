/**
 * The 152-tile American mahjong set (contract §2). Each physical tile has an id 0…151; ids are laid out
 * in the order of {@link TILE_CODES}, copies of one face next to each other, so sorting ids sorts a rack.
 */

/** Every tile face, as the fixed upper-case codes events use. */
export const TILE_CODES = [
  '1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B',
  '1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C',
  '1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D',
  'N', 'E', 'W', 'S',
  'RD', 'GD', 'WD',
  'F',
  'J',
] as const;
/** A tile face code. */
export type Tile = (typeof TILE_CODES)[number];
/** A physical tile's id, 0…151. */
export type TileId = number;

/** The joker code. Jokers never leave a rack in the Charleston (R2). */
export const JOKER: Tile = 'J';

/** How many copies of each face a set holds. */
export function copiesOf(code: Tile): number {
  return code === 'F' || code === 'J' ? 8 : 4;
}

/** The face of every physical tile, indexed by id. */
export const TILE_FACES: readonly Tile[] = TILE_CODES.flatMap((code) =>
  Array.from({ length: copiesOf(code) }, () => code),
);

/** Number of tiles in a set. */
export const SET_SIZE = TILE_FACES.length;

if (SET_SIZE !== 152) {
  throw new Error(`tile set is ${SET_SIZE} tiles, expected 152`);
}

/** True when `value` is a tile code. */
export function isTile(value: unknown): value is Tile {
  return typeof value === 'string' && (TILE_CODES as readonly string[]).includes(value);
}

/** The face of a physical tile. */
export function faceOf(id: TileId): Tile {
  const face = TILE_FACES[id];
  if (face === undefined) throw new RangeError(`no tile with id ${id}`);
  return face;
}

/** The faces of a list of tile ids, in order. */
export function facesOf(ids: readonly TileId[]): Tile[] {
  return ids.map(faceOf);
}

/** Counts codes: a multiset as a map from code to count. */
export function countCodes(codes: readonly Tile[]): Map<Tile, number> {
  const counts = new Map<Tile, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
}

/** Sorts tile codes in set order (for display and multiset comparison). */
export function sortCodes(codes: readonly Tile[]): Tile[] {
  return [...codes].sort((a, b) => TILE_CODES.indexOf(a) - TILE_CODES.indexOf(b));
}

/**
 * Picks, for each listed code, one tile of that face from `rack` (lowest id first, each tile once).
 * Returns the ids, or `undefined` when the rack lacks a tile (counting duplicates).
 */
export function pickFromRack(rack: readonly TileId[], codes: readonly Tile[]): TileId[] | undefined {
  const used = new Set<TileId>();
  const picked: TileId[] = [];
  for (const code of codes) {
    const id = rack.find((candidate) => !used.has(candidate) && TILE_FACES[candidate] === code);
    if (id === undefined) return undefined;
    used.add(id);
    picked.push(id);
  }
  return picked;
}

/** `rack` without the tiles in `ids`. */
export function without(rack: readonly TileId[], ids: readonly TileId[]): TileId[] {
  const removed = new Set(ids);
  return rack.filter((id) => !removed.has(id));
}

/** `rack` with `ids` added, sorted by id. */
export function withTiles(rack: readonly TileId[], ids: readonly TileId[]): TileId[] {
  return [...rack, ...ids].sort((a, b) => a - b);
}
