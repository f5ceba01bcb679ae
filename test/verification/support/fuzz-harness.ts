/**
 * The property-based fuzzer shared by `test/verification/fuzz.test.ts` (a bounded run in `npm test`) and
 * `scripts/fuzz.ts` (the long run, `npm run fuzz`). A run is a random table (seed, deal, rule options, four
 * strategies) driven by a random mix of operations: bot moves, legal events, well-formed random events (mostly
 * illegal), malformed values, persist/restore round trips and new tables once a hand is over.
 *
 * After every event the harness checks the contract: every value gets either acceptance or a refusal with a
 * contract code (the one the reference model in `oracle.ts` predicts); a refusal changes nothing; no exception
 * escapes; all 152 tiles are in exactly one place; counts are 13 / East 14 (North 12 only until it draws);
 * jokers never leave their rack; an accepted event does what the rules say; per-seat views leak nothing.
 */
import fc from 'fast-check';
import { STRATEGIES } from '../../../src/bots/table.js';
import type { Strategy } from '../../../src/bots/strategy.js';
import { dealFromSeed } from '../../../src/deal.js';
import { legalActions, legalEvents } from '../../../src/legal.js';
import { persist, restore } from '../../../src/persist.js';
import { mulberry32 } from '../../../src/prng.js';
import { SEATS, type Seat } from '../../../src/seats.js';
import { createCharleston, type CharlestonEngine, type SendResult } from '../../../src/engine.js';
import { TILE_CODES, TILE_FACES, type Tile } from '../../../src/tiles.js';
import { REFUSAL_CODES, type CharlestonContext, type Phase, type WinningHandValidator } from '../../../src/types.js';
import { viewFor } from '../../../src/views.js';
import { HandTracker, accountingProblems, viewProblems, waitingProblems } from './checks.js';
import { effectProblems, expectedRefusal, facesOfIds, shapeOf, type OracleOptions } from './oracle.js';

/** How a fuzzed table is set up. */
export interface FuzzTable {
  seed: number;
  /** `seed`: a seeded deal; `northShort`: North dealt 12 (R11); `wrongCount`: a misdeal at once (R11, R12). */
  deal: 'seed' | 'northShort' | 'wrongCount';
  /**
   * R10 options: none, a `winningHands` list (holding East's rack or not), a validator function, or
   * `declarationReview` (alone, or with a card holding East's rack).
   */
  rule: 'none' | 'winningHandsHit' | 'winningHandsMiss' | 'validator' | 'review' | 'reviewWithCard';
  strategies: [string, string, string, string];
  botSeed: number;
}

/** One fuzz operation. `seat` 4 stands for a seat name that does not exist. */
export type FuzzOp =
  | { kind: 'bot'; seat: number }
  | { kind: 'legal'; seat: number; pick: number }
  | {
      kind: 'event';
      type: number;
      seat: number;
      tiles: number[];
      blind: number | null;
      count: number;
      vote: number;
      reason: string | null;
    }
  | { kind: 'junk'; value: unknown }
  | { kind: 'mangle'; pick: number; how: number; value: unknown }
  | { kind: 'restore' }
  /** Garbage straight into `table.actor.send`: refused like any bad event, never an actor in error. */
  | { kind: 'raw'; value: unknown }
  /**
   * Re-entrancy: a listener (0 `table.subscribe`, 1 `table.actor.subscribe`, 2 `table.on('rejected')`,
   * 3 `table.actor.on('rejected')`) sends a second event while the first is handled; the results and the final
   * table must be those of sending the two one after another (checked on a restored copy).
   */
  | { kind: 'nested'; via: number; pick: number; value: unknown };

const EVENT_TYPES = [
  'pass.commit',
  'pass.retract',
  'vote.cast',
  'courtesy.offer',
  'courtesy.commit',
  'hand.declareMahjong',
  'wall.draw',
  'misdeal.declare',
  'hand.redeal',
  'declaration.accept',
] as const;
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'then', 'type', 'seat', 'tiles', 'blind', 'count', 'vote', 'reason', ''];

/** Random tables. */
export const tableArb: fc.Arbitrary<FuzzTable> = fc.record({
  seed: fc.integer({ min: 0, max: 0xffff_ffff }),
  deal: fc.constantFrom('seed', 'seed', 'northShort', 'wrongCount'),
  rule: fc.constantFrom('none', 'none', 'winningHandsHit', 'winningHandsMiss', 'validator', 'review', 'review', 'reviewWithCard'),
  strategies: fc.tuple(...SEATS.map(() => fc.constantFrom('teacher', 'random'))) as fc.Arbitrary<[string, string, string, string]>,
  botSeed: fc.nat(),
});

/** Values that are not events, or almost events: any JS value, and objects with hostile keys and field values. */
const junkValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true }),
  fc.constantFrom(NaN, -0, Infinity, -Infinity, -1, 1.5, 2 ** 53, '', ' ', 'J', '1b', 'EAST', 'east ', null, undefined, [], {}, [null], [undefined], true, false),
);

/** Random operations, weighted so that hands progress while most sent values are still illegal or malformed. */
export const opArb: fc.Arbitrary<FuzzOp> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('bot' as const), seat: fc.nat(3) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('legal' as const), seat: fc.nat(3), pick: fc.nat() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      // Types weighted towards the events of the Charleston itself; a misdeal or redeal about one value in 40.
      type: fc.constantFrom(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9, 9),
      seat: fc.oneof({ weight: 12, arbitrary: fc.nat(3) }, { weight: 1, arbitrary: fc.constant(4) }),
      tiles: fc.array(fc.nat(80), { maxLength: 4 }),
      blind: fc.option(fc.integer({ min: -1, max: 4 }), { freq: 2 }),
      count: fc.integer({ min: -2, max: 5 }),
      vote: fc.nat(2),
      reason: fc.option(fc.string({ maxLength: 8 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('junk' as const), value: junkValueArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('mangle' as const), pick: fc.nat(), how: fc.nat(7), value: junkValueArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), value: junkValueArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('nested' as const), via: fc.nat(3), pick: fc.nat(), value: junkValueArb }) },
);

/** Counters of one fuzz session. */
export interface FuzzStats {
  events: number;
  accepted: number;
  refused: number;
  byCode: Record<string, number>;
  tables: number;
  hands: number;
  restores: number;
  phases: Record<string, number>;
}

export function newStats(): FuzzStats {
  return { events: 0, accepted: 0, refused: 0, byCode: {}, tables: 0, hands: 0, restores: 0, phases: {} };
}

/** A failure of the contract, with the trace of the run so far. */
export class FuzzFailure extends Error {
  override readonly name = 'FuzzFailure';
}

const validator: WinningHandValidator = (rack) => rack.filter((tile) => tile === 'F').length >= 2;

/** The options a table is created with. */
function tableOptions(table: FuzzTable, seed: number): { options: Parameters<typeof createCharleston>[0]; oracle: OracleOptions } {
  const deal = dealFromSeed(seed);
  const codes = (ids: readonly number[]): Tile[] => ids.map((id) => TILE_FACES[id] as Tile);
  const options: Parameters<typeof createCharleston>[0] = { seed };
  if (table.deal === 'northShort') {
    options.deal = { east: codes(deal.racks.east), south: codes(deal.racks.south), west: codes(deal.racks.west), north: codes(deal.racks.north.slice(1)) };
  } else if (table.deal === 'wrongCount') {
    // South dealt 14: a wrong count, so the table is a misdeal at once.
    options.deal = { east: codes(deal.racks.east), south: codes([...deal.racks.south, deal.wall[0] as number]), west: codes(deal.racks.west), north: codes(deal.racks.north) };
  }
  const oracle: OracleOptions = {};
  if (table.rule === 'winningHandsHit') options.rules = { winningHands: [codes(deal.racks.east), codes(deal.racks.west.concat(deal.wall[0] as number))] };
  if (table.rule === 'winningHandsMiss') options.rules = { winningHands: [codes(deal.racks.west.concat(deal.wall[0] as number))] };
  if (table.rule === 'review') options.rules = { declarationReview: true };
  if (table.rule === 'reviewWithCard') options.rules = { winningHands: [codes(deal.racks.east)], declarationReview: true };
  if (table.rule === 'validator') {
    options.isWinningHand = validator;
    oracle.isWinningHand = validator;
  }
  return { options, oracle };
}

/** Defines an own enumerable property, even for `__proto__`. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** Turns a legal event into a malformed or hostile one. */
function mangle(event: Record<string, unknown>, how: number, pick: number, value: unknown): unknown {
  const copy: Record<string, unknown> = { ...event };
  const keys = Object.keys(copy).filter((key) => key !== 'type');
  const field = keys[how % Math.max(1, keys.length)] ?? 'seat';
  switch (how) {
    case 0:
      define(copy, DANGEROUS_KEYS[pick % DANGEROUS_KEYS.length] ?? '__proto__', value);
      return copy;
    case 1:
      delete copy[field];
      return copy;
    case 2:
      copy[field] = value;
      return copy;
    case 3:
      return Object.assign(Object.create(null) as Record<string, unknown>, copy);
    case 4:
      if (Array.isArray(copy.tiles)) copy.tiles = [...(copy.tiles as unknown[]), value];
      else copy.count = typeof value === 'number' ? value : Number.NaN;
      return copy;
    case 5:
      copy.type = typeof copy.type === 'string' ? copy.type.toUpperCase() : value;
      return copy;
    case 6: {
      // A huge list of real tile codes: longer than the set, so malformed; never a crash.
      const length = 150 + (pick % 8) * 300;
      copy.tiles = Array.from({ length }, (_, i) => TILE_CODES[i % TILE_CODES.length]);
      return copy;
    }
    default:
      return [copy];
  }
}

/** Builds a well-formed (mostly illegal) event from an `event` op, picking tiles from the seat's rack now and then. */
function buildEvent(op: Extract<FuzzOp, { kind: 'event' }>, context: CharlestonContext): Record<string, unknown> {
  const type = EVENT_TYPES[op.type] ?? 'pass.commit';
  const seat = SEATS[op.seat] ?? 'nobody';
  const rack = SEATS.includes(seat as Seat) ? facesOfIds(context.racks[seat as Seat]) : [];
  const tiles = op.tiles.map((n) => (n < 40 && rack.length > 0 ? rack[n % rack.length] : n < 76 ? TILE_CODES[n % TILE_CODES.length] : ['XX', 'j', '0B', 'JJ', '10B'][n % 5]));
  const event: Record<string, unknown> = { type };
  if (type === 'hand.redeal') return event;
  event.seat = seat;
  if (type === 'pass.commit') {
    // Half of the blind commits list exactly 3 − blind tiles, so that legal blind passes are tried too.
    const fit = op.blind !== null && op.blind >= 0 && op.blind <= 3 && (op.tiles[0] ?? 0) % 2 === 0;
    event.tiles = fit ? tiles.slice(0, 3 - (op.blind as number)) : tiles;
    if (op.blind !== null) event.blind = op.blind;
  }
  if (type === 'courtesy.commit') event.tiles = tiles;
  if (type === 'vote.cast') event.vote = ['stop', 'continue', 'maybe'][op.vote];
  if (type === 'courtesy.offer') event.count = op.count;
  if (type === 'misdeal.declare' && op.reason !== null) event.reason = op.reason;
  return event;
}

const show = (value: unknown): string => {
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? `${inner}n` : inner));
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
};

/**
 * Plays one fuzz run: a table and its operations. Throws {@link FuzzFailure} naming the step, the value sent and
 * every broken check; returns normally when the contract held after every event.
 */
export function runFuzz(table: FuzzTable, ops: readonly FuzzOp[], stats: FuzzStats = newStats()): FuzzStats {
  let tableNumber = 0;
  let current = tableOptions(table, table.seed);
  let service: CharlestonEngine = createCharleston(current.options);
  const strategies = table.strategies.map((name) => STRATEGIES[name] as Strategy);
  const next = mulberry32(table.botSeed);
  const random = (): number => next() / 0x1_0000_0000;
  const tracker = new HandTracker();
  const trace: string[] = [];
  stats.tables += 1;
  stats.hands += 1;

  const fail = (step: number, sent: unknown, problems: string[]): never => {
    throw new FuzzFailure(
      [`step ${step}: ${problems.join('; ')}`, `  sent: ${show(sent)}`, `  table: ${show(table)} (table #${tableNumber})`, '  last events:', ...trace.slice(-12).map((line) => `    ${line}`)].join('\n'),
    );
  };
  // A refused event changed nothing (checked on the persisted text), so its views need no new check.
  const checkTable = (step: number, sent: unknown, views = true): void => {
    const snapshot = service.getSnapshot();
    const phase = service.phase;
    const problems = [
      ...accountingProblems(snapshot.context),
      ...tracker.check(snapshot.context, phase),
      ...(views ? [...viewProblems(snapshot), ...waitingProblems(snapshot, (seat) => legalActions(snapshot, seat, current.oracle))] : []),
    ];
    if (problems.length > 0) fail(step, sent, problems);
  };
  checkTable(-1, 'the deal');

  const restoreOptions = (): { isWinningHand?: WinningHandValidator } => (current.oracle.isWinningHand ? { isWinningHand: current.oracle.isWinningHand } : {});
  const outcome = (result: SendResult): string => (result.ok ? `accepted ${result.phase}` : result.refusal.code);
  /** The `nested` operation (see {@link FuzzOp}). */
  const runNested = (op: Extract<FuzzOp, { kind: 'nested' }>, step: number): void => {
    const rejectedVia = op.via >= 2;
    // A finished actor (complete, eastMahjong) emits nothing more: only the table's own listeners hear of refusals.
    const actorActive = service.getSnapshot().status === 'active';
    const twin = restore(persist(service), restoreOptions());
    const firstEvents = legalEvents(legalActions(twin, SEATS[op.pick % 4] as Seat, current.oracle));
    const first: unknown = rejectedVia || firstEvents.length === 0 ? op.value : firstEvents[(op.pick >>> 2) % firstEvents.length];
    const firstTwin = twin.send(first);
    const secondEvents = SEATS.flatMap((seat) => legalEvents(legalActions(twin, seat, current.oracle)));
    const second: unknown = secondEvents.length === 0 ? { type: 'hand.redeal' } : secondEvents[(op.pick >>> 4) % secondEvents.length];
    const secondTwin = twin.send(second);
    let inner: SendResult | null = null;
    const once = (): void => {
      if (inner !== null) return;
      inner = service.send(second);
    };
    const unsubscribe = [
      () => service.subscribe(once),
      () => {
        const subscription = service.actor.subscribe(once);
        return () => subscription.unsubscribe();
      },
      () => service.on('rejected', once),
      () => {
        const subscription = service.actor.on('rejected', once);
        return () => subscription.unsubscribe();
      },
    ][op.via % 4]!();
    let outer: SendResult;
    try {
      outer = service.send(first);
    } catch (error) {
      return fail(step, first, [`a send with a re-entrant listener threw ${(error as Error).stack ?? String(error)}`]);
    } finally {
      unsubscribe();
    }
    stats.events += inner === null ? 1 : 2;
    const problems: string[] = [];
    if (service.getSnapshot().status === 'error') problems.push('the actor is in an error state');
    if (outcome(outer) !== outcome(firstTwin)) problems.push(`the first event gave ${outcome(outer)}, one after another ${outcome(firstTwin)}`);
    const listenerRan = rejectedVia ? !firstTwin.ok && (op.via === 2 || actorActive) : firstTwin.ok;
    if (listenerRan && inner === null) problems.push(`the listener (via ${op.via}) was not called in ${service.phase}`);
    if (inner !== null && outcome(inner) !== outcome(secondTwin)) problems.push(`the nested event gave ${outcome(inner)}, one after another ${outcome(secondTwin)}`);
    if (inner !== null && persist(service) !== persist(twin)) problems.push('the table differs from sending the two events one after another');
    trace.push(`${service.phase}: nested via ${op.via}: ${show(first)} then ${show(second)}`);
    if (problems.length > 0) fail(step, [first, second], problems);
    checkTable(step, [first, second]);
  };

  ops.forEach((op, step) => {
    const snapshot = service.getSnapshot();
    const phase: Phase = service.phase;
    const context = snapshot.context;
    let value: unknown;
    switch (op.kind) {
      case 'restore': {
        const text = persist(service);
        service = restore(text, current.oracle.isWinningHand ? { isWinningHand: current.oracle.isWinningHand } : {});
        stats.restores += 1;
        if (persist(service) !== text) fail(step, 'restore', ['persist(restore(text)) differs from text']);
        trace.push(`restore in ${phase}`);
        checkTable(step, 'restore');
        return;
      }
      case 'raw': {
        const before = persist(service);
        try {
          service.actor.send(op.value as never);
        } catch (error) {
          fail(step, op.value, [`actor.send() threw ${(error as Error).stack ?? String(error)}`]);
        }
        stats.events += 1;
        stats.refused += 1;
        const status = service.getSnapshot().status;
        if (status === 'error') fail(step, op.value, ['actor.send() put the actor into an error state']);
        // Junk is refused; a junk value that happens to be a legal event is accepted like any other.
        if (persist(service) !== before && expectedRefusal(phase, context, op.value, current.oracle) !== null) {
          fail(step, op.value, ['a refused value sent to the actor changed the table']);
        }
        trace.push(`${phase}: actor.send(${show(op.value)})`);
        checkTable(step, op.value);
        return;
      }
      case 'nested': {
        runNested(op, step);
        return;
      }
      case 'bot': {
        if (phase === 'complete' || phase === 'eastMahjong') {
          // The hand is over: the next table, with a seed derived from this one.
          tableNumber += 1;
          current = tableOptions(table, (table.seed + tableNumber * 0x9e37_79b9) >>> 0);
          service = createCharleston(current.options);
          stats.tables += 1;
          stats.hands += 1;
          trace.push(`new table #${tableNumber}`);
          checkTable(step, 'new table');
          return;
        }
        const seat = SEATS[op.seat] as Seat;
        value = phase === 'misdeal' ? { type: 'hand.redeal' } : strategies[op.seat]?.act(viewFor(snapshot, seat), legalActions(snapshot, seat, current.oracle), random);
        if (value === null || value === undefined) return;
        break;
      }
      case 'legal': {
        // Misdeals and retracts only now and then, so that hands get somewhere.
        const all = legalEvents(legalActions(snapshot, SEATS[op.seat] as Seat, current.oracle), op.pick % 16 === 0);
        const events = op.pick % 4 === 0 ? all : all.filter((event) => event.type !== 'pass.retract');
        if (events.length === 0) return;
        value = events[(op.pick >>> 4) % events.length];
        break;
      }
      case 'event':
        value = buildEvent(op, context);
        break;
      case 'junk':
        value = op.value;
        break;
      case 'mangle': {
        const events = legalEvents(legalActions(snapshot, SEATS[op.pick % 4] as Seat, current.oracle), true);
        const base = events[op.pick % Math.max(1, events.length)] ?? { type: 'pass.retract', seat: SEATS[op.pick % 4] };
        value = mangle(base as unknown as Record<string, unknown>, op.how, op.pick >>> 3, op.value);
        break;
      }
    }

    const before = persist(service);
    const expected = expectedRefusal(phase, context, value, current.oracle);
    const shaped = shapeOf(value);
    let result;
    try {
      result = service.send(value);
    } catch (error) {
      return fail(step, value, [`send() threw ${(error as Error).stack ?? String(error)}`]);
    }
    stats.events += 1;
    if (result.ok) {
      stats.accepted += 1;
      trace.push(`${phase}: ${show(value)} → accepted, ${result.phase}`);
      if (expected !== null) fail(step, value, [`accepted in ${phase}, but the contract refuses it with ${expected}`]);
      if (result.phase !== service.phase) fail(step, value, [`send() reported ${result.phase}, the table is in ${service.phase}`]);
      if ('event' in shaped) {
        const problems = effectProblems({ phase, context }, shaped.event, { phase: service.phase, context: service.context });
        if (problems.length > 0) fail(step, value, problems);
      }
      if (service.context.hand !== context.hand) stats.hands += 1;
    } else {
      stats.refused += 1;
      const { code, message } = result.refusal;
      stats.byCode[code] = (stats.byCode[code] ?? 0) + 1;
      trace.push(`${phase}: ${show(value)} → ${code}`);
      const problems: string[] = [];
      if (!(REFUSAL_CODES as readonly string[]).includes(code)) problems.push(`refusal code ${show(code)} is not in the contract`);
      if (typeof message !== 'string' || message.length === 0) problems.push('the refusal has no message');
      if (code !== expected) problems.push(`refused with ${code} in ${phase}, the contract says ${expected ?? 'accepted'}`);
      if (persist(service) !== before) problems.push('a refused event changed the table');
      if (problems.length > 0) fail(step, value, problems);
    }
    stats.phases[service.phase] = (stats.phases[service.phase] ?? 0) + 1;
    checkTable(step, value, result.ok);
  });
  return stats;
}


/** The property: the contract holds after every event of every run. */
export function fuzzProperty(stats: FuzzStats, maxOps: number): fc.IPropertyWithHooks<[FuzzTable, FuzzOp[]]> {
  return fc.property(tableArb, fc.array(opArb, { minLength: 1, maxLength: maxOps, size: 'max' }), (table, ops) => {
    runFuzz(table, ops, stats);
  });
}
