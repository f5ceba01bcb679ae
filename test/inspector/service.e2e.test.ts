/**
 * End to end with the real table service (`src/server/`, over PGlite in memory) in headless Chromium: the service
 * serves this page at `/inspect`; opened with a table's id and admin token in the fragment, it follows that live
 * table as its players play it through the HTTP API, read-only: the chart with the phase highlighted, the public
 * view, and the event log read with the admin token.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src/server/app.js';
import { phaseOfSnapshot, type CharlestonEvent, type Seat } from '../../src/index.js';
import { playHand } from '../../src/entries/bots.js';
import { launchChromium } from './helpers.js';

let service: Service;
let base: string;
let browser: Browser;
let page: Page;
let table: { id: string; tokens: Record<string, string> };
const moves: { by: Seat | 'table'; event: CharlestonEvent }[] = [];
let endPhase = '';

beforeAll(async () => {
  const outcome = playHand({ seed: 21, onEvent: ({ by, event }) => moves.push({ by, event }) });
  endPhase = phaseOfSnapshot(outcome.engine.getSnapshot());
  service = await createService({ location: { kind: 'pglite', dir: null } });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  const created = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seed: 21 }) });
  expect(created.status).toBe(201);
  table = (await created.json()) as typeof table;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

/** A player sends its event through the service's API with its own seat token. */
async function playerSends(move: { by: Seat | 'table'; event: CharlestonEvent }): Promise<void> {
  // A table event (a redeal) names no seat: any seat token sends it (the admin token sends no event).
  const token = move.by === 'table' ? table.tokens['east'] : table.tokens[move.by];
  const reply = await fetch(`${base}/api/tables/${table.id}/events`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ event: move.event }) });
  expect([200, 422]).toContain(reply.status);
}

describe('the inspector served by the table service', () => {
  it('is served at /inspect and follows a live table read-only with its admin token', async () => {
    expect((await fetch(`${base}/inspect`)).status).toBe(200);
    await page.goto(`${base}/inspect#table=${table.id}&token=${table.tokens['admin']}`);
    await page.locator('#chart [data-state-path="firstCharleston.right"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await page.locator('#connection').getAttribute('data-status')).toBe('open');
    expect(await page.locator('#controls').isHidden()).toBe(true);
    for (const move of moves.slice(0, 4)) await playerSends(move);
    await page.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'firstCharleston.across');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 4);
    expect(await page.locator('#log li .type').allTextContents()).toEqual(['pass.commit', 'pass.commit', 'pass.commit', 'pass.commit']);
    expect(await page.locator('#context').textContent()).toContain('"counts"');
    for (const move of moves.slice(4)) await playerSends(move);
    await page.waitForFunction((want) => document.querySelector('#current-state')?.getAttribute('data-state') === want, endPhase);
    expect(await page.locator(`#chart [data-state-path="${endPhase}"][data-active="true"]`).count()).toBe(1);
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n, moves.length);
  }, 60_000);

  it('a wrong token is refused; a seat token gets its own view, and the review once the hand has ended', async () => {
    const wrong = await browser.newPage();
    await wrong.goto(`${base}/inspect#table=${table.id}&token=not-a-token`);
    await wrong.waitForFunction(() => document.querySelector('#connection')?.getAttribute('data-status') === 'refused');
    expect(await wrong.locator('#chart [data-state-path]').count()).toBe(0);
    await wrong.close();

    const seat = await browser.newPage();
    const logRead = seat.waitForResponse((response) => response.url().includes(`/api/tables/${table.id}/log`), { timeout: 20_000 });
    await seat.goto(`${base}/inspect#table=${table.id}&token=${table.tokens['east']}`);
    await seat.locator('#chart [data-state-path]').first().waitFor({ state: 'attached', timeout: 20_000 });
    const log = await logRead;
    expect(log.status()).toBe(200);
    // The first test played the hand to its end: every token of the table now reads the whole hand, faces included.
    const review = (await log.json()) as { events: Array<{ event: Record<string, unknown> }>; hidden: boolean };
    expect(review.hidden).toBe(false);
    expect(review.events.length).toBeGreaterThanOrEqual(12);
    expect(review.events.find((entry) => entry.event.type === 'pass.commit')?.event.tiles).toHaveLength(3);
    await seat.waitForFunction((n) => document.querySelectorAll('#log li').length === n, review.events.length);
    const context = (await seat.locator('#context').textContent()) ?? '';
    expect(context).toContain('"seat": "east"');
    expect(context).not.toContain('"racks"');
    expect(context).not.toContain('"wall"');
    await seat.close();
  }, 30_000);
});
