/**
 * Localized service and views: `createCharleston({ locale })` returns and emits refusal messages in that language
 * with the same codes; `viewFor(…, { locale })` adds `locale`, `phaseName` and a `prompt`; an unknown locale falls
 * back to English with one warning and never throws.
 */
import '../../src/i18n/locales.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '../../src/i18n/catalog.js';
import { localizeRefusal, resolveLocale } from '../../src/i18n/translate.js';
import { createCharleston, type CharlestonEngine } from '../../src/engine.js';
import { persist, restore } from '../../src/persist.js';
import { viewFor } from '../../src/views.js';
import type { Refusal } from '../../src/types.js';

const JOKER: Record<Locale, string> = {
  en: 'Jokers can never be passed: it goes back to your rack; choose a natural tile.',
  ca: 'Els comodins no es passen mai: el comodí torna al teu suport; tria una fitxa natural.',
  sw: 'Majoka hayapitishwi kamwe: joka linarudi kwenye rafu yako; chagua kigae cha kawaida.',
  el: 'Οι τζόκερ δεν περνιούνται ποτέ: ο τζόκερ γυρίζει πίσω στο ράφι σου· διάλεξε ένα φυσικό πλακίδιο.',
};

const NOT_NOW_PHASE: Record<Locale, string> = {
  en: '(firstCharleston.right)',
  ca: '(Primer Charleston: Dreta)',
  sw: '(Charleston ya kwanza: Kulia)',
  el: '(Πρώτο Charleston: Δεξιά)',
};

/** A deal with a joker in every rack (east 14, the others 13). */
const DEAL = {
  east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'E', 'E', 'E', 'F', 'J'],
  south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'S', 'S', 'S', 'J'],
  west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'W', 'W', 'W', 'J'],
  north: ['N', 'N', 'N', 'RD', 'RD', 'RD', 'GD', 'GD', 'GD', 'WD', 'WD', 'WD', 'J'],
};

function refusalOf(service: CharlestonEngine, event: unknown): Refusal {
  const result = service.send(event);
  if (result.ok) throw new Error('expected a refusal');
  return result.refusal;
}

afterEach(() => vi.restoreAllMocks());

describe('refusals in each locale', () => {
  it.each(LOCALES)('%s: the same code, the message in that language, returned and emitted', (locale) => {
    const service = createCharleston({ deal: DEAL, locale });
    expect(service.locale).toBe(locale);
    const emitted: Refusal[] = [];
    service.on('rejected', ({ refusal }) => emitted.push(refusal));
    const actorEmitted: string[] = [];
    service.actor.on('rejected', ({ refusal }) => actorEmitted.push('message' in refusal ? refusal.message : ''));
    const joker = refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['J', '1B', '2B'] });
    expect(joker.code).toBe('JOKER_NOT_PASSABLE');
    expect(joker.message).toBe(JOKER[locale]);
    const notNow = refusalOf(service, { type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(notNow.code).toBe('NOT_NOW');
    expect(notNow.message).toContain(NOT_NOW_PHASE[locale]);
    expect(emitted.map((r) => r.message)).toEqual([joker.message, notNow.message]);
    expect(actorEmitted).toEqual([joker.message, notNow.message]);
  });

  it('English is the default and stays word for word', () => {
    const service = createCharleston({ deal: DEAL });
    expect(service.locale).toBe('en');
    const refusal = refusalOf(service, { type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(refusal.message).toBe('You cannot do that now (firstCharleston.right): the vote is taken only at the stop checkpoint, after the first left pass.');
    expect(refusal.params).toEqual({ phase: 'firstCharleston.right', why: 'voteAtCheckpointOnly' });
  });

  it('every code re-renders in every locale without a leftover placeholder', () => {
    const service = createCharleston({ deal: DEAL });
    const refusals = [
      refusalOf(service, { type: 'nope' }),
      refusalOf(service, { type: 'pass.retract', seat: 'centre' }),
      refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['XX', '1B', '2B'] }),
      refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['1B'] }),
      refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['1C', '1B', '2B'] }),
      refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B'], blind: 1 }),
      refusalOf(service, { type: 'hand.declareMahjong', seat: 'south' }),
      refusalOf(service, { type: 'wall.draw', seat: 'east' }),
      refusalOf(service, { type: 'pass.retract', seat: 'east' }),
      refusalOf(service, { type: 'courtesy.offer', seat: 'east', count: 2 }),
    ];
    for (const locale of LOCALES) {
      for (const refusal of refusals) {
        const localized = localizeRefusal(refusal, locale);
        expect(localized.code).toBe(refusal.code);
        expect(localized.message, `${locale} ${refusal.code}`).not.toMatch(/\{\w+(\|[\w.]+)?\}/);
      }
    }
    const size = refusals[3] as Refusal;
    expect(localizeRefusal(size, 'ca').message).toBe('Aquest paquet ha de tenir exactament 3 fitxes; el teu en té 1.');
    expect(localizeRefusal(size, 'en').message).toBe('This packet must hold exactly 3 tile(s); yours holds 1.');
  });

  it('restore() takes a locale too', () => {
    const saved = persist(createCharleston({ seed: 7 }));
    const again = restore(saved, { locale: 'el' });
    expect(refusalOf(again, { type: 'vote.cast', seat: 'east', vote: 'stop' }).message).toContain('Δεν μπορείς');
  });
});

describe('an unknown locale', () => {
  it('falls back to English with a warning from resolveLocale, never a throw', () => {
    expect(resolveLocale('fr')).toEqual({ locale: 'en', warning: expect.stringContaining('"fr"') as unknown as string });
    expect(resolveLocale(42).locale).toBe('en');
    expect(resolveLocale(undefined)).toEqual({ locale: 'en' });
    expect(resolveLocale('ca-ES')).toEqual({ locale: 'ca' });
    expect(resolveLocale('EL')).toEqual({ locale: 'el' });
    expect(resolveLocale('sw_KE')).toEqual({ locale: 'sw' });
  });

  it('createCharleston and viewFor warn once per locale and speak English', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const service = createCharleston({ deal: DEAL, locale: 'xx-unknown-1' });
    createCharleston({ deal: DEAL, locale: 'xx-unknown-1' });
    expect(service.locale).toBe('en');
    expect(refusalOf(service, { type: 'pass.commit', seat: 'east', tiles: ['J', '1B', '2B'] }).message).toBe(JOKER.en);
    const view = viewFor(service.getSnapshot(), 'east', { locale: 'xx-unknown-1' });
    expect(view.locale).toBe('en');
    expect(view.prompt).toBe('Pass three tiles to your right.');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('xx-unknown-1');
  });
});

describe('localized views', () => {
  it('without a locale, a view has exactly the fields it always had', () => {
    const service = createCharleston({ deal: DEAL });
    expect(Object.keys(viewFor(service.getSnapshot(), null)).sort()).toEqual(['counts', 'dealer', 'declaration', 'hand', 'phase', 'seat', 'stoppedBy']);
    expect(viewFor(service.getSnapshot(), 'east')).not.toHaveProperty('prompt');
  });

  it.each([
    ['en', 'First Charleston: right', 'Pass three tiles to your right.'],
    ['ca', 'Primer Charleston: Dreta', 'Passa tres fitxes al jugador de la teva dreta.'],
    ['sw', 'Charleston ya kwanza: Kulia', 'Pitisha vigae vitatu kwa mchezaji wa kulia kwako.'],
    ['el', 'Πρώτο Charleston: Δεξιά', 'Πέρασε τρία πλακίδια στον παίκτη στα δεξιά σου.'],
  ] as const)('%s: phaseName and prompt', (locale, phaseName, prompt) => {
    const service = createCharleston({ deal: DEAL });
    const view = viewFor(service.getSnapshot(), 'south', { locale });
    expect(view.locale).toBe(locale);
    expect(view.phaseName).toBe(phaseName);
    expect(view.prompt).toBe(prompt);
    expect(viewFor(service.getSnapshot(), null, { locale }).phaseName).toBe(phaseName);
    service.send({ type: 'pass.commit', seat: 'south', tiles: ['1C', '2C', '3C'] });
    expect(viewFor(service.getSnapshot(), 'south', { locale }).prompt).not.toBe(prompt);
  });

  it('follows the flow: the blind hint on the last passes, the stop question, the courtesy offer', () => {
    const service = createCharleston({ deal: DEAL });
    const passAll = (): void => {
      const phase = service.phase;
      for (const seat of ['east', 'south', 'west', 'north'] as const) {
        const rack = viewFor(service.getSnapshot(), seat).rack.map((tile) => tile.tile).filter((tile) => tile !== 'J');
        const result = service.send({ type: 'pass.commit', seat, tiles: rack.slice(0, 3) });
        expect(result.ok, `${phase} ${seat}`).toBe(true);
      }
    };
    const prompt = (locale: Locale): string => viewFor(service.getSnapshot(), 'west', { locale }).prompt ?? '';
    passAll();
    expect(prompt('ca')).toBe('Passa tres fitxes al jugador del davant.');
    passAll();
    expect(service.phase).toBe('firstCharleston.left');
    expect(prompt('en')).toContain('Pass three tiles to your left. Blind pass allowed');
    expect(prompt('en')).toContain('arriving from your right');
    expect(prompt('sw')).toContain('Pasi bila kutazama inaruhusiwa');
    passAll();
    expect(service.phase).toBe('stopCheckpoint');
    expect(prompt('en')).toBe('Does anyone want to stop? Answer stop or continue.');
    expect(prompt('el')).toContain('Θέλει κανείς να σταματήσει;');
    service.send({ type: 'vote.cast', seat: 'west', vote: 'stop' });
    expect(service.phase).toBe('courtesy');
    expect(prompt('ca')).toBe('Ofereix al jugador del davant (Est) de zero a tres fitxes.');
    service.send({ type: 'courtesy.offer', seat: 'west', count: 3 });
    expect(prompt('en')).toBe('Wait for the offer of East.');
    service.send({ type: 'courtesy.offer', seat: 'east', count: 1 });
    expect(prompt('el')).toBe('Πέρασε 1 πλακίδιο στον απέναντι παίκτη (Ανατολή).');
    expect(prompt('sw')).toBe('Pitisha kigae 1 kwa mchezaji wa mkabala (Mashariki).');
  });
});
