/**
 * The inspector page fed by an external XState v5 app, in real headless Chromium: the app (served from a second
 * 127.0.0.1 port) calls `createBrowserInspector({ url })`, which opens the page as a popup and posts inspection
 * events to it. The page draws the app's machine, highlights the active state, follows the app's events and logs
 * them; messages from an origin that is not allowed, or from a window that is not the opener, are ignored.
 *
 * A non-loopback origin is real here: Chromium maps the host `evil.test` to 127.0.0.1
 * (`--host-resolver-rules`), so a page served from `http://evil.test:<port>` has that origin.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInspector } from '../../scripts/build-inspector.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The app: a traffic light with a nested state, a final state, a parallel state, guards (one with params) and a targetless transition. */
const APP_SOURCE = `
import { assign, createActor, setup } from 'xstate';
import { createBrowserInspector } from '@statelyai/inspect';

const machine = setup({
  guards: {
    canGo: ({ context }) => context.waiting === 0,
    isBusy: ({ context }, params) => context.waiting >= params.min,
  },
}).createMachine({
  id: 'trafficLight',
  initial: 'green',
  context: { waiting: 0 },
  on: { PEDESTRIAN: { actions: assign({ waiting: ({ context }) => context.waiting + 1 }) } },
  states: {
    green: {
      on: {
        TIMER: 'yellow',
        RUSH: { target: 'red', guard: { type: 'isBusy', params: { min: 2 } } },
        SERVICE: 'maintenance',
      },
    },
    yellow: { on: { TIMER: 'red' } },
    red: {
      initial: 'walk',
      states: {
        walk: { on: { COUNTDOWN: 'wait' } },
        wait: { on: { COUNTDOWN: 'stop' } },
        stop: { type: 'final' },
      },
      on: { TIMER: { target: 'green', guard: 'canGo' } },
    },
    maintenance: {
      type: 'parallel',
      states: {
        lamps: { initial: 'off', states: { off: { on: { LAMPS: 'on' } }, on: {} } },
        controller: { initial: 'idle', states: { idle: {} } },
      },
      on: { DONE: 'green' },
    },
  },
});

const inspectorUrl = new URLSearchParams(location.search).get('inspector');
const inspector = createBrowserInspector({ url: inspectorUrl });
const actor = createActor(machine, { inspect: inspector.inspect });
actor.start();
for (const type of ['TIMER', 'COUNTDOWN', 'PEDESTRIAN', 'RUSH', 'SERVICE']) {
  const button = document.createElement('button');
  button.id = type.toLowerCase();
  button.textContent = type;
  button.addEventListener('click', () => actor.send({ type }));
  document.body.appendChild(button);
}
const refuse = document.createElement('button');
refuse.id = 'refuse';
refuse.textContent = 'refuse';
// what the Charleston engine sends its actor for a refused event
refuse.addEventListener('click', () =>
  actor.send({ type: 'engine.refused', refusal: { code: 'NOT_NOW', message: 'Not in this light.' }, refusedType: 'TIMER', seat: 'east' }),
);
document.body.appendChild(refuse);
window.appReady = true;
`;

/**
 * A page that is not the inspected app: it opens the inspector and, once the inspector announces itself, posts
 * a well-formed inspection event (an actor with a definition) to it.
 */
const INTRUDER_HTML = `<!doctype html><meta charset="utf-8"><title>intruder</title><script>
const inspectorUrl = new URLSearchParams(location.search).get('inspector');
const popup = window.open(inspectorUrl, 'intruded');
window.addEventListener('message', (event) => {
  if (event.source !== popup || !event.data || event.data.type !== '@statelyai.connected') return;
  popup.postMessage({
    type: '@xstate.actor', _version: '0.7.2', sessionId: 'x:intruder', rootId: 'x:intruder', name: 'intruder', id: null,
    createdAt: String(Date.now()),
    definition: JSON.stringify({ id: 'intruder', initial: 'owned', states: { owned: {}, pwned: {} } }),
    snapshot: { value: 'owned', status: 'active', context: {} },
  }, '*');
  window.posted = true;
});
</script>`;

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Starts an HTTP server on 127.0.0.1 on a free port. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

const close = (server: Server | undefined): Promise<void> =>
  new Promise((done) => {
    if (!server) return done();
    server.closeAllConnections();
    server.close(() => done());
  });

let outdir: string;
let inspectorServer: Server | undefined;
let appServer: Server | undefined;
let inspectorOrigin: string;
let appPort: number;
let browser: Browser | undefined;
let context: BrowserContext;
let app: Page;
let popup: Page;

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'charleston-inspector-'));
  await buildInspector({ outdir });
  const appBundle = await build({
    stdin: { contents: APP_SOURCE, resolveDir: ROOT, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  const appJs = appBundle.outputFiles[0]?.text ?? '';

  const inspector = await listen(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(outdir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(outdir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  inspectorServer = inspector.server;
  inspectorOrigin = `http://127.0.0.1:${inspector.port}`;

  const appSide = await listen((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/app.js') response.writeHead(200, { 'content-type': TYPES['.js'] as string }).end(appJs);
    else if (pathname === '/intruder.html') response.writeHead(200, { 'content-type': TYPES['.html'] as string }).end(INTRUDER_HTML);
    else response.writeHead(200, { 'content-type': TYPES['.html'] as string }).end('<!doctype html><meta charset="utf-8"><title>app</title><script type="module" src="/app.js"></script>');
  });
  appServer = appSide.server;
  appPort = appSide.port;

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--host-resolver-rules=MAP evil.test 127.0.0.1',
    ],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  app = await context.newPage();
  const opened = context.waitForEvent('page');
  await app.goto(`http://127.0.0.1:${appPort}/?inspector=${encodeURIComponent(`${inspectorOrigin}/`)}`);
  popup = await opened;
  await popup.waitForLoadState('load');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await close(inspectorServer);
  await close(appServer);
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

const activeStates = (page: Page): Promise<string[]> =>
  page.$$eval('#chart g.state.active[data-state]', (groups) => groups.map((group) => group.getAttribute('data-state') ?? '').sort());

const waitForCurrent = (page: Page, path: string): Promise<unknown> =>
  page.waitForFunction((want) => document.querySelector('#current-state')?.getAttribute('data-state') === want, path, { timeout: 10_000 });

describe('the inspector page opened by an external XState app', () => {
  it('is opened by createBrowserInspector and draws every state of the app’s machine', async () => {
    expect(popup.url()).toBe(`${inspectorOrigin}/`);
    await popup.locator('#chart [data-state="green"].active').waitFor({ timeout: 15_000 });
    for (const path of ['green', 'yellow', 'red', 'red.walk', 'red.wait', 'red.stop', 'maintenance', 'maintenance.lamps', 'maintenance.lamps.off', 'maintenance.lamps.on', 'maintenance.controller', 'maintenance.controller.idle']) {
      expect(await popup.locator(`#chart [data-state="${path}"]`).count(), path).toBe(1);
    }
    // final: double border; parallel regions: dashed; compound states contain their children
    expect(await popup.locator('#chart [data-state="red.stop"].final > rect.inner').count()).toBe(1);
    expect(await popup.locator('#chart [data-state="maintenance"].parallel').count()).toBe(1);
    expect(await popup.locator('#chart [data-state="maintenance.lamps"].region').count()).toBe(1);
    expect(await popup.locator('#chart [data-state="red"] [data-state="red.walk"]').count()).toBe(1);
    // edge labels `event [guard]`, params shown; a targetless transition listed in its state's box
    const labels = await popup.locator('#chart .edge-label .label-text').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['TIMER', 'TIMER [canGo]', 'RUSH [isBusy(min=2)]', 'COUNTDOWN', 'SERVICE', 'DONE', 'LAMPS']));
    expect(await popup.locator('#chart g.root > .action-line').allTextContents()).toEqual(['PEDESTRIAN']);
    // the popup knows its actor and the app is connected
    expect(await activeStates(popup)).toEqual(['green']);
    expect(await popup.locator('#current-state').getAttribute('data-state')).toBe('green');
    expect(await popup.locator('#chart svg').getAttribute('data-machine')).toBe('trafficLight');
    expect(Number(await popup.locator('#window-status').getAttribute('data-accepted'))).toBeGreaterThan(0);
    expect(await popup.locator('#connection').getAttribute('data-status')).toBe('unavailable');
    expect(await popup.locator('#log li').count()).toBe(0);
  }, 30_000);

  it('follows the events the app sends: the active class moves, and the log shows them', async () => {
    const layouts = await popup.locator('#chart').getAttribute('data-layout');
    await app.click('#timer');
    await waitForCurrent(popup, 'yellow');
    expect(await activeStates(popup)).toEqual(['yellow']);

    await app.click('#timer');
    await waitForCurrent(popup, 'red.walk');
    expect(await activeStates(popup)).toEqual(['red', 'red.walk']);

    await app.click('#countdown');
    await waitForCurrent(popup, 'red.wait');
    expect(await activeStates(popup)).toEqual(['red', 'red.wait']);

    await app.click('#pedestrian');
    await popup.waitForFunction(() => document.querySelectorAll('#log li').length === 4, undefined, { timeout: 10_000 });
    expect(await activeStates(popup)).toEqual(['red', 'red.wait']);
    const types = await popup.locator('#log li .type').allTextContents();
    expect(types).toEqual(['TIMER', 'TIMER', 'COUNTDOWN', 'PEDESTRIAN']);
    expect(await popup.locator('#log li.refused').count()).toBe(0);

    await app.click('#refuse');
    const refused = popup.locator('#log li.refused');
    await refused.waitFor({ timeout: 10_000 });
    expect(await refused.locator('.type').textContent()).toBe('TIMER');
    expect(await refused.locator('.seat').textContent()).toBe('east');
    expect(await refused.locator('.code').textContent()).toBe('NOT_NOW');
    expect(await refused.locator('.message').textContent()).toBe('Not in this light.');
    expect(await popup.locator('#log li').count()).toBe(5);
    // the chart was laid out once: highlighting does not re-layout
    expect(await popup.locator('#chart').getAttribute('data-layout')).toBe(layouts);
  }, 30_000);

  it('ignores a message from a window that is not the opener, even of the same origin', async () => {
    const before = Number(await popup.locator('#window-status').getAttribute('data-ignored'));
    const sessionId = await popup.$eval('#actor-picker option:nth-child(2)', (option) => (option as HTMLOptionElement).value);
    await popup.evaluate((id) => {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.srcdoc = `<script>parent.postMessage(${JSON.stringify({
        type: '@xstate.snapshot',
        _version: '0.7.2',
        sessionId: id,
        event: { type: 'FORGED' },
        snapshot: { value: 'green', status: 'active', context: {} },
      })}, '*');</script>`;
      document.body.appendChild(frame);
    }, sessionId);
    await popup.waitForFunction((n) => Number(document.querySelector('#window-status')?.getAttribute('data-ignored')) > n, before, { timeout: 10_000 });
    expect(await popup.locator('#window-status').textContent()).toContain('from other origins ignored');
    expect(await activeStates(popup)).toEqual(['red', 'red.wait']);
    expect(await popup.locator('#current-state').getAttribute('data-state')).toBe('red.wait');
  }, 30_000);

  it('ignores messages from an origin that is neither loopback nor allowed, and accepts it once allowed', async () => {
    const evilOrigin = `http://evil.test:${appPort}`;
    const inspectorUrl = `${inspectorOrigin}/?allow=${encodeURIComponent('http://elsewhere.test:1')}`;
    const intruder = await context.newPage();
    const opened = context.waitForEvent('page');
    await intruder.goto(`${evilOrigin}/intruder.html?inspector=${encodeURIComponent(inspectorUrl)}`);
    expect(await intruder.evaluate(() => location.origin)).toBe(evilOrigin);
    const victim = await opened;
    await intruder.waitForFunction(() => (window as unknown as { posted?: boolean }).posted === true, undefined, { timeout: 10_000 });
    await victim.waitForFunction(() => Number(document.querySelector('#window-status')?.getAttribute('data-ignored')) >= 1, undefined, { timeout: 10_000 });
    expect(await victim.locator('#window-status').getAttribute('data-accepted')).toBe('0');
    expect(await victim.locator('#chart [data-state]').count()).toBe(0);
    expect(await victim.locator('#actor-picker option').count()).toBe(1);
    await victim.close();

    // the same page, with its origin listed in ?allow=, is read: the check above failed on the origin alone
    const allowedUrl = `${inspectorOrigin}/?allow=${encodeURIComponent(`http://elsewhere.test:1,${evilOrigin}`)}`;
    const openedAllowed = context.waitForEvent('page');
    await intruder.goto(`${evilOrigin}/intruder.html?inspector=${encodeURIComponent(allowedUrl)}`);
    const allowed = await openedAllowed;
    await allowed.locator('#chart [data-state="owned"].active').waitFor({ timeout: 10_000 });
    expect(await allowed.locator('#window-status').getAttribute('data-ignored')).toBe('0');
    await allowed.close();
    await intruder.close();
  }, 30_000);
});
