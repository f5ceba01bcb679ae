/**
 * The teacher at your elbow: the teacher bot's own choice for this seat (`teacherStrategy.act`, so the hint
 * is exactly what the bot would do), with its reason in words. The reason follows the seeds' teaching line,
 * "keep two plausible lines in mind and pass tiles that help neither": it names the rack's two best lines,
 * computed here from the same rules the teacher uses (a suit with its dragon, like numbers, winds and dragons;
 * flowers help every line; jokers and pairs are kept). With a card in play the hint is the card teacher's instead.
 */
import { JOKER, type LegalActions, type Locale, type SeatView, type Tile } from '../index.js';
import { teacherStrategy } from '../entries/bots.js';
import type { Card } from '../entries/card.js';
import { cardHint } from './card-hint.js';
import type { Hint } from './hint.js';
import { ct, type ClientKey } from './i18n/catalog.js';
import { tileNames } from './tiles.js';

/** A line a rack can aim for. */
export type TeachingLine = { kind: 'suit'; suit: 'B' | 'C' | 'D' } | { kind: 'like'; rank: string } | { kind: 'honors' };

const HONORS: readonly Tile[] = ['N', 'E', 'W', 'S', 'RD', 'GD', 'WD'];
const DRAGON_OF = { B: 'GD', C: 'RD', D: 'WD' } as const;

/** The candidate lines, in the teacher's order (ties go to the earlier line). */
export const TEACHING_LINES: readonly TeachingLine[] = [
  { kind: 'suit', suit: 'B' },
  { kind: 'suit', suit: 'C' },
  { kind: 'suit', suit: 'D' },
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((rank): TeachingLine => ({ kind: 'like', rank })),
  { kind: 'honors' },
];

/** True when the line wants the tile. */
export function lineWants(line: TeachingLine, tile: Tile): boolean {
  if (tile === 'F') return true;
  if (line.kind === 'suit') return /^[1-9]/.test(tile) ? tile.endsWith(line.suit) : tile === DRAGON_OF[line.suit];
  if (line.kind === 'like') return tile.startsWith(line.rank);
  return HONORS.includes(tile);
}

/** The rack's two best lines (most wanted tiles; ties by line order). */
export function bestLines(rack: readonly Tile[]): [TeachingLine, TeachingLine] {
  const ranked = TEACHING_LINES.map((line, index) => ({ line, index, score: rack.filter((tile) => lineWants(line, tile)).length })).sort(
    (a, b) => b.score - a.score || a.index - b.index,
  );
  return [(ranked[0] as { line: TeachingLine }).line, (ranked[1] as { line: TeachingLine }).line];
}

/** True when a tile is worth nothing to the rack: not a joker, not in a pair, wanted by neither line. */
export function isSpare(tile: Tile, rack: readonly Tile[], lines: readonly TeachingLine[]): boolean {
  if (tile === JOKER) return false;
  if (rack.filter((other) => other === tile).length >= 2) return false;
  return !lines.some((line) => lineWants(line, tile));
}

/** A line's name in words. */
export function lineName(locale: Locale, line: TeachingLine): string {
  if (line.kind === 'suit') return ct(locale, `line.suit.${line.suit}` as ClientKey);
  if (line.kind === 'like') return ct(locale, 'line.like', { rank: line.rank });
  return ct(locale, 'line.honors');
}

export type { Hint } from './hint.js';

/**
 * The teacher's choice for the view's seat with its reason, in `locale`; with a `card`, the card teacher's choice
 * and the hand it aims for ({@link cardHint}).
 */
export function teacherHint(view: SeatView, legal: LegalActions, locale: Locale, card?: Card | null): Hint {
  if (card) return cardHint(locale, card, view, legal);
  const rack = view.rack.map((tile) => tile.tile);
  const [first, second] = bestLines(rack);
  const names = { first: lineName(locale, first), second: lineName(locale, second) };
  const event = teacherStrategy.act(view, legal, () => 0);
  const spare = rack.filter((tile) => isSpare(tile, rack, [first, second])).length;
  if (event === null) return { event, tiles: [], text: ct(locale, 'hint.none') };
  switch (event.type) {
    case 'wall.draw':
      return { event, tiles: [], text: ct(locale, 'hint.draw') };
    case 'pass.commit': {
      const blind = event.blind ?? 0;
      const tiles = event.tiles;
      const list = tileNames(locale, tiles);
      if (blind === 3) return { event, tiles, text: ct(locale, 'hint.passAllBlind', names) };
      if (blind > 0) return { event, tiles, text: ct(locale, 'hint.passBlind', { ...names, spare, tiles: list, count: blind }) };
      const allSpare = tiles.every((tile) => isSpare(tile, rack, [first, second]));
      return { event, tiles, text: `${ct(locale, allSpare ? 'hint.pass' : 'hint.passSome', { ...names, tiles: list })} ${ct(locale, 'hint.keep')}` };
    }
    case 'vote.cast': {
      const count = rack.filter((tile) => lineWants(first, tile)).length + rack.filter((tile) => tile === JOKER).length;
      return { event, tiles: [], text: ct(locale, event.vote === 'stop' ? 'hint.voteStop' : 'hint.voteContinue', { ...names, count }) };
    }
    case 'courtesy.offer':
      return { event, tiles: [], text: ct(locale, 'hint.offer', { ...names, count: event.count }) };
    case 'courtesy.commit':
      return { event, tiles: event.tiles, text: ct(locale, 'hint.give', { ...names, tiles: tileNames(locale, event.tiles) }) };
    default:
      return { event, tiles: [], text: ct(locale, 'hint.none') };
  }
}
