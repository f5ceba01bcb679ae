/**
 * The inspector from the demo: `charleston serve --demo` prints the demo table's inspector link with the table's
 * spectator token (never the admin token); at 390×844 that link shows the table's phase with nothing overflowing,
 * the chart readable (1:1, on the active state), and no failing request; plain `/inspect` says how to follow a
 * table and asks the service for nothing (no `/ws`).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../scripts/build-client.js';
import { buildInspector } from '../../scripts/build-inspector.js';
import { startChild, stopChild, type ChildNode } from '../server/child.js';
import { PHONE, launchChromium } from './support/browser.js';

let browser: Browser;
let child: ChildNode;

beforeAll(async () => {
  // The service serves the checkout's dist/: build the two pages it serves.
  await Promise.all([buildInspector(), buildClient()]);
  browser = await launchChromium();
  child = await startChild('pglite:memory', ['--demo']);
  await child.waitLines(3);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (child) await stopChild(child);
});

/** Opens `url` at 390×844 and records every request that failed or was answered 4xx/5xx. */
async function openPhone(url: string): Promise<{ page: Page; failed: string[] }> {
  const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} failed`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  page.on('websocket', (socket) => socket.on('socketerror', (error) => failed.push(`${socket.url()} ${error}`)));
  await page.goto(url);
  return { page, failed };
}

describe('the inspector from the demo', () => {
  it('prints the inspector link with the spectator token, never the admin token', () => {
    const line = child.lines.find((entry) => entry.startsWith('Inspector'));
    expect(line).toMatch(/^Inspector \(the demo table, as a spectator\): http:\/\/127\.0\.0\.1:\d+\/inspect#table=[\w-]+&token=[\w-]+&role=spectator$/);
    const demo = child.lines.find((entry) => entry.startsWith('Demo table')) ?? '';
    const eastToken = demo.split('#')[1];
    const link = new URL((line ?? '').split(': ').slice(1).join(': '));
    const token = new URLSearchParams(link.hash.slice(1)).get('token');
    expect(token).not.toBe(eastToken);
    expect(child.lines.join('\n')).not.toMatch(/admin/i);
  });

  it('follows the demo table on a phone: the phase, nothing overflowing, a readable chart, no failing request', async () => {
    const line = child.lines.find((entry) => entry.startsWith('Inspector')) ?? '';
    const { page, failed } = await openPhone(line.slice(line.indexOf('http')));
    await page.waitForFunction(() => (document.querySelector('#current-state')?.getAttribute('data-state') ?? '').includes('firstCharleston'), undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const picker = await page.locator('#actor-picker').boundingBox();
    expect(picker !== null && picker.x >= 0 && picker.x + picker.width <= PHONE.width).toBe(true);
    await page.click('[data-tab="chart"]');
    await page.locator('#chart svg').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => Number(document.querySelector('#chart')?.getAttribute('data-scale')) >= 1);
    // The active state is on screen in the chart's viewport, its name drawn at 13 px or more. The demo's bots may
    // still be moving the table on when the chart first draws, and the chart follows each new state: ask until it
    // has followed.
    const active = () =>
      page.evaluate(() => {
        const viewport = document.querySelector('#chart')?.getBoundingClientRect();
        const state = document.querySelector('#chart g.state.leaf.active .name')?.getBoundingClientRect();
        return viewport && state ? { inside: state.left >= viewport.left && state.right <= viewport.right && state.top >= viewport.top && state.bottom <= viewport.bottom, height: state.height } : null;
      });
    await expect.poll(async () => (await active())?.inside, { timeout: 10_000 }).toBe(true);
    expect((await active())?.height ?? 0).toBeGreaterThanOrEqual(12);
    expect(await page.locator('#log-panel .hint').textContent()).toContain('spectator');
    expect(failed).toEqual([]);
    await page.close();
  }, 60_000);

  it('plain /inspect explains how to follow a table and makes no failing request', async () => {
    const { page, failed } = await openPhone(`${child.base}/inspect`);
    await page.click('[data-tab="chart"]');
    await expect.poll(() => page.locator('#chart .placeholder').textContent()).toContain('/inspect#table=ID&token=TOKEN');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(failed).toEqual([]);
    await page.close();
  }, 30_000);
});
