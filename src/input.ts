/**
 * How a table is set up, checked once: the options of `createCharleston` and the input of the machine
 * (`createActor(charlestonMachine, { input })`, or `invoke: { src: charlestonMachine, input }` in a game machine).
 * Every problem throws an {@link InputError} naming the option; nothing is created.
 */
import { dealFromInput, dealFromSeed, type Deal } from './deal.js';
import { InputError, describeType, isRecord, own, unknownKeys } from './errors.js';
import { freshSeed, isHexSeed, isScriptSeed, normalizeSeed, type Seed } from './prng.js';
import { parseRules } from './rules/options.js';
import type { RuleOptions } from './types.js';

/** What the machine takes as input: the same setup options as `createCharleston`, all optional. */
export interface CharlestonSetup {
  /**
   * The seed of the shuffle: an unsigned 32-bit integer (scripts and tests: easy to guess) or a string of 32–64
   * hex digits (live tables). Without it, 128 bits are drawn from `crypto.getRandomValues`.
   */
  seed?: Seed;
  /** An explicit deal: tile codes per seat, optionally the start of the wall (a `DealInput`). */
  deal?: unknown;
  /** Rule options, e.g. `{ winningHands }` (R10). */
  rules?: unknown;
}

/** A setup after checking: the seed, the physical deal and the rule options. */
export interface ResolvedSetup {
  seed: Seed;
  deal: Deal;
  rules: RuleOptions;
  /** Hand number (default 1). */
  hand?: number;
}

/** The keys a setup may have; `createCharleston` adds its own (validator, locale, inspect) on top. */
export const SETUP_KEYS = ['seed', 'deal', 'rules'] as const;

/** Checks a seed option and gives its canonical form; a fresh live seed when it is absent. */
export function resolveSeed(value: unknown, where = 'seed'): Seed {
  if (value === undefined) return freshSeed();
  if (isScriptSeed(value) || isHexSeed(value)) return normalizeSeed(value);
  throw new InputError(where, `must be an integer 0 … 4294967295 or a string of 32 to 64 hex digits, got ${describeType(value)}`);
}

/**
 * Resolves setup options (seed, deal, rules) into the machine's starting data. `allowed` lists the keys the
 * caller accepts (an unknown key is an error naming it and the valid ones).
 */
export function resolveSetup(options: unknown, allowed: readonly string[] = SETUP_KEYS, where = 'options'): ResolvedSetup {
  if (options === undefined) return resolveSetup({}, allowed, where);
  if (!isRecord(options)) throw new InputError(where, `must be an object with seed, deal or rules, got ${describeType(options)}`);
  const extra = unknownKeys(options, allowed);
  if (extra.length > 0) throw new InputError(`${where}.${extra[0]}`, `unknown option (known: ${allowed.join(', ')})`);
  const seed = resolveSeed(own(options, 'seed'));
  const dealInput = own(options, 'deal');
  const deal = dealInput === undefined ? dealFromSeed(seed) : dealFromInput(dealInput, seed);
  return { seed, deal, rules: parseRules(own(options, 'rules')) };
}
