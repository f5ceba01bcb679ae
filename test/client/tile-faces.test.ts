/**
 * A tile's face is what is engraved on the tile: the same letters in every language (winds E, S, W, N; ranks their
 * digits; the dragons', flower's and joker's words as the sets print them). Only the spoken name changes with the
 * language ("East wind", "Ανατολικός άνεμος"). Read from the rendered faces: the rack's buttons and plain faces.
 */
import '../../src/i18n/locales.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOCALES, TILE_CODES, type Tile } from '../../src/index.js';
import { engravingOf } from '../../src/client/engraving.js';
import { tileLabel, tileName } from '../../src/client/tiles.js';
import { RackTile, TileFace } from '../../src/client/ui/Tile.js';

const decode = (text: string): string => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** The words written on a face (the SVG's text elements), in order. */
const faceText = (html: string): string[] => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => decode(match[1] as string));
const labelOf = (html: string): string => decode(/aria-label="([^"]*)"/.exec(html)?.[1] ?? '');

const face = (locale: (typeof LOCALES)[number], tile: Tile): string => renderToStaticMarkup(createElement(TileFace, { locale, tile }));
const rackTile = (locale: (typeof LOCALES)[number], tile: Tile): string =>
  renderToStaticMarkup(createElement(RackTile, { locale, tile, pressed: false, suggested: false, isNew: false, onToggle: () => undefined, onSubmit: () => undefined }));

/** What the physical sets print: the English face of before. */
const ENGRAVED: Record<string, string> = { E: 'E', S: 'S', W: 'W', N: 'N', RD: 'Red', GD: 'Green', WD: 'Soap', F: 'Flower', J: 'Joker' };

describe('tile faces are the engraving', () => {
  it.each(LOCALES)('in %s every face shows the letters engraved on the tile', (locale) => {
    for (const tile of TILE_CODES) {
      const expected = /^[1-9][BCD]$/.test(tile) ? tile.slice(0, 1) : ENGRAVED[tile];
      expect(faceText(face(locale, tile)), `${locale} ${tile}`).toEqual([expected]);
      expect(faceText(rackTile(locale, tile)), `${locale} ${tile} (rack)`).toEqual([expected]);
      expect(engravingOf(tile)).toBe(expected);
    }
  });

  it('draws the same face in every language; only the accessible name changes', () => {
    for (const tile of TILE_CODES) {
      const faces = LOCALES.map((locale) => face(locale, tile).replace(/aria-label="[^"]*"/, ''));
      expect(new Set(faces).size, tile).toBe(1);
    }
    expect(LOCALES.map((locale) => faceText(face(locale, 'W'))[0])).toEqual(['W', 'W', 'W', 'W']);
    expect(LOCALES.map((locale) => faceText(face(locale, 'N'))[0])).toEqual(['N', 'N', 'N', 'N']);
  });

  it.each([
    ['en', 'E', 'East wind'],
    ['el', 'E', 'Ανατολικός άνεμος'],
    ['el', 'N', 'Βόρειος άνεμος'],
    ['el', 'S', 'Νότιος άνεμος'],
    ['ca', 'W', "Vent de l'oest"],
    ['sw', 'E', 'Upepo wa mashariki'],
    ['sw', 'W', 'Upepo wa magharibi'],
    ['en', '5C', 'Five crak'],
    ['el', 'J', 'Τζόκερ'],
  ] as const)('names %s %s "%s" (aria-label of the face and the rack button)', (locale, tile, name) => {
    expect(labelOf(face(locale, tile))).toBe(name);
    expect(labelOf(rackTile(locale, tile))).toBe(name);
    expect(tileLabel(locale, tile)).toBe(name);
  });

  it('capitalizes only the first letter of the spoken name, keeping a Greek accent', () => {
    for (const locale of LOCALES) {
      for (const tile of TILE_CODES) {
        const name = tileName(locale, tile);
        expect(tileLabel(locale, tile).slice(1), `${locale} ${tile}`).toBe(name.slice(1));
        expect(tileLabel(locale, tile).toLowerCase(), `${locale} ${tile}`).toBe(name.toLowerCase());
      }
    }
  });
});
