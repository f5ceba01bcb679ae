/**
 * Persistence: `persist(service)` gives versioned JSON text; `restore(text)` gives a service that continues
 * exactly as before. The format is the engine's own (the phase and the plain context), not XState's internal
 * snapshot, so it is small and fully validated: corrupt, truncated or wrong-version input throws a
 * {@link RestoreError} that names the problem, and nothing is half-restored. A restored table with a wrong
 * tile count is a misdeal at once (R11).
 */
import { createActor } from 'xstate';
import { createCharlestonMachine } from '../machines/charleston.machine.js';
import { InputError, describeType, isRecord, own, unknownKeys } from './errors.js';
import { invariantViolations } from './invariants.js';
import { PHASES, type StateValue } from './phase.js';
import { isSeed, normalizeSeed, type Seed } from './prng.js';
import { MAX_REASON } from './rules/event-shape.js';
import { localeOptionArgument, validatorArgument } from './arguments.js';
import { hasWrongCount } from './rules/counts.js';
import { hasPairCommitted, isCourtesyOver, pairStatus } from './rules/courtesy.js';
import type { DecideOptions } from './rules/decide.js';
import { wrongCountReason } from './rules/hand.js';
import { parseRules } from './rules/options.js';
import { PAIRS, SEATS, bySeat, isSeat, type BySeat } from './seats.js';
import { phaseOfSnapshot, serviceFor, type CharlestonService, type CharlestonSnapshot } from './service.js';
import { localeOrWarn } from './i18n/translate.js';
import { SET_SIZE, type TileId } from './tiles.js';
import { PASS_RULES, isPassPhase, type CharlestonContext, type MisdealRecord, type Packet, type Phase, type Vote, type WinningHandValidator } from './types.js';

/** The current persisted format version. */
export const PERSIST_VERSION = 1;
/** The `format` tag of persisted tables. */
export const PERSIST_FORMAT = 'charleston-table';

/** What a persisted table holds. */
export interface PersistedTable {
  format: typeof PERSIST_FORMAT;
  version: typeof PERSIST_VERSION;
  phase: Phase;
  context: CharlestonContext;
}

/** Why a restore failed. */
export type RestoreProblem = 'corrupt' | 'truncated' | 'wrong-version' | 'invalid';

/** The longest persisted text `restore` reads (a table is about 1 KB; a card of 10,000 winning hands stays under this). */
export const MAX_PERSISTED_LENGTH = 1024 * 1024;

/** The highest hand number a persisted table may have (a table redealing every second for 30 years stays below it). */
export const MAX_HAND = 1_000_000_000;

/** Thrown by {@link restore}; `problem` classifies it, `where` and the message name it. */
export class RestoreError extends InputError {
  readonly problem: RestoreProblem;
  override readonly name: string = 'RestoreError';

  constructor(problem: RestoreProblem, where: string, message: string) {
    super(where, message);
    this.problem = problem;
  }
}

/** The persisted form of a snapshot. */
export function toPersisted(snapshot: CharlestonSnapshot): PersistedTable {
  return { format: PERSIST_FORMAT, version: PERSIST_VERSION, phase: phaseOfSnapshot(snapshot), context: snapshot.context };
}

/** Versioned JSON text of the table. */
export function persist(service: Pick<CharlestonService, 'getSnapshot'>): string {
  return JSON.stringify(toPersisted(service.getSnapshot()));
}

const fail = (where: string, message: string): never => {
  throw new RestoreError('invalid', where, message);
};

function readIds(value: unknown, where: string, max = SET_SIZE): TileId[] {
  if (!Array.isArray(value) || value.length > max) return fail(where, `must be a list of at most ${max} tile ids, got ${describeType(value)}`);
  return value.map((id: unknown, index) =>
    Number.isInteger(id) && (id as number) >= 0 && (id as number) < SET_SIZE ? (id as number) : fail(`${where}[${index}]`, `not a tile id: ${describeType(id)}`),
  );
}

function readBySeat<T>(value: unknown, where: string, read: (v: unknown, at: string) => T): BySeat<T> {
  if (!isRecord(value)) return fail(where, `must be an object keyed by seat, got ${describeType(value)}`);
  const extra = unknownKeys(value, SEATS);
  if (extra.length > 0) fail(`${where}.${extra[0]}`, 'not a seat');
  return bySeat((seat) => read(own(value, seat), `${where}.${seat}`));
}

function readNullable<T>(read: (v: unknown, at: string) => T): (v: unknown, at: string) => T | null {
  return (value, at) => (value === null ? null : read(value, at));
}

function readPacket(value: unknown, where: string): Packet {
  if (!isRecord(value)) return fail(where, `must be a packet, got ${describeType(value)}`);
  const blind = own(value, 'blind');
  if (!Number.isInteger(blind) || (blind as number) < 0 || (blind as number) > 3) fail(`${where}.blind`, `must be 0–3, got ${describeType(blind)}`);
  return { tiles: readIds(own(value, 'tiles'), `${where}.tiles`, 3), blind: blind as number };
}

function readContext(value: unknown): CharlestonContext {
  if (!isRecord(value)) return fail('context', `must be an object, got ${describeType(value)}`);
  const keys = ['seed', 'hand', 'dealer', 'rules', 'racks', 'wall', 'table', 'received', 'votes', 'offers', 'exchanged', 'misdeal'];
  const extra = unknownKeys(value, keys);
  if (extra.length > 0) fail(`context.${extra[0]}`, 'unknown field');
  const missing = keys.find((key) => own(value, key) === undefined);
  if (missing !== undefined) fail(`context.${missing}`, 'missing');
  const seed = own(value, 'seed');
  if (!isSeed(seed)) fail('context.seed', `must be a seed, got ${describeType(seed)}`);
  const hand = own(value, 'hand');
  if (!Number.isInteger(hand) || (hand as number) < 1 || (hand as number) > MAX_HAND) {
    fail('context.hand', `must be a hand number 1 … ${MAX_HAND}, got ${describeType(hand)}`);
  }
  if (own(value, 'dealer') !== 'east') fail('context.dealer', 'East is always the dealer');
  let rules;
  try {
    rules = parseRules(own(value, 'rules'), 'context.rules');
  } catch (error) {
    return fail((error as InputError).where, (error as Error).message);
  }
  const exchanged = own(value, 'exchanged');
  if (!isRecord(exchanged) || !PAIRS.every((pair) => typeof own(exchanged, pair) === 'boolean') || unknownKeys(exchanged, PAIRS).length > 0) {
    fail('context.exchanged', 'must be { eastWest: boolean, southNorth: boolean }');
  }
  const misdeal = own(value, 'misdeal');
  if (misdeal !== null) {
    if (!isRecord(misdeal) || typeof own(misdeal, 'reason') !== 'string' || !(own(misdeal, 'by') === null || isSeat(own(misdeal, 'by')))) {
      fail('context.misdeal', 'must be null or { by: seat | null, reason: text }');
    }
    const rec = misdeal as Record<string, unknown>;
    if (unknownKeys(rec, ['by', 'reason']).length > 0) fail(`context.misdeal.${unknownKeys(rec, ['by', 'reason'])[0]}`, 'unknown field');
    if ((own(rec, 'reason') as string).length > MAX_REASON) {
      fail('context.misdeal.reason', `at most ${MAX_REASON} characters, got ${(own(rec, 'reason') as string).length}`);
    }
  }
  return {
    seed: normalizeSeed(seed as Seed),
    hand: hand as number,
    dealer: 'east',
    rules,
    racks: readBySeat(own(value, 'racks'), 'context.racks', (v, at) => readIds(v, at)),
    wall: readIds(own(value, 'wall'), 'context.wall'),
    table: readBySeat(own(value, 'table'), 'context.table', readNullable(readPacket)),
    received: readBySeat(own(value, 'received'), 'context.received', (v, at) => readIds(v, at, 3)),
    votes: readBySeat(own(value, 'votes'), 'context.votes', (v, at) =>
      v === null || v === 'stop' || v === 'continue' ? (v as Vote | null) : fail(at, `must be null, "stop" or "continue", got ${describeType(v)}`),
    ),
    offers: readBySeat(own(value, 'offers'), 'context.offers', (v, at) =>
      v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 3) ? (v as number | null) : fail(at, `must be null or 0–3, got ${describeType(v)}`),
    ),
    exchanged: { eastWest: own(exchanged as Record<string, unknown>, 'eastWest') as boolean, southNorth: own(exchanged as Record<string, unknown>, 'southNorth') as boolean },
    misdeal: misdeal === null ? null : { by: own(misdeal as Record<string, unknown>, 'by') as MisdealRecord['by'], reason: own(misdeal as Record<string, unknown>, 'reason') as string },
  };
}

/** The machine's state value for a phase, with the courtesy regions derived from the context. */
export function stateValueFor(phase: Phase, context: CharlestonContext): StateValue {
  if (phase === 'courtesy') return { courtesy: { eastWest: pairStatus(context, 'eastWest'), southNorth: pairStatus(context, 'southNorth') } };
  const [top, inner] = phase.split('.');
  return inner === undefined ? (top as string) : { [top as string]: inner };
}

/** Checks that the context is one the machine could be in at `phase` (a settled state, nothing pending). */
function checkConsistency(phase: Phase, context: CharlestonContext): void {
  const packets = SEATS.filter((seat) => context.table[seat] !== null);
  const inPass = isPassPhase(phase);
  if (inPass && packets.length === SEATS.length) fail('context.table', 'all four packets are on the table: the pass would have resolved');
  if (!inPass && phase !== 'courtesy' && phase !== 'misdeal' && packets.length > 0) fail('context.table', `no packet lies on the table in ${phase}`);
  for (const seat of packets) {
    const packet = context.table[seat] as Packet;
    if (packet.tiles.length + packet.blind !== 3 && phase !== 'courtesy' && phase !== 'misdeal') fail(`context.table.${seat}`, 'a pass packet holds three tiles');
    if (packet.blind > 0 && !(PASS_RULES[phase]?.blindAllowed ?? false) && phase !== 'misdeal') {
      fail(`context.table.${seat}.blind`, `no blind pass in ${phase}`);
    }
  }
  const votes = SEATS.map((seat) => context.votes[seat]);
  if (phase === 'stopCheckpoint' && (votes.includes('stop') || votes.every((vote) => vote === 'continue'))) {
    fail('context.votes', 'the vote would already be over');
  }
  if (phase.startsWith('firstCharleston') && votes.some((vote) => vote !== null)) fail('context.votes', 'no vote before the checkpoint');
  if (phase !== 'courtesy' && phase !== 'complete' && phase !== 'misdeal' && SEATS.some((seat) => context.offers[seat] !== null)) {
    fail('context.offers', `no courtesy offer in ${phase}`);
  }
  if (phase === 'courtesy') {
    if (isCourtesyOver(context)) fail('phase', 'both courtesy pairs are done and North is not short: the hand would already be complete');
    for (const pair of PAIRS) {
      if (pairStatus(context, pair) === 'exchanging' && hasPairCommitted(context, pair)) {
        fail('context.table', `both ${pair} courtesy packets are on the table: the exchange would already have happened`);
      }
    }
    for (const seat of packets) {
      if (pairStatus(context, seat === 'east' || seat === 'west' ? 'eastWest' : 'southNorth') !== 'exchanging') {
        fail(`context.table.${seat}`, 'a courtesy packet lies only while its pair is exchanging');
      }
    }
  }
  if ((phase === 'misdeal') !== (context.misdeal !== null)) fail('context.misdeal', `must be set exactly in a misdeal (phase ${phase})`);
  const tileProblems = invariantViolations(context, 'misdeal');
  if (tileProblems.length > 0) fail('context', tileProblems[0] as string);
  for (const seat of SEATS) {
    // What joined a rack at the last exchange is the seat's own: in its rack, or in the packet it has put down since.
    const own = new Set([...context.racks[seat], ...(context.table[seat]?.tiles ?? [])]);
    const received = context.received[seat];
    const stray = received.find((id) => !own.has(id));
    if (stray !== undefined) fail(`context.received.${seat}`, `tile ${stray} is not in ${seat}'s rack or packet: a seat receives only its own tiles`);
    if (new Set(received).size !== received.length) fail(`context.received.${seat}`, 'lists a tile twice');
    if (phase === 'firstCharleston.right' && received.length > 0) fail(`context.received.${seat}`, 'nothing has been received before the first pass');
  }
}

/** Options for {@link restore}: the functions that are not persisted. */
export interface RestoreOptions {
  isWinningHand?: WinningHandValidator;
  /** The language of refusal messages, as for `createCharleston` (unknown → English with a warning). */
  locale?: string;
}

/** Parses and validates persisted text into a phase and context (throws {@link RestoreError}). */
export function readPersisted(text: string): { phase: Phase; context: CharlestonContext } {
  if (typeof text !== 'string') throw new RestoreError('invalid', 'text', `must be the text persist() gave, got ${describeType(text)}`);
  if (text.length > MAX_PERSISTED_LENGTH) throw new RestoreError('invalid', 'text', `at most ${MAX_PERSISTED_LENGTH} characters, got ${text.length}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/at position (\d+)/.exec(message)?.[1] ?? Number.NaN);
    const truncated = text.trim() === '' || /end of JSON|Unexpected end/i.test(message) || position >= text.trimEnd().length - 1;
    throw new RestoreError(truncated ? 'truncated' : 'corrupt', '', `not a persisted table: ${truncated ? 'the text is truncated' : 'not valid JSON'} (${message})`);
  }
  if (!isRecord(value) || own(value, 'format') !== PERSIST_FORMAT) {
    throw new RestoreError('corrupt', 'format', `not a persisted table: expected format "${PERSIST_FORMAT}"`);
  }
  const version = own(value, 'version');
  if (version !== PERSIST_VERSION) {
    throw new RestoreError('wrong-version', 'version', `persisted as version ${typeof version === 'number' ? version : describeType(version)}; this engine reads version ${PERSIST_VERSION}`);
  }
  const extra = unknownKeys(value, ['format', 'version', 'phase', 'context']);
  if (extra.length > 0) fail(String(extra[0]), 'unknown field');
  const phase = own(value, 'phase');
  const known = PHASES.find((candidate) => candidate === phase);
  if (known === undefined) return fail('phase', `not a phase of the Charleston: ${describeType(phase)}`);
  const context = readContext(own(value, 'context'));
  checkConsistency(known, context);
  return { phase: known, context };
}

/**
 * Restores a table from {@link persist}'s text. Validates everything first, including that the table is settled
 * (no pass, exchange, vote or completion left pending); a wrong tile count (R11) makes the restored table a
 * misdeal at once, whatever phase it claims.
 */
export function restore(text: string, options: RestoreOptions = {}): CharlestonService {
  if (!isRecord(options)) throw new RestoreError('invalid', 'options', `must be an object such as { locale }, got ${describeType(options)}`);
  const extra = unknownKeys(options, ['isWinningHand', 'locale']);
  if (extra.length > 0) throw new RestoreError('invalid', `options.${extra[0]}`, 'unknown option (known: isWinningHand, locale)');
  let decideOptions: DecideOptions;
  try {
    localeOptionArgument(options.locale, 'options.locale');
    decideOptions = validatorArgument(options.isWinningHand, 'options.isWinningHand');
  } catch (error) {
    const input = error as InputError;
    throw new RestoreError('invalid', input.where, input.reason);
  }
  const read = readPersisted(text);
  let { phase, context } = read;
  if (phase !== 'misdeal' && hasWrongCount(context)) {
    context = { ...context, misdeal: { by: null, reason: wrongCountReason(context) } };
    phase = 'misdeal';
  }
  const machine = createCharlestonMachine(decideOptions);
  const snapshot = machine.resolveState({ value: stateValueFor(phase, context), context });
  const actor = createActor(machine, { snapshot });
  actor.start();
  return serviceFor(actor, decideOptions, localeOrWarn(options.locale));
}
