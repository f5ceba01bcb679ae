/**
 * The default strategy, after the seeds' teaching advice: keep two plausible lines in mind and pass tiles
 * that help neither; keep jokers, pairs and the tiles the lines want; use a blind pass when the rack has
 * fewer than three tiles to spare; stop the Charleston when the hand is close; offer what it can spare.
 * It never declares a winning hand (it does not know the year's card), and it accepts East's declared hand when the
 * table reviews one (R10, `rules.declarationReview`): it does not know the card either, so it has no ground to dispute.
 */
import { JOKER, countCodes, type Tile } from '../tiles.js';
import type { Strategy } from './strategy.js';
import { teachingStrategy } from './teaching.js';

/** A line a hand can aim for: the faces it wants. */
interface Line {
  name: string;
  wants: (tile: Tile) => boolean;
}

const HONORS: readonly Tile[] = ['N', 'E', 'W', 'S', 'RD', 'GD', 'WD'];
const DRAGON_OF: Record<string, Tile> = { B: 'GD', C: 'RD', D: 'WD' };

/** Candidate lines: each suit with its dragon, like numbers across suits, winds and dragons; flowers help all. */
const LINES: readonly Line[] = [
  ...['B', 'C', 'D'].map((suit) => ({
    name: `suit ${suit}`,
    wants: (tile: Tile) => /^[1-9]/.test(tile) ? tile.endsWith(suit) : tile === DRAGON_OF[suit] || tile === 'F',
  })),
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((rank) => ({
    name: `like ${rank}s`,
    wants: (tile: Tile) => tile.startsWith(rank) || tile === 'F',
  })),
  { name: 'winds and dragons', wants: (tile: Tile) => HONORS.includes(tile) || tile === 'F' },
];

/** The two lines the rack supports best (most wanted tiles; ties by line order). */
export function twoLines(rack: readonly Tile[]): Line[] {
  return [...LINES]
    .map((line, index) => ({ line, index, score: rack.filter(line.wants).length }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .map((entry) => entry.line);
}

/** How much the rack wants to keep a tile: jokers most, then pairs, then what the two lines want. */
export function keepValue(tile: Tile, rack: readonly Tile[], lines: readonly Line[]): number {
  if (tile === JOKER) return 100;
  const copies = countCodes(rack).get(tile) ?? 0;
  return (copies >= 2 ? 4 * copies : 0) + lines.filter((line) => line.wants(tile)).length * 3;
}

/** The `n` natural tiles the rack wants least, from `from` (stable: lower value, then later code first). */
export function spareTiles(from: readonly Tile[], rack: readonly Tile[], n: number): Tile[] {
  const lines = twoLines(rack);
  return [...from]
    .map((tile, index) => ({ tile, index, value: keepValue(tile, rack, lines) }))
    .sort((a, b) => a.value - b.value || b.index - a.index)
    .slice(0, n)
    .map((entry) => entry.tile);
}

/** How many tiles the rack can give away without hurting either line. */
export function junkCount(rack: readonly Tile[]): number {
  const lines = twoLines(rack);
  return rack.filter((tile) => keepValue(tile, rack, lines) === 0).length;
}

/** The teaching strategy: two lines in mind (`twoLines`), it stops when the better one has 10 tiles (jokers count). */
export const teacherStrategy: Strategy = teachingStrategy((rack) => ({
  spare: () => junkCount(rack),
  pick: (from, n) => spareTiles(from, rack, n),
  close() {
    const best = twoLines(rack)[0];
    return best !== undefined && rack.filter(best.wants).length + rack.filter((tile) => tile === JOKER).length >= 10;
  },
  complete: () => false,
}));
