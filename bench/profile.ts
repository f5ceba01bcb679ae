/**
 * A profiling workload for `node --cpu-prof --import tsx bench/profile.ts [service|pure|floor|bot|restore|paired] [seconds]`:
 * repeats one benchmark task for a few seconds so the profile shows where its time goes. `paired` plays the engine,
 * the pure rules loop and the floor machine in turn on the same hand, as the benchmark's ratio does, each in a
 * function of its own name (`subjectEngine`, `subjectPure`, `subjectFloor`), so that `bench/profile-split.ts` can
 * split one profile by subject: all three under the same load, the same JIT state and the same copy of XState.
 */
import { playHand } from '../src/bots/table.js';
import { persist, restore } from '../src/persist.js';
import { createCharleston } from '../src/engine.js';
import { createFloorActor } from './floor-machine.js';
import { createPureTable, sendPure } from './pure-loop.js';
import { scriptHands, type ScriptedHand } from './scripted.js';

const what = process.argv[2] ?? 'service';

/** The paired workload's subjects: named, so that a profile's stacks tell them apart. */
function subjectEngine(hand: ScriptedHand): void {
  const service = createCharleston({ seed: hand.seed });
  for (const event of hand.events) service.send(event);
}
function subjectPure(hand: ScriptedHand): void {
  const table = createPureTable(hand.seed);
  for (const event of hand.events) sendPure(table, event);
}
function subjectFloor(hand: ScriptedHand): void {
  const actor = createFloorActor({ seed: hand.seed });
  for (const event of hand.events) actor.send(event);
}
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
  else if (what === 'paired') {
    subjectEngine(hand);
    subjectPure(hand);
    subjectFloor(hand);
  }
  count += 1;
}
console.log(`${what}: ${count} runs in ${seconds} s`);
