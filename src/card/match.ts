/**
 * How far a rack is from each hand of a card. A hand is compiled once into its *variants*: one per assignment of
 * suits to `a b c`, value of `x` and choice of each `Z` group (duplicates dropped), each a list of needs
 * `(tile, plain, jokerable)`: how many of that tile the hand wants in groups a joker may not stand in, and in
 * groups it may. A rack is counted once; a variant's supply is then, tile by tile, the rack's copies given first to
 * the plain needs and then to the jokerable ones, plus the rack's jokers up to the jokerable needs left.
 *
 * That greedy supply is the largest matching of rack tiles to the hand's slots: a slot of tile t takes a real t or,
 * if jokerable, a joker. Real t's only fit t's slots, so giving them to plain slots first never costs (any matching
 * that puts a real t in a jokerable slot while a plain t slot stays empty can move it over, freeing the jokerable
 * slot for a joker or leaving the count unchanged); jokers are interchangeable and fit every jokerable slot, so they
 * add the smaller of their count and the jokerable slots left. test/unit/card-match.test.ts checks it against a
 * brute-force bipartite matching.
 */
import { TILE_CODES } from '../tiles.js';
import { PARSED_GROUPS, HAND_TILES, readHand } from './parse.js';
import { jokerable, type Group } from './groups.js';
import type { Card, ClosestHand } from './types.js';

const TILE_INDEX: ReadonlyMap<string, number> = new Map(TILE_CODES.map((code, index) => [code, index]));
const at = (code: string): number => TILE_INDEX.get(code) as number;
const JOKER_INDEX = at('J');
const WINDS = [at('N'), at('E'), at('W'), at('S')];
const SOAP = at('WD');
const FLOWER = at('F');
/** Each suit's dragon: bams the green, craks the red, dots Soap. */
const SUIT_DRAGON = [at('GD'), at('RD'), SOAP];
const UNSUITED_TILE: Readonly<Record<string, number>> = { F: FLOWER, N: WINDS[0] as number, E: WINDS[1] as number, W: WINDS[2] as number, S: WINDS[3] as number, '0': SOAP };
/** The six assignments of the suits (bams 0, craks 1, dots 2) to the letters a, b, c. */
const ASSIGNMENTS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] as const;

/** A variant's needs, flat: tile, plain count, jokerable count, repeated. */
type Variant = Int8Array;

/** Adds `count` to `counts[index]`. */
const bump = (counts: Int8Array | Int16Array, index: number, count: number): void => {
  counts[index] = (counts[index] as number) + count;
};

/** The number tile `value` (1–9) of suit `suit`. */
const numberTile = (suit: number, value: number): number => suit * 9 + value - 1;

/** The tiles of a suited group's character in `suit`. */
function suitedTile(char: string, suit: number): number {
  if (char === 'D') return SUIT_DRAGON[suit] as number;
  if (char === '0') return SOAP;
  return numberTile(suit, Number(char));
}

/** Every distinct variant of a hand's groups (as {@link readHand} checked them). */
export function compileHand(groups: readonly Group[]): Variant[] {
  const zGroups = groups.filter((group) => group.kind === 'unsuited' && group.chars.includes('Z'));
  const offsets = groups.flatMap((group) => (group.kind === 'relative' ? [group.offset] : []));
  const lastX = offsets.length === 0 ? 1 : 9 - Math.max(...offsets);
  const seen = new Set<string>();
  const variants: Variant[] = [];
  const plain = new Int8Array(TILE_CODES.length);
  const joker = new Int8Array(TILE_CODES.length);
  for (const assignment of ASSIGNMENTS) {
    for (let x = 1; x <= lastX; x += 1) {
      for (let zChoice = 0; zChoice < 4 ** zGroups.length; zChoice += 1) {
        plain.fill(0);
        joker.fill(0);
        let zAt = 0;
        for (const group of groups) {
          const into = jokerable(group) ? joker : plain;
          const suit = group.kind === 'unsuited' ? 0 : (assignment[group.letter] as number);
          if (group.kind === 'relative') {
            bump(into, numberTile(suit, x + group.offset), group.size);
            continue;
          }
          let wind = 0;
          if (group.kind === 'unsuited' && group.chars.includes('Z')) {
            wind = WINDS[Math.floor(zChoice / 4 ** zAt) % 4] as number;
            zAt += 1;
          }
          for (const char of group.chars) {
            const tile = group.kind === 'suited' ? suitedTile(char, suit) : char === 'Z' ? wind : (UNSUITED_TILE[char] as number);
            bump(into, tile, 1);
          }
        }
        const needs: number[] = [];
        for (let tile = 0; tile < plain.length; tile += 1) {
          if ((plain[tile] as number) + (joker[tile] as number) > 0) needs.push(tile, plain[tile] as number, joker[tile] as number);
        }
        const key = needs.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        variants.push(Int8Array.from(needs));
      }
    }
  }
  return variants;
}

/** The compiled variants of every hand of a card, made once per card object. */
const COMPILED = new WeakMap<Card, readonly Variant[][]>();

function compiled(card: Card): readonly Variant[][] {
  let hands = COMPILED.get(card);
  if (hands !== undefined) return hands;
  if (card === null || typeof card !== 'object' || !Array.isArray(card.hands)) throw new TypeError('closestHands needs a card made by parseCard');
  const groups = PARSED_GROUPS.get(card);
  hands = card.hands.map((hand, index) => compileHand(groups?.[index] ?? readHand(hand.text, index + 1).groups));
  COMPILED.set(card, hands);
  return hands;
}

/** The rack's count of each tile (jokers included), checking its codes. */
function countRack(rack: readonly string[]): Int16Array {
  if (!Array.isArray(rack)) throw new TypeError('a rack is an array of tile codes');
  const counts = new Int16Array(TILE_CODES.length);
  for (const code of rack) {
    const index = TILE_INDEX.get(code);
    if (index === undefined) throw new RangeError(`not a tile code: ${JSON.stringify(code)}`);
    bump(counts, index, 1);
  }
  return counts;
}

/** How many of a variant's tiles the counted rack supplies. */
function supplyOf(variant: Variant, counts: Int16Array, jokers: number): number {
  let supply = 0;
  let jokerNeeds = 0;
  for (let i = 0; i < variant.length; i += 3) {
    const have = counts[variant[i] as number] as number;
    const plain = variant[i + 1] as number;
    const total = plain + (variant[i + 2] as number);
    if (have >= total) supply += total;
    else {
      supply += have;
      jokerNeeds += Math.min(variant[i + 2] as number, total - have);
    }
  }
  return supply + Math.min(jokers, jokerNeeds);
}

/** The most tiles of any variant of a hand that the counted rack supplies. */
function bestSupply(variants: readonly Variant[], counts: Int16Array, jokers: number): number {
  let best = 0;
  for (const variant of variants) {
    const supply = supplyOf(variant, counts, jokers);
    if (supply > best) {
      best = supply;
      if (best === HAND_TILES) break;
    }
  }
  return best;
}

/**
 * The hands of `card` closest to `rack` (13 or 14 tile codes, jokers included): at most `limit` of them, sorted by
 * `missing` (how many of the hand's 14 tiles the rack cannot supply, over every suit assignment, `x` and `Z`
 * choice, jokers only in groups of three or more identical tiles), then by `index`.
 */
export function closestHands(card: Card, rack: readonly string[], limit = 5): ClosestHand[] {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, got ${String(limit)}`);
  const hands = compiled(card);
  const counts = countRack(rack);
  const jokers = counts[JOKER_INDEX] as number;
  const buckets: number[][] = Array.from({ length: HAND_TILES + 1 }, () => []);
  hands.forEach((variants, index) => {
    (buckets[HAND_TILES - bestSupply(variants, counts, jokers)] as number[]).push(index);
  });
  const closest: ClosestHand[] = [];
  for (let missing = 0; missing <= HAND_TILES && closest.length < limit; missing += 1) {
    for (const index of buckets[missing] as number[]) {
      if (closest.length === limit) break;
      const hand = card.hands[index] as Card['hands'][number];
      closest.push({ index, section: hand.section, text: hand.text, missing });
    }
  }
  return closest;
}

/**
 * A validator for the engine's `isWinningHand` option: true exactly when some hand of `card` is 0 tiles away from
 * the rack. The card is compiled once, here.
 */
export function cardValidator(card: Card): (rack: readonly string[]) => boolean {
  const hands = compiled(card);
  return (rack) => {
    const counts = countRack(rack);
    const jokers = counts[JOKER_INDEX] as number;
    return hands.some((variants) => bestSupply(variants, counts, jokers) === HAND_TILES);
  };
}
