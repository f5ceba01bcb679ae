/**
 * End to end in real headless Chromium: `charleston inspect` serving a scenario; the page is stepped through the
 * whole script and the highlighted state follows every step from firstCharleston.right to complete (the fixed
 * test hooks `data-state-path` and `data-active`); a refused event appears in the log with its code; stepping
 * back keeps one table actor; clicking a log row shows that moment without touching the table.
 */
import { readFileSync } from 'node:fs';
import { launchChromium } from '../client/support/browser.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { runScript } from '../../src/script/run.js';
import { parseScriptText } from '../../src/script/script.js';

const script = parseScriptText(readFileSync('examples/full-charleston.json', 'utf8'));
/** The phase after each step that sends an event (the session applies those, in order). */
const phases = runScript(script).steps.filter((step) => step.outcome !== 'none').map((step) => step.phase);

let server: InspectorServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startInspectorServer({ session: { source: { kind: 'script', script, label: 'full-charleston' } } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const currentState = (p: Page): Promise<string | null> => p.locator('#current-state').getAttribute('data-state');

describe('the inspector page on a live session', () => {
  it('draws every state of the machine', async () => {
    await page.goto(server.url);
    await page.locator(`#chart [data-state="firstCharleston.right"].active`).waitFor({ timeout: 20_000 });
    for (const path of [
      'deal',
      'firstCharleston.right',
      'firstCharleston.across',
      'firstCharleston.left',
      'stopCheckpoint',
      'secondCharleston.left',
      'secondCharleston.across',
      'secondCharleston.right',
      'courtesy',
      'courtesy.eastWest.offering',
      'courtesy.southNorth.exchanging',
      'complete',
      'declarationReview',
      'eastMahjong',
      'misdeal',
    ]) {
      expect(await page.locator(`#chart [data-state-path="${path}"]`).count(), path).toBe(1);
    }
    // misdeal.declare: the same R12 transition, declared in the play states and the declaration review, is drawn once
    // (one label, one junction); the review's dispute (guard isDispute, a declarationDisputed misdeal) has its own.
    expect(await page.locator('#chart .edge-label .label-text', { hasText: 'misdeal.declare' }).count()).toBe(2);
    expect(await page.locator('#chart circle.hub').count()).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('follows each step from firstCharleston.right to complete, highlighting the active state', async () => {
    expect(await currentState(page)).toBe('firstCharleston.right');
    expect(phases.at(-1)).toBe('complete');
    for (const [index, phase] of phases.entries()) {
      await page.click('#step');
      await page.waitForFunction(
        ([want, count]) =>
          document.querySelector('#current-state')?.getAttribute('data-state') === want &&
          document.querySelectorAll('#log li').length === count,
        [phase, index + 1] as const,
        { timeout: 10_000 },
      );
      const top = phase.split('.')[0] as string;
      expect(await page.locator(`#chart [data-state-path="${top}"][data-active="true"]`).count(), `step ${index}: ${phase}`).toBe(1);
    }
    expect(await currentState(page)).toBe('complete');
    expect(await page.locator(`#chart [data-state-path="firstCharleston.right"][data-active]`).count()).toBe(0);
  }, 120_000);

  it('shows a refused event in the log with its code', async () => {
    const refused = page.locator('#log li.refused');
    expect(await refused.count()).toBeGreaterThanOrEqual(2);
    expect(await refused.locator('.code').allTextContents()).toEqual(expect.arrayContaining(['JOKER_NOT_PASSABLE', 'NOT_NOW']));
  });

  it('steps back and replays to the same state', async () => {
    const total = String(phases.length);
    const before = String(phases.length - 1);
    await page.click('#back');
    await page.waitForFunction(([cursor, want]) => document.querySelector('#cursor')?.getAttribute('data-cursor') === cursor && document.querySelector('#current-state')?.getAttribute('data-state') === want, [before, phases.at(-2) as string] as const);
    await page.click('#step');
    await page.waitForFunction((cursor) => document.querySelector('#cursor')?.getAttribute('data-cursor') === cursor && document.querySelector('#current-state')?.getAttribute('data-state') === 'complete', total);
  }, 60_000);

  it('keeps one table actor in the picker however often it steps back', async () => {
    const total = phases.length;
    for (let i = 0; i < 3; i += 1) {
      await page.click('#back');
      // the cursor, not only the phase (two steps in a row may share a phase)
      await page.waitForFunction(
        ([cursor, want]) => document.querySelector('#cursor')?.getAttribute('data-cursor') === cursor && document.querySelector('#current-state')?.getAttribute('data-state') === want,
        [String(total - 1 - i), phases.at(-2 - i) as string] as const,
      );
    }
    await page.waitForFunction(() => document.querySelectorAll('#log li[data-type="inspector.rewind"]').length >= 4);
    const options = await page.locator('#actor-picker option').allTextContents();
    expect(options.filter((text) => text.includes('charleston'))).toHaveLength(1);
    // the step backs are rows of the log
    expect(await page.locator('#log li[data-type="inspector.rewind"]').count()).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 3; i += 1) await page.click('#step');
    await page.waitForFunction((cursor) => document.querySelector('#cursor')?.getAttribute('data-cursor') === cursor && document.querySelector('#current-state')?.getAttribute('data-state') === 'complete', String(total));
  }, 60_000);

  it('clicking a log row shows the chart and context as they were, and leaves the table alone', async () => {
    const cursor = await page.locator('#cursor').getAttribute('data-cursor');
    const row = page.locator('#log li[data-type="pass.commit"]').first();
    await row.click();
    await page.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'firstCharleston.right');
    expect(await page.locator('#chart [data-state-path="firstCharleston.right"][data-active="true"]').count()).toBe(1);
    expect(await page.locator('#moment').isVisible()).toBe(true);
    expect(await page.locator('#context').textContent()).toContain('"racks"');
    expect(await page.locator('#payload').textContent()).toContain('"pass.commit"');
    expect(await page.locator('#cursor').getAttribute('data-cursor')).toBe(cursor);
    expect(server.session?.service.phase).toBe('complete');
    await page.click('#live');
    await page.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'complete');
  }, 60_000);
});
