/**
 * A tile's face is its engraving, in real headless Chromium: at a table of the service, East's rack (a deal holding
 * every kind of tile) shows the same letters on every face in English, Catalan, Swahili and Greek (E, S, W, N; the
 * ranks' digits; the dragons', flower's and joker's printed words), while each face's accessible name is in the
 * page's language ("East wind", "Ανατολικός άνεμος").
 */
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { LOCALES, type Tile } from '../../src/index.js';
import { engravingOf } from '../../src/client/engraving.js';
import { tileLabel } from '../../src/client/tiles.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { dealWithEast } from './support/deals.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

/** East's rack: the four winds, the three dragons, a flower, a joker and suited tiles of each suit. */
const RACK: readonly Tile[] = ['E', 'S', 'W', 'N', 'RD', 'GD', 'WD', 'F', 'J', '1B', '5C', '9D', '2B', '3C'];

describe('tile faces in four languages', () => {
  it('shows the engraving on every face of the rack and names each tile in the page language', async () => {
    const table = await suite.createTable({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, { seed: 1, deal: dealWithEast(RACK) });
    const faces: Record<string, string[]> = {};
    for (const [index, locale] of LOCALES.entries()) {
      const viewport = index % 2 === 0 ? PHONE : DESKTOP;
      const page = await suite.openPage(`${suite.server.base}/t/${table.id}?lang=${locale}#${table.tokens.east}`, viewport, { reduceMotion: true });
      await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      const rack = await page.locator('[data-tile]').evaluateAll((buttons) =>
        buttons.map((button) => ({
          tile: button.getAttribute('data-tile') ?? '',
          label: button.getAttribute('aria-label') ?? '',
          face: [...button.querySelectorAll('svg text')].map((text) => text.textContent ?? '').join(' '),
        })),
      );
      expect(rack.map((tile) => tile.tile).sort()).toEqual([...RACK].sort());
      for (const { tile, label, face } of rack) {
        expect(face, `${locale} ${tile}`).toBe(engravingOf(tile as Tile));
        expect(label, `${locale} ${tile}`).toBe(tileLabel(locale, tile as Tile));
      }
      faces[locale] = rack.map((tile) => `${tile.tile}=${tile.face}`);
    }
    // The same faces in every language, the winds' letters as physical sets print them.
    for (const locale of LOCALES) expect(faces[locale], locale).toEqual(faces.en);
    expect(faces.el).toEqual(expect.arrayContaining(['E=E', 'S=S', 'W=W', 'N=N', 'WD=Soap', 'J=Joker', '5C=5']));
    // The names do change: Greek and Swahili East winds, Catalan West.
    expect(tileLabel('el', 'E')).toBe('Ανατολικός άνεμος');
    expect(tileLabel('sw', 'E')).toBe('Upepo wa mashariki');
    expect(tileLabel('ca', 'W')).toBe("Vent de l'oest");
  }, 90_000);
});
