/**
 * Tiles in words: the spoken name of a tile code in a language ("five crak", "cinc de crak", "crak tano",
 * "πέντε κρακ") for screen readers and confirm texts, the same name capitalized as a tile's own accessible name,
 * and a tile in short text. What a face shows is not here: it is the engraving, the same in every language.
 */
import { JOKER, type Locale, type Tile } from '../index.js';
import { engravingOf } from './engraving.js';
import { ct, type ClientKey } from './i18n/catalog.js';

const SUITED = /^([1-9])([BCD])$/;

/** The spoken name of a tile in `locale`. */
export function tileName(locale: Locale, tile: Tile): string {
  const match = SUITED.exec(tile);
  if (match) {
    const [, rank, suit] = match;
    return ct(locale, 'tile.numbered', {
      rank: ct(locale, `tile.rank.${rank}` as ClientKey),
      suit: ct(locale, `tile.suit.${suit}` as ClientKey),
    });
  }
  return ct(locale, `tile.${tile}` as ClientKey);
}

/**
 * The name of a tile standing alone, as a tile's accessible name: the spoken name with a capital ("East wind",
 * "Ανατολικός άνεμος", "Vent de l'est", "Upepo wa mashariki"). Only the first letter changes, so a Greek accent
 * stays on it (Άνεμος), as Greek writes a capitalized word.
 */
export function tileLabel(locale: Locale, tile: Tile): string {
  const name = tileName(locale, tile);
  const first = String.fromCodePoint(name.codePointAt(0) ?? 0x20);
  return name === '' ? name : first.toUpperCase() + name.slice(first.length);
}

/** A list of tiles in words, joined with commas ("five crak, six crak, north wind"). */
export function tileNames(locale: Locale, tiles: readonly Tile[]): string {
  return tiles.length === 0 ? ct(locale, 'confirm.nothing') : tiles.map((tile) => tileName(locale, tile)).join(', ');
}

/**
 * A tile in short text: a big mark (the rank, or a short honor mark) and a small line (the suit, or the engraving
 * of an honor: the letter a wind carries is the same in every language).
 */
export function tileFace(locale: Locale, tile: Tile): { main: string; sub: string; kind: 'B' | 'C' | 'D' | 'wind' | 'dragon' | 'flower' | 'joker' } {
  const match = SUITED.exec(tile);
  if (match) {
    const suit = match[2] as 'B' | 'C' | 'D';
    return { main: match[1] as string, sub: ct(locale, `tile.short.${suit}` as ClientKey), kind: suit };
  }
  const kind = tile === 'F' ? 'flower' : tile === JOKER ? 'joker' : tile.endsWith('D') ? 'dragon' : 'wind';
  const glyph = engravingOf(tile);
  if (kind === 'wind') return { main: glyph, sub: ct(locale, 'tile.windShort'), kind };
  const mark = kind === 'dragon' ? ct(locale, 'tile.mark.dragon') : ct(locale, `tile.mark.${tile as 'F' | 'J'}`);
  return { main: mark, sub: glyph, kind };
}
