/**
 * The page's controls in real headless Chromium, through a service table and solo practice: a confirm step never
 * outlives the phase it was opened in (two tabs of one seat); keyboard focus never falls to the page's body after a
 * confirm, a cancel or closing the menu; on a phone the control a player needs next is never under the sticky rack.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import type { Seat } from '../../src/index.js';
import { DESKTOP } from './support/browser.js';
import { chooseTiles } from './support/play.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

const openPage = (url: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> => suite.openPage(url, viewport, { reduceMotion: true });

interface Table {
  id: string;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

async function createTable(seats: Record<Seat, 'human' | 'teacher' | 'random'>, extra: Record<string, unknown> = {}): Promise<Table> {
  const reply = await suite.server.api('POST', '/api/tables', { body: { seats, ...extra } });
  expect(reply.status).toBe(201);
  return reply.body as unknown as Table;
}

const flowOf = async (page: Page): Promise<string> => (await page.locator('[data-flow]').getAttribute('data-flow')) ?? '';

describe('a confirm step', () => {
  it('closes when the table moves on while it is open (another tab of the same seat passed); nothing is sent for the next pass', async () => {
    const table = await createTable({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, { seed: 2020, locale: 'en' });
    const url = `${suite.server.base}/t/${table.id}?lang=en#${table.tokens.east as string}`;
    const tabA = await openPage(url);
    const tabB = await openPage(url);
    for (const tab of [tabA, tabB]) await tab.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    // Tab A chooses three tiles and opens its confirm step.
    await chooseTiles(tabA, 3);
    await tabA.click('[data-action="pass"]');
    await tabA.locator('[data-action="confirm"]').waitFor();
    // Tab B passes other tiles for the same seat; with the bots' packets the table moves to the across pass.
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(5).click();
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(6).click();
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(7).click();
    await tabB.click('[data-action="pass"]');
    await tabB.click('[data-action="confirm"]');
    await tabA.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    // The phase and the flow state are attributes of the same root, rendered together: the step is gone, no tile is chosen, and the seat has not passed in the across pass (Pass, no take-back).
    expect(await tabA.locator('[data-action="confirm"]').count()).toBe(0);
    expect(await tabA.locator('[data-tile][aria-pressed="true"]').count()).toBe(0);
    expect(await tabA.locator('[data-action="retract"]').count()).toBe(0);
    expect(await tabA.locator('[data-action="pass"]').isDisabled()).toBe(true);
    expect(await flowOf(tabA)).toBe('live.choosing');
  }, 60_000);
});
