/** Runs a script with the table invariants checked after every step; shared by the scenario tests. */
import { invariantViolations, jokerOwners, movedJokers } from '../../src/invariants.js';
import { runScript, type RunOptions, type ScriptResult } from '../../src/script/run.js';
import type { Script } from '../../src/script/script.js';
import type { TileId } from '../../src/tiles.js';
import type { Seat } from '../../src/seats.js';

/** The script's result, and every invariant violation seen, with the step where it was seen. */
export function runWithInvariants(script: Script, options: RunOptions = {}): { result: ScriptResult; violations: string[] } {
  const violations: string[] = [];
  let hand = 0;
  let jokers = new Map<TileId, Seat>();
  const result = runScript(script, {
    ...options,
    onStart: (service) => {
      hand = service.context.hand;
      jokers = jokerOwners(service.context);
      violations.push(...invariantViolations(service.context, service.phase).map((v) => `start: ${v}`));
    },
    onStep: (step, service) => {
      const { context } = service;
      violations.push(...invariantViolations(context, service.phase).map((v) => `step ${step.index}: ${v}`));
      if (context.hand !== hand) {
        hand = context.hand;
        jokers = jokerOwners(context);
      } else {
        violations.push(...movedJokers(jokers, context).map((v) => `step ${step.index}: ${v}`));
      }
      options.onStep?.(step, service);
    },
  });
  return { result, violations };
}
