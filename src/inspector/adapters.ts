/**
 * Small helpers the inspector needs that the core's public entry does not export: plain-object checks and the
 * table options a script sets up. Kept here so the inspector imports the core only through `../index.js`.
 */
import type { CharlestonOptions } from '../index.js';
import type { Script } from '../entries/scripts.js';

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of an object (never one inherited from its prototype). */
export function own(value: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** The table options a script sets up (seed, deal, rules), as `createCharleston` takes them. */
export function scriptSetup(script: Script): CharlestonOptions {
  const out: Record<string, unknown> = {};
  if (script.seed !== undefined) out['seed'] = script.seed;
  if (script.deal !== undefined) out['deal'] = script.deal;
  if (script.rules !== undefined) out['rules'] = script.rules;
  return out as CharlestonOptions;
}
