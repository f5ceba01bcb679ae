/**
 * Loads against the inspector server on 127.0.0.1, run in a child process whose heap is sampled after a forced
 * collection: pages that never read while the table is stepped, stepped back and flooded with junk events; a
 * flood of junk events with reading pages; a Node app sending thousands of actors. Bounded in count; the
 * figures are printed (and written to .tmp/inspector-load.json) for the record, and the bounds are asserted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCharleston, legalActions, type CharlestonEvent } from '../../src/index.js';
import { legalEvents } from '../../src/entries/bots.js';
import type { InspectorServer, InspectorStats } from '../../src/inspector/server.js';
import { rawHandshake } from './helpers.js';

const MiB = 1024 * 1024;
const mib = (bytes: number): number => +(bytes / MiB).toFixed(1);
const figures: Record<string, unknown> = {};
afterAll(() => {
  mkdirSync('.tmp', { recursive: true });
  writeFileSync('.tmp/inspector-load.json', `${JSON.stringify(figures, null, 2)}\n`);
  console.log('inspector load figures', JSON.stringify(figures));
});

interface Sample {
  stats: InspectorStats;
  cursor: number;
  total: number;
  logSize: number;
  nextIndex: number;
  heapUsed: number;
  rss: number;
}

/** The server in a child process, and a way to sample it. */
interface Child {
  url: string;
  inspectUrl: string;
  sample(): Promise<Sample>;
  close(): Promise<void>;
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

async function startChild(options: object): Promise<Child> {
  const proc = fork(new URL('./load-server.ts', import.meta.url), [JSON.stringify(options)], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child = proc;
  let next = 1;
  const pending = new Map<number, (value: Sample) => void>();
  const ready = new Promise<{ url: string; inspectUrl: string }>((resolve, reject) => {
    proc.once('error', reject);
    proc.on('message', (message: { id: number; url?: string; inspectUrl?: string } & Sample) => {
      if (message.id === 0 && message.url && message.inspectUrl) resolve({ url: message.url, inspectUrl: message.inspectUrl });
      else pending.get(message.id)?.(message);
    });
  });
  const { url, inspectUrl } = await ready;
  return {
    url,
    inspectUrl,
    sample: () =>
      new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        proc.send({ id, type: 'sample' });
      }),
    close: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.send({ type: 'close' });
      }),
  };
}

/** A reading page that keeps only what it needs: the last cursor and the last log index it saw. */
interface Reader {
  ws: WebSocket;
  cursor: number;
  logIndex: number;
  largestAppend: number;
  largestMessage: number;
  /** Messages received, by type. */
  types: Record<string, number>;
  until(predicate: () => boolean, what: string): Promise<void>;
}

function reader(url: string, path = '/ws', origin?: string): Promise<Reader> {
  const base = url.replace(/\/$/, '');
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`, path === '/ws' ? { origin: origin ?? base } : {});
  const waiters = new Set<() => void>();
  const state: Reader = {
    ws,
    cursor: -1,
    logIndex: -1,
    largestAppend: 0,
    largestMessage: 0,
    types: {},
    until: (predicate, what) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (predicate()) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        ws.once('close', () => waiters.delete(check) && reject(new Error(`closed before ${what}`)));
        check();
      }),
  };
  ws.on('message', (data) => {
    const text = data.toString();
    state.largestMessage = Math.max(state.largestMessage, text.length);
    const message = JSON.parse(text) as { type: string; cursor?: number; entries?: Array<{ index: number }>; replace?: boolean };
    state.types[message.type] = (state.types[message.type] ?? 0) + 1;
    if (message.type === 'charleston.table' && typeof message.cursor === 'number') state.cursor = message.cursor;
    if (message.type === 'charleston.log') {
      state.logIndex = message.entries?.at(-1)?.index ?? state.logIndex;
      if (!message.replace) state.largestAppend = Math.max(state.largestAppend, text.length);
    }
    for (const waiter of [...waiters]) waiter();
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(state));
    ws.once('error', reject);
  });
}

const control = (r: Reader, action: string): void => r.ws.send(JSON.stringify({ type: 'charleston.control', action }));
const sendEvent = (r: Reader, event: unknown): void => r.ws.send(JSON.stringify({ type: 'charleston.send', event }));

/** Junk of every shape a page might send as an event (within the page message limit). */
function junk(i: number): unknown {
  switch (i % 8) {
    case 0:
      return { type: 'vote.cast', seat: 'nobody', vote: 'stop' };
    case 1:
      return { type: 'pass.commit', seat: 'north', tiles: ['ZZ', 'ZZ', 'ZZ'] };
    case 2:
      return { type: `junk.${i}`, payload: 'x'.repeat(40_000) };
    case 3:
      return [i, { deep: [[[[[[{}]]]]]] }];
    case 4:
      return { type: 'pass.commit', seat: 'east', tiles: Array.from({ length: 500 }, () => '1B') };
    case 5:
      return null;
    case 6:
      return { type: 'courtesy.offer', seat: 'west', count: -1e308 };
    default:
      return 'a string';
  }
}

describe('inspector server under load (its own process, heap sampled)', () => {
  it('drops pages that never read while the table is stepped, stepped back and flooded; the heap stays bounded', async () => {
    const server = await startChild({ session: { source: { kind: 'bots', seed: 3 } }, limits: { maxBuffered: 256 * 1024 } });
    const base = server.url.replace(/\/$/, '');
    const before = await server.sample();
    const SLOW = 100;
    const slow: Socket[] = [];
    for (let i = 0; i < SLOW; i += 1) {
      const { socket } = await rawHandshake({ url: server.url } as InspectorServer, '/ws', { Origin: base });
      socket.pause(); // never reads again
      slow.push(socket);
    }
    const active = await reader(server.url);
    await active.until(() => active.cursor >= 0, 'the first table');
    // a Node app streams large snapshots too: 300 of 40 KB, more than the kernel buffers of a page that never reads
    const app = await reader(server.url, '/inspect');
    app.ws.send(JSON.stringify({ type: '@xstate.actor', _version: '0.7.2', sessionId: 'x:0', name: 'big', definition: JSON.stringify({ id: 'big', initial: 'a', states: { a: {} } }) }));
    const bigContext = { blob: 'y'.repeat(40_000) };
    for (let i = 0; i < 300; i += 1) {
      app.ws.send(JSON.stringify({ type: '@xstate.snapshot', _version: '0.7.2', sessionId: 'x:0', event: { type: 'TICK', i }, snapshot: { value: 'a', status: 'active', context: bigContext } }));
      if (i % 20 === 19) await active.until(() => (active.types['@xstate.snapshot'] ?? 0) >= i + 1, `snapshot ${i}`);
    }
    let cursor = active.cursor;
    let logIndex = (await server.sample()).nextIndex - 1;
    const heaps: number[] = [];
    const ROUNDS = 40;
    const JUNK_PER_ROUND = 50;
    for (let round = 0; round < ROUNDS; round += 1) {
      control(active, 'step');
      cursor += 1;
      logIndex += 1;
      for (let i = 0; i < JUNK_PER_ROUND; i += 1) sendEvent(active, junk(round * JUNK_PER_ROUND + i));
      logIndex += JUNK_PER_ROUND;
      if (round % 4 === 3) {
        control(active, 'back');
        cursor -= 1;
        logIndex += 1;
      }
      await active.until(() => active.cursor === cursor && active.logIndex === logIndex, `round ${round}`);
      if (round % 8 === 7) heaps.push((await server.sample()).heapUsed);
    }
    const after = await server.sample();
    figures['slowReaders'] = {
      neverReadingPages: SLOW,
      appSnapshotsOf40KB: 300,
      junkEvents: ROUNDS * JUNK_PER_ROUND,
      steps: ROUNDS,
      backs: ROUNDS / 4,
      slowPagesDropped: after.stats.slowPagesDropped,
      pagesLeft: after.stats.pages,
      heapBeforeMiB: mib(before.heapUsed),
      heapPeakMiB: mib(Math.max(...heaps)),
      heapAfterMiB: mib(after.heapUsed),
      rssAfterMiB: mib(after.rss),
      logSize: after.logSize,
      logDropped: after.stats.logDropped,
    };
    // every page that never read passed the buffer bound and was dropped; the reading page was not
    expect(after.stats.slowPagesDropped).toBe(SLOW);
    expect(after.stats.pages).toBe(1);
    expect(active.ws.readyState).toBe(WebSocket.OPEN);
    expect(after.logSize).toBe(500);
    expect(Math.max(...heaps) - before.heapUsed).toBeLessThan(48 * MiB);
    for (const socket of slow) socket.destroy();
    active.ws.close();
    app.ws.close();
    await server.close();
  }, 120_000);

  it('a flood of junk events reaches reading pages as small appends; a step back after it replays only the timeline', async () => {
    const server = await startChild({ session: { source: { kind: 'bots', seed: 4 } } });
    const readers: Reader[] = [];
    for (let i = 0; i < 20; i += 1) readers.push(await reader(server.url));
    const sender = readers[0] as Reader;
    await sender.until(() => sender.cursor === 0, 'the first table');
    for (let i = 0; i < 10; i += 1) control(sender, 'step');
    await sender.until(() => sender.cursor === 10, 'ten steps');
    const before = await server.sample();
    const JUNK = 6000;
    // in bursts of 200 (a page may have at most 256 messages waiting; more are refused, as the page is told)
    for (let i = 0; i < JUNK; i += 1) {
      sendEvent(sender, junk(i));
      if (i % 200 === 199) await sender.until(() => sender.logIndex === before.nextIndex + i, `junk ${i}`);
    }
    const target = before.nextIndex + JUNK - 1;
    for (const r of readers) await r.until(() => r.logIndex === target, 'the last junk line');
    const after = await server.sample();
    control(sender, 'back');
    await sender.until(() => sender.cursor === 9, 'the step back');
    const back = await server.sample();
    figures['junkFlood'] = {
      junkEvents: JUNK,
      readingPages: readers.length,
      largestAppendBytes: Math.max(...readers.map((r) => r.largestAppend)),
      largestMessageBytes: Math.max(...readers.map((r) => r.largestMessage)),
      heapBeforeMiB: mib(before.heapUsed),
      heapAfterMiB: mib(after.heapUsed),
      rssAfterMiB: mib(after.rss),
      logSize: after.logSize,
      logDropped: after.stats.logDropped,
      timelineAfterFlood: after.total,
      timelineAfterBack: back.total,
      relayBytes: after.stats.relayBytes,
    };
    expect(Math.max(...readers.map((r) => r.largestAppend))).toBeLessThan(4 * 1024);
    expect(after.logSize).toBe(500);
    expect(after.stats.logDropped).toBeGreaterThan(JUNK - 500);
    // refused junk never entered the timeline a step back replays
    expect(after.total).toBe(before.total);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * MiB);
    for (const r of readers) r.ws.close();
    await server.close();
  }, 120_000);

  it('a Node app sending thousands of actors is remembered within the relay’s bounds', async () => {
    const server = await startChild({});
    const app = await reader(server.url, '/inspect');
    const page = await reader(server.url);
    const definition = JSON.stringify({ id: 'big', initial: 's0', states: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`s${i}`, { on: { NEXT: `s${(i + 1) % 200}` } }])) });
    const before = await server.sample();
    const ACTORS = 3000;
    // in batches the page reads before the next (a page that falls 1 MiB behind would be dropped as a slow reader)
    for (let i = 0; i < ACTORS; i += 1) {
      app.ws.send(JSON.stringify({ type: '@xstate.actor', _version: '0.7.2', sessionId: `x:${i}`, name: 'big', definition, snapshot: { value: 's0', status: 'active', context: {} } }));
      app.ws.send(JSON.stringify({ type: '@xstate.event', _version: '0.7.2', sessionId: `x:${i}`, event: { type: 'NEXT', i } }));
      if (i % 100 === 99) await page.until(() => (page.types['@xstate.event'] ?? 0) === i + 1, `batch ${i}`);
    }
    await page.until(() => (page.types['@xstate.event'] ?? 0) === ACTORS, 'every event relayed');
    const after = await server.sample();
    figures['appFlood'] = { actorsSent: ACTORS, definitionBytes: definition.length, actorsRemembered: after.stats.actors, relayBytes: after.stats.relayBytes, heapBeforeMiB: mib(before.heapUsed), heapAfterMiB: mib(after.heapUsed) };
    expect(after.stats.actors).toBe(200);
    expect(after.stats.relayBytes).toBeLessThan(40 * MiB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * MiB);
    app.ws.close();
    page.ws.close();
    await server.close();
  }, 120_000);

  it('a step back costs time in proportion to the timeline it replays, and another page is answered meanwhile', async () => {
    const server = await startChild({ session: { source: { kind: 'bots', seed: 9 } } });
    const page = await reader(server.url);
    const other = await reader(server.url);
    await page.until(() => page.cursor === 0, 'the first table');
    // a long timeline of accepted events: East commits and retracts, over and over (a mirror table says what is legal)
    let mirror = createCharleston({ seed: 9 });
    const sent: CharlestonEvent[] = [];
    let logIndex = (await server.sample()).nextIndex - 1;
    const timings: Record<string, number> = {};
    for (const target of [250, 500, 1000, 2000]) {
      while (sent.length < target) {
        const events = legalEvents(legalActions(mirror.getSnapshot(), 'east'));
        const next = events.find((e) => e.type === 'pass.retract') ?? events.find((e) => e.type === 'pass.commit');
        if (!next || !mirror.send(next).ok) throw new Error('no legal commit or retract for east');
        sent.push(next);
        sendEvent(page, next);
        logIndex += 1;
        if (sent.length % 200 === 0) await page.until(() => page.logIndex === logIndex, `event ${sent.length}`);
      }
      await page.until(() => page.cursor === target && page.logIndex === logIndex, `timeline ${target}`);
      const started = performance.now();
      control(page, 'back');
      // another page asks something only it is answered (an unknown control gets an error): queued behind the back
      const before = other.types['charleston.error'] ?? 0;
      control(other, 'fly');
      const answered = other.until(() => (other.types['charleston.error'] ?? 0) > before, 'the other page').then(() => performance.now() - started);
      await page.until(() => page.cursor === target - 1, `back from ${target}`);
      timings[`back${target}Ms`] = +(performance.now() - started).toFixed(1);
      timings[`otherPageAnswered${target}Ms`] = +(await answered).toFixed(1);
      // the mirror follows the step back (the next event sent replaces the one undone)
      mirror.stop();
      mirror = createCharleston({ seed: 9 });
      sent.pop();
      for (const event of sent) mirror.send(event);
      logIndex += 1; // the step back's own log line
    }
    mirror.stop();
    figures['stepBack'] = timings;
    expect(Object.keys(timings)).toHaveLength(8);
    page.ws.close();
    other.ws.close();
    await server.close();
  }, 120_000);
});
