/**
 * Scripts: JSON that drives the engine with events and checks expectations (docs/reference.md, "Scripts").
 * `parseScript` validates the script's own structure (throws {@link InputError} naming the place);
 * the events inside `send` are not checked here: what the engine refuses is a refusal to expect.
 */
import { parseTileList } from '../deal.js';
import { InputError, describeType, isRecord, own, unknownKeys } from '../errors.js';
import { isSeed, type Seed } from '../prng.js';
import { SEATS, type Seat } from '../seats.js';
import type { Tile } from '../tiles.js';
import { REFUSAL_CODES, type RefusalCode } from '../types.js';
import { findJsonProblem } from './json-error.js';
import { CardError } from '../card/error.js';
import { parseCard } from '../card/parse.js';
import { PRACTICE_CARD } from '../card/practice.js';
import type { Card } from '../card/types.js';

/** Checks on one rack. */
export interface RackExpectation {
  count?: number;
  includes?: Tile[];
  excludes?: Tile[];
  equals?: Tile[];
}

/** What a step expects. */
export interface Expectation {
  state?: string;
  rejected?: RefusalCode;
  racks?: Partial<Record<Seat, RackExpectation>>;
  hand?: number;
  dealer?: Seat;
}

/** One step: an event to send, expectations, or both. */
export interface ScriptStep {
  send?: unknown;
  expect?: Expectation;
}

/** A parsed script. */
export interface Script {
  name?: string;
  description?: string;
  seed?: Seed;
  deal?: unknown;
  rules?: unknown;
  /** A card (its text, or `"practice"` for the project's practice card): East's declaration is checked against it. */
  card?: string;
  steps: ScriptStep[];
}

const TOP_KEYS = ['name', 'description', 'seed', 'deal', 'rules', 'card', 'steps'] as const;
const STEP_KEYS = ['send', 'expect'] as const;
const EXPECT_KEYS = ['state', 'rejected', 'racks', 'hand', 'dealer'] as const;
const RACK_KEYS = ['count', 'includes', 'excludes', 'equals'] as const;

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const extra = unknownKeys(value, allowed);
  if (extra.length > 0) throw new InputError(where ? `${where}.${extra[0]}` : String(extra[0]), `unknown key (allowed: ${allowed.join(', ')})`);
}

function parseRack(value: unknown, where: string): RackExpectation {
  if (!isRecord(value)) throw new InputError(where, `must be an object, got ${describeType(value)}`);
  checkKeys(value, RACK_KEYS, where);
  const rack: RackExpectation = {};
  const count = own(value, 'count');
  if (count !== undefined) {
    if (!Number.isInteger(count) || (count as number) < 0) throw new InputError(`${where}.count`, `must be a whole number, got ${describeType(count)}`);
    rack.count = count as number;
  }
  for (const key of ['includes', 'excludes', 'equals'] as const) {
    const list = own(value, key);
    if (list !== undefined) rack[key] = parseTileList(list, `${where}.${key}`);
  }
  return rack;
}

function parseExpect(value: unknown, where: string): Expectation {
  if (!isRecord(value)) throw new InputError(where, `must be an object, got ${describeType(value)}`);
  checkKeys(value, EXPECT_KEYS, where);
  const expect: Expectation = {};
  const state = own(value, 'state');
  if (state !== undefined) {
    if (typeof state !== 'string' || state === '') throw new InputError(`${where}.state`, `must be a dotted state path, got ${describeType(state)}`);
    expect.state = state;
  }
  const rejected = own(value, 'rejected');
  if (rejected !== undefined) {
    if (!(REFUSAL_CODES as readonly unknown[]).includes(rejected)) {
      throw new InputError(`${where}.rejected`, `unknown refusal code ${describeType(rejected)} (the codes: ${REFUSAL_CODES.join(', ')})`);
    }
    expect.rejected = rejected as RefusalCode;
  }
  const racks = own(value, 'racks');
  if (racks !== undefined) {
    if (!isRecord(racks)) throw new InputError(`${where}.racks`, `must be an object keyed by seat, got ${describeType(racks)}`);
    checkKeys(racks, SEATS, `${where}.racks`);
    expect.racks = {};
    for (const seat of SEATS) {
      const rack = own(racks, seat);
      if (rack !== undefined) expect.racks[seat] = parseRack(rack, `${where}.racks.${seat}`);
    }
  }
  const hand = own(value, 'hand');
  if (hand !== undefined) {
    if (!Number.isInteger(hand) || (hand as number) < 1) throw new InputError(`${where}.hand`, `must be a hand number ≥ 1, got ${describeType(hand)}`);
    expect.hand = hand as number;
  }
  const dealer = own(value, 'dealer');
  if (dealer !== undefined) {
    if (!(SEATS as readonly unknown[]).includes(dealer)) throw new InputError(`${where}.dealer`, `must be a seat (${SEATS.join(', ')}), got ${describeType(dealer)}`);
    expect.dealer = dealer as Seat;
  }
  return expect;
}

/** Validates a parsed JSON value as a script. */
export function parseScript(value: unknown): Script {
  if (!isRecord(value)) throw new InputError('', `a script must be a JSON object, got ${describeType(value)}`);
  checkKeys(value, TOP_KEYS, '');
  const script: Script = { steps: [] };
  for (const key of ['name', 'description'] as const) {
    const text = own(value, key);
    if (text !== undefined) {
      if (typeof text !== 'string') throw new InputError(key, `must be text, got ${describeType(text)}`);
      script[key] = text;
    }
  }
  const seed = own(value, 'seed');
  if (seed !== undefined) {
    if (!isSeed(seed)) throw new InputError('seed', `must be an integer 0 … 4294967295 or a string of 32 to 64 hex digits, got ${describeType(seed)}`);
    script.seed = seed;
  }
  const deal = own(value, 'deal');
  if (deal !== undefined) script.deal = deal;
  const rules = own(value, 'rules');
  if (rules !== undefined) script.rules = rules;
  const card = own(value, 'card');
  if (card !== undefined) {
    if (typeof card !== 'string') throw new InputError('card', `must be a card's text or "practice", got ${describeType(card)}`);
    scriptCard(card);
    script.card = card;
  }
  if (seed === undefined && deal === undefined) throw new InputError('', 'a script needs a "seed", a "deal", or both');
  const steps = own(value, 'steps');
  if (steps === undefined) throw new InputError('steps', 'missing: a script lists its steps');
  if (!Array.isArray(steps)) throw new InputError('steps', `must be an array, got ${describeType(steps)}`);
  script.steps = steps.map((step: unknown, index) => {
    const where = `steps[${index}]`;
    if (!isRecord(step)) throw new InputError(where, `must be an object, got ${describeType(step)}`);
    checkKeys(step, STEP_KEYS, where);
    const send = own(step, 'send');
    const expect = own(step, 'expect');
    if (send === undefined && expect === undefined) throw new InputError(where, 'a step has "send", "expect", or both');
    const parsed: ScriptStep = {};
    if (send !== undefined) parsed.send = send;
    if (expect !== undefined) parsed.expect = parseExpect(expect, `${where}.expect`);
    if (parsed.expect?.rejected !== undefined && send === undefined) {
      throw new InputError(`${where}.expect.rejected`, 'a rejection is expected of a "send" in the same step');
    }
    return parsed;
  });
  return script;
}

/**
 * Parses script text (JSON) and validates it. Invalid JSON is reported with its line and column
 * (`not valid JSON at line 3, column 5: unexpected "}", expected a value …`). A leading byte-order mark is ignored.
 */
export function parseScriptText(text: string): Script {
  if (typeof text !== 'string') throw new InputError('', `script text must be a string, got ${describeType(text)}`);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const problem = findJsonProblem(body);
    throw new InputError('', problem
      ? `not valid JSON at line ${problem.line}, column ${problem.column}: ${problem.problem}`
      : `not valid JSON (${(error as Error).message})`);
  }
  return parseScript(value);
}

/**
 * The card a script's `card` names (`"practice"`: the project's practice card), parsed; a bad card throws an
 * {@link InputError} at `card` naming the line and column.
 */
export function scriptCard(text: string): Card {
  try {
    return parseCard(text === 'practice' ? PRACTICE_CARD : text);
  } catch (error) {
    if (error instanceof CardError) throw new InputError('card', `${error.message} (${error.code})`);
    throw error;
  }
}

/** The table options a script sets up (seed, deal, rules), as `createCharleston` takes them. */
export function scriptSetup(script: Script): { seed: Seed; deal?: unknown; rules?: unknown } {
  return {
    // With a deal and no seed, the seed is 1 (the wall's order and the ids are then those of seed 1).
    seed: script.seed ?? 1,
    ...(script.deal !== undefined ? { deal: script.deal } : {}),
    ...(script.rules !== undefined ? { rules: script.rules } : {}),
  };
}
