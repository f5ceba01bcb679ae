/**
 * The inspector following a table with the admin link (`/inspect#table=ID&token=ADMIN`) shows, while the stop vote is
 * open, who has voted and not how, and while a courtesy pair is offering, who has offered and not how many: it reads
 * the same log and public views as every other route (real headless Chromium, a real service).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { DESKTOP } from '../client/support/browser.js';
import { useServiceBrowser } from '../client/support/suite.js';

const suite = useServiceBrowser();

const DEAL: Record<Seat, string[]> = {
  east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'RD', 'RD', 'J', 'F', 'F'],
  south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'GD', 'GD', 'S', 'S'],
  west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'WD', 'WD', 'J', 'J'],
  north: ['N', 'N', 'N', 'E', 'E', 'E', 'W', 'W', 'W', '1B', '1C', '1D', 'F'],
};

/** What the inspector shows of the table's events: the log, the last event's payload, the context. */
async function shown(page: Page, rows: number): Promise<string> {
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n, rows, { timeout: 20_000 });
  return page.evaluate(() => ['#log', '#payload', '#context'].map((selector) => document.querySelector(selector)?.textContent ?? '').join('\n'));
}

describe('the inspector with the admin link', () => {
  it('shows who voted and who offered while those choices are open, never how', async () => {
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { deal: DEAL });
    const send = async (seat: Seat, event: Record<string, unknown>): Promise<void> => {
      const reply = await suite.server.api('POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event: { ...event, seat } } });
      expect(reply.status).toBe(200);
    };
    for (let round = 0; round < 3; round += 1) for (const seat of SEATS) await send(seat, { type: 'pass.commit', tiles: DEAL[seat].slice(3 * round, 3 * round + 3) });
    await send('south', { type: 'vote.cast', vote: 'continue' });
    const page = await suite.openPage(`${suite.server.base}/inspect#table=${table.id}&token=${table.tokens.admin}`, DESKTOP);
    await page.locator('#chart [data-state-path="stopCheckpoint"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    const atCheckpoint = await shown(page, 13);
    expect(atCheckpoint).toContain('vote.cast');
    expect(atCheckpoint).not.toMatch(/continue/);

    await send('west', { type: 'vote.cast', vote: 'stop' });
    await send('north', { type: 'courtesy.offer', count: 2 });
    await page.locator('#chart [data-state-path="courtesy"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    const offering = await shown(page, 15);
    expect(offering).toContain('courtesy.offer');
    expect(offering).toMatch(/continue/); // the vote is over: shown as it was
    expect(offering).not.toMatch(/"count"/);
  }, 120_000);
});
