/**
 * Everything the benchmark measures, behind one entry point. `bench/run.ts` bundles this file with esbuild (as a
 * client's bundler would: no `keepNames` wrappers around every function, which tsx adds) and imports the bundle,
 * so the figures are those of the code as shipped; `--source` imports it through tsx instead.
 */
export { playHand } from '../src/bots/table.js';
export { persist, restore } from '../src/persist.js';
export { createCharleston } from '../src/engine.js';
export { createFloorActor, createSlimFloorActor } from './floor-machine.js';
export { createPureTable, sendPure } from './pure-loop.js';
export { scriptHands } from './scripted.js';
export { cardBenchCall, cardBenchCard } from './card.js';
