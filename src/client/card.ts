/**
 * The card of winning hands as the page uses it: the player's choice (no card, the practice card, a card pasted in),
 * checked as it is typed; the closest hands of a seat's rack and each seat's progress at the end of a hand, read
 * defensively from the service's JSON or computed in the page (solo practice); and the words for all of these.
 * Pure functions: plain data in, plain data out (the device's storage apart, {@link localCardStore}).
 */
import { SEATS, type Locale, type Seat } from '../index.js';
import { CardError, PRACTICE_CARD, closestHands, parseCard, type Card, type CardErrorCode } from '../entries/card.js';
import { ct } from './i18n/catalog.js';

/** The player's choice of card. */
export type CardChoice = { kind: 'none' } | { kind: 'practice' } | { kind: 'own'; text: string };

/** A hand of the card close to a rack: the same shape as the service's `closest`. */
export interface ClosestView {
  index: number;
  section: string;
  text: string;
  missing: number;
}

/** A seat's progress over a hand: its closest hand to its final rack, and how far it was at the deal and at the end. */
export interface SeatProgress {
  hand: { index: number; section: string; text: string };
  missingAtDeal: number;
  missingNow: number;
}

/** Where a card problem is and what kind it is (a {@link CardError}'s data). */
export interface CardProblem {
  line: number;
  column: number;
  code: CardErrorCode;
}

/** How many closest hands a seat is shown. */
export const CLOSEST_SHOWN = 3;

/** The problem of a card's text, or null when it reads. */
export function cardProblem(text: string): CardProblem | null {
  try {
    parseCard(text);
    return null;
  } catch (error) {
    if (error instanceof CardError) return { line: error.line, column: error.column, code: error.code };
    throw error;
  }
}

/** The card of a choice (null for no card, or a pasted card that does not read). */
export function cardOf(choice: CardChoice): Card | null {
  if (choice.kind === 'none') return null;
  try {
    return parseCard(choice.kind === 'practice' ? PRACTICE_CARD : choice.text);
  } catch {
    return null;
  }
}

/** What `POST /api/tables` carries as `card` for a choice: `"practice"`, the text, or nothing. */
export function cardRequestValue(choice: CardChoice): string | undefined {
  return choice.kind === 'none' ? undefined : choice.kind === 'practice' ? 'practice' : choice.text;
}

/** A card problem in the reader's language, naming its line and column. */
export function cardProblemText(locale: Locale, problem: CardProblem): string {
  return ct(locale, `card.problem.${problem.code}`, { line: problem.line, column: problem.column });
}

/** "N tiles away" (the hand itself: "this is the hand"). */
export function awayText(locale: Locale, missing: number): string {
  return missing === 0 ? ct(locale, 'card.complete') : ct(locale, 'card.away', { count: missing });
}

/** A section as shown after a hand ("Consecutive Run"); a hand before any section line has none. */
export function sectionText(locale: Locale, section: string): string {
  return section === '' ? ct(locale, 'card.noSection') : section;
}

/**
 * A seat's progress: "from 9 tiles away to 5: XXXX0a XXXX1a … (Consecutive Run)". The word for tiles agrees with the
 * distance at the deal ("from 1 tile away"), so that count is the message's `count`; the distance now is `now`.
 */
export function progressText(locale: Locale, progress: SeatProgress): string {
  const params = { count: progress.missingAtDeal, now: progress.missingNow, text: progress.hand.text, section: sectionText(locale, progress.hand.section) };
  return ct(locale, progress.missingNow === 0 ? 'card.progressDone' : 'card.progress', params);
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 14;
const index = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000;
const words = (value: unknown): value is string => typeof value === 'string' && value.length <= 200;

function handOf(value: unknown): { index: number; section: string; text: string } | null {
  const raw = record(value);
  if (raw === null || !index(raw.index) || !words(raw.section) || !words(raw.text)) return null;
  return { index: raw.index, section: raw.section, text: raw.text };
}

/** A seat's closest hands from untrusted JSON (a view's `closest`): null when absent or not a list; bad entries dropped, at most three kept. */
export function closestOf(value: unknown): ClosestView[] | null {
  if (!Array.isArray(value)) return null;
  const hands: ClosestView[] = [];
  for (const each of value.slice(0, 100)) {
    if (hands.length === CLOSEST_SHOWN) break;
    const hand = handOf(each);
    const missing = record(each)?.missing;
    if (hand !== null && count(missing)) hands.push({ ...hand, missing });
  }
  return hands;
}

/** The table's card from untrusted JSON (`card: { hands } | null`): how many hands, or null. */
export function cardInfoOf(value: unknown): { hands: number } | null {
  const hands = record(value)?.hands;
  return typeof hands === 'number' && Number.isInteger(hands) && hands > 0 ? { hands } : null;
}

/** Each seat's progress from untrusted JSON (a review's `progress`): null when absent; bad seats dropped. */
export function progressOf(value: unknown): Partial<Record<Seat, SeatProgress>> | null {
  const raw = record(value);
  if (raw === null) return null;
  const progress: Partial<Record<Seat, SeatProgress>> = {};
  for (const seat of SEATS) {
    const each = record(raw[seat]);
    const hand = handOf(each?.hand);
    if (each === null || hand === null || !count(each.missingAtDeal) || !count(each.missingNow)) continue;
    progress[seat] = { hand, missingAtDeal: each.missingAtDeal, missingNow: each.missingNow };
  }
  return progress;
}

/** The closest hands to a rack, as the service computes them for a seat's view. */
export function closestFor(card: Card, rack: readonly string[]): ClosestView[] {
  return closestHands(card, rack, CLOSEST_SHOWN);
}

/** Where the device keeps the solo card choice. */
export const CARD_KEY = 'charleston.solo.card';

/** The saved text of a choice. */
export function encodeCardChoice(choice: CardChoice): string {
  return JSON.stringify(choice);
}

/** A saved choice, read defensively: anything unreadable is no card. */
export function decodeCardChoice(text: string | null): CardChoice {
  if (text === null) return { kind: 'none' };
  try {
    const raw = record(JSON.parse(text));
    if (raw?.kind === 'practice') return { kind: 'practice' };
    if (raw?.kind === 'own' && typeof raw.text === 'string') return { kind: 'own', text: raw.text };
  } catch {
    // Not JSON: no card.
  }
  return { kind: 'none' };
}

/** The device's storage of the solo card choice; a storage the page may not use keeps nothing. */
export function localCardStore(): { load(): CardChoice; save(choice: CardChoice): void } {
  const storage = ((): Storage | null => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();
  return {
    load: () => {
      try {
        return decodeCardChoice(storage?.getItem(CARD_KEY) ?? null);
      } catch {
        return { kind: 'none' };
      }
    },
    save: (choice) => {
      try {
        storage?.setItem(CARD_KEY, encodeCardChoice(choice));
      } catch {
        // A full or refused storage keeps nothing.
      }
    },
  };
}

/** The last card made from closest hands, kept so that a page re-rendering the same view parses it once. */
const lastHintCard: { key: string; card: Card | null } = { key: '', card: null };

/**
 * A small card of the seat's closest hands (as its view lists them, sections kept), for the teacher's hint: the
 * hands the hint aims for are the ones the page shows. Null when there are none or they do not read as a card.
 */
export function cardOfClosest(closest: readonly ClosestView[] | null | undefined): Card | null {
  if (closest === null || closest === undefined || closest.length === 0) return null;
  const text = closest.map((hand) => `# ${hand.section.replace(/[\r\n]/g, ' ')}\n${hand.text.replace(/[\r\n#]/g, ' ')}`).join('\n');
  if (lastHintCard.key === text) return lastHintCard.card;
  let card: Card | null;
  try {
    card = parseCard(text);
  } catch {
    card = null;
  }
  lastHintCard.key = text;
  lastHintCard.card = card;
  return card;
}
