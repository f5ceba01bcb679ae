/**
 * The card teacher's arithmetic: which hands of a card a rack aims for, and which of its tiles serve them. Pure
 * functions over tile codes; the distance to a hand is the card library's `missing` (how many of the hand's 14
 * tiles the rack cannot supply). A tile *serves* a set of hands when taking it out of the rack makes them farther.
 */
import { closestHands } from '../card/match.js';
import type { Card, ClosestHand } from '../card/types.js';
import { JOKER, type Tile } from '../tiles.js';

/** How many of its closest hands the teacher keeps in mind. */
export const AIM_HANDS = 3;
/** The weight of the first, second and third aimed hand in the cost of a rack (the best hand counts most). */
const WEIGHTS: readonly number[] = [4, 2, 1];

/** Cards made of a few hands of a bigger card, made once per card and choice of hands. */
const SUB_CARDS = new WeakMap<Card, Map<string, Card>>();

/** The card made of the hands `indexes` of `card` (in that order), cached. */
function subCard(card: Card, indexes: readonly number[]): Card {
  let byKey = SUB_CARDS.get(card);
  if (byKey === undefined) {
    byKey = new Map();
    SUB_CARDS.set(card, byKey);
  }
  const key = indexes.join(',');
  let sub = byKey.get(key);
  if (sub === undefined) {
    sub = { hands: indexes.map((index) => card.hands[index] as Card['hands'][number]) };
    byKey.set(key, sub);
  }
  return sub;
}

/** The hands a rack aims for: its {@link AIM_HANDS} closest hands of the card (closest first). */
export function aimHands(card: Card, rack: readonly Tile[]): ClosestHand[] {
  return closestHands(card, rack, AIM_HANDS);
}

/** How far the rack is from each of `hands` (their `missing`, in the order given). */
export function missingFor(card: Card, hands: readonly ClosestHand[], rack: readonly Tile[]): number[] {
  const sub = subCard(card, hands.map((hand) => hand.index));
  const missing = new Array<number>(hands.length).fill(14);
  for (const found of closestHands(sub, rack, hands.length)) missing[found.index] = found.missing;
  return missing;
}

/** The rack's weighted distance from the aimed hands (lower is better). */
export function rackCost(card: Card, hands: readonly ClosestHand[], rack: readonly Tile[]): number {
  return missingFor(card, hands, rack).reduce((sum, missing, i) => sum + missing * (WEIGHTS[i] ?? 1), 0);
}

/** The rack without one copy of `tile`. */
export function without(rack: readonly Tile[], tile: Tile): Tile[] {
  const at = rack.indexOf(tile);
  return at < 0 ? [...rack] : [...rack.slice(0, at), ...rack.slice(at + 1)];
}

/**
 * The `n` tiles of `from` (never a joker) whose loss costs the aimed hands least, chosen one at a time (so that of
 * three copies where a hand wants two, one may go): each step takes the tile whose removal raises the rack's cost
 * least, ties to the later tile of `from`.
 */
export function cheapestTiles(card: Card, hands: readonly ClosestHand[], from: readonly Tile[], rack: readonly Tile[], n: number): Tile[] {
  let pool = from.filter((tile) => tile !== JOKER);
  let left = [...rack];
  const chosen: Tile[] = [];
  for (let step = 0; step < n && pool.length > 0; step += 1) {
    let best: { tile: Tile; cost: number } | null = null;
    for (const tile of new Set(pool)) {
      const cost = rackCost(card, hands, without(left, tile));
      if (best === null || cost <= best.cost) best = { tile, cost };
    }
    const tile = (best as { tile: Tile }).tile;
    chosen.push(tile);
    pool = without(pool, tile);
    left = without(left, tile);
  }
  return chosen;
}

/**
 * The rack's tiles split into those that serve `hands` and those that serve none, reading the rack in order and
 * setting a tile aside when the rest still reach the hands as well without it (jokers are always kept).
 */
export function splitRack(card: Card, hands: readonly ClosestHand[], rack: readonly Tile[]): { keep: Tile[]; spare: Tile[] } {
  let left = [...rack];
  const spare: Tile[] = [];
  let cost = rackCost(card, hands, left);
  for (const tile of rack) {
    if (tile === JOKER) continue;
    const rest = without(left, tile);
    const restCost = rackCost(card, hands, rest);
    if (restCost === cost) {
      spare.push(tile);
      left = rest;
      cost = restCost;
    }
  }
  return { keep: left, spare };
}
