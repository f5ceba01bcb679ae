/**
 * closestHands and cardValidator: table-driven over every group kind, every joker rule and every suit assignment;
 * property tests with a seeded PRNG (a rack built from a hand matches it at 0, one tile fewer gives 1, a joker in a
 * pair never helps); the greedy matcher against a brute-force bipartite matching.
 */
import { describe, expect, it } from 'vitest';
import { cardValidator, closestHands, parseCard } from '../../../src/entries/card.js';
import { bruteMissing, rackOf, randomChoice, seeded } from './support.js';

/** `missing` of one hand for a rack. */
const missing = (hand: string, rack: string): number => (closestHands(parseCard(hand), rack.split(' '), 1)[0] as { missing: number }).missing;

const CASES: Array<[string, string, string, number]> = [
  // unsuited groups
  ['flowers, winds, Soap', 'FF NNNN EEE 0000 S', 'F F N N N N E E E WD WD WD WD S', 0],
  ['a wind is that wind', 'NNNN EEEE WWWW SS', 'N N N N E E E E W W W W N N', 2],
  ['Z is one wind of the choice', 'ZZZZ FFFF 2222a 11a', 'W W W W F F F F 2C 2C 2C 2C 1C 1C', 0],
  ['one Z group is one wind', 'ZZZZ FFFF 2222a 11a', 'N N E E F F F F 2C 2C 2C 2C 1C 1C', 2],
  ['two Z groups choose apart', 'ZZZ ZZZ FFFF 7777a', 'S S S E E E F F F F 7D 7D 7D 7D', 0],
  // suited groups and the suit letters
  ['2026a: two, Soap, two, six of one suit', '2026a 2026a FF 2222b', '2D 2D WD WD 2D 2D 6D 6D F F 2B 2B 2B 2B', 0],
  ['D of bams is the green dragon', 'DDDa DDDb DDDDc NNNN', 'GD GD GD RD RD RD WD WD WD WD N N N N', 0],
  ['D: any assignment of suits to letters', 'DDDa DDDb DDDDc NNNN', 'WD WD WD GD GD GD RD RD RD RD N N N N', 0],
  ['a and b are different suits', '22a 22b 3333c FFFF NN', '2B 2B 2B 2B 3C 3C 3C 3C F F F F N N', 2],
  ['a hand of a only is any one suit', '1111a 2222a 3333a FF', '1C 1C 1C 1C 2C 2C 2C 2C 3C 3C 3C 3C F F', 0],
  ['three letters, three suits, all six ways', '111a 222b 333c 44444a', '1D 1D 1D 2B 2B 2B 3C 3C 3C 4D 4D 4D 4D J', 0],
  ['0 in a suited group is Soap in any suit', '2020a 2020b FF NNNN', '2C WD 2C WD 2B WD 2B WD F F N N N N', 0],
  // relative groups
  ['X groups: one x for the hand', 'FF XXXX0a XXXX1a XXXX2a', 'F F 5D 5D 5D 5D 6D 6D 6D 6D 7D 7D 7D 7D', 0],
  ['X groups in different suits', 'FF XXXX0a XXXX0b XXXX0c', 'F F 9B 9B 9B 9B 9C 9C 9C 9C 9D 9D 9D 9D', 0],
  ['x + k stays within 1–9', 'XXXX0a XXXX8a FF NNNN', '1B 1B 1B 1B 9B 9B 9B 9B F F N N N N', 0],
  ['x + k never wraps past 9', 'XXXX7a XXXX8a FF NNNN', '9B 9B 9B 9B 1B 1B 1B 1B F F N N N N', 4],
  // jokers
  ['a joker in a kong', 'FF 2222a 4444a 6666a', 'F F 2B J J J 4B 4B 4B 4B 6B 6B 6B 6B', 0],
  ['a whole kong of jokers', 'FF 2222a 4444a 6666a', 'F F J J J J 4B 4B 4B 4B 6B 6B 6B 6B', 0],
  ['a joker in a pung', 'FFF 222a 444a 6666a N', 'F F J 2B 2B J 4B 4B 4B 6B 6B 6B 6B N', 0],
  ['a joker in a quint', 'FFFF 22222a 33333a', 'F F F F 2B 2B 2B 2B J 3B 3B 3B J J', 0],
  ['a joker in a sextet', 'ZZZZZZ XXXXX0a 000', 'E E E E J J 3C 3C 3C 3C J WD WD J', 0],
  ['a joker in a dragon pung', 'DDDa DDDb DDDDc NNNN', 'GD GD J RD J RD WD WD J WD N N N N', 0],
  ['a joker in an X kong', 'FF XXXX0a XXXX1a XXXX2a', 'F F 5D J 5D 5D 6D 6D J 6D 7D 7D 7D J', 0],
  ['a joker in a Z pung', 'ZZZ ZZZ FFFF 7777a', 'S J S E E J F F F F 7D 7D 7D 7D', 0],
  ['a joker in a Soap pung', '000 2222a 3333a 444a', 'WD J WD 2B 2B 2B 2B 3B 3B 3B 3B 4B 4B 4B', 0],
  ['never in a pair', 'FF 2222a 4444a 6666a', 'F J 2B 2B 2B 2B 4B 4B 4B 4B 6B 6B 6B 6B', 1],
  ['never in a single', '13579a EEE WWW 333b', '1B 3B 5B J 9B E E E W W W 3C 3C 3C', 1],
  ['never in a group of different tiles (2026a)', '2026a 2026b FF NNNN', '2B J 2B 6B 2C WD 2C 6C F F N N N N', 1],
  ['never in NEWS', 'NEWS 2222a 4444a 66a', 'N E W J 2B 2B 2B 2B 4B 4B 4B 4B 6B 6B', 1],
  ['13 tiles are at least one away', 'FF 2222a 4444a 6666a', 'F F 2B 2B 2B 2B 4B 4B 4B 4B 6B 6B 6B', 1],
  ['nothing in common', 'FF 2222a 4444a 6666a', '1B 1B 1B 3C 3C 3C 5D 5D 5D 7B 7B 9C 9C N', 14],
];

describe('closestHands', () => {
  it.each(CASES)('%s', (_name, hand, rack, expected) => {
    expect(missing(hand, rack)).toBe(expected);
    expect(bruteMissing(hand, rack.split(' '))).toBe(expected);
  });

  it('every one of the six assignments of suits to a, b, c matches; two letters never share a suit', () => {
    const card = parseCard('1111a 2222b 3333c FF');
    const suits = ['B', 'C', 'D'];
    const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    for (const [a, b, c] of orders) {
      const rack = [...Array(4).fill(`1${suits[a as number]}`), ...Array(4).fill(`2${suits[b as number]}`), ...Array(4).fill(`3${suits[c as number]}`), 'F', 'F'];
      expect(closestHands(card, rack)[0]?.missing, rack.join(' ')).toBe(0);
    }
    // a and b in the same suit: one of the two kongs is wholly missing.
    expect(closestHands(card, '1B 1B 1B 1B 2B 2B 2B 2B 3C 3C 3C 3C F F'.split(' '))[0]?.missing).toBe(4);
  });

  it('sorts by missing, then index, and keeps at most limit', () => {
    const card = parseCard(['NNNN EEEE WWWW SS', 'FF 2222a 4444a 6666a', 'FF 2222b 4444b 6666b', 'FF 1111a 3333a 5555a'].join('\n'));
    const rack = 'F F 2B 2B 2B 2B 4B 4B 4B 4B 6B 6B 6B N'.split(' ');
    expect(closestHands(card, rack, 3)).toEqual([
      { index: 1, section: '', text: 'FF 2222a 4444a 6666a', missing: 1 },
      { index: 2, section: '', text: 'FF 2222b 4444b 6666b', missing: 1 },
      { index: 3, section: '', text: 'FF 1111a 3333a 5555a', missing: 12 },
    ]);
    expect(closestHands(card, rack)).toHaveLength(4);
    expect(closestHands(card, rack, 0)).toEqual([]);
  });

  it('refuses a bad rack or limit', () => {
    const card = parseCard('NNNN EEEE WWWW SS');
    expect(() => closestHands(card, ['N', 'Q'])).toThrow(/not a tile code: "Q"/);
    expect(() => closestHands(card, ['N'], -1)).toThrow(RangeError);
  });

  it('reads a card given as plain data (sent over the wire) from its text', () => {
    const card = { hands: [{ index: 0, section: 'w', text: 'NNNN EEEE WWWW SS', concealed: false }] };
    expect(closestHands(card, 'N N N N E E E E W W W W S S'.split(' '))).toEqual([{ index: 0, section: 'w', text: 'NNNN EEEE WWWW SS', missing: 0 }]);
  });
});

describe('cardValidator', () => {
  it('is true exactly when some hand is 0 away', () => {
    const winning = cardValidator(parseCard('FF 2222a 4444a 6666a\nNNNN EEEE WWWW SS'));
    expect(winning('F F 2C 2C 2C 2C 4C 4C 4C J 6C 6C 6C 6C'.split(' '))).toBe(true);
    expect(winning('N N N N E E E E W W W W S S'.split(' '))).toBe(true);
    expect(winning('N N N N E E E E W W W W S J'.split(' '))).toBe(false);
    expect(winning('F J 2C 2C 2C 2C 4C 4C 4C 4C 6C 6C 6C 6C'.split(' '))).toBe(false);
  });
});

/** Hands of every kind for the properties. */
const HANDS = [
  'FF 2222a 4444a 6666a',
  'NEWS 2026a DDDb DDDc',
  'FF XXXX0a XXXX1a XXXX2a',
  'NNNN EEEE WWWW SS',
  'ZZZ ZZZ 2468a 2468b',
  'XX0a XX1b XXX2c ZZZZ 000',
  '13579a DDa XXX3b ZZZZ',
  'FFFF 22222a XXXXX4b',
  '11a 22b 33c 44a 55b 66c FF',
];

describe('properties (seeded)', () => {
  it('a rack built from a hand with random suits, x, winds and jokers matches it at 0; one tile fewer gives 1', () => {
    const pick = seeded(43);
    for (let round = 0; round < 40; round += 1) {
      for (const hand of HANDS) {
        const card = parseCard(hand);
        const rack = rackOf(hand, randomChoice(hand, pick), pick, pick(4));
        expect(closestHands(card, rack)[0]?.missing, `${hand} / ${rack.join(' ')}`).toBe(0);
        expect(cardValidator(card)(rack)).toBe(true);
        const shorter = rack.slice();
        shorter.splice(pick(shorter.length), 1);
        expect(closestHands(card, shorter)[0]?.missing, `${hand} / ${shorter.join(' ')}`).toBe(1);
      }
    }
  });

  it('a joker in place of a tile of a pair or single never helps', () => {
    const pick = seeded(4343);
    const hand = '11a 22b 33c 44a 55b 66c FF';
    const card = parseCard(hand);
    for (let round = 0; round < 50; round += 1) {
      const rack = rackOf(hand, randomChoice(hand, pick), pick);
      rack[pick(rack.length)] = 'J';
      expect(closestHands(card, rack)[0]?.missing).toBe(1);
    }
  });

  it('the greedy matcher agrees with a brute-force matching on random racks', () => {
    const pick = seeded(2026);
    const pool = ['1B', '2B', '3B', '4B', '2C', '4C', '6C', '2D', '3D', 'N', 'E', 'S', 'W', 'F', 'J', 'GD', 'RD', 'WD'];
    for (let round = 0; round < 25; round += 1) {
      for (const hand of HANDS) {
        // Half the racks are near the hand (built from it, some tiles swapped), half drawn from the pool.
        const rack = pick(2) === 0 ? rackOf(hand, randomChoice(hand, pick), pick, pick(3)) : Array.from({ length: 14 }, () => pool[pick(pool.length)] as string);
        for (let swap = pick(5); swap > 0; swap -= 1) rack[pick(14)] = pool[pick(pool.length)] as string;
        expect(closestHands(parseCard(hand), rack)[0]?.missing, `${hand} / ${rack.join(' ')}`).toBe(bruteMissing(hand, rack));
      }
    }
  });
});
