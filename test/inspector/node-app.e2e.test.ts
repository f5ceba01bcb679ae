/**
 * Node apps inspected end to end: real child processes run the examples in examples/inspect-node, sending with
 * `@statelyai/inspect`'s `createWebSocketInspector({ url: 'ws://127.0.0.1:PORT/inspect' })` to a
 * `charleston inspect` server without a table, and a page in real headless Chromium shows them: the traffic
 * light with its invoked child, the Charleston engine embedded in a Node process and played by four bots, and
 * the game machine with the Charleston invoked inside (both actors, and the sequence of events between them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { launchChromium } from './helpers.js';

let server: InspectorServer;
let browser: Browser;
let page: Page;
const children: ChildProcess[] = [];

/** Runs an example; resolves with its first stdout line starting `done`. */
function runExample(file: string, ...args: string[]): Promise<string> {
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, file, server.inspectUrl, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('done'));
      if (line !== undefined) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was done: ${out}`)));
  });
}

beforeAll(async () => {
  server = await startInspectorServer({});
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await browser?.close();
  await server?.close();
});

describe('Node apps at /inspect', () => {
  it('shows a Node process’s machine, its invoked child, its events and context', async () => {
    expect(await runExample('examples/inspect-node/traffic.mjs')).toBe('done "green" cycles=1');
    await page.goto(server.url);
    await page.locator('#chart svg[data-machine="traffic"]').waitFor({ timeout: 20_000 });
    await page.locator('#chart [data-state-path="green"][data-active="true"]').waitFor();
    expect(await page.locator('#connection').getAttribute('data-status')).toBe('open');
    const options = await page.locator('#actor-picker option').allTextContents();
    expect(options.some((text) => text.includes('traffic') && text.includes('Node app'))).toBe(true);
    expect(options.some((text) => text.includes('↳ crossing'))).toBe(true);
    const types = await page.locator('#log li .type').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['CAR', 'TIMER', 'HURRY', 'CLEAR', 'CROSSED']));
    expect(await page.locator('#context').textContent()).toContain('"cycles": 1');
    expect(await page.locator('#chart .edge-label .label-text').allTextContents()).toEqual(expect.arrayContaining(['onDone', 'after 3000']));
  }, 60_000);

  it('shows the Charleston engine embedded in a Node process, and follows the most recently active app', async () => {
    expect(await runExample('examples/inspect-node/charleston.mjs', '7')).toMatch(/^done complete after \d+ events$/);
    await page.locator('#chart svg[data-machine="charleston"]').waitFor({ timeout: 20_000 });
    await page.locator('#chart [data-state-path="complete"][data-active="true"]').waitFor();
    expect(await page.locator('#current-state').getAttribute('data-state')).toBe('complete');
    expect(await page.locator('#log li[data-type="pass.commit"]').count()).toBeGreaterThanOrEqual(12);
    expect(await page.locator('#context').textContent()).toContain('"racks"');
    // both apps stay in the picker; picking the light draws it again
    const light = await page.$eval('#actor-picker', (select) => [...(select as HTMLSelectElement).options].find((o) => o.textContent?.includes('traffic'))?.value ?? '');
    await page.selectOption('#actor-picker', light);
    await page.locator('#chart svg[data-machine="traffic"]').waitFor();
  }, 60_000);

  it('shows the game machine and the Charleston invoked inside it, with the events between them', async () => {
    expect(await runExample('examples/inspect-node/game.ts', '2026')).toBe('done "play"');
    await page.selectOption('#actor-picker', '');
    await page.locator('#chart svg[data-machine="game"]').waitFor({ timeout: 20_000 });
    await page.locator('#chart [data-state-path="play"][data-active="true"]').waitFor();
    expect(await page.locator('#chart .edge-label .label-text').allTextContents()).toEqual(expect.arrayContaining(['onDone', 'onError']));
    expect(await page.locator('#context').textContent()).toContain('"wall"'); // the Charleston's output, in the game's context
    const options = await page.locator('#actor-picker option').allTextContents();
    const childOption = options.find((text) => text.includes('↳ charleston'));
    expect(childOption).toBeDefined();
    // the sequence view of the game: engine.submit down to the child, the refusal and the done event back up
    const messages = await page.locator('#sequence .message-type').allTextContents();
    expect(messages).toEqual(expect.arrayContaining(['engine.submit', 'charleston.rejected']));
    expect(messages.some((type) => type.startsWith('xstate.done.actor'))).toBe(true);
    // the child: the Charleston's own chart, finished in complete
    const child = await page.$eval('#actor-picker', (select) => [...(select as HTMLSelectElement).options].find((o) => o.textContent?.includes('↳ charleston'))?.value ?? '');
    await page.selectOption('#actor-picker', child);
    await page.locator('#chart svg[data-machine="charleston"]').waitFor();
    await page.locator('#chart [data-state-path="complete"][data-active="true"]').waitFor();
    expect(await page.locator('#log li[data-type="engine.submit"]').count()).toBeGreaterThan(10);
  }, 60_000);
});
