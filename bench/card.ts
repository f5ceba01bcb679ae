/**
 * The card's benchmark subject: the practice card repeated to 100 hands and one 14-tile rack, so that
 * `closestHands` does a full search (no hand matches, so no reading stops early). `bench/run.ts` times it and
 * reports `cardMicros`; run alone (`node --import tsx bench/card.ts`) it prints that figure by itself.
 */
import { closestHands, parseCard, PRACTICE_CARD, type Card } from '../src/entries/card.js';

/** Hands in the benchmark's card. */
export const CARD_BENCH_HANDS = 100;
/** The benchmark's rack: a plausible deal of 14 (a joker, flowers, a few pairs), near no hand. */
export const CARD_BENCH_RACK = ['2C', '2C', '4C', '4C', '6C', '7D', '9B', 'N', 'F', 'F', 'J', '8C', '8C', '8C'] as const;

/** The practice card's hand lines repeated, under their sections, to {@link CARD_BENCH_HANDS} hands; parsed. */
export function cardBenchCard(): Card {
  const lines = PRACTICE_CARD.split('\n');
  const out: string[] = [];
  let hands = 0;
  while (hands < CARD_BENCH_HANDS) {
    for (const line of lines) {
      const hand = line.trim() !== '' && !line.trim().startsWith('#');
      if (hand && hands === CARD_BENCH_HANDS) break;
      out.push(line);
      if (hand) hands += 1;
    }
  }
  return parseCard(out.join('\n'));
}

/** One call of the measured work; returns the best `missing` (so the call cannot be optimised away). */
export function cardBenchCall(card: Card): number {
  return closestHands(card, CARD_BENCH_RACK)[0]?.missing ?? 14;
}

/** Microseconds of process CPU time per call, over `calls` calls after a warm-up. */
export function cardMicros(calls = 20_000): number {
  const card = cardBenchCard();
  let sink = 0;
  for (let i = 0; i < 2_000; i += 1) sink += cardBenchCall(card);
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) sink += cardBenchCall(card);
  const used = process.cpuUsage(start);
  if (sink < 0) throw new Error('unreachable');
  return Number(((used.user + used.system) / calls).toFixed(2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const card = cardBenchCard();
  console.log(`card: ${card.hands.length} hands; closestHands for one 14-tile rack: ${cardMicros()} µs (process CPU time)`);
}
