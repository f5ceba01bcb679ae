/**
 * What is engraved on a tile's face, the same in every language: the winds' letters E, S, W, N as every physical
 * set prints them, the ranks' digits, and the words the sets print on dragons, flowers and jokers. The page's
 * language changes only captions and spoken names (`aria-label`), never the face.
 */
import type { Tile } from '../index.js';

/** The engraved mark of each honor tile (suited tiles show their digit). */
export const ENGRAVING = {
  N: 'N',
  E: 'E',
  W: 'W',
  S: 'S',
  RD: 'Red',
  GD: 'Green',
  WD: 'Soap',
  F: 'Flower',
  J: 'Joker',
} as const satisfies Record<string, string>;

/** An honor tile: one that carries a word or letter instead of a digit. */
export type HonorTile = keyof typeof ENGRAVING;

/** The engraving of any tile: its digit for a suited tile, its mark for an honor. */
export function engravingOf(tile: Tile): string {
  const suited = /^([1-9])[BCD]$/.exec(tile);
  if (suited) return suited[1] as string;
  return ENGRAVING[tile as HonorTile];
}
