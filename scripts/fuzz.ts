/**
 * The long fuzz run: `npm run fuzz` (at least a million events by default).
 *
 *   npm run fuzz                                   # 1,000,000 events, seed from the clock
 *   npm run fuzz -- --events 5000000 --seed 42     # longer, chosen seed
 *   npm run fuzz -- --seed 42 --path "17:3:0:1"    # replay one failure (fast-check's seed and path)
 *
 * The run is split into chunks of fast-check runs; chunk k uses seed `seed + k`. On a failure it prints the
 * shrunk counterexample, the broken checks and the exact command that reproduces it, and exits with code 1.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { FuzzFailure, fuzzProperty, newStats } from '../test/verification/support/fuzz-harness.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    seed: { type: 'string' },
    path: { type: 'string' },
    'max-ops': { type: 'string', default: '300' },
    'runs-per-chunk': { type: 'string', default: '200' },
  },
});

const target = Number(values.events);
const maxOps = Number(values['max-ops']);
const runsPerChunk = Number(values['runs-per-chunk']);
const baseSeed = values.seed === undefined ? Date.now() % 0x7fff_ffff : Number(values.seed);
const stats = newStats();
const started = performance.now();

function report(): string {
  const seconds = (performance.now() - started) / 1000;
  return `${stats.events.toLocaleString('en')} events in ${seconds.toFixed(1)} s (${Math.round(stats.events / seconds).toLocaleString('en')}/s); ${stats.accepted.toLocaleString('en')} accepted, ${stats.refused.toLocaleString('en')} refused; ${stats.tables} tables, ${stats.hands} hands, ${stats.restores} restores`;
}

if (values.path !== undefined) {
  // Replay exactly one counterexample.
  const details = fc.check(fuzzProperty(stats, maxOps), { seed: baseSeed, path: values.path, endOnFailure: true, numRuns: 1 });
  if (details.failed) {
    console.error(fc.defaultReportMessage(details) ?? 'failed');
    process.exit(1);
  }
  console.log(`seed ${baseSeed}, path ${values.path}: the contract held (${report()})`);
  process.exit(0);
}

console.log(`fuzz: at least ${target.toLocaleString('en')} events, base seed ${baseSeed}, up to ${maxOps} operations per table`);
let chunk = 0;
let lastPrint = 0;
while (stats.events < target) {
  const seed = (baseSeed + chunk) % 0x7fff_ffff;
  // No shrinking in the long run: shrinking hundreds of operations can take longer than the run itself.
  // The first failure is reported as it is, with the seed and path that replay it.
  const details = fc.check(fuzzProperty(stats, maxOps), { seed, numRuns: runsPerChunk, endOnFailure: true });
  if (details.failed) {
    const cause = details.errorInstance instanceof FuzzFailure ? details.errorInstance.message : String(details.errorInstance);
    console.error(`\nFAILED in chunk ${chunk} (seed ${seed}) after ${report()}`);
    console.error(fc.defaultReportMessage(details) ?? '');
    console.error(`\n${cause}`);
    console.error(`\nreproduce: npm run fuzz -- --seed ${seed} --path "${details.counterexamplePath ?? ''}" --max-ops ${maxOps}`);
    process.exit(1);
  }
  chunk += 1;
  if (performance.now() - lastPrint > 10_000) {
    lastPrint = performance.now();
    console.log(`  … ${report()}`);
  }
}
console.log(`done: ${report()}`);
console.log(`refusals: ${JSON.stringify(stats.byCode)}`);
console.log(`phases after events: ${JSON.stringify(stats.phases)}`);
