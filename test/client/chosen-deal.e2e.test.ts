/**
 * A chosen deal is said on the table, in real headless Chromium: a seat's page of a table created with a seed (or a
 * deal) carries `data-chosen-deal` on its root and a visible line that the table's creator chose the deal, in the
 * reader's language; the watch page too; a table dealt at random has neither.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ct } from '../../src/client/i18n/catalog.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();
const BOTS = { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' } as const;

/** The page's root attribute and the text of its chosen-deal line (null when absent), once the table is shown. */
async function chosenOf(page: Page): Promise<{ attribute: string | null; line: string | null }> {
  // The root carries an empty data-phase until the first view has arrived: wait for a phase.
  await page.locator('.table-page[data-phase]:not([data-phase=""])').waitFor({ timeout: 15_000 });
  const line = page.locator('.chosen-deal');
  return {
    attribute: await page.locator('.table-page').getAttribute('data-chosen-deal'),
    line: (await line.count()) === 0 ? null : await line.textContent(),
  };
}

describe('a chosen deal on the table', () => {
  it('a seat and a watcher of a seeded table see it, in English and Greek; a random table shows nothing', async () => {
    const seeded = await suite.createTable(BOTS, { seed: 2026 });
    for (const [locale, viewport] of [['en', DESKTOP], ['el', PHONE]] as const) {
      const page = await suite.openPage(`${suite.server.base}/t/${seeded.id}?lang=${locale}#${seeded.tokens.east}`, viewport, { reduceMotion: true });
      const shown = await chosenOf(page);
      expect(shown.attribute).toBe('true');
      expect(shown.line).toBe(ct(locale, 'table.chosenDeal'));
      expect(await page.locator('.chosen-deal').isVisible()).toBe(true);
    }
    expect(ct('en', 'table.chosenDeal')).toMatch(/^A practice deal chosen by the table's creator/);
    const watcher = await suite.openPage(`${suite.server.base}/t/${seeded.id}?lang=en#${seeded.tokens.spectator}`, PHONE, { reduceMotion: true });
    expect(await chosenOf(watcher)).toEqual({ attribute: 'true', line: ct('en', 'table.chosenDeal') });

    const random = await suite.createTable(BOTS);
    for (const locale of ['en', 'el'] as const) {
      const page = await suite.openPage(`${suite.server.base}/t/${random.id}?lang=${locale}#${random.tokens.east}`, DESKTOP, { reduceMotion: true });
      expect(await chosenOf(page)).toEqual({ attribute: null, line: null });
    }
  }, 120_000);
});
