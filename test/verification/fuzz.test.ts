/**
 * Property-based fuzzing (bounded): random tables driven by random mixes of legal, illegal and malformed events,
 * retracts, votes, offers, misdeals, redeals and persist/restore round trips. After every event the contract is
 * checked (see support/fuzz-harness.ts). A failure prints fast-check's seed and path: rerun with
 * `FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/verification/fuzz.test.ts`, or `npm run fuzz -- --seed <seed> --path <path>`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzProperty, newStats } from './support/fuzz-harness.js';
import { skipReason, titled } from '../support/skip.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 160);
const MAX_OPS = 250;
const FIXED_SEED = 20_261_201;

describe('fuzz: the contract holds after every event', () => {
  const stats = newStats();

  it(`holds after every event of ${RUNS} random tables of up to ${MAX_OPS} operations`, () => {
    // A fixed seed: npm test is deterministic (the clock seeds only `npm run fuzz`, which prints its seed).
    const seed = process.env.FUZZ_SEED === undefined ? FIXED_SEED : Number(process.env.FUZZ_SEED);
    const path = process.env.FUZZ_PATH;
    fc.assert(fuzzProperty(stats, MAX_OPS), { numRuns: RUNS, seed, ...(path ? { path, endOnFailure: true } : {}) });
    console.log(
      `fuzz (seed ${seed}): ${stats.events} events; ` +
        `${stats.accepted} accepted, ${stats.refused} refused; ${stats.tables} tables, ${stats.hands} hands, ${stats.restores} restores\n` +
        `  refusals: ${JSON.stringify(stats.byCode)}\n  phases after events: ${JSON.stringify(stats.phases)}`,
    );
    expect(stats.events).toBeGreaterThan(RUNS * 20);
  });

  // With the fixed seed and the default number of runs the mix reaches every phase and at least 15 refusal codes;
  // another seed or fewer runs (FUZZ_SEED, FUZZ_RUNS: local experiments) may not, so the check is for the default.
  const why = skipReason([[RUNS !== 160 || process.env.FUZZ_SEED !== undefined || process.env.FUZZ_PATH !== undefined, 'the mix is checked for the default seed and 160 runs only: FUZZ_SEED, FUZZ_RUNS or FUZZ_PATH is set']]);
  it.skipIf(why !== null)(titled('reaches every phase and at least 15 refusal codes', why), () => {
    expect(Object.keys(stats.phases).sort()).toHaveLength(12);
    expect(Object.keys(stats.byCode).length).toBeGreaterThanOrEqual(15);
  });
});
