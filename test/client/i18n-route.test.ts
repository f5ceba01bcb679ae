/**
 * The client's catalogs (every locale has every English key, with the same placeholders, none empty), tile
 * names in every language, and the routes read from the address (the token from the fragment only).
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { LOCALES, TILE_CODES, t } from '../../src/index.js';
import { CLIENT_CATALOGS, ct, type ClientEntry, type ClientKey } from '../../src/client/i18n/catalog.js';
import { en } from '../../src/client/i18n/en.js';
import { askedLocale, browserLocale, parseRoute, seatLink } from '../../src/client/route.js';
import { tileFace, tileName } from '../../src/client/tiles.js';

/** The forms of a catalog entry: the template, or each plural form. */
const formsOf = (entry: ClientEntry): string[] => (typeof entry === 'string' ? [entry] : Object.values(entry).filter((form): form is string => typeof form === 'string'));

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).sort();

describe('the client catalogs', () => {
  it.each(LOCALES)('%s has every English key, with the same placeholders, and no empty text', (locale) => {
    const catalog = CLIENT_CATALOGS[locale];
    for (const key of Object.keys(en) as ClientKey[]) {
      const english = placeholders(formsOf(en[key])[0] as string);
      const entry = catalog[key];
      // Plural forms are chosen by a count, so a message with them has one, and always an `other` form.
      if (typeof entry !== 'string') {
        expect(entry.other, `${locale} ${key}`).toBeTypeOf('string');
        expect(english, `${locale} ${key}`).toContain('count');
      }
      for (const form of formsOf(entry)) {
        expect(form, `${locale} ${key}`).toBeTypeOf('string');
        expect(form.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
        expect(placeholders(form), `${locale} ${key}`).toEqual(english);
      }
    }
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LOCALES)('%s names every tile in words, each face differently', (locale) => {
    const names = TILE_CODES.map((tile) => tileName(locale, tile));
    expect(new Set(names).size).toBe(TILE_CODES.length);
    for (const name of names) expect(name).not.toMatch(/\{|\}|^\d[BCD]$/);
    for (const tile of TILE_CODES) expect(tileFace(locale, tile).main.length).toBeGreaterThan(0);
  });

  it('speaks the seeds\' words for tiles', () => {
    expect(tileName('en', '5C')).toBe('five crak');
    expect(tileName('ca', '6B')).toBe('sis de bam');
    expect(tileName('sw', '3D')).toBe('dot tatu');
    expect(tileName('el', '9C')).toBe('εννέα κρακ');
    expect(tileName('el', 'J')).toBe('τζόκερ');
    expect(tileName('sw', 'J')).toBe('joka');
    expect(ct('ca', 'action.offer', { count: 2 })).toBe('Ofereix 2');
  });

  it('agrees the words of a count with it (plural forms by Intl.PluralRules)', () => {
    expect(ct('ca', 'end.blind', { count: 1 })).toBe('1 passada a cegues');
    expect(ct('ca', 'end.blind', { count: 2 })).toBe('2 passades a cegues');
    expect(ct('ca', 'rack.packetBlind', { count: 1 })).toBe('i 1 passada a cegues');
    expect(ct('el', 'blind.option', { count: 1 })).toBe('1 τυφλό');
    expect(ct('el', 'blind.option', { count: 3 })).toBe('3 τυφλά');
    expect(ct('el', 'blind.option', { count: 0 })).toBe('0 τυφλά');
    expect(ct('el', 'rack.packetBlind', { count: 1 })).toBe('και 1 τυφλό');
    expect(ct('el', 'end.blind', { count: 1 })).toBe('1 προωθήθηκε τυφλά');
    expect(ct('el', 'confirm.passBlind', { tiles: 'τζόκερ', direction: 'Αριστερά', count: 1 })).toBe('Να περάσεις τζόκερ (Αριστερά) και 1 τυφλό;');
    expect(ct('en', 'table.backs', { seat: 'North', count: 1 })).toBe('North: 1 tile, face down');
    expect(ct('sw', 'table.backs', { seat: 'Kaskazini', count: 13 })).toBe('Kaskazini: vigae 13, uso chini');
  });

  it.each(LOCALES)("%s calls a misdeal by the engine's own name on every misdeal control", (locale) => {
    // The engine names the phase ("Repartiment nul", "Άκυρο μοίρασμα", "Mgawo batili"); the page's buttons, confirm
    // steps and the review's question use that word, not a second one for the same thing.
    const word = t(locale, 'phase.misdeal').toLocaleLowerCase(locale);
    for (const key of ['action.misdeal', 'confirm.misdeal', 'menu.misdealNote', 'review.ask', 'confirm.dispute'] as const) {
      expect(ct(locale, key).toLocaleLowerCase(locale), `${locale} ${key}`).toContain(word);
    }
  });
});

describe('the routes', () => {
  it('reads the lobby, a seat with its token from the fragment, solo with a seed, and anything else', () => {
    expect(parseRoute('/', '')).toEqual({ kind: 'lobby' });
    expect(parseRoute('/t/abc_DEF-1', '#tok%2Fen')).toEqual({ kind: 'seat', id: 'abc_DEF-1', token: 'tok/en' });
    expect(parseRoute('/t/abc', '#token=xyz')).toEqual({ kind: 'seat', id: 'abc', token: 'xyz' });
    expect(parseRoute('/t/abc', '')).toEqual({ kind: 'seat', id: 'abc', token: null });
    expect(parseRoute('/solo', '', '?seed=42&lang=el')).toEqual({ kind: 'solo', seed: 42 });
    expect(parseRoute('/solo', '', '?seed=99999999999')).toEqual({ kind: 'solo', seed: null });
    expect(parseRoute('/solo', '', '?seed=-1')).toEqual({ kind: 'solo', seed: null });
    expect(parseRoute('/t/../etc', '')).toEqual({ kind: 'notFound', path: '/t/../etc' });
    expect(parseRoute('/admin', '')).toEqual({ kind: 'notFound', path: '/admin' });
  });

  it('puts the token in the fragment of a seat link, never in the path or the query', () => {
    const link = new URL(seatLink('http://127.0.0.1:8080', 'T1', 'secret token'));
    expect(link.pathname).toBe('/t/T1');
    expect(link.search).toBe('');
    expect(decodeURIComponent(link.hash.slice(1))).toBe('secret token');
  });

  it('takes the language from ?lang=, else from the browser, never an unknown one', () => {
    expect(askedLocale('?lang=sw')).toBe('sw');
    expect(askedLocale('?lang=xx')).toBeNull();
    expect(askedLocale('')).toBeNull();
    expect(browserLocale(['fr-FR', 'el-GR', 'en'])).toBe('el');
    expect(browserLocale(['fr'])).toBeNull();
  });
});
