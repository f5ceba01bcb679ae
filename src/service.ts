/**
 * The service clients embed: `createCharleston({ seed | deal, rules?, isWinningHand?, inspect? })`.
 * `send()` decides every value with the same checks as the machine's guards and returns either the new phase
 * or the refusal; a refused event changes nothing and is emitted as `rejected` (by the service, and by the
 * actor while it runs). Browser-safe: no Node-only imports.
 */
import { createActor, type ActorOptions, type SnapshotFrom } from 'xstate';
import { charlestonMachine, createCharlestonMachine, type RejectedEmitted } from '../machines/charleston.machine.js';
import { dealFromInput, dealFromSeed } from './deal.js';
import { InputError, describeType, isRecord, own } from './errors.js';
import { isSeat } from './seats.js';
import { phaseOf, type StateValue } from './phase.js';
import { isSeed } from './prng.js';
import { decide, type DecideOptions } from './rules/decide.js';
import { parseRules } from './rules/options.js';
import type { CharlestonContext, CharlestonEvent, Phase, RefusedEvent, Refusal, WinningHandValidator } from './types.js';

/** The machine's snapshot type. */
export type CharlestonSnapshot = SnapshotFrom<typeof charlestonMachine>;
/** An inspection observer, as `createActor(…, { inspect })` takes it (e.g. from `@statelyai/inspect`). */
export type InspectOption = ActorOptions<typeof charlestonMachine>['inspect'];

/** How a table is set up. Give a seed, a deal, or both (then the seed orders the wall; a deal alone uses seed 1). */
export interface CharlestonOptions {
  /** Unsigned 32-bit seed of the shuffle. */
  seed?: number;
  /** An explicit deal: tile codes per seat, optionally the start of the wall (a `DealInput`). */
  deal?: unknown;
  /** Rule options, e.g. `{ winningHands }` (R10). */
  rules?: unknown;
  /** R10: decides whether East's 14 tiles are a winning hand. */
  isWinningHand?: WinningHandValidator;
  /** An inspection observer; off by default. */
  inspect?: InspectOption;
}

/** What `send()` returns. */
export type SendResult = { ok: true; phase: Phase } | { ok: false; refusal: Refusal };

/** A refusal as listeners receive it. */
export interface RejectedNotice {
  refusal: Refusal;
  /** The event as it was sent. */
  event: unknown;
}

/** A running Charleston table. */
export interface CharlestonService {
  /** Sends any value as an event; returns the new phase, or the refusal (nothing changed). */
  send(event: unknown): SendResult;
  /** The machine snapshot (value, context, status). */
  getSnapshot(): CharlestonSnapshot;
  /** The current phase, e.g. `firstCharleston.right`. */
  readonly phase: Phase;
  /** The current context (plain data; do not mutate). */
  readonly context: CharlestonContext;
  /** Calls `listener` with each new snapshot; returns an unsubscribe function. */
  subscribe(listener: (snapshot: CharlestonSnapshot) => void): () => void;
  /** Calls `listener` with each refusal; returns an unsubscribe function. */
  on(type: 'rejected', listener: (notice: RejectedNotice) => void): () => void;
  /** The underlying XState actor (its `on('rejected')` emits refusals while it runs). */
  readonly actor: ReturnType<typeof createActor<typeof charlestonMachine>>;
  /** Stops the actor. */
  stop(): void;
}

/** Resolves seed, deal and rules into the machine's input; throws {@link InputError} on bad input. */
export function resolveInput(options: CharlestonOptions): { seed: number; deal: ReturnType<typeof dealFromSeed>; rules: ReturnType<typeof parseRules> } {
  if (options.seed === undefined && options.deal === undefined) throw new InputError('', 'give a seed, a deal, or both');
  if (options.seed !== undefined && !isSeed(options.seed)) {
    throw new InputError('seed', `must be an integer 0 … 4294967295, got ${describeType(options.seed)}`);
  }
  const seed = options.seed ?? 1;
  const deal = options.deal === undefined ? dealFromSeed(seed) : dealFromInput(options.deal, seed);
  return { seed, deal, rules: parseRules(options.rules) };
}

/** The phase of a snapshot. */
export function phaseOfSnapshot(snapshot: CharlestonSnapshot): Phase {
  return phaseOf(snapshot.value as StateValue);
}

/** The internal event that records a refusal in the actor (and so in an inspector). */
export function refusedEvent(event: unknown, refusal: Refusal): RefusedEvent {
  const refused: RefusedEvent = { type: 'engine.refused', refusal };
  if (isRecord(event)) {
    const type = own(event, 'type');
    const seat = own(event, 'seat');
    if (typeof type === 'string') refused.refusedType = type.slice(0, 100);
    if (isSeat(seat)) refused.seat = seat;
  }
  return refused;
}

/** Wraps a started actor in the service API. */
export function serviceFor(
  actor: ReturnType<typeof createActor<typeof charlestonMachine>>,
  decideOptions: DecideOptions,
): CharlestonService {
  const rejectedListeners = new Set<(notice: RejectedNotice) => void>();
  const reject = (event: unknown, refusal: Refusal): SendResult => {
    if (actor.getSnapshot().status === 'active') actor.send(refusedEvent(event, refusal));
    for (const listener of rejectedListeners) listener({ refusal, event });
    return { ok: false, refusal };
  };
  return {
    send(event: unknown): SendResult {
      const before = actor.getSnapshot();
      const decision = decide(phaseOfSnapshot(before), before.context, event, decideOptions);
      if (!decision.ok) return reject(event, decision.refusal);
      actor.send(decision.value as CharlestonEvent);
      const after = actor.getSnapshot();
      if (after === before) throw new Error(`engine bug: ${decision.value.type} was decided legal but the machine did not take it`);
      return { ok: true, phase: phaseOfSnapshot(after) };
    },
    getSnapshot: () => actor.getSnapshot(),
    get phase() {
      return phaseOfSnapshot(actor.getSnapshot());
    },
    get context() {
      return actor.getSnapshot().context;
    },
    subscribe(listener) {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    on(_type: 'rejected', listener) {
      rejectedListeners.add(listener);
      return () => rejectedListeners.delete(listener);
    },
    actor,
    stop: () => actor.stop(),
  };
}

/**
 * Creates and starts a Charleston table. Throws {@link InputError} (naming seat and tile) for a deal that is
 * not a sub-multiset of the set, a bad seed or unknown rule options; a wrong count is a misdeal, not an error.
 */
export function createCharleston(options: CharlestonOptions): CharlestonService {
  const input = resolveInput(options);
  const decideOptions: DecideOptions = options.isWinningHand ? { isWinningHand: options.isWinningHand } : {};
  const machine = createCharlestonMachine(decideOptions);
  const actor = createActor(machine, options.inspect ? { input, inspect: options.inspect } : { input });
  actor.start();
  return serviceFor(actor, decideOptions);
}

export type { RejectedEmitted };
