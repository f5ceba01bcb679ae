/**
 * The 152-tile American mahjong set. Each physical tile has an id 0…151; ids are laid out
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

/**
 * Each code's first id (a map: one hashed look-up per code). A face's ids are one range, from its first id for its
 * copies, and the faces lie in the order of {@link TILE_CODES}, so first ids also sort codes in set order.
 */
const FIRST_ID: ReadonlyMap<string, number> = new Map(TILE_CODES.map((code) => [code, TILE_FACES.indexOf(code)]));

/** True when `value` is a tile code. */
export function isTile(value: unknown): value is Tile {
  return typeof value === 'string' && FIRST_ID.has(value);
}

/** The face of a physical tile. */
export function faceOf(id: TileId): Tile {
  const face = TILE_FACES[id];
  if (face === undefined) throw new RangeError(`no tile with id ${id}`);
  return face;
}

/** The faces of a list of tile ids, in order. */
export function facesOf(ids: readonly TileId[]): Tile[] {
  const faces = new Array<Tile>(ids.length);
  for (let i = 0; i < ids.length; i += 1) faces[i] = faceOf(ids[i] as TileId);
  return faces;
}

/** Counts codes: a multiset as a map from code to count. */
export function countCodes(codes: readonly Tile[]): Map<Tile, number> {
  const counts = new Map<Tile, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
}

/** Sorts tile codes in set order (for display and multiset comparison). */
export function sortCodes(codes: readonly Tile[]): Tile[] {
  return sortCodesInPlace(codes.slice());
}

/**
 * Sorts a list of codes in set order in place and returns it. An insertion sort by each code's first id: lists
 * are short, and often already in order (a rack's ids are kept ascending, and ids follow that order), which costs
 * one comparison per entry.
 */
export function sortCodesInPlace(out: Tile[]): Tile[] {
  for (let i = 1; i < out.length; i += 1) {
    const code = out[i] as Tile;
    const first = FIRST_ID.get(code) as number;
    let j = i - 1;
    while (j >= 0 && (FIRST_ID.get(out[j] as Tile) as number) > first) {
      out[j + 1] = out[j] as Tile;
      j -= 1;
    }
    out[j + 1] = code;
  }
  return out;
}

/**
 * Greedy picking: for each code in turn, the lowest tile id of that face in `rack` not picked yet goes to
 * `picked[index]`. Returns the index of the first code the rack cannot supply (counting duplicates), or -1.
 * A tile is of the face when its id less the face's first id is below the face's copies (unsigned: below the range
 * wraps round to a large number). Racks are kept in ascending id order (the deal sorts them, every move keeps them
 * sorted, `restore` sorts them) and a face's copies have consecutive ids, so a binary search for the face's first
 * id lands on its lowest free copy, or just after it. From there the search goes once round the rack, so that a rack
 * out of order (a context built by hand) still gives a tile of the face whenever it holds one.
 */
function pickInto(rack: readonly TileId[], codes: readonly Tile[], picked: TileId[]): number {
  const n = rack.length;
  for (let c = 0; c < codes.length; c += 1) {
    const code = codes[c] as Tile;
    const first = FIRST_ID.get(code) as number;
    const copies = copiesOf(code);
    let r = 0;
    for (let end = n; r < end; ) {
      const middle = (r + end) >>> 1;
      if ((rack[middle] as TileId) < first) r = middle + 1;
      else end = middle;
    }
    // Not picked yet by an earlier code (only the first `c` picks: `picked` may hold anything past them).
    let id = -1;
    for (let k = 0; k < n; k += 1) {
      const candidate = rack[(r + k) % n] as TileId;
      if (candidate - first >>> 0 < copies && !listed(picked, c, candidate)) {
        id = candidate;
        break;
      }
    }
    if (id < 0) return c;
    picked[c] = id;
  }
  return -1;
}

/**
 * Picks, for each listed code, one tile of that face from `rack` (lowest id first, each tile once).
 * Returns the ids, or `undefined` when the rack lacks a tile (counting duplicates).
 */
export function pickFromRack(rack: readonly TileId[], codes: readonly Tile[]): TileId[] | undefined {
  // Sized up front: a packet lies on the table for a while, so it should not carry spare capacity.
  const picked = new Array<TileId>(codes.length);
  return pickInto(rack, codes, picked) === -1 ? picked : undefined;
}

/** Scratch picks for {@link firstUnpickable}: only the first `c` entries are read while code `c` is picked. */
const SCRATCH: TileId[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** The first code of `codes` that the rack cannot supply (counting duplicates), or undefined. */
export function firstUnpickable(rack: readonly TileId[], codes: readonly Tile[]): Tile | undefined {
  // A check keeps no picks: a packet's worth of scratch is reused (pickInto is synchronous and calls nothing out).
  const picks = codes.length <= SCRATCH.length ? SCRATCH : new Array<TileId>(codes.length);
  const missing = pickInto(rack, codes, picks);
  return missing === -1 ? undefined : codes[missing];
}

/** `rack` without the tiles in `ids` (picked from it: the result is sized for that, no spare capacity). */
export function without(rack: readonly TileId[], ids: readonly TileId[]): TileId[] {
  const out = new Array<TileId>(Math.max(0, rack.length - ids.length));
  let at = 0;
  // A packet's ids (at most three) are compared one by one, with no inner loop; -1 is no tile's id.
  const n = ids.length;
  const a = ids[0] ?? -1;
  const b = ids[1] ?? -1;
  const c = ids[2] ?? -1;
  for (let r = 0; r < rack.length; r += 1) {
    const id = rack[r] as TileId;
    if (id !== a && id !== b && id !== c && (n < 4 || !listed(ids, n, id))) out[at++] = id;
  }
  // Setting a length is a call even when it changes nothing, so only when the rack held a listed id twice (more
  // tiles left out than ids listed). A listed id missing from the rack makes the writes above grow the array.
  if (at !== out.length) out.length = at;
  return out;
}

/** Whether `id` is among the first `count` entries of the short list `ids` (a plain loop beats `includes`). */
function listed(ids: readonly TileId[], count: number, id: TileId): boolean {
  for (let i = 0; i < count; i += 1) if (ids[i] === id) return true;
  return false;
}

/** Sorts tile ids ascending in place and returns them (insertion sort: racks are short and nearly sorted). */
export function sortIds(ids: TileId[]): TileId[] {
  for (let i = 1; i < ids.length; i += 1) {
    const id = ids[i] as TileId;
    let j = i - 1;
    while (j >= 0 && (ids[j] as TileId) > id) {
      ids[j + 1] = ids[j] as TileId;
      j -= 1;
    }
    ids[j + 1] = id;
  }
  return ids;
}

/** `rack` with `ids` added, sorted by id. */
export function withTiles(rack: readonly TileId[], ids: readonly TileId[]): TileId[] {
  // One allocation, sized exactly; insertion sort (racks are short and kept sorted, so the rack part is in order).
  const out = new Array<TileId>(rack.length + ids.length);
  for (let r = 0; r < rack.length; r += 1) out[r] = rack[r] as TileId;
  for (let i = 0; i < ids.length; i += 1) out[rack.length + i] = ids[i] as TileId;
  return sortIds(out);
}
