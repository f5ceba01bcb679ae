/**
 * The engine clients embed (one table's statechart behind a safe `send`): `createCharleston({ seed | deal, rules?, isWinningHand?, inspect? })`.
 * `send()` decides every value with the same checks as the machine's guards and returns either the new phase
 * or the refusal; a refused event changes nothing and is emitted as `rejected` (by the engine, and by the
 * actor while it runs). Browser-safe: no Node-only imports.
 */
import { createActor, transition, type ActorOptions } from 'xstate';
import { charlestonMachine, createCharlestonMachine, DECIDED, RESOLVED, type RejectedEmitted } from '../machines/charleston.machine.js';
import { EngineBugError, InputError, TableStoppedError, describeType, isRecord, own } from './errors.js';
import { localeOptionArgument, validatorArgument } from './arguments.js';
import { resolveSetup, SETUP_KEYS, type CharlestonSetup, type ResolvedSetup } from './input.js';
import type { CharlestonOutput } from './output.js';
import { isSeat } from './seats.js';
import { phaseOfSnapshot, type CharlestonSnapshot } from './snapshot.js';
import { decide, type DecideOptions } from './rules/decide.js';
import { refuse } from './rules/refuse.js';
import type { Locale } from './i18n/catalog.js';
import { localeOrWarn, renderRefusal } from './i18n/translate.js';
import type { CharlestonContext, CharlestonEvent, MachineEvent, Phase, RefusedEvent, Refusal, RefusalData, WinningHandValidator } from './types.js';

export type { CharlestonSnapshot } from './snapshot.js';
/** An inspection observer, as `createActor(…, { inspect })` takes it (e.g. from `@statelyai/inspect`). */
export type InspectOption = ActorOptions<typeof charlestonMachine>['inspect'];

/** How a table is set up: everything optional. Without seed and deal the shuffle is unpredictable. */
export interface CharlestonOptions extends CharlestonSetup {
  /** R10: decides whether East's 14 tiles are a winning hand (see {@link WinningHandValidator}). */
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

/**
 * The engine: one running Charleston table's statechart behind a safe `send` (what `createCharleston` returns).
 * Not the table service (`charleston serve`), which runs one engine per table in memory.
 */
export interface CharlestonEngine {
  /**
   * Sends any value as an event; returns the new phase, or the refusal (nothing changed). Whatever the value, a
   * bad event is a refusal, never an exception. Safe to call from inside any listener: the event is applied after
   * the one being handled, in order.
   * @throws {@link TableStoppedError} (`code: 'TABLE_STOPPED'`) once the table is stopped or stopping; nothing changes.
   * @throws {@link EngineBugError} (`code: 'ENGINE_BUG'`) if `decide()` accepted the event but the machine did not
   *   take it (an engine bug: guards and `decide()` disagree); nothing changed.
   */
  send(event: unknown): SendResult;
  /** The machine snapshot (value, context, status, and `output` once the hand is over). */
  getSnapshot(): CharlestonSnapshot;
  /** The current phase, e.g. `firstCharleston.right`. */
  readonly phase: Phase;
  /** The current context (plain data; do not mutate). It holds every rack, the wall and the seed. */
  readonly context: CharlestonContext;
  /** The Charleston's result once the hand is `complete` or `eastMahjong`; null before. The host's data. */
  readonly output: CharlestonOutput | null;
  /** The locale of refusal messages. */
  readonly locale: Locale;
  /** The table's R10 validator, if it was given one (`legalActions(table, seat)` uses it). */
  readonly isWinningHand: WinningHandValidator | undefined;
  /**
   * Calls `listener` with each new snapshot after an accepted event (in order, once the event is fully applied);
   * returns an unsubscribe function. A listener that throws is reported with `console.error` and the others still run.
   */
  subscribe(listener: (snapshot: CharlestonSnapshot) => void): () => void;
  /** Calls `listener` with each refusal; returns an unsubscribe function. */
  on(type: 'rejected', listener: (notice: RejectedNotice) => void): () => void;
  /**
   * The underlying XState actor, for inspection and `useSelector`. Its `send` is the table's `send`: whatever is
   * sent to it is checked and refused like any other bad event, so nothing can put it into an error state.
   */
  readonly actor: ReturnType<typeof createActor<typeof charlestonMachine>>;
  /** Stops the actor. From then on (and from inside a listener while it stops) `send()` throws {@link TableStoppedError}. */
  stop(): void;
}

/** The options `createCharleston` accepts. */
const OPTION_KEYS = [...SETUP_KEYS, 'isWinningHand', 'inspect', 'locale'] as const;

/** Resolves seed, deal and rules into the machine's input; throws {@link InputError} on bad input. */
export function resolveInput(options: unknown = {}): ResolvedSetup {
  return resolveSetup(options, OPTION_KEYS);
}

/** Checks the options that are not setup data (the inspector, the locale); returns the validator's decide options. */
function checkFunctionOptions(options: { isWinningHand?: unknown; inspect?: unknown; locale?: unknown }): DecideOptions {
  const { inspect } = options;
  if (inspect !== undefined && typeof inspect !== 'function' && !(isRecord(inspect) && typeof own(inspect, 'next') === 'function')) {
    throw new InputError('inspect', `must be an inspection observer (a function or { next }), got ${describeType(inspect)}`);
  }
  localeOptionArgument(options.locale);
  return validatorArgument(options.isWinningHand);
}

export { phaseOfSnapshot };

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

/** The key under which a table's actor holds its table (see {@link sendThroughTable}). */
const TABLE_OF_ACTOR: unique symbol = Symbol('charleston.tableOfActor');
type TableActor = CharlestonActor & { [TABLE_OF_ACTOR]?: CharlestonEngine };

/** The `send` of every table's actor: the event goes through its table's checks, like `table.send(event)`. */
function sendThroughTable(this: TableActor, event: unknown): void {
  const table = this[TABLE_OF_ACTOR];
  if (table === undefined) throw new Error('charleston: this actor has no table');
  table.send(event);
}

/** A listener call waiting its turn: snapshots and refusals reach listeners in the order they happened. */
type Notice = { snapshot: CharlestonSnapshot } | { rejected: RejectedNotice };

/** The most events listeners may send while one outside send is handled (a loop guard; a hand has about 40). */
export const MAX_LISTENER_EVENTS = 10_000;

/** Calls a user's listener; a throwing listener is reported, never allowed to break the table or the others. */
function callListener<T>(listener: (value: T) => void, value: T): void {
  try {
    listener(value);
  } catch (error) {
    console.error('charleston: a table listener threw', error);
  }
}

/**
 * The engine API over a started actor. A class, so that an engine holds a few fields and shares its methods:
 * ten thousand live tables do not carry ten thousand copies of eight closures. Call the methods on the engine
 * (`engine.send(event)`); to hand one out as a callback, bind it (`engine.getSnapshot.bind(engine)`).
 *
 * Re-entrancy. Table listeners (`subscribe`, `on('rejected')`) run after the actor has finished an event, from a
 * queue: an event they send is applied at once (the actor is idle) and its own notices join the queue behind
 * the current ones. Listeners on the actor itself run while the actor is still transitioning; an event sent
 * from there is decided against the state it will meet (the actor's state after everything queued before it,
 * computed with XState's pure `transition`), queued in the actor's mailbox, and applied right after.
 */
class Engine implements CharlestonEngine {
  readonly actor: CharlestonActor;
  readonly #decideOptions: DecideOptions;
  readonly locale: Locale;
  /** The actor's own `send`, which the public `actor.send` replaces. */
  readonly #actorSend: (event: MachineEvent) => void;
  /** Made on the first `subscribe` / `on('rejected')`. */
  #snapshotListeners: Set<(snapshot: CharlestonSnapshot) => void> | null = null;
  #rejectedListeners: Set<(notice: RejectedNotice) => void> | null = null;
  /** True while the actor is processing an event this table sent. */
  #inActor = false;
  /** True while an outside send (not one from a listener) is being handled, and how many listeners sent since. */
  #busy = false;
  #listenerEvents = 0;
  /** While the actor is processing: the state after every event queued so far, and this send's own result. */
  #projected: CharlestonSnapshot | null = null;
  #ownResult: CharlestonSnapshot | null = null;
  /** Listener calls not yet made, and whether a loop is making them. */
  readonly #notices: Notice[] = [];
  #notifying = false;
  /** The context and phase listeners last heard about. */
  #notifiedContext: CharlestonContext;
  #notifiedPhase: Phase;
  /** Set by `stop()` before the actor stops. */
  #stopped = false;

  constructor(actor: CharlestonActor, decideOptions: DecideOptions, locale: Locale) {
    this.actor = actor;
    this.#decideOptions = decideOptions;
    this.locale = locale;
    this.#notifiedContext = actor.getSnapshot().context;
    this.#notifiedPhase = phaseOfSnapshot(actor.getSnapshot());
    this.#actorSend = actor.send.bind(actor);
    // Every public path into the actor goes through the table's checks: `table.actor.send(null)` is refused.
    // One shared function finds its table through a data property: a closure made per table and stored as the
    // actor's own `send` kept each finished table reachable until the next full collection (V8 held the closures
    // through minor collections; a loop of hands promoted about 150 KB per scavenge, 1–2 KB without them).
    (actor as TableActor)[TABLE_OF_ACTOR] = this;
    actor.send = sendThroughTable;
  }

  get isWinningHand(): WinningHandValidator | undefined {
    return this.#decideOptions.isWinningHand;
  }

  send(event: unknown): SendResult {
    const before = this.actor.getSnapshot();
    if (this.#stopped || before.status === 'stopped') throw new TableStoppedError();
    if (this.#busy) {
      // Sent by a listener while an outside send is being handled.
      this.#listenerEvents += 1;
      if (this.#listenerEvents > MAX_LISTENER_EVENTS) return this.#cutListenerLoop();
      return this.#inActor ? this.#sendWhileTransitioning(event) : this.#apply(event, before);
    }
    this.#busy = true;
    this.#listenerEvents = 0;
    try {
      return this.#apply(event, before);
    } finally {
      this.#busy = false;
    }
  }

  /**
   * A listener that answers every change with another event (a refusal answered by a refused event, say) would
   * never let an outside send return. Past {@link MAX_LISTENER_EVENTS} such events, the rest of that send's are
   * refused without notifying anyone, which ends the loop; the first cut is reported with `console.error`.
   */
  #cutListenerLoop(): SendResult {
    if (this.#listenerEvents === MAX_LISTENER_EVENTS + 1) {
      console.error(`charleston: listeners sent more than ${MAX_LISTENER_EVENTS} events during one send; the rest are refused (a listener loop?)`);
    }
    return { ok: false, refusal: renderRefusal(refuse('INVALID_EVENT', { problem: 'listenerLoop', max: MAX_LISTENER_EVENTS }), this.locale) };
  }

  /** Decides and applies one event (see the class comment) to the actor's snapshot `before`. */
  #apply(event: unknown, before: CharlestonSnapshot): SendResult {
    const phaseBefore = phaseOfSnapshot(before);
    const decision = decide(phaseBefore, before.context, event, this.#decideOptions);
    if (!decision.ok) return this.#reject(event, decision.refusal);
    const decided = decision.value as CharlestonEvent & { [DECIDED]?: CharlestonContext | undefined };
    decided[DECIDED] = before.context;
    this.#process(decided);
    decided[DECIDED] = undefined;
    const after = this.#ownResult ?? this.actor.getSnapshot();
    this.#ownResult = null;
    const phase = phaseOfSnapshot(after);
    // Every accepted event changes the context or the phase: an unchanged table means the machine declined it.
    if (after.context === before.context && phase === phaseBefore) throw new EngineBugError(decision.value.type, phase);
    this.#notify();
    return { ok: true, phase };
  }

  /** Hands `event` to the actor; events sent by its listeners meanwhile are processed before this returns. */
  #process(event: MachineEvent): void {
    this.#inActor = true;
    try {
      this.#actorSend(event);
    } finally {
      this.#inActor = false;
      this.#projected = null;
    }
  }

  /** A send from a listener on the actor, while the actor is transitioning (see the class comment). */
  #sendWhileTransitioning(event: unknown): SendResult {
    const base = this.#projected ?? this.actor.getSnapshot();
    this.#ownResult ??= this.actor.getSnapshot();
    const decision = decide(phaseOfSnapshot(base), base.context, event, this.#decideOptions);
    if (!decision.ok) {
      const refusal = renderRefusal(decision.refusal, this.locale);
      if (base.status === 'active') this.#actorSend(refusedEvent(event, refusal));
      this.#queueRejected({ refusal, event });
      return { ok: false, refusal };
    }
    const [next] = transition(this.actor.logic, base, decision.value);
    if (next.context === base.context && phaseOfSnapshot(next) === phaseOfSnapshot(base)) throw new EngineBugError(decision.value.type, phaseOfSnapshot(base));
    this.#projected = next;
    this.#actorSend(decision.value);
    return { ok: true, phase: phaseOfSnapshot(next) };
  }

  #reject(event: unknown, data: RefusalData): SendResult {
    // The message is rendered here, at the boundary, in the table's locale.
    const refusal = renderRefusal(data, this.locale);
    if (this.actor.getSnapshot().status === 'active') {
      this.#process(refusedEvent(event, refusal));
      this.#ownResult = null;
    }
    this.#queueRejected({ refusal, event });
    this.#notify();
    return { ok: false, refusal };
  }

  #queueChange(snapshot: CharlestonSnapshot): void {
    // A refusal's bookkeeping event gives a new snapshot with nothing changed; an accepted event changes the
    // context, or at least the state (East's declaration only moves to `eastMahjong`).
    const phase = phaseOfSnapshot(snapshot);
    if (snapshot.context === this.#notifiedContext && phase === this.#notifiedPhase) return;
    this.#notifiedContext = snapshot.context;
    this.#notifiedPhase = phase;
    if (this.#snapshotListeners !== null && this.#snapshotListeners.size > 0) this.#notices.push({ snapshot });
  }

  #queueRejected(notice: RejectedNotice): void {
    if (this.#rejectedListeners !== null && this.#rejectedListeners.size > 0) this.#notices.push({ rejected: notice });
  }

  /** Makes the queued listener calls, unless an outer call is already making them. */
  #notify(): void {
    if (this.#notifying || this.#notices.length === 0) return;
    this.#notifying = true;
    try {
      for (let notice = this.#notices.shift(); notice !== undefined; notice = this.#notices.shift()) {
        if ('snapshot' in notice) {
          for (const listener of [...(this.#snapshotListeners ?? [])]) callListener(listener, notice.snapshot);
        } else {
          for (const listener of [...(this.#rejectedListeners ?? [])]) callListener(listener, notice.rejected);
        }
      }
    } finally {
      this.#notifying = false;
    }
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

  get output(): CharlestonOutput | null {
    return (this.actor.getSnapshot().output as CharlestonOutput | undefined) ?? null;
  }

  subscribe(listener: (snapshot: CharlestonSnapshot) => void): () => void {
    if (typeof listener !== 'function') throw new InputError('listener', `must be a function, got ${describeType(listener)}`);
    if (this.#snapshotListeners === null) {
      this.#snapshotListeners = new Set();
      // Every snapshot the actor reaches while it processes this table's events, in order (see #queueChange).
      this.actor.subscribe((snapshot) => {
        if (this.#inActor) this.#queueChange(snapshot);
      });
    }
    const listeners = this.#snapshotListeners;
    const entry = (snapshot: CharlestonSnapshot): void => listener(snapshot);
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }

  on(type: 'rejected', listener: (notice: RejectedNotice) => void): () => void {
    if (type !== 'rejected') throw new InputError('type', `the table emits only "rejected", got ${describeType(type)}`);
    if (typeof listener !== 'function') throw new InputError('listener', `must be a function, got ${describeType(listener)}`);
    const listeners = (this.#rejectedListeners ??= new Set());
    const entry = (notice: RejectedNotice): void => listener(notice);
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }

  stop(): void {
    this.#stopped = true;
    this.actor.stop();
  }
}

/** Wraps a started actor in the engine API. */
export function engineFor(actor: CharlestonActor, decideOptions: DecideOptions, locale: Locale = 'en'): CharlestonEngine {
  return new Engine(actor, decideOptions, locale);
}

/**
 * Creates and starts a Charleston table. Throws {@link InputError} (naming seat and tile) for a deal that is
 * not a sub-multiset of the set, a bad seed or unknown rule options; a wrong count is a misdeal, not an error.
 */
export function createCharleston(options: CharlestonOptions = {}): CharlestonEngine {
  const setup = resolveInput(options);
  const decideOptions = checkFunctionOptions(options);
  const input = { [RESOLVED]: setup } as CharlestonSetup;
  const machine = createCharlestonMachine(decideOptions);
  const actor = createActor(machine, options.inspect ? { input, inspect: options.inspect } : { input });
  actor.start();
  return engineFor(actor, decideOptions, localeOrWarn(options.locale));
}

/**
 * The engine's former name, kept for one release.
 * @deprecated Use {@link CharlestonEngine}: "service" now means only the table service (`charleston serve`).
 */
export type CharlestonService = CharlestonEngine;

export type { RejectedEmitted };
