/**
 * The core entry point carries English only: without `charleston-engine/locales` a Catalan table speaks English
 * and says why (once), never throws; importing the locales module loads the other three.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveLocale } from '../../src/i18n/translate.js';
import { createCharleston } from '../../src/engine.js';

afterEach(() => vi.restoreAllMocks());

describe('catalogs not loaded', () => {
  it('falls back to English with a warning that names the missing import', async () => {
    expect(resolveLocale('ca')).toEqual({ locale: 'en', warning: expect.stringContaining("import 'charleston-engine/locales'") });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const table = createCharleston({ seed: 1, locale: 'ca' });
    const result = table.send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(result.ok ? '' : result.refusal.message).toMatch(/^You cannot do that now/);
    expect(warn).toHaveBeenCalledTimes(1);
    await import('../../src/i18n/locales.js');
    expect(resolveLocale('ca')).toEqual({ locale: 'ca' });
    const catalan = createCharleston({ seed: 1, locale: 'ca' }).send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(catalan.ok ? '' : catalan.refusal.message).not.toMatch(/^You cannot/);
  });
});
