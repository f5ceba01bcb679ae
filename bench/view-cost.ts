/**
 * `node --import tsx bench/view-cost.ts`: what the service spends per accepted event on views, at one table in
 * `firstCharleston.right`: each seat's view (with its locale), its legal actions and the serialized message, four
 * times, plus the public view. Prints microseconds per event (median of 7 rounds of 5,000 events).
 */
import { createCharleston, legalActions, viewFor, SEATS } from '../src/index.js';

const table = createCharleston({ seed: 5 });
const snapshot = table.getSnapshot();
const ROUNDS = 7;
const EVENTS = 5_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function measure(name: string, work: () => void): void {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    for (let i = 0; i < EVENTS; i += 1) work();
    rounds.push(((performance.now() - started) / EVENTS) * 1_000);
  }
  console.log(`${name.padEnd(44)} ${median(rounds).toFixed(1).padStart(7)} µs per event`);
}

let sink = 0;
measure('4 seat views (locale en)', () => {
  for (const seat of SEATS) sink += viewFor(snapshot, seat, { locale: 'en' }).rack.length;
});
measure('4 legal actions', () => {
  for (const seat of SEATS) sink += legalActions(snapshot, seat).offer.length;
});
measure('4 view messages + the public one, serialized', () => {
  for (const seat of SEATS) sink += JSON.stringify({ type: 'view', version: 1, view: viewFor(snapshot, seat, { locale: 'en' }), actions: legalActions(snapshot, seat) }).length;
  sink += JSON.stringify({ type: 'view', version: 1, view: viewFor(snapshot, null, { locale: 'en' }) }).length;
});
table.stop();
if (sink === 0) console.log('(nothing built)');
