/**
 * `--lang` on the CLI: a full trace of examples/full-charleston.json in each language (phase names, refusal
 * messages and the summary localized, codes unchanged, exit code 0); English output is unchanged; an unknown
 * language falls back to English with a warning on stderr and the same exit codes.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

const example = 'examples/full-charleston.json';

const EXPECT = {
  ca: {
    phases: ['→ Primer Charleston: Dreta', '→ Primer Charleston: Davant', "→ Punt d'aturada", '→ Segon Charleston: Esquerra', '→ Passada de cortesia', '→ Charleston acabat'],
    joker: 'JOKER_NOT_PASSABLE: Els comodins no es passen mai',
    notNow: "NOT_NOW: Ara no pots fer això (Segon Charleston: Davant): el segon Charleston ja ha començat i s'ha d'acabar.",
    summary: /✓ \d+ passos superats/,
    wall: 'muralla',
  },
  sw: {
    phases: ['→ Charleston ya kwanza: Kulia', '→ Charleston ya kwanza: Mkabala', '→ Kituo cha kusimamisha', '→ Charleston ya pili: Kushoto', '→ Pasi ya adabu', '→ Charleston imekamilika'],
    joker: 'JOKER_NOT_PASSABLE: Majoka hayapitishwi kamwe',
    notNow: 'NOT_NOW: Huwezi kufanya hivyo sasa (Charleston ya pili: Mkabala): Charleston ya pili imeanza na lazima imalizwe.',
    summary: /✓ hatua \d+ zimefaulu/,
    wall: 'ukuta',
  },
  el: {
    phases: ['→ Πρώτο Charleston: Δεξιά', '→ Πρώτο Charleston: Απέναντι', '→ Σημείο διακοπής', '→ Δεύτερο Charleston: Αριστερά', '→ Πέρασμα ευγενείας', '→ Το Charleston ολοκληρώθηκε'],
    joker: 'JOKER_NOT_PASSABLE: Οι τζόκερ δεν περνιούνται ποτέ',
    notNow: 'NOT_NOW: Δεν μπορείς να το κάνεις αυτό τώρα (Δεύτερο Charleston: Απέναντι): το δεύτερο Charleston έχει αρχίσει και πρέπει να τελειώσει.',
    summary: /✓ \d+ βήματα πέτυχαν/,
    wall: 'τοίχος',
  },
} as const;

describe('charleston run --lang', () => {
  it.each(Object.entries(EXPECT))('%s: a full trace in that language, exit 0', (lang, want) => {
    const { code, out, err } = run('run', '--lang', lang, '--racks', example);
    expect(code).toBe(0);
    expect(err).toBe('');
    for (const phase of want.phases) expect(out).toContain(phase);
    expect(out).toContain(want.joker);
    expect(out).toContain(want.notNow);
    expect(out).toMatch(want.summary);
    expect(out).toContain(want.wall);
    // Codes and event names stay as they are; no English phase id or summary is left.
    expect(out).toContain('pass.commit [J WD F]');
    expect(out).not.toMatch(/→ (firstCharleston|secondCharleston|stopCheckpoint|courtesy|complete)/);
    expect(out).not.toContain('steps passed');
  });

  it('en: exactly the output without --lang', () => {
    const plain = run('run', '--racks', example);
    const english = run('run', '--lang', 'en', '--racks', example);
    expect(english).toEqual(plain);
    expect(plain.out).toContain('✗ NOT_NOW: You cannot do that now (secondCharleston.across): the second Charleston has begun and must be finished.');
    expect(plain.out).toMatch(/✓ \d+ steps passed/);
  });

  it('a failing script keeps exit 1 and localizes the failures', () => {
    const { code, out } = run('run', '--lang', 'ca', 'test/fixtures/failing-expectation.json');
    expect(code).toBe(1);
    expect(out).toContain('s\'esperava state "courtesy", s\'ha obtingut "firstCharleston.right"');
    expect(out).toContain('✗ han fallat 2 de 3 passos a test/fixtures/failing-expectation.json');
  });

  it('an invalid script keeps exit 2', () => {
    const { code, err } = run('run', '--lang', 'el', 'test/fixtures/invalid-deal.json');
    expect(code).toBe(2);
    expect(err).toContain('μη έγκυρο σενάριο: deal.south[0]');
  });

  it('--json keeps codes and localizes only the message', () => {
    const { out } = run('run', '--json', '--lang', 'sw', example);
    const first = JSON.parse(out.split('\n')[0] as string) as { refusal: { code: string; message: string } };
    expect(first.refusal.code).toBe('JOKER_NOT_PASSABLE');
    expect(first.refusal.message).toContain('Majoka');
  });

  it('an unknown language: English, a warning on stderr, the same exit codes', () => {
    const unknown = run('run', '--lang', 'fr', example);
    expect(unknown.code).toBe(0);
    expect(unknown.err).toContain('warning: unknown language "fr"; using English');
    expect(unknown.out).toBe(run('run', example).out);
    expect(run('run', '--lang', 'xx', 'test/fixtures/failing-expectation.json').code).toBe(1);
    expect(run('run', '--lang', 'xx', 'test/fixtures/invalid-deal.json').code).toBe(2);
  });
});

describe('charleston play --lang', () => {
  it.each([
    ['ca', '── Primer Charleston: Dreta (mà 1)', /✓ Charleston acabat després de \d+ esdeveniments/],
    ['sw', '── Charleston ya kwanza: Kulia (mkono 1)', /✓ Charleston imekamilika baada ya matukio \d+/],
    ['el', '── Πρώτο Charleston: Δεξιά (χέρι 1)', /✓ Το Charleston ολοκληρώθηκε μετά από \d+ συμβάντα/],
  ] as const)('%s', (lang, header, end) => {
    const { code, out } = run('play', '--seed', '2026', '--lang', lang);
    expect(code).toBe(0);
    expect(out).toContain(header);
    expect(out).toMatch(end);
  });

  it('en is unchanged', () => {
    expect(run('play', '--seed', '2026', '--lang', 'en').out).toBe(run('play', '--seed', '2026').out);
  });
});
