/**
 * The project's practice card (cards/practice.txt): it parses, has about forty hands in the ten sections players
 * know, and every hand is attainable from a real set: a rack built from it (real tiles up to the set's copies,
 * jokers beyond, only where a joker may stand) matches it at 0.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRACTICE_CARD, closestHands, parseCard } from '../../../src/entries/card.js';
import { copiesOf, type Tile } from '../../../src/tiles.js';
import { rackOf, randomChoice, resolve, seeded } from './support.js';

const TEXT = readFileSync(new URL('../../../cards/practice.txt', import.meta.url), 'utf8');

describe('the practice card', () => {
  const card = parseCard(TEXT);

  it('ships in the library as the same text as cards/practice.txt', () => {
    expect(PRACTICE_CARD).toBe(TEXT);
  });

  it('has about forty hands in the ten sections', () => {
    expect(card.hands.length).toBeGreaterThanOrEqual(38);
    expect(card.hands.length).toBeLessThanOrEqual(50);
    expect([...new Set(card.hands.map((hand) => hand.section))]).toEqual([
      '2026', '2468', 'Any Like Numbers', 'Addition', 'Quints', 'Consecutive Run', '13579', 'Winds and Dragons', '369', 'Singles and Pairs',
    ]);
    expect(new Set(card.hands.map((hand) => hand.text)).size).toBe(card.hands.length);
  });

  it('every hand can be made from a real set and then matches at 0', () => {
    const pick = seeded(2026);
    for (const hand of card.hands) {
      const slots = resolve(hand.text, randomChoice(hand.text, pick)) ?? [];
      const used = new Map<string, number>();
      const rack = slots.map((slot) => {
        const count = (used.get(slot.tile) ?? 0) + 1;
        used.set(slot.tile, count);
        if (count <= copiesOf(slot.tile as Tile)) return slot.tile;
        expect(slot.joker, `${hand.text}: more ${slot.tile} than a set has, where no joker may stand`).toBe(true);
        return 'J';
      });
      expect(rack.filter((tile) => tile === 'J').length).toBeLessThanOrEqual(8);
      const closest = closestHands(card, rack, 50).find((entry) => entry.index === hand.index);
      expect(closest?.missing, hand.text).toBe(0);
      expect(closestHands(card, rackOf(hand.text, randomChoice(hand.text, pick), pick, 2))[0]?.missing, hand.text).toBe(0);
    }
  });
});
