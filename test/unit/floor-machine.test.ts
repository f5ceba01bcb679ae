/**
 * The benchmark's floor machine (bench/floor-machine.ts) is the engine's statechart without rules, written out by hand:
 * this test checks that its shape is the machine's (every state, its kind and initial child, every transition with
 * its event, targets, guard and actions, names and params included), and that its context has the machine's keys
 * and is made from an input like the machine's, so the two cannot drift apart silently. The counter-tests show a
 * changed copy is caught.
 */
import { createActor, createMachine, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createFloorActor, createSlimFloorActor, floorMachine } from '../../bench/floor-machine.js';
import { scriptHands, type ScriptedHand } from '../../bench/scripted.js';
import { charlestonMachine } from '../../machines/charleston.machine.js';
import { createCharleston } from '../../src/engine.js';

/** Events the engine handles that the floor does not need: a parent machine's submission (never in a scripted hand). */
const ENGINE_ONLY_EVENTS: readonly string[] = ['engine.submit'];

interface Node {
  path: string[];
  type: string;
  initial?: { target?: ReadonlyArray<{ path: string[] }> };
  transitions: Map<string, ReadonlyArray<Transition>>;
  always?: ReadonlyArray<Transition>;
  states: Record<string, Node>;
}
interface Transition {
  target?: ReadonlyArray<{ path: string[] }>;
  guard?: unknown;
  actions: readonly unknown[];
}

/** A guard or action by name and params; a composite guard (`and`, `or`, `not`) by its kind and its parts. */
const named = (value: unknown): unknown => {
  if (typeof value === 'string') return { type: value };
  if (typeof value === 'function' && Array.isArray((value as { guards?: unknown }).guards)) {
    return { composite: (value as { type?: unknown }).type ?? String(value), guards: ((value as unknown as { guards: unknown[] }).guards).map(named) };
  }
  if (typeof value === 'object' && value !== null) return { type: (value as { type: unknown }).type, params: (value as { params?: unknown }).params };
  return String(value);
};

const transitionShape = (transition: Transition): unknown => ({
  target: transition.target?.map((node) => node.path.join('.')) ?? null,
  guard: transition.guard === undefined ? null : named(transition.guard),
  actions: transition.actions.map(named),
});

/** Every state node's shape, keyed by its path. */
function shape(machine: AnyStateMachine, skipEvents: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (node: Node): void => {
    const on: Record<string, unknown> = {};
    for (const [event, transitions] of node.transitions) {
      if (!skipEvents.includes(event)) on[event] = transitions.map(transitionShape);
    }
    out[node.path.join('.') || '(root)'] = {
      type: node.type,
      initial: node.initial?.target?.map((target) => target.path.join('.')) ?? null,
      on,
      always: (node.always ?? []).map(transitionShape),
    };
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root as unknown as Node);
  return out;
}

/** A deep copy of a machine config: plain objects and arrays copied, functions (composite guards) kept as they are. */
const copyConfig = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(copyConfig)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copyConfig(inner)]))
      : value;

describe('the benchmark floor machine', () => {
  it('has the engine machine’s states, transitions, guards and actions', () => {
    const engine = shape(charlestonMachine, ENGINE_ONLY_EVENTS);
    expect(Object.keys(engine).length).toBeGreaterThan(20);
    expect(shape(floorMachine)).toEqual(engine);
  });

  it('a floor whose courtesy region drifted is caught: a changed guard param, a lost transition (counter-tests)', () => {
    const engine = shape(charlestonMachine, ENGINE_ONLY_EVENTS);
    type Config = { states: Record<string, { states?: Record<string, { states?: Record<string, { on?: Record<string, { guard?: { params?: unknown } }> }> }> }> };
    const drift = (change: (config: Config) => void): AnyStateMachine => {
      const config = copyConfig(floorMachine.config) as Config;
      change(config);
      return createMachine(config as never, floorMachine.implementations as never);
    };
    const exchanging = (config: Config) => config.states['courtesy']!.states!['southNorth']!.states!['exchanging']!;
    // The unchanged copy still compares equal: the comparison itself is sound.
    expect(shape(drift(() => {}))).toEqual(engine);
    const wrongPair = drift((config) => {
      exchanging(config).on!['courtesy.commit']!.guard!.params = { pair: 'eastWest' };
    });
    expect(shape(wrongPair)).not.toEqual(engine);
    const lostRetract = drift((config) => {
      delete exchanging(config).on!['pass.retract'];
    });
    expect(shape(lostRetract)).not.toEqual(engine);
  });

  it('a floor that drifted is caught (counter-test)', () => {
    const drifted = floorMachine.provide({});
    const engine = shape(charlestonMachine, ENGINE_ONLY_EVENTS);
    const changed = shape(drifted);
    // The same tree compares equal; change one guard param of the copy's shape and it no longer does.
    expect(changed).toEqual(engine);
    const courtesy = changed['courtesy.eastWest.offering'] as { on: Record<string, Array<{ guard: { params: unknown } }>> };
    (courtesy.on['courtesy.offer'] as Array<{ guard: { params: unknown } }>)[0]!.guard.params = { pair: 'southNorth' };
    expect(changed).not.toEqual(engine);
    // And a real difference between the two machines' trees is visible: the engine's `engine.submit` handler.
    expect(shape(charlestonMachine)).not.toEqual(shape(floorMachine));
  });

  /** The keys of the engine machine's context, in order, for a table made from `{ seed: 7 }`. */
  const engineContextKeys = (): string[] => Object.keys(createActor(charlestonMachine, { input: { seed: 7 } }).getSnapshot().context);

  it('has the engine machine’s context keys, made from an input as the machine makes its own', () => {
    const engineKeys = engineContextKeys();
    expect(engineKeys.length).toBe(13);
    const floor = createFloorActor({ seed: 7 }).getSnapshot().context;
    expect(Object.keys(floor)).toEqual(engineKeys);
    expect(floor.seed).toBe(7);
    expect(typeof charlestonMachine.config.context).toBe('function');
    expect(typeof floorMachine.config.context).toBe('function');
  });

  it('a floor with fewer context keys or no input is caught (counter-tests)', () => {
    const engineKeys = engineContextKeys();
    // The slim floor (five counters, no input) is the earlier yardstick: the same tree, not the same context, and
    // a context that is not made from an input fails the check the floor passes.
    const slim = createSlimFloorActor().logic;
    expect(shape(slim)).toEqual(shape(floorMachine));
    expect(Object.keys(createSlimFloorActor().getSnapshot().context)).not.toEqual(engineKeys);
    expect(typeof slim.config.context).not.toBe('function');
    const makeContext = floorMachine.config.context as unknown as (args: { input: { seed?: unknown } }) => Record<string, unknown>;
    const dropped = createMachine(
      { ...floorMachine.config, context: (args: { input: { seed?: unknown } }) => {
        const { acceptedBy: _dropped, ...rest } = makeContext(args);
        return rest;
      } } as never,
      floorMachine.implementations as never,
    );
    expect(Object.keys(createActor(dropped, { input: { seed: 7 } }).getSnapshot().context)).not.toEqual(engineKeys);
  });
});

/**
 * What XState does for one event, as inspection reports it: each microstep with its state value after it and the
 * transitions it took (source, target, guard and actions by name and params). The engine's and the floor's must
 * be the same list, so that the floor prices exactly the framework's steps of the engine's hand, and the ratio
 * measures only what the engine adds to them. (Assigns are resolved inside a microstep, not reported as actions
 * of their own, so they are read from the transitions.)
 */
interface Step {
  value: unknown;
  transitions: unknown[];
}

/** Inspection's microstep event: the runtime carries the transitions taken in `_transitions`. */
type MicrostepEvent = InspectionEvent & { snapshot: { value: unknown }; _transitions?: Array<Transition & { source: { path: string[] } }> };

/** The steps XState takes for each event of `hand`, from an actor made by `start` with an inspection observer. */
function stepsOf(hand: ScriptedHand, start: (inspect: (event: InspectionEvent) => void) => { send(event: never): void }): Step[][] {
  let current: Step[] = [];
  const perEvent: Step[][] = [];
  const actor = start((event) => {
    if (event.type !== '@xstate.microstep') return;
    const microstep = event as MicrostepEvent;
    current.push({
      value: microstep.snapshot.value,
      transitions: (microstep._transitions ?? []).map((transition) => ({ source: transition.source.path.join('.'), ...(transitionShape(transition) as object) })),
    });
  });
  for (const event of hand.events) {
    current = [];
    actor.send(event as never);
    perEvent.push(current);
  }
  return perEvent;
}

const engineSteps = (hand: ScriptedHand): Step[][] => stepsOf(hand, (inspect) => createCharleston({ seed: hand.seed, inspect }));
const floorSteps = (hand: ScriptedHand, machine: AnyStateMachine = floorMachine): Step[][] =>
  stepsOf(hand, (inspect) => createActor(machine, { input: { seed: hand.seed }, inspect }).start());

/** Every action name the steps ran, in order. */
const actionsOf = (steps: Step[][]): string[] =>
  steps.flat().flatMap((step) => step.transitions.flatMap((transition) => (transition as { actions: Array<{ type: string }> }).actions.map((action) => action.type)));

describe('the benchmark floor takes the engine’s steps', () => {
  const hands = scriptHands(4);

  it('the same microsteps, transitions, guards and actions, event by event, over scripted hands', () => {
    for (const hand of hands) {
      const engine = engineSteps(hand);
      expect(engine).toHaveLength(36);
      // Every event moves the machine, and the hand's assigns are all there: 24 + 4 commits, 6 passes resolved,
      // 4 votes, 4 offers, 2 exchanges.
      for (const steps of engine) expect(steps.length).toBeGreaterThan(0);
      const actions = actionsOf(engine);
      expect(actions.filter((name) => name === 'recordCommit')).toHaveLength(24);
      expect(actions.filter((name) => name === 'resolvePass')).toHaveLength(6);
      expect(actions).toHaveLength(44);
      expect(floorSteps(hand)).toEqual(engine);
    }
  });

  it('a floor that resolves a pass one commit early, or takes a transition the engine does not, is caught (counter-tests)', () => {
    const hand = hands[0] as ScriptedHand;
    const engine = engineSteps(hand);
    const early = floorMachine.provide({ guards: { allSeatsCommitted: ({ context }) => context.table === 3 } });
    expect(floorSteps(hand, early)).not.toEqual(engine);
    const stopAtOnce = floorMachine.provide({ guards: { isStopVote: () => true } });
    expect(floorSteps(hand, stopAtOnce)).not.toEqual(engine);
  });
});
