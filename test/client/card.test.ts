/**
 * The card as the page uses it: the choice checked as it is typed (a problem named by line and column in the four
 * languages), the POST body's `card`, the closest hands and progress read from untrusted JSON and worded, and solo
 * practice's own progress at the end of a hand (the closest hand to the final rack, its distance at the deal).
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import {
  awayText,
  cardOf,
  cardProblem,
  cardProblemText,
  cardRequestValue,
  closestOf,
  decodeCardChoice,
  encodeCardChoice,
  progressOf,
  progressText,
} from '../../src/client/card.js';
import { failureText, tableRequest } from '../../src/client/ui/Lobby.js';
import { tableInfoOf } from '../../src/client/table-info.js';
import { parseReview } from '../../src/client/review.js';
import { createSoloHost, soloReview } from '../../src/client/solo-transport.js';
import { PRACTICE_CARD, closestHands, parseCard } from '../../src/entries/card.js';
import { playHand, teacherStrategy } from '../../src/entries/bots.js';
import { SEATS, createCharleston, persist, viewFor, type Locale } from '../../src/index.js';

const LOCALES: readonly Locale[] = ['en', 'ca', 'sw', 'el'];
const progress = { hand: { index: 20, section: 'Consecutive Run', text: 'XXXX0a XXXX1a XXXX2a FF' }, missingAtDeal: 9, missingNow: 5 };

describe('the card choice', () => {
  it('checks a pasted card and names the line and column of a problem in every language', () => {
    expect(cardProblem('FF 2222a 4444a 6666a')).toBeNull();
    const problem = cardProblem('# mine\nFF 2222a 4444a 6666a\nFF 2222a 4444a 66q6a');
    expect(problem).toMatchObject({ line: 3, code: 'CARD_SYNTAX' });
    const short = cardProblem('FF 2222a 4444a');
    expect(short).toMatchObject({ line: 1, code: 'CARD_HAND_SIZE' });
    for (const locale of LOCALES) {
      const text = cardProblemText(locale, problem ?? { line: 0, column: 0, code: 'CARD_EMPTY' });
      expect(text).toContain('3');
      expect(text).toContain(String(problem?.column));
      expect(text).not.toMatch(/\{/);
    }
    expect(cardProblemText('en', { line: 2, column: 7, code: 'CARD_HAND_SIZE' })).toBe('Line 2, column 7: a hand must have 14 tiles.');
    expect(cardProblemText('el', { line: 2, column: 7, code: 'CARD_EMPTY' })).toBe('Γραμμή 2, στήλη 7: η κάρτα δεν έχει κανένα χέρι.');
  });

  it('sends "practice", the text, or nothing; the lobby body carries it', () => {
    expect(cardRequestValue({ kind: 'none' })).toBeUndefined();
    expect(cardRequestValue({ kind: 'practice' })).toBe('practice');
    expect(cardRequestValue({ kind: 'own', text: 'FF 2222a 4444a 6666a' })).toBe('FF 2222a 4444a 6666a');
    const seats = { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' } as const;
    expect(tableRequest(seats, 'en', { card: 'practice' })).toEqual({ seats, locale: 'en', card: 'practice' });
    expect(tableRequest(seats, 'en', {})).toEqual({ seats, locale: 'en' });
    expect(cardOf({ kind: 'practice' })?.hands.length).toBe(parseCard(PRACTICE_CARD).hands.length);
    expect(cardOf({ kind: 'own', text: 'nonsense' })).toBeNull();
    expect(cardOf({ kind: 'none' })).toBeNull();
  });

  it('words a refused card from its params (line, column, code), in the page language', () => {
    const params = { problem: 'badCard', field: 'card', line: 4, column: 9, cardCode: 'CARD_SYNTAX' };
    expect(failureText('en', 'card: line 4, column 9: …', params)).toBe("The table could not be created: Line 4, column 9: this is not the card's notation here.");
    expect(failureText('sw', 'x', params)).toContain('Mstari 4, safu 9');
  });

  it('is kept on the device as JSON and read back defensively', () => {
    for (const choice of [{ kind: 'none' }, { kind: 'practice' }, { kind: 'own', text: 'FF 2222a 4444a 6666a' }] as const) {
      expect(decodeCardChoice(encodeCardChoice(choice))).toEqual(choice);
    }
    expect(decodeCardChoice(null)).toEqual({ kind: 'none' });
    expect(decodeCardChoice('{')).toEqual({ kind: 'none' });
    expect(decodeCardChoice('{"kind":"own","text":7}')).toEqual({ kind: 'none' });
  });
});

describe('closest hands and progress', () => {
  it('words how far a rack is, with plurals, in every language', () => {
    expect(awayText('en', 1)).toBe('1 tile away');
    expect(awayText('en', 5)).toBe('5 tiles away');
    expect(awayText('en', 0)).toBe('this is the hand');
    expect(awayText('el', 1)).toBe('1 πλακίδιο μακριά');
    expect(awayText('sw', 3)).toBe('vigae 3 mbali');
    expect(awayText('ca', 2)).toBe('a 2 fitxes');
    expect(progressText('en', progress)).toBe('from 9 tiles away to 5: XXXX0a XXXX1a XXXX2a FF (Consecutive Run)');
    expect(progressText('en', { ...progress, missingNow: 0 })).toBe('from 9 tiles away to the hand itself: XXXX0a XXXX1a XXXX2a FF (Consecutive Run)');
    expect(progressText('el', { ...progress, hand: { ...progress.hand, section: '' } })).toBe('από 9 πλακίδια μακριά σε 5: XXXX0a XXXX1a XXXX2a FF (χωρίς ενότητα)');
  });

  it('words the distance at the deal in the singular for 1 tile and in the plural for 5, in every language', () => {
    const one = { ...progress, missingAtDeal: 1, missingNow: 1 };
    const five = { ...progress, missingAtDeal: 5, missingNow: 1 };
    const hand = 'XXXX0a XXXX1a XXXX2a FF (Consecutive Run)';
    const said = (locale: Locale, each: typeof progress): string => progressText(locale, each).replace(`: ${hand}`, '');
    expect(said('en', one)).toBe('from 1 tile away to 1');
    expect(said('en', five)).toBe('from 5 tiles away to 1');
    expect(said('en', { ...one, missingNow: 0 })).toBe('from 1 tile away to the hand itself');
    expect(said('en', { ...five, missingNow: 0 })).toBe('from 5 tiles away to the hand itself');
    expect(said('ca', one)).toBe("d'estar a 1 fitxa a estar-ne a 1");
    expect(said('ca', five)).toBe("d'estar a 5 fitxes a estar-ne a 1");
    expect(said('ca', { ...one, missingNow: 0 })).toBe("d'estar a 1 fitxa a tenir la mà");
    expect(said('sw', one)).toBe('kutoka kigae 1 mbali hadi 1');
    expect(said('sw', five)).toBe('kutoka vigae 5 mbali hadi 1');
    expect(said('sw', { ...five, missingNow: 0 })).toBe('kutoka vigae 5 mbali hadi mkono wenyewe');
    expect(said('el', one)).toBe('από 1 πλακίδιο μακριά σε 1');
    expect(said('el', five)).toBe('από 5 πλακίδια μακριά σε 1');
    expect(said('el', { ...one, missingNow: 0 })).toBe('από 1 πλακίδιο μακριά στο ίδιο το χέρι');
    // Each language's words for 1 differ from its words for 5 beyond the figure, and leave no placeholder.
    for (const locale of LOCALES) {
      expect(said(locale, one).replace('1', '5')).not.toBe(said(locale, five));
      expect(progressText(locale, one)).not.toMatch(/[{}]/);
    }
  });

  it('reads closest and progress from untrusted JSON, dropping what is malformed', () => {
    const good = { index: 3, section: '2468', text: '22a 444a 666a 8888a FF', missing: 6 };
    expect(closestOf([good, { ...good, missing: -1 }, { ...good, text: 7 }, null, good, good, good])).toEqual([good, good, good]);
    expect(closestOf(undefined)).toBeNull();
    const info = tableInfoOf({ card: { hands: 30 }, view: { closest: [good] } }, 0);
    expect(info.card).toEqual({ hands: 30 });
    expect(info.closest).toEqual([good]);
    expect('closest' in tableInfoOf({ card: null, view: {} }, 0)).toBe(false);
    expect(progressOf({ east: progress, south: { ...progress, missingNow: 'five' }, mars: progress })).toEqual({ east: progress });
    expect(progressOf(null)).toBeNull();
  });

  it('takes a review body with progress, and one without', () => {
    const review = { passes: [], votes: [], stoppedBy: null, courtesy: [], declared: false, accepted: [], phase: 'complete' };
    expect(parseReview({ review: { ...review, progress: { north: progress } } }).progress).toEqual({ north: progress });
    expect('progress' in parseReview({ review })).toBe(false);
  });

  it('solo practice gets every seat’s progress from the engine’s review, from the dealt racks to the final ones', () => {
    const card = parseCard(PRACTICE_CARD);
    const seed = 11;
    const service = createCharleston({ seed, rules: { declarationReview: true } });
    const initial = persist(service);
    const dealt = Object.fromEntries(SEATS.map((seat) => [seat, viewFor(service.getSnapshot(), seat).rack.map((tile) => tile.tile)]));
    const events: object[] = [];
    playHand({ seed, service, botSeed: seed, strategies: { east: teacherStrategy, south: teacherStrategy, west: teacherStrategy, north: teacherStrategy }, onEvent: (played) => played.result.ok && events.push({ ...played.event }) });
    const final = Object.fromEntries(SEATS.map((seat) => [seat, viewFor(service.getSnapshot(), seat).rack.map((tile) => tile.tile)]));
    const host = Object.assign(createSoloHost(card), { initial, events });
    const review = soloReview(host);
    // The oracle, written here: the hand closest to the final rack, and its missing tiles at the deal and now.
    const expected = Object.fromEntries(SEATS.map((seat) => {
      const [best] = closestHands(card, final[seat] ?? [], 1);
      const atDeal = closestHands(card, dealt[seat] ?? [], card.hands.length).find((hand) => hand.index === best?.index);
      return [seat, { hand: { index: best?.index, section: best?.section, text: best?.text }, missingAtDeal: atDeal?.missing, missingNow: best?.missing }];
    }));
    expect(review.progress).toEqual(expected);
    for (const seat of SEATS) {
      const best = closestHands(card, final[seat] ?? [], 1)[0];
      expect(review.progress?.[seat]?.hand.index).toBe(best?.index);
      expect(review.progress?.[seat]?.missingNow).toBe(best?.missing);
      expect(review.progress?.[seat]?.missingAtDeal).toBe(closestHands(card, dealt[seat] ?? [], card.hands.length).find((hand) => hand.index === best?.index)?.missing);
    }
    expect(final.east).not.toEqual(dealt.east);
    expect(soloReview(Object.assign(createSoloHost(), { initial, events })).progress).toBeUndefined();
  });
});

describe('the hint with a card', () => {
  it('aims for the closest hands the view lists (a card made of them, sections kept)', async () => {
    const { cardOfClosest } = await import('../../src/client/card.js');
    const closest = [
      { index: 4, section: '2468', text: 'FF 2222a 4444a 6666a', missing: 7 },
      { index: 9, section: 'Winds and Dragons', text: 'NNNN EEEE WWWW SS', missing: 9 },
    ];
    const card = cardOfClosest(closest);
    expect(card?.hands.map((hand) => [hand.section, hand.text])).toEqual([
      ['2468', 'FF 2222a 4444a 6666a'],
      ['Winds and Dragons', 'NNNN EEEE WWWW SS'],
    ]);
    expect(cardOfClosest(closest)).toBe(card);
    expect(cardOfClosest([])).toBeNull();
    expect(cardOfClosest(null)).toBeNull();
    expect(cardOfClosest([{ index: 0, section: '', text: 'not a hand', missing: 3 }])).toBeNull();
  });
});
