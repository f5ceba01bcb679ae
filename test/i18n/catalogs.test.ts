/**
 * The catalogs: every key of the English catalog exists in every locale, of the same kind (template or plural),
 * with the same placeholder names; formatters point at keys that exist; plural forms cover each locale's
 * `Intl.PluralRules` categories (through `other`). The inspector page's labels hold to the same rules.
 */
import '../../src/i18n/locales.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, type PluralMessage } from '../../src/i18n/catalog.js';
import { CATALOGS, placeholdersOf, pluralForm, t } from '../../src/i18n/translate.js';
import { PAGE_LABELS, label, type LabelKey } from '../../src/inspector/page/labels.js';
import { DIRECTIONS, SEATS } from '../../src/seats.js';
import { PHASES } from '../../src/phase.js';
import { REFUSAL_CODES } from '../../src/types.js';

type Entries = Readonly<Record<string, string | PluralMessage>>;
const english = CATALOGS.en as Entries;
const others = LOCALES.filter((locale) => locale !== 'en');
const FORMAT = /\{[A-Za-z]\w*\|([\w.]+)\}/g;

const formsOf = (entry: string | PluralMessage): string[] =>
  typeof entry === 'string' ? [entry] : Object.values(entry).filter((form): form is string => typeof form === 'string');

describe('key parity', () => {
  it.each(others)('%s has exactly the English keys, each of the same kind', (locale) => {
    const catalog = CATALOGS[locale] as Entries;
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, entry] of Object.entries(english)) expect(typeof catalog[key], `${locale} ${key}`).toBe(typeof entry);
  });

  it.each(others)('%s uses the same placeholders as English in every message', (locale) => {
    const catalog = CATALOGS[locale] as Entries;
    for (const [key, entry] of Object.entries(english)) {
      expect(placeholdersOf(catalog[key] as string | PluralMessage), `${locale} ${key}`).toEqual(placeholdersOf(entry));
    }
  });

  it('every plural message has an `other` form in every locale', () => {
    for (const locale of LOCALES) {
      for (const [key, entry] of Object.entries(CATALOGS[locale] as Entries)) {
        if (typeof entry !== 'string') expect(entry.other, `${locale} ${key}`).toBeTruthy();
      }
    }
  });

  it('every formatter names a plural message or a namespace with entries, in every locale', () => {
    for (const locale of LOCALES) {
      const catalog = CATALOGS[locale] as Entries;
      for (const [key, entry] of Object.entries(catalog)) {
        for (const form of formsOf(entry)) {
          for (const [, format] of form.matchAll(FORMAT)) {
            const ok = (catalog[format as string] !== undefined && typeof catalog[format as string] !== 'string') || Object.keys(catalog).some((k) => k.startsWith(`${format}.`));
            expect(ok, `${locale} ${key}: {…|${format}}`).toBe(true);
          }
        }
      }
    }
  });

  it('the vocabulary is complete: a refusal per code, a name per phase, direction and seat', () => {
    for (const code of REFUSAL_CODES) expect(english[`refusal.${code}`], code).toBeDefined();
    for (const phase of PHASES) expect(english[`phase.${phase}`], phase).toBeDefined();
    for (const direction of DIRECTIONS) expect(english[`direction.${direction}`], direction).toBeDefined();
    for (const seat of SEATS) expect(english[`seat.${seat}`], seat).toBeDefined();
  });

  it('no message is left untranslated (identical to English) where it has words', () => {
    // Templates made only of placeholders and symbols may be equal; prose may not.
    const prose = /[A-Za-z]{4,}/;
    for (const locale of others) {
      const catalog = CATALOGS[locale] as Entries;
      for (const [key, entry] of Object.entries(english)) {
        if (typeof entry !== 'string') continue;
        const stripped = entry.replace(/\{[^}]*\}/g, '');
        if (prose.test(stripped)) expect(catalog[key], `${locale} ${key}`).not.toBe(entry);
      }
    }
  });
});

describe('the seeds’ terms', () => {
  it('directions are Dreta / Davant / Esquerra, Kulia / Mkabala / Kushoto, Δεξιά / Απέναντι / Αριστερά', () => {
    expect(DIRECTIONS.map((d) => t('ca', `direction.${d}`))).toEqual(['Dreta', 'Davant', 'Esquerra']);
    expect(DIRECTIONS.map((d) => t('sw', `direction.${d}`))).toEqual(['Kulia', 'Mkabala', 'Kushoto']);
    expect(DIRECTIONS.map((d) => t('el', `direction.${d}`))).toEqual(['Δεξιά', 'Απέναντι', 'Αριστερά']);
  });

  it('the ROLLOR mnemonic (the inspector page’s) keeps the English words and explains “Over” in each language', () => {
    for (const locale of LOCALES) expect(label(locale, 'mnemonic')).toContain('ROLLOR: Right, Over, Left / Left, Over, Right');
    expect(label('ca', 'mnemonic')).toContain('Dreta, Davant, Esquerra / Esquerra, Davant, Dreta');
    expect(label('sw', 'mnemonic')).toContain('Kulia, Mkabala, Kushoto / Kushoto, Mkabala, Kulia');
    expect(label('el', 'mnemonic')).toContain('Δεξιά, Απέναντι, Αριστερά / Αριστερά, Απέναντι, Δεξιά');
  });

  it('the mnemonic is a page’s text, not the core’s: no core catalog carries it', () => {
    for (const locale of LOCALES) expect(Object.keys(CATALOGS[locale] ?? {}).filter((key) => key.startsWith('mnemonic.')), locale).toEqual([]);
  });

  it('the courtesy pass and the blind pass use the seeds’ words', () => {
    expect(t('ca', 'phase.courtesy')).toBe('Passada de cortesia');
    expect(t('sw', 'phase.courtesy')).toBe('Pasi ya adabu');
    expect(t('el', 'phase.courtesy')).toBe('Πέρασμα ευγενείας');
    expect(t('ca', 'prompt.blindFromRight')).toContain('Passada a cegues');
    expect(t('sw', 'prompt.blindFromRight')).toContain('Pasi bila kutazama');
    expect(t('el', 'prompt.blindFromRight')).toContain('τυφλό πέρασμα');
  });
});

describe('plural forms (Intl.PluralRules)', () => {
  it.each([
    ['en', '1 tile', '3 tiles', '0 tiles'],
    ['ca', '1 fitxa', '3 fitxes', '0 fitxes'],
    ['sw', 'kigae 1', 'vigae 3', 'vigae 0'],
    ['el', '1 πλακίδιο', '3 πλακίδια', '0 πλακίδια'],
  ] as const)('%s: %s / %s / %s', (locale, one, three, zero) => {
    expect(t(locale, 'plural.tiles', { count: 1 })).toBe(one);
    expect(t(locale, 'plural.tiles', { count: 3 })).toBe(three);
    expect(t(locale, 'plural.tiles', { count: 0 })).toBe(zero);
  });

  it('every category a locale uses resolves to a form (its own or `other`)', () => {
    for (const locale of LOCALES) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, entry] of Object.entries(CATALOGS[locale] as Entries)) {
        if (typeof entry === 'string') continue;
        expect(entry.one, `${locale} ${key} needs a "one" form`).toBeDefined();
        for (const category of categories) expect(entry[category] ?? entry.other, `${locale} ${key} ${category}`).toBeTruthy();
      }
    }
    // Catalan also has "many" (1000000): it falls back to "other".
    expect(pluralForm('ca', { one: 'u', other: 'altres' }, 1_000_000)).toBe('altres');
  });

  it('plurals inside a sentence: a courtesy commit of 1 and of 3 tiles', () => {
    expect(t('ca', 'prompt.courtesyCommit', { count: 1, partner: 'west' })).toBe('Passa 1 fitxa al jugador del davant (Oest).');
    expect(t('el', 'prompt.courtesyCommit', { count: 3, partner: 'east' })).toBe('Πέρασε 3 πλακίδια στον απέναντι παίκτη (Ανατολή).');
    expect(t('sw', 'prompt.courtesyCommit', { count: 1, partner: 'south' })).toBe('Pitisha kigae 1 kwa mchezaji wa mkabala (Kusini).');
    expect(t('en', 'prompt.courtesyCommit', { count: 2, partner: 'north' })).toBe('Pass 2 tiles to North.');
  });
});

describe('the inspector page labels', () => {
  const englishLabels = PAGE_LABELS.en as Readonly<Record<string, string | PluralMessage>>;

  it.each(others)('%s has every label with the same placeholders', (locale) => {
    const labels = PAGE_LABELS[locale] as Readonly<Record<string, string | PluralMessage>>;
    expect(Object.keys(labels).sort()).toEqual(Object.keys(englishLabels).sort());
    for (const [key, entry] of Object.entries(englishLabels)) {
      expect(typeof labels[key], `${locale} ${key}`).toBe(typeof entry);
      expect(placeholdersOf(labels[key] as string | PluralMessage), `${locale} ${key}`).toEqual(placeholdersOf(entry));
    }
  });

  it('every data-i18n key of index.html is a label', () => {
    const html = readFileSync('src/inspector/page/index.html', 'utf8');
    const keys = [...html.matchAll(/data-i18n(?:-title)?="([^"]+)"/g)].map((match) => match[1] as string);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(Object.keys(englishLabels), key).toContain(key);
    expect(label('ca', 'ignored' as LabelKey, { count: 1 })).toBe('1 missatge d’altres orígens ignorat');
  });
});
