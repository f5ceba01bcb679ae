/**
 * The service clients embed: `createCharleston({ seed | deal, rules?, isWinningHand?, inspect? })`.
 * `send()` decides every value with the same checks as the machine's guards and returns either the new phase
 * or the refusal; a refused event changes nothing and is emitted as `rejected` (by the service, and by the
 * actor while it runs). Browser-safe: no Node-only imports.
 */
import { createActor, type ActorOptions, type SnapshotFrom } from 'xstate';
import { charlestonMachine, createCharlestonMachine, sendDecided, type RejectedEmitted } from '../machines/charleston.machine.js';
import { dealFromInput, dealFromSeed } from './deal.js';
import { InputError, describeType, isRecord, own } from './errors.js';
import { isSeat } from './seats.js';
import { phaseOf, type StateValue } from './phase.js';
import { isSeed } from './prng.js';
import { decide, type DecideOptions } from './rules/decide.js';
import { parseRules } from './rules/options.js';
import type { Locale } from './i18n/catalog.js';
import { localeOrWarn, localizeRefusal } from './i18n/translate.js';
import type { CharlestonContext, Phase, RefusedEvent, Refusal, WinningHandValidator } from './types.js';

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
  /**
   * The language of refusal messages (`en`, `ca`, `sw`, `el`; a tag like `ca-ES` works). Codes never change.
   * An unknown locale falls back to English with a `console.warn` (once per locale); it never throws.
   */
  locale?: string;
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
  /** The locale of refusal messages. */
  readonly locale: Locale;
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
  try {
    if (isRecord(event)) {
      const type = own(event, 'type');
      const seat = own(event, 'seat');
      if (typeof type === 'string') refused.refusedType = type.slice(0, 100);
      if (isSeat(seat)) refused.seat = seat;
    }
  } catch {
    // An event whose properties throw when read is recorded by its refusal alone.
  }
  return refused;
}

type CharlestonActor = ReturnType<typeof createActor<typeof charlestonMachine>>;

/**
 * The service API over a started actor. A class, so that a table holds three fields and shares its methods:
 * ten thousand live tables do not carry ten thousand copies of eight closures. Call the methods on the service
 * (`service.send(event)`); to hand one out as a callback, bind it (`service.getSnapshot.bind(service)`).
 */
class Table implements CharlestonService {
  readonly actor: CharlestonActor;
  readonly #decideOptions: DecideOptions;
  readonly locale: Locale;
  /** Made on the first `on('rejected')`. */
  #rejectedListeners: Set<(notice: RejectedNotice) => void> | null = null;

  constructor(actor: CharlestonActor, decideOptions: DecideOptions, locale: Locale) {
    this.actor = actor;
    this.#decideOptions = decideOptions;
    this.locale = locale;
  }

  send(event: unknown): SendResult {
    const actor = this.actor;
    const before = actor.getSnapshot();
    const decision = decide(phaseOfSnapshot(before), before.context, event, this.#decideOptions);
    if (!decision.ok) return this.#reject(event, decision.refusal);
    sendDecided(actor, decision.value, before.context, this.#decideOptions);
    const after = actor.getSnapshot();
    if (after === before) throw new Error(`engine bug: ${decision.value.type} was decided legal but the machine did not take it`);
    return { ok: true, phase: phaseOfSnapshot(after) };
  }

  #reject(event: unknown, english: Refusal): SendResult {
    const refusal = localizeRefusal(english, this.locale);
    if (this.actor.getSnapshot().status === 'active') this.actor.send(refusedEvent(event, refusal));
    if (this.#rejectedListeners !== null) for (const listener of this.#rejectedListeners) listener({ refusal, event });
    return { ok: false, refusal };
  }

  getSnapshot(): CharlestonSnapshot {
    return this.actor.getSnapshot();
  }

  get phase(): Phase {
    return phaseOfSnapshot(this.actor.getSnapshot());
  }

  get context(): CharlestonContext {
    return this.actor.getSnapshot().context;
  }

  subscribe(listener: (snapshot: CharlestonSnapshot) => void): () => void {
    const subscription = this.actor.subscribe(listener);
    return () => subscription.unsubscribe();
  }

  on(_type: 'rejected', listener: (notice: RejectedNotice) => void): () => void {
    const listeners = (this.#rejectedListeners ??= new Set());
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  stop(): void {
    this.actor.stop();
  }
}

/** Wraps a started actor in the service API. */
export function serviceFor(actor: CharlestonActor, decideOptions: DecideOptions, locale: Locale = 'en'): CharlestonService {
  return new Table(actor, decideOptions, locale);
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
  return serviceFor(actor, decideOptions, localeOrWarn(options.locale));
}

export type { RejectedEmitted };
