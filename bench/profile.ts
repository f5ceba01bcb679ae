/**
 * A profiling workload for `node --cpu-prof --import tsx bench/profile.ts [service|pure|floor|bot|restore] [seconds]`: repeats one
 * benchmark task for a few seconds so the profile shows where its time goes.
 */
import { playHand } from '../src/bots/table.js';
import { persist, restore } from '../src/persist.js';
import { createCharleston } from '../src/service.js';
import { createFloorActor } from './floor-machine.js';
import { createPureTable, sendPure } from './pure-loop.js';
import { scriptHands } from './scripted.js';

const what = process.argv[2] ?? 'service';
const seconds = Number(process.argv[3] ?? 4);
const hands = scriptHands(64);
const until = performance.now() + seconds * 1000;
let count = 0;
const mid = createCharleston({ seed: 1 });
for (const event of hands[0]?.events.slice(0, 18) ?? []) mid.send(event);
const text = persist(mid);
while (performance.now() < until) {
  const hand = hands[count % hands.length];
  if (hand === undefined) break;
  if (what === 'service') {
    const service = createCharleston({ seed: hand.seed });
    for (const event of hand.events) service.send(event);
  } else if (what === 'floor') {
    const actor = createFloorActor();
    for (const event of hand.events) actor.send(event);
  } else if (what === 'pure') {
    const table = createPureTable(hand.seed);
    for (const event of hand.events) sendPure(table, event);
  } else if (what === 'bot') playHand({ seed: count + 1 });
  else if (what === 'restore') restore(text);
  count += 1;
}
console.log(`${what}: ${count} runs in ${seconds} s`);
