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
import { wrongCountMisdeal } from './rules/hand.js';
import { parseRules } from './rules/options.js';
import { PAIRS, SEATS, bySeat, isSeat, type BySeat, type Seat } from './seats.js';
import { phaseOfSnapshot, engineFor, type CharlestonEngine, type CharlestonSnapshot } from './engine.js';
import { localeOrWarn } from './i18n/translate.js';
import { SET_SIZE, sortIds, type TileId } from './tiles.js';
import { MISDEAL_REASONS, PASS_RULES, isPassPhase, type CharlestonContext, type MisdealReason, type MisdealRecord, type Packet, type Phase, type Vote, type WinningHandValidator } from './types.js';

/**
 * The current persisted format version. Version 3 adds `context.acceptedBy` (R10's declaration review) and the
 * misdeal reason `declarationDisputed`; version 2 stores a misdeal's reason as a code (`wrongCount`, `declared`)
 * with its counts or the person's own words. `restore` still reads versions 2 and 1 (a misdeal's English sentence);
 * they had no review, so their `acceptedBy` is empty.
 */
export const PERSIST_VERSION = 3;
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
export function persist(service: Pick<CharlestonEngine, 'getSnapshot'>): string {
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

function readContext(value: unknown, version: number): CharlestonContext {
  if (!isRecord(value)) return fail('context', `must be an object, got ${describeType(value)}`);
  const keys = ['seed', 'hand', 'dealer', 'rules', 'racks', 'wall', 'table', 'received', 'votes', 'offers', 'exchanged', 'misdeal'];
  if (version >= 3) keys.push('acceptedBy');
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
  const misdeal = readMisdeal(own(value, 'misdeal'), version);
  const context: CharlestonContext = {
    seed: normalizeSeed(seed as Seed),
    hand: hand as number,
    dealer: 'east',
    rules,
    // A rack is a set of tiles kept in ascending id order (picking looks there first): one listed otherwise is sorted.
    racks: readBySeat(own(value, 'racks'), 'context.racks', (v, at) => sortIds(readIds(v, at))),
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
    misdeal,
    acceptedBy: version >= 3 ? readAcceptedBy(own(value, 'acceptedBy')) : [],
  };
  // Version 1 kept a wrong count's figures only in its English sentence: count them again.
  return misdeal?.reason === 'wrongCount' && misdeal.counts === undefined ? { ...context, misdeal: wrongCountMisdeal(context) } : context;
}

/** R10's review: the seats that accepted East's declaration (south, west, north; each once). */
function readAcceptedBy(value: unknown): Seat[] {
  if (!Array.isArray(value) || value.length > 3) return fail('context.acceptedBy', `must be a list of at most 3 seats, got ${describeType(value)}`);
  return value.map((seat: unknown, index) => {
    if (!isSeat(seat) || seat === 'east') return fail(`context.acceptedBy[${index}]`, `must be south, west or north, got ${describeType(seat)}`);
    if (value.indexOf(seat) !== index) return fail(`context.acceptedBy[${index}]`, `${seat} accepted twice`);
    return seat;
  });
}

/**
 * The misdeal record (R12): a code, with the wrong counts or the declaring person's words. Version 1 stored an
 * English sentence (`wrong tile count: …`, `declared by east`, or the person's own words); it is read as the code
 * it stood for, keeping a person's words as `text` (a wrong count's figures are counted again from the racks).
 */
function readMisdeal(value: unknown, version: number): MisdealRecord | null {
  if (value === null) return null;
  if (!isRecord(value)) return fail('context.misdeal', `must be null or { by, reason, counts?, text? }, got ${describeType(value)}`);
  const by = own(value, 'by');
  if (!(by === null || isSeat(by))) fail('context.misdeal.by', `must be a seat or null, got ${describeType(by)}`);
  const seat = by as Seat | null;
  const reason = own(value, 'reason');
  if (version === 1) {
    if (unknownKeys(value, ['by', 'reason']).length > 0) fail(`context.misdeal.${unknownKeys(value, ['by', 'reason'])[0]}`, 'unknown field');
    if (typeof reason !== 'string' || reason.length > MAX_REASON) fail('context.misdeal.reason', `must be text of at most ${MAX_REASON} characters, got ${describeType(reason)}`);
    if (seat === null) return { by: null, reason: 'wrongCount' };
    return reason === `declared by ${seat}` ? { by: seat, reason: 'declared' } : { by: seat, reason: 'declared', text: reason as string };
  }
  const extra = unknownKeys(value, ['by', 'reason', 'counts', 'text']);
  if (extra.length > 0) fail(`context.misdeal.${extra[0]}`, 'unknown field');
  // Format 3 added the dispute of a reviewed declaration.
  const reasons: readonly string[] = version >= 3 ? MISDEAL_REASONS : MISDEAL_REASONS.filter((code) => code !== 'declarationDisputed');
  if (!reasons.includes(reason as string)) return fail('context.misdeal.reason', `must be ${reasons.map((r) => `"${r}"`).join(', ')}, got ${describeType(reason)}`);
  if (reason === 'declarationDisputed' && seat === 'east') fail('context.misdeal.by', 'East does not dispute its own declaration');
  if ((reason === 'wrongCount') !== (seat === null)) fail('context.misdeal.by', 'null exactly when the engine found a wrong count');
  const record: MisdealRecord = { by: seat, reason: reason as MisdealReason };
  const counts = own(value, 'counts');
  if (counts !== undefined) {
    if (reason !== 'wrongCount' || !isRecord(counts)) return fail('context.misdeal.counts', 'only a wrong count has counts, an object keyed by seat');
    const extraSeat = unknownKeys(counts, SEATS);
    if (extraSeat.length > 0) fail(`context.misdeal.counts.${extraSeat[0]}`, 'not a seat');
    const read: Partial<BySeat<number>> = {};
    for (const key of SEATS) {
      const count = own(counts, key);
      if (count === undefined) continue;
      if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > SET_SIZE) fail(`context.misdeal.counts.${key}`, `must be a tile count, got ${describeType(count)}`);
      read[key] = count as number;
    }
    record.counts = read;
  }
  const text = own(value, 'text');
  if (text !== undefined) {
    if (reason === 'wrongCount' || typeof text !== 'string') return fail('context.misdeal.text', 'only a declared misdeal has text, a string');
    if (text.length > MAX_REASON) fail('context.misdeal.text', `at most ${MAX_REASON} characters, got ${text.length}`);
    record.text = text;
  }
  return record;
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
  if (phase === 'declarationReview') {
    if (context.rules.declarationReview !== true) fail('phase', 'declarationReview needs the rule option declarationReview');
    if (context.acceptedBy.length > 2) fail('context.acceptedBy', 'three acceptances: the hand would already be eastMahjong');
    if (votes.some((vote) => vote !== null)) fail('context.votes', 'no vote before the checkpoint');
    if (SEATS.some((seat) => context.received[seat].length > 0)) fail('context.received', 'nothing has been received before the first pass');
  } else if (phase === 'eastMahjong' && context.rules.declarationReview === true) {
    if (context.acceptedBy.length !== 3) fail('context.acceptedBy', 'a reviewed declaration ends the hand only when South, West and North have accepted');
  } else if (context.acceptedBy.length > 0) {
    fail('context.acceptedBy', `no declaration is reviewed in ${phase}`);
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
  if (version !== PERSIST_VERSION && version !== 2 && version !== 1) {
    throw new RestoreError('wrong-version', 'version', `persisted as version ${typeof version === 'number' ? version : describeType(version)}; this engine reads versions 1 to ${PERSIST_VERSION}`);
  }
  const extra = unknownKeys(value, ['format', 'version', 'phase', 'context']);
  if (extra.length > 0) fail(String(extra[0]), 'unknown field');
  const phase = own(value, 'phase');
  const known = PHASES.find((candidate) => candidate === phase);
  if (known === undefined) return fail('phase', `not a phase of the Charleston: ${describeType(phase)}`);
  const context = readContext(own(value, 'context'), version as number);
  checkConsistency(known, context);
  return { phase: known, context };
}

/**
 * Restores a table from {@link persist}'s text. Validates everything first, including that the table is settled
 * (no pass, exchange, vote or completion left pending); a wrong tile count (R11) makes the restored table a
 * misdeal at once, whatever phase it claims.
 */
export function restore(text: string, options: RestoreOptions = {}): CharlestonEngine {
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
    context = { ...context, misdeal: wrongCountMisdeal(context) };
    phase = 'misdeal';
  }
  const machine = createCharlestonMachine(decideOptions);
  const snapshot = machine.resolveState({ value: stateValueFor(phase, context), context });
  const actor = createActor(machine, { snapshot });
  actor.start();
  return engineFor(actor, decideOptions, localeOrWarn(options.locale));
}
