/**
 * The clock waits for the people, in real headless Chromium: a table with a 10-second clock and four people, whose
 * four pages open their links one by one. After each of the first three, every open page says whom the table waits
 * for (exactly the seats whose links are not open yet, by name where the table has one) and shows no countdown,
 * and the table's body has no deadline; after the fourth, the line is gone, the countdown shows, and the deadlines
 * exist. No sleep: each step waits for the pages' `data-version` (each join is a version) or their text.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { axeFindings } from './support/axe.js';
import { DESKTOP } from './support/browser.js';
import { useServiceBrowser } from './support/suite.js';

// The full browser (/usr/bin/chromium), as people run it; the other browser files use the headless shell.
const suite = useServiceBrowser({ fullChromium: true });

/** Waits until the page's table is at `version` or later. */
async function atVersion(page: Page, version: number): Promise<void> {
  await page.waitForFunction((least) => Number(document.querySelector('.table-page')?.getAttribute('data-version') ?? -1) >= least, version, { timeout: 15_000 });
}

describe('the clock waits for the people', () => {
  it('four pages open their links one by one: each says whom the table waits for; the fourth starts the clock', async () => {
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 4040, clock: 10, locale: 'en', names: { south: 'Bev', north: 'Ruth' } });
    const spectator = table.tokens.spectator as string;
    const body = async (): Promise<Record<string, any>> => (await suite.server.api('GET', `/api/tables/${table.id}`, { token: spectator })).body;
    expect(await body()).toMatchObject({ version: 0, joining: SEATS, clock: { started: false, deadlines: {} } });
    const expected: Record<number, string> = {
      1: 'Waiting for Bev, West, and Ruth to join',
      2: 'Waiting for West and Ruth to join',
      3: 'Waiting for Ruth to join',
    };
    const pages: Page[] = [];
    for (const [index, seat] of SEATS.entries()) {
      pages.push(await suite.openPage(`${suite.server.base}/t/${table.id}?lang=en#${table.tokens[seat] as string}`, DESKTOP, { reduceMotion: true }));
      const joined = index + 1;
      const notYet: Seat[] = SEATS.slice(joined);
      for (const page of pages) await atVersion(page, joined);
      if (notYet.length > 0) {
        for (const page of pages) {
          const line = page.locator('.joining');
          expect(await line.textContent()).toBe(expected[joined]);
          expect(await line.getAttribute('data-joining')).toBe(notYet.join(' '));
          expect(await page.locator('.clock').count()).toBe(0);
        }
        expect(await body()).toMatchObject({ version: joined, joining: notYet, clock: { started: false, deadlines: {} } });
        if (joined === 1) {
          // The waiting line is plain text in the page's flow: no serious or critical axe-core finding with it.
          expect(await axeFindings(pages[0] as Page)).toEqual([]);
        }
      }
    }
    // Everyone is here: the line is gone, the countdown shows, every seat has its deadline.
    const started = await body();
    expect(started).toMatchObject({ joining: [], clock: { seconds: 10, started: true } });
    expect(Object.keys(started.clock.deadlines).sort()).toEqual([...SEATS].sort());
    for (const page of pages) {
      await page.locator('.clock [data-countdown]').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.joining').count()).toBe(0);
    }
  }, 120_000);
});
