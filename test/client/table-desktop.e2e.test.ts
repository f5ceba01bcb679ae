/**
 * The client drawn as a table at 1440×900, in real Chromium, in all four languages: the walk of table.e2e (a whole
 * solo hand phase by phase; at each step only the phase's controls, nothing cut off, named tiles, no serious or
 * critical axe-core finding; support/solo-table.ts) on a desktop, in a file of its own so that two workers share
 * the walks; and the rack on one row.
 */
import { describe, expect, it } from 'vitest';
import { WIDE, useSoloTable, walkChecked } from './support/solo-table.js';

const table = useSoloTable();

describe('the table in the browser, on a desktop', () => {
  for (const locale of ['en', 'ca', 'sw', 'el'] as const) {
    it(`plays a hand at ${WIDE.width}×${WIDE.height} in ${locale}: only the phase's controls, nothing cut off, named tiles, no serious axe violation`, () => walkChecked(table, WIDE, locale), 240_000);
  }

  it('lays the rack on one row at 1440 px', async () => {
    const page = await table.openSolo('seed=2026&botDelay=0', WIDE);
    const tops = await page.locator('[data-tile]').evaluateAll((tiles) => [...new Set(tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)))]);
    expect(tops.length).toBe(1);
    await page.context().close();
  });
});
