/**
 * Writes examples/full-charleston.json: a complete Charleston from seed 2026 (both Charlestons, a blind
 * pass, a refused joker, the courtesy pass), with expectations recorded from the engine.
 * Run: npx tsx scripts/make-example.ts
 */
import { writeFileSync } from 'node:fs';
import { SEATS, type Seat } from '../src/seats.js';
import { createCharleston } from '../src/engine.js';
import { facesOf, sortCodes, type Tile } from '../src/tiles.js';

const seed = 2026;
const service = createCharleston({ seed });
const steps: unknown[] = [];
const rack = (seat: Seat): Tile[] => facesOf(service.context.racks[seat]);
const naturals = (seat: Seat, n: number): Tile[] => rack(seat).filter((tile) => tile !== 'J').slice(-n);
const send = (event: Record<string, unknown>, expect?: Record<string, unknown>): void => {
  const result = service.send(event);
  if (!result.ok && !expect?.rejected) throw new Error(`${JSON.stringify(event)}: ${result.refusal.code}`);
  steps.push(expect ? { send: event, expect } : { send: event });
};
const check = (): void => {
  steps.push({
    expect: {
      state: service.phase,
      racks: Object.fromEntries(SEATS.map((seat) => [seat, { count: rack(seat).length, equals: sortCodes(rack(seat)) }])),
    },
  });
};

const withJoker = SEATS.find((seat) => rack(seat).includes('J'));
if (withJoker) send({ type: 'pass.commit', seat: withJoker, tiles: ['J', ...naturals(withJoker, 2)] }, { rejected: 'JOKER_NOT_PASSABLE' });
for (const pass of ['right', 'across', 'left'] as const) {
  for (const seat of SEATS) {
    if (pass === 'left' && seat === 'west') send({ type: 'pass.commit', seat, tiles: naturals(seat, 2), blind: 1 });
    else send({ type: 'pass.commit', seat, tiles: naturals(seat, 3) });
  }
  check();
}
for (const seat of SEATS) send({ type: 'vote.cast', seat, vote: 'continue' });
for (const pass of ['left', 'across', 'right'] as const) {
  for (const seat of SEATS) send({ type: 'pass.commit', seat, tiles: naturals(seat, 3) });
  if (pass === 'left') send({ type: 'vote.cast', seat: 'east', vote: 'stop' }, { rejected: 'NOT_NOW' });
  check();
}
const offers: Record<Seat, number> = { east: 2, west: 1, south: 0, north: 3 };
for (const seat of SEATS) send({ type: 'courtesy.offer', seat, count: offers[seat] });
send({ type: 'courtesy.commit', seat: 'east', tiles: naturals('east', 1) });
send({ type: 'courtesy.commit', seat: 'west', tiles: naturals('west', 1) });
check();

const script = {
  name: 'a complete Charleston (seed 2026)',
  description:
    'Both Charlestons with a blind pass on the first left, a refused joker, a refused stop inside the second Charleston, and the courtesy pass (east–west exchange one, south–north none).',
  seed,
  steps,
};
writeFileSync('examples/full-charleston.json', `${JSON.stringify(script, null, 2)}\n`);
console.log(`wrote ${steps.length} steps, final phase ${service.phase}`);
