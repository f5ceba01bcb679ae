/**
 * Model-based paths with `xstate/graph`. The machine's context holds 152 tile ids, so its full state space is
 * astronomically large; the traversal runs on a reduced abstraction (the state value, which seats have a packet
 * on the table and whether it is blind, votes, offers, exchanges, whether North is short, first hand or later),
 * which is finite and small. Its events are a reduced but representative set per state (one packet per seat and
 * blind count, both votes, offers 0 and 1, …), kept only when the engine's `decide()` accepts them, plus one
 * refused value per state (the `engine.refused` transition).
 *
 * Then:
 * 1. the shortest paths reach every state node and every transition of the machine (printed as coverage);
 * 2. every path is replayed through the service (`createCharleston` + `send`), with the table checks and the
 *    reference model (`support/oracle.ts`) after every step, and the path's end state must be the one reached;
 * 3. in every abstract state, the machine's guards agree with `decide()`: an event it refuses leaves the machine
 *    untouched when sent to the machine directly (bypassing the service) and `snapshot.can()` says no; an event it
 *    accepts changes it; and `decide()` gives the refusal the reference model (`support/oracle.ts`) gives.
 */
import { initialTransition, transition, type AnyTransitionDefinition } from 'xstate';
import { getAdjacencyMap, getPathsFromEvents, getShortestPaths, getStateNodes, toDirectedGraph, type AdjacencyMap, type DirectedGraphNode, type StatePath } from 'xstate/graph';
import { beforeAll, describe, expect, it } from 'vitest';
import { charlestonMachine } from '../../machines/charleston.machine.js';
import { persist } from '../../src/persist.js';
import { SEATS } from '../../src/seats.js';
import { statePaths, type StateValue } from '../../src/phase.js';
import { decide } from '../../src/rules/decide.js';
import { createCharleston, phaseOfSnapshot, type CharlestonOptions, type CharlestonSnapshot } from '../../src/engine.js';
import type { MachineEvent } from '../../src/types.js';
import { HandTracker, accountingProblems, viewProblems } from './support/checks.js';
import { REFUSED_VALUE, candidates, illegalCandidates, modelEvents, modelInputs, phaseOf, serializeState } from './support/model.js';
import { effectProblems, expectedRefusal, shapeOf } from './support/oracle.js';

type Snapshot = CharlestonSnapshot;
type Path = StatePath<Snapshot, MachineEvent>;

/** Every state node of the machine (the root excluded) and every transition, eventless ones included. */
const allNodes = getStateNodes(charlestonMachine.root);
const allTransitions: { transition: AnyTransitionDefinition; label: string }[] = [charlestonMachine.root, ...allNodes].flatMap((node) => [
  ...[...node.transitions.values()].flat().map((t, i) => ({ transition: t, label: `${node.id} —${t.eventType}#${i}→ ${t.target?.map((n) => n.id).join(',') ?? '(self)'}` })),
  ...(node.always ?? []).map((t, i) => ({ transition: t, label: `${node.id} —always#${i}→ ${t.target?.map((n) => n.id).join(',') ?? '(self)'}` })),
]);

interface Coverage {
  states: Set<string>;
  transitions: Set<AnyTransitionDefinition>;
}

/** Replays one path through the service, checking everything after every step; returns the steps replayed. */
function replay(name: string, options: CharlestonOptions, path: Path, coverage: Coverage): number {
  /** The transitions fired since the last step. */
  let fired: AnyTransitionDefinition[] = [];
  const service = createCharleston({
    ...options,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const t of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        coverage.transitions.add(t);
        fired.push(t);
      }
      const value = (inspection.snapshot as Snapshot).value as StateValue;
      for (const id of statePaths(value)) coverage.states.add(`charleston.${id}`);
    },
  });
  const tracker = new HandTracker();
  const problemsNow = (): string[] => [...accountingProblems(service.context), ...tracker.check(service.context, service.phase), ...viewProblems(service.getSnapshot())];
  expect(problemsNow(), `${name}: at the start`).toEqual([]);
  // `path.steps[i].event` is the event taken from `steps[i].state` (the first step is the initial state).
  const events = path.steps.map((step) => step.event).filter((event) => (event as { type: string }).type !== 'xstate.init');
  events.forEach((event, index) => {
    const where = `${name}, step ${index} (${JSON.stringify(event)}) in ${service.phase}`;
    const phase = service.phase;
    const context = service.context;
    if (event.type === 'engine.refused') {
      const before = persist(service);
      const result = service.send(REFUSED_VALUE);
      expect(result.ok, where).toBe(false);
      expect(persist(service), `${where}: a refused value changed the table`).toBe(before);
      return;
    }
    expect(expectedRefusal(phase, context, event), `${where}: the reference model refuses a model event`).toBeNull();
    fired = [];
    const result = service.send(event);
    // One event, one transition: no two parallel regions both take it (their actions would run twice).
    expect(fired.filter((t) => t.eventType === event.type).length, `${where}: transitions taken`).toBe(1);
    expect(result, where).toEqual({ ok: true, phase: service.phase });
    const shaped = shapeOf(event);
    if ('event' in shaped) expect(effectProblems({ phase, context }, shaped.event, { phase: service.phase, context: service.context }), where).toEqual([]);
    expect(problemsNow(), where).toEqual([]);
  });
  expect(serializeState(service.getSnapshot()), `${name}: the replay ends where the path ends`).toBe(serializeState(path.state));
  // Where the path ends, a refused value changes nothing (the machine's root `engine.refused` transition).
  const before = persist(service);
  expect(service.send(REFUSED_VALUE).ok, `${name}: a nonsense value was accepted`).toBe(false);
  expect(persist(service), `${name}: a refused value changed the table`).toBe(before);
  service.stop();
  return events.length;
}

describe('model-based paths (xstate/graph)', () => {
  const inputs = modelInputs();
  const paths: Record<string, Path[]> = {};
  /** One path per distinct transition of the abstract graph: the shortest path to its source, then its event. */
  const edgePaths: Record<string, Path[]> = {};
  let graphMillis = 0;

  beforeAll(() => {
    const started = performance.now();
    for (const [name, options] of Object.entries(inputs)) {
      // The wrong deal is explored up to its redeal only: hand 2 is the ordinary graph again.
      // The reviewed table is explored through East's declaration and its review only: past the first right pass, and
      // from hand 2, it is the ordinary graph again.
      const stopWhen =
        name === 'East dealt 13'
          ? (snapshot: Snapshot) => snapshot.context.hand >= 2
          : name === 'Declarations reviewed'
            ? (snapshot: Snapshot) => snapshot.context.hand >= 2 || !['firstCharleston.right', 'declarationReview'].includes(phaseOfSnapshot(snapshot))
            : undefined;
      const traversal = { input: options, events: modelEvents, serializeState, ...(stopWhen ? { stopWhen } : {}) };
      const shortest = getShortestPaths(charlestonMachine, traversal) as Path[];
      paths[name] = shortest;
      // Shortest paths reach every abstract state but skip edges into states already reached (a retract, a
      // misdeal from a later phase): add the shortest path to each edge's source plus the edge, one per signature
      // (source state value, event type, seat, target state value).
      const toState = new Map(shortest.map((path) => [serializeState(path.state), path]));
      // getAdjacencyMap's typing wants a plain ActorLogic; the machine is one at run time.
      const adjacency = getAdjacencyMap(charlestonMachine as never, traversal as never) as AdjacencyMap<Snapshot, MachineEvent>;
      const signatures = new Set<string>();
      edgePaths[name] = [];
      for (const [key, entry] of Object.entries(adjacency)) {
        const head = toState.get(key);
        if (!head) continue;
        for (const { event, state } of Object.values(entry.transitions) as { event: MachineEvent; state: Snapshot }[]) {
          const signature = JSON.stringify([entry.state.value, event.type, 'seat' in event ? event.seat : null, state.value]);
          if (event.type === 'engine.refused' || signatures.has(signature)) continue;
          signatures.add(signature);
          edgePaths[name].push({ state, steps: [...head.steps, { state: head.state, event }], weight: head.weight + 1 });
        }
      }
    }
    graphMillis = performance.now() - started;
  }, 60_000);

  it('toDirectedGraph lists only transitions that the coverage below counts', () => {
    const edges = (node: DirectedGraphNode): DirectedGraphNode['edges'] => [...node.edges, ...node.children.flatMap(edges)];
    const graphEdges = edges(toDirectedGraph(charlestonMachine));
    const known = new Set(allTransitions.map((entry) => entry.transition));
    expect(graphEdges.length).toBeGreaterThan(20);
    for (const edge of graphEdges) expect(known.has(edge.transition), edge.id).toBe(true);
  });

  it('reaches every state and every transition, and every path replays through the service with the checks', () => {
    const coverage: Coverage = { states: new Set(), transitions: new Set() };
    let replayed = 0;
    let steps = 0;
    const started = performance.now();
    for (const [name, options] of Object.entries(inputs)) {
      const list = [...(paths[name] ?? []), ...(edgePaths[name] ?? [])];
      // Replay each path that is not a prefix of another one: together they replay every path, step by step.
      const keyOf = (path: Path): string => path.steps.map((step) => JSON.stringify(step.event)).join('|');
      const keys = list.map(keyOf);
      const prefixes = new Set(keys.flatMap((key) => key.split('|').map((_, i, parts) => parts.slice(0, i).join('|'))));
      for (const [index, path] of list.entries()) {
        if (prefixes.has(keys[index] as string) && path.steps.length > 0) continue;
        steps += replay(`${name} path ${index}`, options, path, coverage);
        replayed += 1;
      }
    }
    const replayMillis = performance.now() - started;
    const missingStates = allNodes.map((node) => node.id).filter((id) => !coverage.states.has(id));
    // `engine.submit` comes only from a parent machine (a table refuses it as INVALID_EVENT): it is taken in
    // test/embedding/game-machine.test.ts, which drives the machine as a child of a game.
    const fromParentOnly = (label: string): boolean => label.includes('engine.submit');
    const missingTransitions = allTransitions
      .filter((entry) => !coverage.transitions.has(entry.transition))
      .map((entry) => entry.label)
      .filter((label) => !fromParentOnly(label));
    const abstractStates = Object.values(paths).reduce((n, list) => n + list.length, 0);
    const edgeCount = Object.values(edgePaths).reduce((n, list) => n + list.length, 0);
    console.log(
      [
        `model-based coverage: ${allNodes.length - missingStates.length}/${allNodes.length} states, ` +
          `${allTransitions.length - missingTransitions.length}/${allTransitions.length} transitions (eventless included)`,
        `  ${abstractStates} abstract states (${Object.entries(paths).map(([name, list]) => `${name}: ${list.length}`).join(', ')}), graph in ${(graphMillis / 1000).toFixed(1)} s`,
        `  ${abstractStates} shortest paths + ${edgeCount} edge paths (one per distinct transition signature)`,
        `  ${replayed} maximal paths replayed through the service, ${steps} steps, in ${(replayMillis / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
    expect(missingStates, 'states never reached').toEqual([]);
    expect(missingTransitions, 'transitions never taken').toEqual([]);
  });

  it("the machine's guards agree with decide(), and decide() with the contract, in every abstract state", () => {
    let refusedChecked = 0;
    let acceptedChecked = 0;
    for (const list of Object.values(paths)) {
      for (const [index, path] of list.entries()) {
        const snapshot = path.state;
        if (snapshot.status !== 'active') continue;
        const phase = phaseOf(snapshot);
        // One seat per abstract state, in turn (all four in the small states), to keep the run short.
        const seat = SEATS[index % 4];
        const events = [...candidates(snapshot), ...illegalCandidates(snapshot)].filter((event) => !('seat' in event) || event.seat === seat || list.length < 100);
        for (const event of events) {
          const [next] = transition(charlestonMachine, snapshot, event);
          const changed = JSON.stringify([next.value, next.context]) !== JSON.stringify([snapshot.value, snapshot.context]);
          const verdict = decide(phase, snapshot.context, event);
          const where = `${serializeState(snapshot)}: ${JSON.stringify(event)} (decide: ${verdict.ok ? 'accepted' : verdict.refusal.code})`;
          // decide() itself agrees with the reference model written from the contract.
          expect(verdict.ok ? null : verdict.refusal.code, `${where} — the contract says otherwise`).toBe(expectedRefusal(phase, snapshot.context, event));
          // `snapshot.can()` must not lie either (house style §4): it is what inspectors and UIs ask.
          expect(snapshot.can(event), `${where} — snapshot.can() disagrees`).toBe(verdict.ok);
          if (verdict.ok) {
            expect(changed, `${where} — the machine ignored an accepted event`).toBe(true);
            acceptedChecked += 1;
          } else {
            expect(changed, `${where} — the machine took a refused event`).toBe(false);
            refusedChecked += 1;
          }
        }
      }
    }
    console.log(`guards vs decide(): ${acceptedChecked} accepted and ${refusedChecked} refused events checked on the machine itself`);
    expect(refusedChecked).toBeGreaterThan(5000);
    expect(acceptedChecked).toBeGreaterThan(1000);
  });

  it('getPathsFromEvents: a wrong count at the deal is a misdeal, and a redeal starts hand 2 in the first right pass', () => {
    const options = inputs['East dealt 13'] as CharlestonOptions;
    // getPathsFromEvents starts from `fromState` (its default ignores `input`), so the dealt snapshot is given.
    const [fromState] = initialTransition(charlestonMachine, options);
    const [path] = getPathsFromEvents(charlestonMachine as never, [{ type: 'hand.redeal' }], { fromState, serializeState } as never) as Path[];
    expect(path).toBeDefined();
    const first = path?.steps[0]?.state as Snapshot;
    expect(first.value).toBe('misdeal');
    expect(first.context.misdeal?.by).toBeNull();
    expect(path?.state.value).toEqual({ firstCharleston: 'right' });
    expect(path?.state.context.hand).toBe(2);
  });
});
