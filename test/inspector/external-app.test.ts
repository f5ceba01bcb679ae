/**
 * A browser app inspected end to end in real headless Chromium: the example app (examples/inspect-browser,
 * served from a second 127.0.0.1 port) calls `createBrowserInspector({ url })`, which opens the inspector page
 * of a `charleston inspect` server without a table as a popup and posts inspection events to it. The page
 * follows the most recently active app actor, draws its machine with edges labelled as written (`onDone`,
 * `after 3000`, `always`), shows its events, payloads and context, the invoked child actor and a sequence view
 * between them, and time travel from the log. Messages from an origin that is not allowed, or from a window
 * that is not the opener, are ignored.
 *
 * A non-loopback origin is real here: Chromium maps the host `evil.test` to 127.0.0.1
 * (`--host-resolver-rules`), so a page served from `http://evil.test:<port>` has that origin.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExample } from '../../examples/inspect-browser/serve.mjs';
import { buildInspector } from '../../scripts/build-inspector.js';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { launchChromium } from './helpers.js';

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

/** Starts an HTTP server on 127.0.0.1 on a free port. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

let outdir: string;
let inspector: InspectorServer;
let example: { url: string; close(): Promise<void> };
let intruderServer: Server | undefined;
let inspectorOrigin: string;
let intruderPort: number;
let browser: Browser | undefined;
let context: BrowserContext;
let app: Page;
let popup: Page;

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'charleston-inspector-'));
  await buildInspector({ outdir });
  inspector = await startInspectorServer({ staticDir: outdir });
  inspectorOrigin = inspector.url.replace(/\/$/, '');
  example = await serveExample();
  const intruder = await listen((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(INTRUDER_HTML));
  intruderServer = intruder.server;
  intruderPort = intruder.port;
  browser = await launchChromium(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  app = await context.newPage();
  const opened = context.waitForEvent('page');
  await app.goto(`${example.url}?inspector=${encodeURIComponent(inspector.url)}`);
  popup = await opened;
  await popup.waitForLoadState('load');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await inspector?.close();
  await example?.close();
  await new Promise<void>((done) => (intruderServer ? intruderServer.close(() => done()) : done()));
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

const activePaths = (page: Page): Promise<string[]> =>
  page.$$eval('#chart g.state[data-active="true"]', (groups) => groups.map((group) => group.getAttribute('data-state-path') ?? '').sort());
const rows = (page: Page): Promise<string[]> => page.locator('#log li .type').allTextContents();

describe('the inspector page opened by a browser app (createBrowserInspector)', () => {
  it('follows the app’s actor by default and draws its machine with edges labelled as written', async () => {
    expect(popup.url()).toBe(inspector.url);
    await popup.locator('#chart [data-state-path="green"][data-active="true"]').waitFor({ timeout: 15_000 });
    expect(await popup.locator('#actor-picker').inputValue()).toBe('');
    expect(await popup.locator('#chart svg').getAttribute('data-machine')).toBe('traffic');
    for (const path of ['green', 'deciding', 'yellow', 'red', 'red.stopped', 'red.cleared']) {
      expect(await popup.locator(`#chart [data-state-path="${path}"]`).count(), path).toBe(1);
    }
    const labels = await popup.locator('#chart .edge-label .label-text').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['TIMER', 'after 3000', 'always [isBusy]', 'always', 'onDone']));
    expect(labels.filter((text) => text.includes('xstate.'))).toEqual([]);
    expect(await popup.locator('#chart [data-state-path="green"] .action-line').allTextContents()).toEqual(['CAR']);
    expect(await popup.locator('#connection').getAttribute('data-status')).toBe('open');
    expect(await popup.locator('#controls').isHidden()).toBe(true);
  }, 30_000);

  it('shows the events, the payload and the context of the app as it runs', async () => {
    for (let i = 0; i < 3; i += 1) await app.click('#car');
    await popup.waitForFunction(() => document.querySelectorAll('#log li').length === 3, undefined, { timeout: 10_000 });
    expect(await popup.locator('#log-count').textContent()).toBe('3');
    expect(await rows(popup)).toEqual(['CAR', 'CAR', 'CAR']);
    await popup.waitForFunction(() => (document.querySelector('#context')?.textContent ?? '').includes('"cars": 3'));
    expect(await popup.locator('#payload').textContent()).toContain('"type": "CAR"');
    await app.click('#timer');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'yellow');
    await app.click('#timer');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'red.stopped');
    expect(await activePaths(popup)).toEqual(['red', 'red.stopped']);
    // the invoked child shows in the picker, under its parent
    await popup.waitForFunction(() => [...document.querySelectorAll('#actor-picker option')].some((o) => o.textContent?.includes('↳ crossing')));
  }, 30_000);

  it('follows the child’s work: events between parent and child, onDone back to green', async () => {
    await app.click('#hurry');
    await app.click('#clear');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'green', undefined, { timeout: 10_000 });
    await popup.waitForFunction(() => (document.querySelector('#context')?.textContent ?? '').includes('"cycles": 1'));
    expect(await rows(popup)).toEqual(expect.arrayContaining(['HURRY', 'CLEAR', 'CROSSED']));
    // the child: its own chart and events, and the sequence view of what the two sent each other
    const child = await popup.$eval('#actor-picker', (select) => [...(select as HTMLSelectElement).options].find((o) => o.textContent?.includes('crossing'))?.value ?? '');
    await popup.selectOption('#actor-picker', child);
    await popup.waitForFunction(() => document.querySelector('#chart svg')?.getAttribute('data-machine') === 'crossing');
    expect(await rows(popup)).toEqual(['HURRY', 'CLEAR']);
    expect(await popup.locator('#chart [data-state-path="done"]').count()).toBe(1);
    const messages = await popup.locator('#sequence .message-type').allTextContents();
    expect(messages).toEqual(expect.arrayContaining(['HURRY', 'CLEAR', 'CROSSED']));
    await popup.selectOption('#actor-picker', '');
    await popup.waitForFunction(() => document.querySelector('#chart svg')?.getAttribute('data-machine') === 'traffic');
  }, 30_000);

  it('clicking a log row shows the chart and context as they were then; the app is not touched', async () => {
    const first = popup.locator('#log li', { hasText: 'TIMER' }).first();
    await first.click();
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'yellow');
    expect(await activePaths(popup)).toEqual(['yellow']);
    expect(await popup.locator('#context').textContent()).toContain('"cars": 3');
    expect(await popup.locator('#payload').textContent()).toContain('"type": "TIMER"');
    expect(await popup.locator('#moment').isVisible()).toBe(true);
    expect(await app.locator('#state').textContent()).toBe('"green"');
    await popup.click('#live');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'green');
    expect(await popup.locator('#moment').isVisible()).toBe(false);
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
        snapshot: { value: 'yellow', status: 'active', context: {} },
      })}, '*');</script>`;
      document.body.appendChild(frame);
    }, sessionId);
    await popup.waitForFunction((n) => Number(document.querySelector('#window-status')?.getAttribute('data-ignored')) > n, before, { timeout: 10_000 });
    expect(await popup.locator('#window-status').textContent()).toContain('from other origins ignored');
    expect(await activePaths(popup)).toEqual(['green']);
    expect(await popup.locator('#current-state').getAttribute('data-state')).toBe('green');
  }, 30_000);

  it('ignores messages from an origin that is neither loopback nor allowed, and accepts it once allowed', async () => {
    const evilOrigin = `http://evil.test:${intruderPort}`;
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
