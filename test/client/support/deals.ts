/** Explicit deals for the client's tests: a rack for one seat, the rest of the set dealt to the others. */
import { TILE_CODES, type DealInput, type Tile } from '../../../src/index.js';

/** The 152 tile codes, copies side by side. */
export function fullSet(): Tile[] {
  return TILE_CODES.flatMap((code) => Array.from({ length: code === 'F' || code === 'J' ? 8 : 4 }, () => code));
}

/** East holds `east` (14 codes); south, west and north get 13 each from what is left, in set order. */
export function dealWithEast(east: readonly Tile[]): DealInput {
  const rest = fullSet();
  for (const tile of east) {
    const index = rest.indexOf(tile);
    if (index < 0) throw new Error(`no ${tile} left for the deal`);
    rest.splice(index, 1);
  }
  return { east, south: rest.slice(0, 13), west: rest.slice(13, 26), north: rest.slice(26, 39) };
}

/**
 * The seeds' teaching rack (the first pass of the teaching pages): two lines want the flowers, the sixes of bam and
 * dot, and East; three craks help neither, a clean first pass. (A joker and a north wind complete East's 14.)
 */
export const TEACHING_RACK: readonly Tile[] = ['F', 'F', '6B', '6B', '6D', '6D', 'E', 'E', 'E', 'N', 'J', '1C', '4C', '8C'];
