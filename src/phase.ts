/** Reading the fixed phase (docs/reference.md, states) from a machine snapshot's value. */
import { hasOwn } from './errors.js';
import type { Phase } from './types.js';

/** A machine state value: a name, or nested and parallel objects of names. */
export type StateValue = string | { [key: string]: StateValue };

const PHASES: readonly Phase[] = [
  'firstCharleston.right',
  'firstCharleston.across',
  'firstCharleston.left',
  'stopCheckpoint',
  'secondCharleston.left',
  'secondCharleston.across',
  'secondCharleston.right',
  'courtesy',
  'declarationReview',
  'complete',
  'eastMahjong',
  'misdeal',
];

const BY_PATH: ReadonlyMap<string, Phase> = new Map(PHASES.map((phase) => [phase, phase]));
/** `firstCharleston` → `right` → `firstCharleston.right`, for nested values (no string is built per lookup). */
const NESTED: ReadonlyMap<string, ReadonlyMap<string, Phase>> = new Map(
  ['firstCharleston', 'secondCharleston'].map((top) => [
    top,
    new Map(PHASES.filter((phase) => phase.startsWith(`${top}.`)).map((phase) => [phase.slice(top.length + 1), phase])),
  ]),
);

/** The phase a state value is in (`courtesy` for any of its pair regions). Throws on a value outside the flow. */
export function phaseOf(value: StateValue): Phase {
  let phase: Phase | undefined;
  if (typeof value === 'string') phase = BY_PATH.get(value);
  else {
    let top: string | undefined;
    // The first own key (what `Object.keys(value)[0]` gives), without building the list.
    for (const key in value) {
      if (hasOwn(value, key)) {
        top = key;
        break;
      }
    }
    if (top === 'courtesy') return 'courtesy';
    const inner = top === undefined ? undefined : value[top];
    if (top !== undefined && typeof inner === 'string') phase = NESTED.get(top)?.get(inner);
  }
  if (phase === undefined) throw new Error(`state ${JSON.stringify(value)} is not a phase of the Charleston`);
  return phase;
}

/** Every dotted path a state value is in, from the top (`firstCharleston`, `firstCharleston.right`). */
export function statePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, inner]) => [prefix + key, ...statePaths(inner, `${prefix}${key}.`)]);
}

/** True when `path` (dotted) is one of the state value's paths: `snapshot.matches` semantics. */
export function matchesPath(value: StateValue, path: string): boolean {
  return statePaths(value).includes(path);
}

export { PHASES };
