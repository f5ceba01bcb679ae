/**
 * The clock on each seat's plaque, and the clock's notice that leaves at the next decision, in real headless
 * Chromium against the service run in this process with a time source the test moves (never the wall clock): two
 * people (East on a phone, South on a desktop) and two teacher bots. While a seat's clock runs its plaque carries
 * `data-clock="<seat>"` on both pages; the old countdown line is gone; when South's time runs out the notice says
 * so, once in a polite live region, and it goes when the next decision comes. Screenshots go to shots/ when
 * CHARLESTON_SHOTS names a folder.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/server/app.js';
import { PHONE, launchChromium } from './support/browser.js';
import { actAndConfirm, chooseTiles, waitUntilSettled } from './support/play.js';
import { TestTime } from '../server/test-time.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const WIDE = { width: 1440, height: 900 } as const;
const SHOTS = process.env.CHARLESTON_SHOTS;

const time = new TestTime();
let service: Service;
let base: string;
let browser: Browser;

beforeAll(async () => {
  service = await createService({ distDir: DIST, location: { kind: 'pglite', dir: null }, master: { time, clockSweepMillis: 0 } });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function open(url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const clocks = (page: Page): Promise<string[]> => page.locator('[data-clock]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-clock') ?? '').sort());

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('the clocks on the plaques', () => {
  it("each running clock is on its seat's plaque; the notice of a clock that ran out goes at the next decision", async () => {
    const created = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seats: { east: 'human', south: 'human', west: 'teacher', north: 'teacher' }, seed: 2020, clock: 30, locale: 'en', names: { south: 'Bev' } }),
    });
    expect(created.status).toBe(201);
    const { id, tokens } = (await created.json()) as { id: string; tokens: Record<string, string> };
    const east = await open(`${base}/t/${id}?lang=en#${tokens.east}`, PHONE);
    const south = await open(`${base}/t/${id}?lang=en#${tokens.south}`, WIDE);
    for (const page of [east, south]) {
      await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
      // Both people are here: the clock runs for the two seats the table waits for, each on its own plaque.
      await expect.poll(() => clocks(page)).toEqual(['east', 'south']);
      expect(await page.locator('.seat[data-seat="east"] .plaque [data-clock="east"]').count()).toBe(1);
      expect(await page.locator('.seat[data-seat="south"] .plaque [data-clock="south"]').count()).toBe(1);
      // The old one-line countdown of all four seats is gone.
      expect(await page.locator('.clock-heading').count()).toBe(0);
      expect(await page.locator('[data-clock="south"]').getAttribute('role')).toBe('timer');
    }
    await shoot(east, 'plaque-clocks-390');
    await shoot(south, 'plaque-clocks-1440');
    // East passes: East's clock stops (no plaque clock for East); South's still runs.
    await chooseTiles(east, 3);
    await actAndConfirm(east, 'pass');
    await waitUntilSettled(east);
    for (const page of [east, south]) await expect.poll(() => clocks(page)).toEqual(['south']);
    expect(await east.locator('.notice').count()).toBe(0);

    // South's time runs out: the teacher plays it, the pass resolves, and both pages say so, once each.
    time.advance(30_000);
    for (const page of [east, south]) {
      await page.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
      await page.locator('.notice[data-notice="CLOCK_RAN_OUT"]').waitFor({ timeout: 15_000 });
      expect(await page.locator('.notice').textContent()).toContain('Time ran out for Bev (South)');
      expect(await page.locator('.notice').evaluate((node) => node.parentElement?.getAttribute('aria-live'))).toBe('polite');
      await expect.poll(() => clocks(page)).toEqual(['east', 'south']);
    }
    await shoot(east, 'clock-notice-390');
    // The next decision: both pass across; at the left pass the notice is gone, on both pages.
    for (const page of [east, south]) {
      await chooseTiles(page, 3);
      await actAndConfirm(page, 'pass');
      await waitUntilSettled(page);
    }
    for (const page of [east, south]) {
      await page.locator('[data-phase="firstCharleston.left"]').waitFor({ timeout: 15_000 });
      expect(await page.locator('.notice').count()).toBe(0);
      await page.context().close();
    }
  }, 120_000);
});
