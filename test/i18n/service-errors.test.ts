/**
 * The service's error catalogs: every problem is worded in en, ca, sw and el with the same placeholders, and every
 * problem the service's source names is in them. The renderer words seats and phases in the language, a seat the
 * way a client asks ("Μαρία (Δύση)"), and gives null for a problem it does not know (the client then shows the
 * service's own message).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { LOCALES, SERVICE_ERROR_CATALOGS, isServiceProblem, serviceErrorText } from '../../src/entries/i18n.js';

const placeholders = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

/** Which keys are missing or extra in `catalog`, and which differ in placeholders, against `reference`. */
function differences(reference: Readonly<Record<string, string>>, catalog: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const key of Object.keys(reference)) {
    const entry = catalog[key];
    if (entry === undefined) out.push(`missing ${key}`);
    else if (placeholders(entry).join() !== placeholders(reference[key] ?? '').join()) out.push(`placeholders of ${key}`);
  }
  for (const key of Object.keys(catalog)) if (!(key in reference)) out.push(`extra ${key}`);
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

describe('the service error catalogs', () => {
  const en = SERVICE_ERROR_CATALOGS.en;

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every problem of English with the same placeholders, and no other', (locale) => {
    expect(differences(en, SERVICE_ERROR_CATALOGS[locale])).toEqual([]);
    // Worded in the language: no sentence but the field-and-detail one is the English text.
    const same = Object.keys(en).filter((key) => SERVICE_ERROR_CATALOGS[locale][key as keyof typeof en] === en[key as keyof typeof en]);
    expect(same).toEqual(['invalidField']);
  });

  it('would see a missing key, an extra one and a lost placeholder (counter-test)', () => {
    const { nameTooLong: _gone, ...rest } = SERVICE_ERROR_CATALOGS.el;
    expect(differences(en, { ...rest, handInPlay: 'το χέρι {hand} παίζεται', surplus: 'x' }).sort()).toEqual(['extra surplus', 'missing nameTooLong', 'placeholders of handInPlay']);
  });

  it('holds every problem the service names', () => {
    const root = resolve(import.meta.dirname, '..', '..', 'src', 'server');
    const named = new Set(filesUnder(root).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/new ServiceError\(\s*'[A-Z_]+',\s*'(\w+)'/g)].map((match) => match[1] ?? '')));
    expect(named.size).toBeGreaterThan(40);
    expect([...named].filter((problem) => !isServiceProblem(problem))).toEqual([]);
  });

  it('words seats and phases in the language, a seat as the caller asks, and gives null for an unknown problem', () => {
    const params = { problem: 'handInPlay', hand: 2, phase: 'courtesy' };
    expect(serviceErrorText('el', 'handInPlay', params)).toBe('το χέρι 2 παίζεται (Πέρασμα ευγενείας)· το επόμενο χέρι μοιράζεται όταν τελειώσει');
    expect(serviceErrorText('en', 'nameInUse', { field: 'name', name: 'Ana', seat: 'east' })).toContain('"Ana"');
    const taken = { field: 'names.south', name: 'μαρία', seat: 'east' };
    expect(serviceErrorText('el', 'nameTaken', taken)).toContain('Ανατολή');
    expect(serviceErrorText('el', 'nameTaken', taken, (seat) => `Μαρία (${seat})`)).toContain('Μαρία (east)');
    expect(serviceErrorText('ca', 'somethingNewer', {})).toBeNull();
    expect(serviceErrorText('ca', 'toString', {})).toBeNull();
    // A param that is missing stays as its placeholder (nothing is invented).
    expect(serviceErrorText('sw', 'noSuchHand', { hand: 3 })).toContain('{dealt}');
  });
});
