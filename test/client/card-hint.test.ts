/**
 * The teacher's hint with a card: the card teacher's own choice, naming the hand it aims for, the tiles that serve
 * it, how many tiles are still to come and what to pass, in all four languages.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { LOCALES, createCharleston, legalActions, viewFor, type Tile } from '../../src/index.js';
import { playHand, teacherStrategyFor } from '../../src/entries/bots.js';
import { cardValidator, closestHands, parseCard, PRACTICE_CARD } from '../../src/entries/card.js';
import { cardHint } from '../../src/client/card-hint.js';
import { teacherHint } from '../../src/client/teacher-reason.js';
import { dealWithEast } from './support/deals.js';

const CARD = parseCard('# 2468\nFF 2222a 4444a 6666a\n# Winds\nNNNN EEEE WWW SSS\n');
const RACK: Tile[] = ['F', 'F', '2C', '2C', '4C', '4C', '6C', '7D', '9B', 'N', '1B', '3B', '5D', 'E'];

function eastAt(rack: readonly Tile[]) {
  const snapshot = createCharleston({ seed: 1, deal: dealWithEast(rack) }).getSnapshot();
  return { view: viewFor(snapshot, 'east'), legal: legalActions(snapshot, 'east') };
}

describe('the hint with a card', () => {
  it('names the hand, the tiles kept, the tiles to go and the tiles passed', () => {
    const { view, legal } = eastAt(RACK);
    const hint = cardHint('en', CARD, view, legal);
    expect(hint.event).toEqual(teacherStrategyFor(CARD).act(view, legal, () => 0));
    expect(hint.event).toEqual({ type: 'pass.commit', seat: 'east', tiles: ['7D', '5D', '9B'] });
    expect(hint.tiles).toEqual(['7D', '5D', '9B']);
    expect(hint.text).toBe('Toward FF 2222a 4444a 6666a (2468): keep 2C 2C 4C 4C 6C F F, 7 tiles to go; pass 7D 5D 9B.');
    expect(teacherHint(view, legal, 'en', CARD)).toEqual(hint);
    expect(teacherHint(view, legal, 'en', null).text).not.toContain('2222a');
  });

  it.each([
    ['ca', 'Cap a FF 2222a 4444a 6666a (2468): guarda 2C 2C 4C 4C 6C F F, en falten 7; passa 7D 5D 9B.'],
    ['sw', 'Kuelekea FF 2222a 4444a 6666a (2468): weka 2C 2C 4C 4C 6C F F, vimebaki vigae 7; pitisha 7D 5D 9B.'],
    ['el', 'Προς FF 2222a 4444a 6666a (2468): κράτα 2C 2C 4C 4C 6C F F, λείπουν 7 πλακίδια· πέρασε 7D 5D 9B.'],
  ] as const)('says it in %s', (locale, text) => {
    const { view, legal } = eastAt(RACK);
    expect(cardHint(locale, CARD, view, legal).text).toBe(text);
  });

  it('says "declare it" for a rack that is a hand of the card', () => {
    const { view, legal } = eastAt(['F', 'F', '2C', '2C', '2C', '2C', '4C', '4C', '4C', '4C', '6C', '6C', '6C', '6C']);
    const hint = cardHint('en', CARD, view, legal);
    expect(hint.event?.type).toBe('hand.declareMahjong');
    expect(hint.text).toBe('Your rack is FF 2222a 4444a 6666a (2468) on the card: declare it.');
  });

  it('explains passes, votes, offers and courtesy packets of a whole hand with the practice card, in every language', () => {
    const card = parseCard(PRACTICE_CARD);
    const teacher = teacherStrategyFor(card);
    const seen = new Set<string>();
    for (const seed of [11, 12, 13]) {
      playHand({
        engine: createCharleston({ seed, isWinningHand: cardValidator(card) }),
        strategies: { east: teacher, south: teacher, west: teacher, north: teacher },
        beforeEvent: (by, event, table) => {
          if (by === 'table') return;
          const snapshot = table.getSnapshot();
          for (const locale of LOCALES) {
            const hint = cardHint(locale, card, viewFor(snapshot, by), legalActions(snapshot, by));
            expect(hint.event).toEqual(event);
            expect(hint.text).not.toMatch(/\{\w+\}/);
            const aim = closestHands(card, viewFor(snapshot, by).rack.map((tile) => tile.tile), 1)[0];
            if (hint.event?.type !== 'wall.draw' && hint.event?.type !== 'declaration.accept') expect(hint.text).toContain(aim?.text);
            seen.add(hint.event?.type ?? 'none');
          }
        },
      });
    }
    for (const type of ['pass.commit', 'vote.cast', 'courtesy.offer']) expect(seen).toContain(type);
  });
});
