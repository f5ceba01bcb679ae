/**
 * Runs a parsed script against a fresh service, step by step, and checks every expectation (docs/reference.md).
 * Pure: no files, no console. The CLI and the test suite both use it.
 */
import { matchesPath, type StateValue } from '../phase.js';
import { SEATS } from '../seats.js';
import { createCharleston, type CharlestonEngine } from '../engine.js';
import { countCodes, facesOf, sortCodes, type Tile } from '../tiles.js';
import type { Phase, Refusal, WinningHandValidator } from '../types.js';
import { scriptCard, scriptSetup, type Expectation, type Script } from './script.js';
import { cardValidator } from '../card/match.js';

/** One expectation that did not hold. */
export interface StepFailure {
  /** What was checked, e.g. `rejected`, `state`, `racks.east.count`. */
  check: string;
  expected: unknown;
  actual: unknown;
}

/** What happened at one step. */
export interface StepResult {
  index: number;
  /** The event as the script sent it (absent for an expect-only step). */
  send?: unknown;
  /** `accepted`, `refused`, or `none` for a step without `send`. */
  outcome: 'accepted' | 'refused' | 'none';
  refusal?: Refusal;
  /** The phase after the step. */
  phase: Phase;
  failures: StepFailure[];
}

/** The result of a whole script. */
export interface ScriptResult {
  name: string;
  ok: boolean;
  steps: StepResult[];
}

/** Options for a run. */
export interface RunOptions {
  isWinningHand?: WinningHandValidator;
  /** Called after each step with its result and the live service (used for invariant checks and traces). */
  onStep?: (result: StepResult, service: CharlestonEngine) => void;
  /** Called once the service exists, before the first step. */
  onStart?: (service: CharlestonEngine) => void;
}

function multisetEquals(a: readonly Tile[], b: readonly Tile[]): boolean {
  if (a.length !== b.length) return false;
  const counts = countCodes(a);
  return [...countCodes(b)].every(([code, n]) => counts.get(code) === n);
}

function includesAll(rack: readonly Tile[], wanted: readonly Tile[]): boolean {
  const counts = countCodes(rack);
  return [...countCodes(wanted)].every(([code, n]) => (counts.get(code) ?? 0) >= n);
}

/** Checks a step's expectations (other than `rejected`) against the service. */
export function checkExpectation(expect: Expectation, service: CharlestonEngine): StepFailure[] {
  const failures: StepFailure[] = [];
  const snapshot = service.getSnapshot();
  if (expect.state !== undefined && !matchesPath(snapshot.value as StateValue, expect.state)) {
    failures.push({ check: 'state', expected: expect.state, actual: service.phase });
  }
  const context = snapshot.context;
  for (const seat of SEATS) {
    const want = expect.racks?.[seat];
    if (!want) continue;
    const rack = sortCodes(facesOf(context.racks[seat]));
    const at = `racks.${seat}`;
    if (want.count !== undefined && rack.length !== want.count) failures.push({ check: `${at}.count`, expected: want.count, actual: rack.length });
    if (want.includes && !includesAll(rack, want.includes)) failures.push({ check: `${at}.includes`, expected: sortCodes(want.includes), actual: rack });
    if (want.excludes && want.excludes.some((tile) => rack.includes(tile))) {
      failures.push({ check: `${at}.excludes`, expected: sortCodes(want.excludes), actual: rack });
    }
    if (want.equals && !multisetEquals(rack, want.equals)) failures.push({ check: `${at}.equals`, expected: sortCodes(want.equals), actual: rack });
  }
  if (expect.hand !== undefined && context.hand !== expect.hand) failures.push({ check: 'hand', expected: expect.hand, actual: context.hand });
  if (expect.dealer !== undefined && context.dealer !== expect.dealer) failures.push({ check: 'dealer', expected: expect.dealer, actual: context.dealer });
  return failures;
}

/**
 * Runs a script. Throws an InputError (from the deal or rules) when the table cannot be set up. A script's `card`
 * becomes the table's `isWinningHand` (East's declaration is checked against it) unless `options` gives one.
 */
export function runScript(script: Script, options: RunOptions = {}): ScriptResult {
  const service = createCharleston({
    ...scriptSetup(script),
    ...(options.isWinningHand ? { isWinningHand: options.isWinningHand } : script.card !== undefined ? { isWinningHand: cardValidator(scriptCard(script.card)) } : {}),
  });
  options.onStart?.(service);
  const steps = script.steps.map((step, index): StepResult => {
    const failures: StepFailure[] = [];
    let result: StepResult;
    if (step.send !== undefined) {
      const sent = service.send(step.send);
      const wanted = step.expect?.rejected;
      if (sent.ok && wanted !== undefined) failures.push({ check: 'rejected', expected: wanted, actual: 'accepted' });
      if (!sent.ok && wanted === undefined) failures.push({ check: 'accepted', expected: 'accepted', actual: sent.refusal.code });
      if (!sent.ok && wanted !== undefined && sent.refusal.code !== wanted) {
        failures.push({ check: 'rejected', expected: wanted, actual: sent.refusal.code });
      }
      result = sent.ok
        ? { index, send: step.send, outcome: 'accepted', phase: sent.phase, failures }
        : { index, send: step.send, outcome: 'refused', refusal: sent.refusal, phase: service.phase, failures };
    } else {
      result = { index, outcome: 'none', phase: service.phase, failures };
    }
    if (step.expect) failures.push(...checkExpectation(step.expect, service));
    options.onStep?.(result, service);
    return result;
  });
  service.stop();
  return { name: script.name ?? '(unnamed script)', ok: steps.every((step) => step.failures.length === 0), steps };
}
