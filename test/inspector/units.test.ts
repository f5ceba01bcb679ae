/**
 * The inspector's pure parts, without a browser: the log ring, the remembered stream's bounds, validation and
 * renaming of inspection events, edge labels as written and bundled transitions, the page's store (which actor
 * it follows, snapshots per event, bounds), and the service link's fragment and phase parsing.
 */
import { describe, expect, it } from 'vitest';
import { charlestonMachine } from '../../src/index.js';
import { LogRing } from '../../src/inspector/log-ring.js';
import type { WireInspectionEvent } from '../../src/inspector/protocol.js';
import { InspectionRelay } from '../../src/inspector/relay.js';
import { WorkQueue } from '../../src/inspector/work-queue.js';
import { inspectionProblem, parseInspectionEvent, prefixIds } from '../../src/inspector/wire.js';
import { buildChart, bundleEdges, eventText } from '../../src/inspector/page/graph.js';
import { phaseValue, serviceTarget, charlestonDefinition } from '../../src/inspector/page/service-link.js';
import { MAX_EVENTS, Store, TABLE_ACTOR } from '../../src/inspector/page/store.js';

const actor = (sessionId: string, extra: Partial<WireInspectionEvent> = {}): WireInspectionEvent => ({
  type: '@xstate.actor',
  _version: '0.7.2',
  sessionId,
  definition: JSON.stringify({ id: sessionId, initial: 'a', states: { a: {} } }),
  ...extra,
});
const event = (sessionId: string, type: string, extra: Partial<WireInspectionEvent> = {}): WireInspectionEvent => ({ type: '@xstate.event', _version: '0.7.2', sessionId, event: { type }, ...extra });
const snapshot = (sessionId: string, type: string, value: unknown, context: unknown = {}): WireInspectionEvent => ({ type: '@xstate.snapshot', _version: '0.7.2', sessionId, event: { type }, snapshot: { value, context, status: 'active' } });

describe('LogRing', () => {
  it('keeps the newest entries in order, counts the dropped ones, and numbers on', () => {
    const ring = new LogRing<{ index: number }>(3);
    for (let i = 0; i < 7; i += 1) ring.push({ index: ring.nextIndex });
    expect(ring.entries().map((e) => e.index)).toEqual([4, 5, 6]);
    expect(ring.dropped).toBe(4);
    expect(ring.size).toBe(3);
    expect(ring.nextIndex).toBe(7);
    expect(() => new LogRing(0)).toThrow(/positive integer/);
  });
});

describe('InspectionRelay', () => {
  it('remembers actors, recent events and the latest snapshots, in that order, within its count bounds', () => {
    const relay = new InspectionRelay({ maxActors: 2, recent: 3 });
    relay.add(actor('a'));
    relay.add(actor('b'));
    relay.add(actor('c')); // forgets a
    expect(relay.actorCount).toBe(2);
    for (let i = 0; i < 5; i += 1) relay.add(event('b', `E${i}`));
    relay.add(snapshot('c', 'E', 'a'));
    const replay = relay.replay().map((text) => JSON.parse(text) as WireInspectionEvent);
    expect(replay.map((m) => `${m.type}:${m.sessionId}:${m.event?.type ?? ''}`)).toEqual([
      '@xstate.actor:b:',
      '@xstate.actor:c:',
      '@xstate.event:b:E3',
      '@xstate.event:b:E4',
      '@xstate.snapshot:c:E',
      '@xstate.snapshot:c:E',
    ]);
  });

  it('stays within its byte budgets', () => {
    const relay = new InspectionRelay({ recentBytes: 10_000, actorBytes: 20_000 });
    const big = 'x'.repeat(4_000);
    for (let i = 0; i < 20; i += 1) relay.add(actor(`a${i}`, { definition: JSON.stringify({ id: big }) }));
    for (let i = 0; i < 20; i += 1) relay.add(event('a19', big));
    expect(relay.actorCount).toBeLessThanOrEqual(5);
    expect(relay.bytes).toBeLessThanOrEqual(30_000);
    expect(relay.forgotten).toBeGreaterThan(0);
  });
});

describe('WorkQueue', () => {
  it('handles items in order, a budget per turn of the event loop, with a bound per sender', async () => {
    const turns: string[][] = [[]];
    let done = 0;
    let finished: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (finished = resolve));
    const queue = new WorkQueue<string, string>((sender, item) => {
      turns.at(-1)?.push(`${sender}:${item}`);
      done += 1;
      if (done === 6) finished();
      return item === 'replay' ? 4 : 1;
    }, 3, 4);
    // marks each turn of the event loop (setImmediate, as the queue uses: no clock involved)
    let marking = true;
    const mark = (): void => {
      turns.push([]);
      if (marking) setImmediate(mark);
    };
    setImmediate(mark);
    expect(queue.push('a', 'replay')).toBe(true);
    expect(queue.push('a', 'x1')).toBe(true);
    expect(queue.push('a', 'x2')).toBe(true);
    expect(queue.push('a', 'x3')).toBe(false); // a has three waiting
    for (const item of ['y1', 'y2', 'y3']) queue.push('b', item);
    queue.push('c', 'z');
    queue.forget('c');
    await all;
    marking = false;
    const handled = turns.filter((turn) => turn.length > 0);
    expect(handled.flat()).toEqual(['a:replay', 'a:x1', 'a:x2', 'b:y1', 'b:y2', 'b:y3']);
    expect(handled[0]).toEqual(['a:replay']); // a replay used the whole budget of its turn
    expect(handled.length).toBeGreaterThanOrEqual(3);
  });
});

describe('wire', () => {
  it('names the problem with a message that is not an inspection event', () => {
    expect(inspectionProblem('x')).toBe('a message must be a JSON object');
    expect(inspectionProblem({ type: 1 })).toBe('a message needs a string "type"');
    expect(inspectionProblem({ type: '@xstate.microstep' })).toMatch(/^unknown message type "@xstate.microstep"/);
    expect(inspectionProblem({ type: '@xstate.actor', sessionId: 'x' })).toBe('@xstate.actor needs a string "_version"');
    expect(inspectionProblem({ type: '@xstate.actor', _version: '1', sessionId: '' })).toBe('@xstate.actor needs a non-empty string "sessionId"');
    expect(inspectionProblem({ type: '@xstate.event', _version: '1', sessionId: 'x', event: {} })).toMatch(/needs an "event" object/);
    expect(inspectionProblem(actor('x'))).toBeUndefined();
  });

  it('keeps only known fields, and prefixes every id of a connection', () => {
    const parsed = parseInspectionEvent({ ...event('x:1', 'GO'), sourceId: 'x:0', rootId: 'anonymous', extra: 'dropped', __proto__: { polluted: true } });
    expect(parsed).toEqual({ type: '@xstate.event', _version: '0.7.2', sessionId: 'x:1', sourceId: 'x:0', rootId: 'anonymous', event: { type: 'GO' } });
    expect(prefixIds({ ...actor('x:1'), parentId: 'x:0', rootId: 'x:0' }, 'n2:')).toMatchObject({ sessionId: 'n2:x:1', parentId: 'n2:x:0', rootId: 'n2:x:0' });
    expect(prefixIds(parsed as WireInspectionEvent, 'n2:')).toMatchObject({ sessionId: 'n2:x:1', sourceId: 'n2:x:0', rootId: 'anonymous' });
  });
});

describe('the chart model', () => {
  it('labels transitions as they are written: onDone, onError, after, always', () => {
    expect(eventText('xstate.done.state.light.red')).toBe('onDone');
    expect(eventText('xstate.done.actor.crossing')).toBe('onDone');
    expect(eventText('xstate.error.actor.crossing')).toBe('onError');
    expect(eventText('xstate.after.3000.traffic.yellow')).toBe('after 3000');
    expect(eventText('TIMER')).toBe('TIMER');
    const chart = buildChart(
      JSON.stringify({
        id: 'light',
        initial: 'green',
        states: {
          green: { after: { 1000: 'yellow' } },
          yellow: { always: { target: 'red', guard: 'isLate' } },
          red: { initial: 'walk', states: { walk: { on: { GO: 'stop' } }, stop: { type: 'final' } }, onDone: 'green' },
        },
      }),
    );
    expect(chart.edges.map((e) => `${e.source}→${e.target}: ${e.label}`).sort()).toEqual(['green→yellow: after 1000', 'red.walk→red.stop: GO', 'red→green: onDone', 'yellow→red: always [isLate]']);
  });

  it('draws misdeal.declare, declared in four states of the Charleston and in the declaration review, as one bundle', () => {
    const chart = buildChart(charlestonDefinition());
    const misdeal = chart.bundles.filter((b) => b.event === 'misdeal.declare');
    expect(misdeal).toHaveLength(1);
    expect(misdeal[0]?.sources.sort()).toEqual(['courtesy', 'declarationReview', 'firstCharleston', 'secondCharleston', 'stopCheckpoint']);
    // The review's dispute (a guard of its own) is an edge of its own.
    expect(chart.edges.filter((e) => e.event === 'misdeal.declare').map((e) => [e.source, e.label])).toEqual([['declarationReview', 'misdeal.declare [isDispute]']]);
    const { bundles } = bundleEdges([
      { id: 'e0', source: 'a', target: 'z', event: 'X', label: 'X' },
      { id: 'e1', source: 'b', target: 'z', event: 'X', label: 'X' },
    ]);
    expect(bundles).toEqual([]); // two alike stay two edges
    expect(charlestonMachine.id).toBe(chart.id);
  });

  it('names the parts of a composite guard (R10: a declaration goes to the review only with the rule option)', () => {
    const chart = buildChart(charlestonDefinition());
    const review = chart.edges.find((e) => e.event === 'hand.declareMahjong' && e.target.endsWith('declarationReview'));
    expect(review?.label).toBe('hand.declareMahjong [isWinningOpening(phase=firstCharleston.right) and hasDeclarationReview]');
  });
});

describe('the page store', () => {
  it('follows the most recently active app, else its own table; a pin wins', () => {
    const store = new Store();
    store.ingest(actor(TABLE_ACTOR), 'socket');
    expect(store.current()?.sessionId).toBe(TABLE_ACTOR);
    store.ingest(actor('n1:x:0'), 'socket');
    store.ingest(actor('x:0'), 'window');
    expect(store.current()?.sessionId).toBe('x:0');
    store.ingest(event('n1:x:0', 'GO'), 'socket');
    expect(store.current()?.sessionId).toBe('n1:x:0');
    // a child's activity makes its root the most recent
    store.ingest(actor('x:1', { parentId: 'x:0' }), 'window');
    store.ingest(event('x:1', 'TICK'), 'window');
    expect(store.current()?.sessionId).toBe('x:0');
    store.ingest(event(TABLE_ACTOR, 'pass.commit'), 'socket');
    expect(store.current()?.sessionId).toBe('x:0');
    store.pin(TABLE_ACTOR);
    expect(store.current()?.sessionId).toBe(TABLE_ACTOR);
    expect(store.ordered().map(({ actor: a, depth }) => `${'-'.repeat(depth)}${a.sessionId}`)).toEqual([TABLE_ACTOR, 'n1:x:0', 'x:0', '-x:1']);
  });

  it('attaches each snapshot to its event; a refused event shows the state before it', () => {
    const store = new Store();
    store.ingest(actor('a'), 'window');
    store.ingest(event('a', 'GO'), 'window');
    store.ingest(snapshot('a', 'GO', 'b', { n: 1 }), 'window');
    store.ingest(event('a', 'engine.refused'), 'window');
    const record = store.actors.get('a');
    if (!record) throw new Error('no actor');
    const [go, refused] = record.events;
    expect(go?.snapshot?.value).toBe('b');
    expect(refused?.snapshot).toBeUndefined();
    if (!refused) throw new Error('no event');
    expect(store.snapshotAt(record, refused)?.context).toEqual({ n: 1 });
    store.travel(refused.seq);
    expect(store.momentOf(record)).toBe(refused);
  });

  it('keeps at most MAX_EVENTS per actor, counting the dropped, and forgets a server’s actors on hello', () => {
    const store = new Store();
    store.ingest(actor('a'), 'socket');
    for (let i = 0; i < MAX_EVENTS + 25; i += 1) store.ingest(event('a', `E${i}`), 'socket');
    expect(store.actors.get('a')?.events).toHaveLength(MAX_EVENTS);
    expect(store.actors.get('a')?.dropped).toBe(25);
    store.ingest(actor('w'), 'window');
    store.hello(true);
    expect([...store.actors.keys()]).toEqual(['w']);
  });
});

describe('the service link', () => {
  it('reads the fragment and turns a phase into a state value', () => {
    expect(serviceTarget('#table=abc-1&token=t0k')).toEqual({ table: 'abc-1', token: 't0k' });
    expect(serviceTarget('#table=../x&token=t')).toBeUndefined();
    expect(serviceTarget('#token=t')).toBeUndefined();
    expect(phaseValue('firstCharleston.left')).toEqual({ firstCharleston: 'left' });
    expect(phaseValue('courtesy')).toBe('courtesy');
  });
});
