/** Reading the fixed phase (contract §4) from a machine snapshot's value. */
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
  'complete',
  'eastMahjong',
  'misdeal',
];

/** The phase a state value is in (`courtesy` for any of its pair regions). Throws on a value outside the flow. */
export function phaseOf(value: StateValue): Phase {
  let path: string;
  if (typeof value === 'string') path = value;
  else {
    const [top, inner] = Object.entries(value)[0] ?? [];
    path = top === 'courtesy' ? 'courtesy' : `${top}.${typeof inner === 'string' ? inner : '?'}`;
  }
  const phase = PHASES.find((candidate) => candidate === path);
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
