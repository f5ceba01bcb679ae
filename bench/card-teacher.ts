/**
 * Does the card teacher play toward the card? Over seeded hands with the practice card, each seat's distance to
 * its closest hand (the card's `missing`) is taken at the deal (again after a redeal) and when the hand ends; the
 * mean fall (deal minus end, over every seat of every hand) is reported for four card teachers, four random bots
 * and four teachers without the card, on the same deals. Deterministic: the deals and the bots are seeded. Run alone:
 * `npm run bench:card-teacher` (1,000 hands; `-- 200` for another count).
 */
import { createCharleston, SEATS, type BySeat, type Seat } from '../src/index.js';
import { playHand, randomStrategy, teacherStrategy, teacherStrategyFor, type Strategy } from '../src/entries/bots.js';
import { cardValidator, closestHands, parseCard, PRACTICE_CARD, type Card } from '../src/entries/card.js';
import { faceOf } from '../src/tiles.js';
import type { CharlestonEngine } from '../src/engine.js';

/** The mean fall of `missing` from the deal to the end, per seat, for each kind of bot. */
export interface CardTeacherResult {
  hands: number;
  teacher: number;
  random: number;
  /** The teacher without the card (its suit and like-number lines), on the same deals. */
  plainTeacher: number;
}

/** How far each seat's rack is from its closest hand now. */
function distances(card: Card, engine: CharlestonEngine): BySeat<number> {
  const racks = engine.context.racks;
  const of = (seat: Seat): number => closestHands(card, racks[seat].map(faceOf), 1)[0]?.missing ?? 14;
  return { east: of('east'), south: of('south'), west: of('west'), north: of('north') };
}

/** The summed fall of `missing` over the four seats of one seeded hand played by `strategy` at every seat. */
export function handFall(card: Card, seed: number, strategy: Strategy): number {
  const engine = createCharleston({ seed, isWinningHand: cardValidator(card) });
  let dealt = distances(card, engine);
  playHand({
    engine,
    strategies: { east: strategy, south: strategy, west: strategy, north: strategy },
    botSeed: seed,
    onEvent: (played, table) => {
      if (played.by === 'table' && played.result.ok) dealt = distances(card, table);
    },
  });
  const end = distances(card, engine);
  return SEATS.reduce((sum, seat) => sum + dealt[seat] - end[seat], 0);
}

/** The mean fall per seat over `hands` hands, seeds `firstSeed`, `firstSeed + 1` …, for the teacher and random. */
export function cardTeacherFall(hands: number, firstSeed = 1, card: Card = parseCard(PRACTICE_CARD)): CardTeacherResult {
  const teacher = teacherStrategyFor(card);
  let teacherSum = 0;
  let randomSum = 0;
  let plainSum = 0;
  for (let i = 0; i < hands; i += 1) {
    teacherSum += handFall(card, firstSeed + i, teacher);
    randomSum += handFall(card, firstSeed + i, randomStrategy);
    plainSum += handFall(card, firstSeed + i, teacherStrategy);
  }
  const per = (sum: number): number => Number((sum / (hands * SEATS.length)).toFixed(3));
  return { hands, teacher: per(teacherSum), random: per(randomSum), plainTeacher: per(plainSum) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const hands = Number(process.argv[2] ?? 1000);
  const result = cardTeacherFall(hands);
  console.log(`card teacher over ${result.hands} hands (practice card): missing falls by ${result.teacher} per seat from deal to end; random bot: ${result.random}; teacher without the card: ${result.plainTeacher}`);
}
