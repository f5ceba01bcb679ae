/**
 * The CLI's catalogs (src/cli/i18n/) live next to the CLI, not in the core's: every locale has exactly the English
 * keys, of the same kind, with the same placeholders; every formatter resolves (in the CLI's catalog or the core's);
 * prose is translated. The core's catalogs carry none of the CLI's keys.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { CLI_CATALOGS, ct } from '../../src/cli/i18n/catalog.js';
import { LOCALES, type PluralMessage } from '../../src/i18n/catalog.js';
import { CATALOGS, placeholdersOf } from '../../src/i18n/translate.js';

type Entries = Readonly<Record<string, string | PluralMessage>>;
const english = CLI_CATALOGS.en as Entries;
const others = LOCALES.filter((locale) => locale !== 'en');
const FORMAT = /\{[A-Za-z]\w*\|([\w.]+)\}/g;
const formsOf = (entry: string | PluralMessage): string[] =>
  typeof entry === 'string' ? [entry] : Object.values(entry).filter((form): form is string => typeof form === 'string');

describe('the CLI catalogs', () => {
  it.each(others)('%s has exactly the English keys, each of the same kind and with the same placeholders', (locale) => {
    const catalog = CLI_CATALOGS[locale] as Entries;
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, entry] of Object.entries(english)) {
      expect(typeof catalog[key], `${locale} ${key}`).toBe(typeof entry);
      expect(placeholdersOf(catalog[key] as string | PluralMessage), `${locale} ${key}`).toEqual(placeholdersOf(entry));
    }
  });

  it('every formatter names a plural or a namespace of the CLI catalog or of the core catalog', () => {
    for (const locale of LOCALES) {
      const cli = CLI_CATALOGS[locale] as Entries;
      const core = CATALOGS[locale] as Entries;
      for (const [key, entry] of Object.entries(cli)) {
        for (const form of formsOf(entry)) {
          for (const [, format] of form.matchAll(FORMAT)) {
            const known = (name: string, entries: Entries): boolean =>
              (entries[name] !== undefined && typeof entries[name] !== 'string') || Object.keys(entries).some((k) => k.startsWith(`${name}.`));
            expect(known(format as string, cli) || known(format as string, core), `${locale} ${key}: {…|${format}}`).toBe(true);
          }
        }
      }
    }
  });

  it('no prose is left untranslated', () => {
    const prose = /[A-Za-z]{4,}/;
    for (const locale of others) {
      const catalog = CLI_CATALOGS[locale] as Entries;
      for (const [key, entry] of Object.entries(english)) {
        if (typeof entry !== 'string') continue;
        if (prose.test(entry.replace(/\{[^}]*\}/g, ''))) expect(catalog[key], `${locale} ${key}`).not.toBe(entry);
      }
    }
  });

  it('renders with the CLI plurals and the core names', () => {
    expect(ct('en', 'cli.stepsFailed', { failed: 1, total: 3, file: 'a.json' })).toBe('✗ 1 of 3 steps failed in a.json');
    expect(ct('ca', 'cli.playEnd', { mark: '✓', phase: 'complete', count: 1 })).toContain("després d'1 esdeveniment");
  });

  it('the core catalogs carry none of the CLI’s keys', () => {
    for (const locale of LOCALES) {
      const core = Object.keys(CATALOGS[locale] as Entries);
      expect(core.filter((key) => key.startsWith('cli.') || key.startsWith('strategy.') || Object.prototype.hasOwnProperty.call(english, key))).toEqual([]);
    }
  });
});
