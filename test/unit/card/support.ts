/**
 * Test helpers for the card: a hand resolved with chosen suits, x and winds into explicit tiles (each marked
 * whether a joker may stand for it), a rack built from that, and a brute-force matcher (a bipartite matching of
 * rack tiles to the hand's slots over every suit assignment, x and Z choice) to check the library's greedy one.
 */
import { readHand } from '../../../src/card/parse.js';
import { jokerable, type Group } from '../../../src/card/groups.js';
import { mulberry32 } from '../../../src/prng.js';

/** One tile a hand wants, and whether a joker may stand for it. */
export interface Slot {
  tile: string;
  joker: boolean;
}

const SUITS = ['B', 'C', 'D'] as const;
const DRAGON: Record<string, string> = { B: 'GD', C: 'RD', D: 'WD' };
const WIND_CODES = ['N', 'E', 'W', 'S'] as const;
const UNSUITED: Record<string, string> = { F: 'F', N: 'N', E: 'E', W: 'W', S: 'S', '0': 'WD' };

/** The choices that resolve a hand: suits of a, b, c (distinct), x, and a wind for each Z group in order. */
export interface Choice {
  suits: readonly [string, string, string];
  x: number;
  winds: readonly string[];
}

/** The groups of a hand written as text. */
export const groupsOf = (text: string): Group[] => readHand(text, 1).groups;

/** The hand's slots under one choice; null when x puts a tile outside 1–9. */
export function resolve(text: string, choice: Choice): Slot[] | null {
  const slots: Slot[] = [];
  let z = 0;
  for (const group of groupsOf(text)) {
    const joker = jokerable(group);
    if (group.kind === 'relative') {
      const value = choice.x + group.offset;
      if (value > 9) return null;
      for (let i = 0; i < group.size; i += 1) slots.push({ tile: `${value}${choice.suits[group.letter]}`, joker });
    } else if (group.kind === 'suited') {
      const suit = choice.suits[group.letter] as string;
      for (const char of group.chars) slots.push({ tile: char === 'D' ? (DRAGON[suit] as string) : char === '0' ? 'WD' : `${char}${suit}`, joker });
    } else {
      const wind = group.chars.includes('Z') ? (choice.winds[z++] as string) : '';
      for (const char of group.chars) slots.push({ tile: char === 'Z' ? wind : (UNSUITED[char] as string), joker });
    }
  }
  return slots;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, at) => permutations([...items.slice(0, at), ...items.slice(at + 1)]).map((rest) => [item, ...rest]));
}

/** Every choice for a hand. */
export function allChoices(text: string): Choice[] {
  const zGroups = groupsOf(text).filter((group) => group.kind === 'unsuited' && group.chars.includes('Z')).length;
  let winds: string[][] = [[]];
  for (let i = 0; i < zGroups; i += 1) winds = winds.flatMap((prefix) => WIND_CODES.map((wind) => [...prefix, wind]));
  return permutations(SUITS).flatMap((suits) =>
    [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((x) => winds.map((w) => ({ suits: suits as unknown as [string, string, string], x, winds: w }))),
  );
}

/** The largest matching of rack tiles to slots (Kuhn's augmenting paths). */
export function maxMatching(rack: readonly string[], slots: readonly Slot[]): number {
  const owner = new Array<number>(slots.length).fill(-1);
  const fits = (tile: string, slot: Slot): boolean => tile === slot.tile || (tile === 'J' && slot.joker);
  const augment = (tile: number, seen: boolean[]): boolean => {
    for (let s = 0; s < slots.length; s += 1) {
      if (seen[s] || !fits(rack[tile] as string, slots[s] as Slot)) continue;
      seen[s] = true;
      if (owner[s] === -1 || augment(owner[s] as number, seen)) {
        owner[s] = tile;
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let tile = 0; tile < rack.length; tile += 1) if (augment(tile, new Array<boolean>(slots.length).fill(false))) matched += 1;
  return matched;
}

/** `missing` by brute force: 14 minus the largest matching over every choice. */
export function bruteMissing(text: string, rack: readonly string[]): number {
  let best = 0;
  for (const choice of allChoices(text)) {
    const slots = resolve(text, choice);
    if (slots !== null) best = Math.max(best, maxMatching(rack, slots));
  }
  return 14 - best;
}

/** A seeded source of whole numbers below `n`. */
export function seeded(seed: number): (n: number) => number {
  const next = mulberry32(seed);
  return (n) => next() % n;
}

/** A random valid choice for a hand (the x keeps every x + k within 1–9). */
export function randomChoice(text: string, pick: (n: number) => number): Choice {
  const valid = allChoices(text).filter((choice) => resolve(text, choice) !== null);
  return valid[pick(valid.length)] as Choice;
}

/** A rack that is the hand under `choice`, with jokers for up to `jokers` tiles of groups a joker may stand in. */
export function rackOf(text: string, choice: Choice, pick: (n: number) => number, jokers = 0): string[] {
  const slots = resolve(text, choice) as Slot[];
  const rack = slots.map((slot) => slot.tile);
  const jokerable = slots.flatMap((slot, at) => (slot.joker ? [at] : []));
  for (let i = 0; i < jokers && jokerable.length > 0; i += 1) rack[jokerable.splice(pick(jokerable.length), 1)[0] as number] = 'J';
  return rack;
}
