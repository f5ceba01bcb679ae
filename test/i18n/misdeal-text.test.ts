/**
 * `misdealText` (`charleston-engine/i18n`): a page renders a view's misdeal in its own language from the code and
 * data, whatever the table's language; a person's words win; bad input is an InputError naming the field.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { createCharleston, InputError, viewFor } from '../../src/index.js';
import { misdealText, t } from '../../src/entries/i18n.js';

/** A Greek table in review where West disputes East's declared hand. */
function disputedAtGreekTable(reason?: string) {
  const table = createCharleston({ seed: 11, locale: 'el', rules: { declarationReview: true } });
  expect(table.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
  expect(table.send(reason === undefined ? { type: 'misdeal.declare', seat: 'west' } : { type: 'misdeal.declare', seat: 'west', reason }).ok).toBe(true);
  const misdeal = viewFor(table.getSnapshot(), 'south', { locale: 'el' }).misdeal;
  if (misdeal === null) throw new Error('no misdeal');
  return misdeal;
}

describe('misdealText', () => {
  it('words a dispute at a Greek table in Catalan on a Catalan page, not in the table’s sentence', () => {
    const misdeal = disputedAtGreekTable();
    expect(misdeal.code).toBe('declarationDisputed');
    const text = misdealText('ca', misdeal);
    expect(text).toBe(t('ca', 'misdeal.declarationDisputed', { seat: 'west' }));
    expect(text).not.toBe(misdeal.reason);
    expect(misdealText('el', misdeal)).toBe(misdeal.reason);
  });

  it('names the seat in Greek in a form that reads after its words (in brackets, the nominative, as the prompts do)', () => {
    expect(misdealText('el', disputedAtGreekTable())).toBe('η δήλωση της Ανατολής αμφισβητήθηκε από έναν παίκτη (Δύση)');
    expect(misdealText('el', { by: 'south', code: 'declared', reason: 'x' })).toBe('δηλώθηκε από έναν παίκτη (Νότος)');
  });

  it('shows the words a person typed, and the code’s wording when they are only blanks', () => {
    expect(misdealText('sw', disputedAtGreekTable('East shows thirteen'))).toBe('East shows thirteen');
    expect(misdealText('sw', disputedAtGreekTable('   '))).toBe(t('sw', 'misdeal.declarationDisputed', { seat: 'west' }));
  });

  it('words a declared misdeal and a wrong count from their data', () => {
    expect(misdealText('ca', { by: 'north', code: 'declared', reason: 'x' })).toBe(t('ca', 'misdeal.declared', { seat: 'north' }));
    const counts = misdealText('en', { by: null, code: 'wrongCount', counts: { north: 12, east: 15 }, reason: 'x' });
    expect(counts).toContain('15');
    expect(counts).toContain('12');
  });

  it('refuses what is not a view’s misdeal, naming the field', () => {
    const bad: unknown[] = [null, 'wrongCount', { by: null, code: 'lost', reason: '' }, { by: 'nobody', code: 'declared', reason: '' }, { by: null, code: 'wrongCount', counts: 3, reason: '' }, { by: 'east', code: 'declared', text: 5, reason: '' }];
    const fields = ['misdeal', 'misdeal', 'misdeal', 'misdeal.by', 'misdeal.counts', 'misdeal.text'];
    bad.forEach((value, index) => {
      expect(() => misdealText('en', value as never)).toThrow(InputError);
      try {
        misdealText('en', value as never);
      } catch (error) {
        expect((error as InputError).message, String(index)).toContain(fields[index]);
      }
    });
  });
});
