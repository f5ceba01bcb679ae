/**
 * The inspector server without a browser: the page files, who may open which WebSocket, Node apps at /inspect
 * relayed to pages under their own ids, the session's controls, the bounded log sent as appends, and clear
 * errors for bad messages (the connection stays usable).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogMessage, TableMessage } from '../../src/inspector/protocol.js';
import { startInspectorServer, TABLE_SESSION_ID, type InspectorServer } from '../../src/inspector/server.js';
import { connectApp, connectPage, eventually, ofType, type Client } from './helpers.js';
import { fakePageDir } from './page-dir.js';

const staticDir = fakePageDir();
let server: InspectorServer;
let bare: InspectorServer;
beforeAll(async () => {
  server = await startInspectorServer({ staticDir, session: { source: { kind: 'bots', seed: 11 }, logCapacity: 20 } });
  bare = await startInspectorServer({ staticDir });
});
afterAll(async () => {
  await server.close();
  await bare.close();
});

const tables = (c: Client): TableMessage[] => ofType<TableMessage>(c.messages, 'charleston.table');
const lastTable = (c: Client): TableMessage | undefined => tables(c).at(-1);
const control = (c: Client, action: string): void => c.ws.send(JSON.stringify({ type: 'charleston.control', action }));
const untilCursor = (c: Client, cursor: number): Promise<void> => c.until(() => lastTable(c)?.cursor === cursor, `cursor ${cursor}`);
const errors = (c: Client): string[] => ofType<{ message: string }>(c.messages, 'charleston.error').map((m) => m.message);

/** A minimal machine as @statelyai/inspect would send it from a Node app. */
const appActor = (sessionId: string, parentId?: string) => ({
  type: '@xstate.actor',
  _version: '0.7.2',
  sessionId,
  rootId: 'x:0',
  ...(parentId ? { parentId } : {}),
  name: 'light',
  id: null,
  createdAt: '1',
  definition: JSON.stringify({ id: 'light', initial: 'green', states: { green: { on: { TIMER: 'red' } }, red: {} } }),
  snapshot: { value: 'green', status: 'active', context: { n: 1 } },
});

describe('inspector server', () => {
  it('serves the page at / and /inspect, its files under /inspect/, and nothing else', async () => {
    for (const path of ['', 'index.html', 'inspect']) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    expect(await (await fetch(`${server.url}inspect/main.js`)).text()).toBe('console.log(1)');
    expect(await (await fetch(`${server.url}main.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}inspect/style.css`)).headers.get('content-type')).toMatch(/text\/css/);
    expect((await fetch(`${server.url}../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}index.html`, { method: 'POST' })).status).toBe(404);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.inspectUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/inspect$/);
  });

  it('refuses /ws from another origin or without one, and /inspect from a foreign browser origin', async () => {
    await expect(connectPage(server, 'http://evil.example')).rejects.toThrow(/403/);
    await expect(connectApp(server, 'http://evil.example')).rejects.toThrow(/403/);
    const base = server.url.replace(/\/$/, '');
    const own = await connectApp(server, base); // the page's own origin may use it too
    own.ws.close();
  });

  it('relays a Node app’s events (no Origin) to every page, under ids of its connection', async () => {
    const page = await connectPage(bare);
    await page.until((m) => m.some((x) => x.type === 'charleston.hello'));
    expect(ofType<{ session: boolean }>(page.messages, 'charleston.hello')[0]?.session).toBe(false);
    const one = await connectApp(bare);
    const two = await connectApp(bare);
    one.ws.send(JSON.stringify(appActor('x:0')));
    two.ws.send(JSON.stringify(appActor('x:0')));
    two.ws.send(JSON.stringify(appActor('x:1', 'x:0')));
    two.ws.send(JSON.stringify({ type: '@xstate.event', _version: '0.7.2', sessionId: 'x:1', sourceId: 'x:0', rootId: 'anonymous', event: { type: 'TIMER' } }));
    await page.until((m) => ofType(m, '@xstate.actor').length === 3 && ofType(m, '@xstate.event').length === 1);
    const ids = ofType<{ sessionId: string; parentId?: string }>(page.messages, '@xstate.actor').map((m) => `${m.sessionId}<${m.parentId ?? ''}`);
    expect(new Set(ids.map((id) => id.split(':')[0])).size).toBe(2); // two connections, two prefixes
    const child = ofType<{ sessionId: string; parentId: string }>(page.messages, '@xstate.actor').find((m) => m.parentId !== undefined);
    const event = ofType<{ sessionId: string; sourceId: string }>(page.messages, '@xstate.event')[0];
    expect(event?.sessionId).toBe(child?.sessionId);
    expect(event?.sourceId).toBe(child?.parentId);
    // a page that connects later gets what was sent
    const late = await connectPage(bare);
    await late.until((m) => ofType(m, '@xstate.actor').length === 3 && ofType(m, '@xstate.event').length === 1);
    for (const c of [page, late, one, two]) c.ws.close();
  });

  it('answers a Node app’s bad message with a clear error and keeps the connection', async () => {
    const app = await connectApp(bare);
    app.ws.send('not json');
    app.ws.send(JSON.stringify({ type: '@xstate.microstep', _version: '1', sessionId: 'x:0' }));
    app.ws.send(JSON.stringify({ type: '@xstate.event', _version: '1', sessionId: 'x:0' }));
    app.ws.send(JSON.stringify(appActor('x:9')));
    await app.until((m) => errors(app).length === 3);
    expect(errors(app)).toEqual([
      'a message must be JSON',
      expect.stringContaining('unknown message type "@xstate.microstep"'),
      '@xstate.event needs an "event" object with a string "type"',
    ]);
    expect(bare.stats().actors).toBeGreaterThan(0);
    app.ws.close();
  });

  it('steps, goes back and resets; stepping back announces the table once under the same id', async () => {
    const page = await connectPage(server);
    await page.until((m) => lastTable({ ...page, messages: m }) !== undefined);
    control(page, 'reset');
    await untilCursor(page, 0);
    for (let i = 0; i < 6; i += 1) control(page, 'step');
    await untilCursor(page, 6);
    const actors = ofType<{ sessionId: string; definition?: string }>(page.messages, '@xstate.actor');
    expect(actors.every((a) => a.sessionId === TABLE_SESSION_ID)).toBe(true);
    expect(actors[0]?.definition).toContain('firstCharleston');
    const before = page.messages.length;
    control(page, 'back');
    await untilCursor(page, 5);
    const after = page.messages.slice(before);
    // no replay of the five events: one snapshot of the rewound table, no new actor
    expect(ofType(after, '@xstate.event')).toHaveLength(0);
    expect(ofType(after, '@xstate.actor')).toHaveLength(0);
    const rewind = ofType<{ sessionId: string; event: { type: string; cursor: number } }>(after, '@xstate.snapshot');
    expect(rewind).toHaveLength(1);
    expect(rewind[0]).toMatchObject({ sessionId: TABLE_SESSION_ID, event: { type: 'inspector.rewind', cursor: 5 } });
    control(page, 'step');
    await untilCursor(page, 6);
    page.ws.close();
  });

  it('sends the log as appends and keeps it bounded, with a count of what was dropped', async () => {
    const page = await connectPage(server);
    await page.until((m) => ofType(m, 'charleston.log').length > 0);
    const first = ofType<LogMessage>(page.messages, 'charleston.log')[0];
    expect(first?.replace).toBe(true);
    for (let i = 0; i < 40; i += 1) page.ws.send(JSON.stringify({ type: 'charleston.send', event: { type: 'vote.cast', seat: 'east', vote: 'stop' } }));
    await page.until((m) => ofType<LogMessage>(m, 'charleston.log').filter((x) => !x.replace).length >= 40);
    const appends = ofType<LogMessage>(page.messages, 'charleston.log').filter((x) => !x.replace);
    expect(appends.every((x) => x.entries.length === 1)).toBe(true);
    expect(appends.at(-1)?.entries[0]).toMatchObject({ ok: false, refusal: { code: 'NOT_NOW' } });
    expect(appends.at(-1)?.dropped).toBeGreaterThan(0);
    expect(server.session?.log.size).toBe(20);
    // refused events do not grow the timeline: the cursor did not move
    expect(lastTable(page)?.total).toBe(server.session?.total);
    const late = await connectPage(server);
    await late.until((m) => ofType(m, 'charleston.log').length > 0);
    expect(ofType<LogMessage>(late.messages, 'charleston.log')[0]?.entries).toHaveLength(20);
    page.ws.close();
    late.ws.close();
  });

  it('bounds the timeline a step back replays: past it, events are refused with a reason', async () => {
    const small = await startInspectorServer({ staticDir, session: { source: { kind: 'bots', seed: 11 }, maxTimeline: 12 } });
    const page = await connectPage(small);
    await page.until((m) => lastTable({ ...page, messages: m }) !== undefined);
    expect(lastTable(page)?.total).toBe(12);
    for (let i = 0; i < 12; i += 1) control(page, 'step');
    await untilCursor(page, 12);
    page.ws.send(JSON.stringify({ type: 'charleston.send', event: { type: 'pass.retract', seat: 'east' } }));
    await page.until((m) => ofType<LogMessage>(m, 'charleston.log').some((x) => x.entries.some((e) => e.refusal?.code === 'INSPECTOR_TIMELINE_FULL')));
    const line = ofType<LogMessage>(page.messages, 'charleston.log').flatMap((x) => x.entries).find((e) => e.refusal?.code === 'INSPECTOR_TIMELINE_FULL');
    expect(line?.refusal?.message).toBe('the session holds at most 12 events: step back or reset');
    expect(small.session?.cursor).toBe(12);
    page.ws.close();
    await small.close();
  });

  it('caps the pages and apps connected at once (503), and disconnects an app after too many bad messages', async () => {
    const capped = await startInspectorServer({ staticDir, limits: { maxPages: 2, maxApps: 1, maxBadMessages: 3 } });
    const pages = [await connectPage(capped), await connectPage(capped)];
    await expect(connectPage(capped)).rejects.toThrow(/503/);
    const app = await connectApp(capped);
    await expect(connectApp(capped)).rejects.toThrow(/503/);
    for (let i = 0; i < 4; i += 1) app.ws.send('junk');
    expect(await app.closed).toEqual({ code: 1008, reason: 'too many bad messages' });
    await eventually(() => capped.stats().apps === 0, 'the app gone');
    const again = await connectApp(capped); // its place is free again
    again.ws.close();
    for (const page of pages) page.ws.close();
    await capped.close();
  });

  it('answers a page’s bad messages with clear errors', async () => {
    const page = await connectPage(server);
    control(page, 'fly');
    page.ws.send('not json');
    page.ws.send(JSON.stringify([1, 2]));
    page.ws.send(JSON.stringify({ type: 'charleston.hack' }));
    page.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await page.until(() => errors(page).length === 5);
    // a binary frame is refused as it arrives; the others in the order sent
    expect(errors(page)).toHaveLength(5);
    expect(errors(page)).toEqual(expect.arrayContaining([
      'unknown control "fly" (expected play, pause, step, back, reset)',
      'a message must be JSON',
      'a message must be a JSON object',
      'unknown message type "charleston.hack" (expected charleston.control or charleston.send)',
      'the inspector takes text messages only',
    ]));
    const bad = await connectPage(bare);
    control(bad, 'step');
    await bad.until(() => errors(bad).length === 1);
    expect(errors(bad)[0]).toMatch(/serves no table/);
    page.ws.close();
    bad.ws.close();
  });
});
