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
    joker: "refusat amb JOKER_NOT_PASSABLE, com s'esperava: Els comodins no es passen mai",
    marks: ['  bé    #0 ', '  bé    #1 '],
    start: '  inici → Primer Charleston: Dreta',
    notNow: "NOT_NOW, com s'esperava: Ara no pots fer això (Segon Charleston: Davant): el segon Charleston ja ha començat i s'ha d'acabar.",
    summary: /✓ \d+ passos superats/,
    wall: 'muralla',
  },
  sw: {
    phases: ['→ Charleston ya kwanza: Kulia', '→ Charleston ya kwanza: Mkabala', '→ Kituo cha kusimamisha', '→ Charleston ya pili: Kushoto', '→ Pasi ya adabu', '→ Charleston imekamilika'],
    joker: 'imekataliwa kwa JOKER_NOT_PASSABLE kama ilivyotarajiwa: Majoka hayapitishwi kamwe',
    marks: ['  sawa #0 ', '  sawa #1 '],
    start: '  mwanzo → Charleston ya kwanza: Kulia',
    notNow: 'NOT_NOW kama ilivyotarajiwa: Huwezi kufanya hivyo sasa (Charleston ya pili: Mkabala): Charleston ya pili imeanza na lazima imalizwe.',
    summary: /✓ hatua \d+ zimefaulu/,
    wall: 'ukuta',
  },
  el: {
    phases: ['→ Πρώτο Charleston: Δεξιά', '→ Πρώτο Charleston: Απέναντι', '→ Σημείο στάσης', '→ Δεύτερο Charleston: Αριστερά', '→ Πέρασμα ευγενείας', '→ Το Charleston ολοκληρώθηκε'],
    joker: 'απορρίφθηκε με JOKER_NOT_PASSABLE, όπως αναμενόταν: Οι τζόκερ δεν περνιούνται ποτέ',
    marks: ['  οκ    #0 ', '  οκ    #1 '],
    start: '  αρχή → Πρώτο Charleston: Δεξιά',
    notNow: 'NOT_NOW, όπως αναμενόταν: Δεν μπορείς να το κάνεις αυτό τώρα (Δεύτερο Charleston: Απέναντι): το δεύτερο Charleston έχει αρχίσει και πρέπει να τελειώσει.',
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
    for (const mark of want.marks) expect(out).toContain(mark);
    expect(out).toContain(want.start);
    // No English mark, start word or expected-refusal wording is left.
    expect(out).not.toMatch(/^ {2}(ok|FAIL) /m);
    expect(out).not.toContain('start →');
    expect(out).not.toContain('as expected');
    // Codes and event names stay as they are; no English phase id or summary is left.
    expect(out).toContain('pass.commit [J WD F]');
    expect(out).not.toMatch(/→ (firstCharleston|secondCharleston|stopCheckpoint|courtesy|complete)/);
    expect(out).not.toContain('steps passed');
  });

  it('en: exactly the output without --lang', () => {
    const plain = run('run', '--racks', example);
    const english = run('run', '--lang', 'en', '--racks', example);
    expect(english).toEqual(plain);
    expect(plain.out).toContain('refused NOT_NOW as expected: You cannot do that now (secondCharleston.across): the second Charleston has begun and must be finished.');
    expect(plain.out).toMatch(/✓ \d+ steps passed/);
  });

  it('a failing script keeps exit 1 and localizes the failures: phase names with the id in parentheses', () => {
    const { code, out } = run('run', '--lang', 'ca', 'test/fixtures/failing-expectation.json');
    expect(code).toBe(1);
    expect(out).toContain("  ERROR #1 comprovació (Primer Charleston: Dreta)");
    expect(out).toContain("s'esperava state Passada de cortesia (courtesy), s'ha obtingut Primer Charleston: Dreta (firstCharleston.right)");
    expect(out).toContain("s'esperava que s'acceptés, s'ha obtingut NOT_NOW");
    expect(out).toContain("✗ n'han fallat 2 de 3 passos a test/fixtures/failing-expectation.json");
    const greek = run('run', '--lang', 'el', 'test/fixtures/failing-expectation.json').out;
    expect(greek).toContain('αναμενόταν state Πέρασμα ευγενείας (courtesy), βρέθηκε Πρώτο Charleston: Δεξιά (firstCharleston.right)');
    expect(greek).toContain('✗ απέτυχαν 2 από 3 βήματα στο');
    expect(run('run', '--lang', 'sw', 'test/fixtures/failing-expectation.json').out).toContain('✗ hatua 2 kati ya 3 zimeshindwa katika');
  });

  it('one failure of one step agrees in number (ca, sw, el)', () => {
    const one = 'test/fixtures/one-failing-step.json';
    expect(run('run', '--lang', 'ca', one).out).toContain(`✗ n'ha fallat 1 d'1 pas a ${one}`);
    expect(run('run', '--lang', 'sw', one).out).toContain(`✗ hatua 1 kati ya 1 imeshindwa katika ${one}`);
    expect(run('run', '--lang', 'el', one).out).toContain(`✗ απέτυχε 1 από 1 βήμα στο ${one}`);
    expect(run('run', one).out).toContain(`✗ 1 of 1 step failed in ${one}`);
  });

  it('refusal mismatches are localized too', () => {
    const { out } = run('run', '--lang', 'ca', 'test/fixtures/wrong-refusal.json');
    expect(out).toContain("s'esperava TILE_NOT_IN_RACK, s'ha obtingut JOKER_NOT_PASSABLE");
    expect(out).toContain("s'esperava JOKER_NOT_PASSABLE, però s'ha acceptat");
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
    ['ca', '▶ llavor 7: Est: mestre, Sud: a l\'atzar, Oest: mestre, Nord: a l\'atzar', '── Primer Charleston: Dreta (mà 1)', /✓ Charleston acabat després de \d+ esdeveniments/],
    ['sw', '▶ mbegu 7: Mashariki: mwalimu, Kusini: nasibu, Magharibi: mwalimu, Kaskazini: nasibu', '── Charleston ya kwanza: Kulia (mkono 1)', /✓ Charleston imekamilika baada ya matukio \d+/],
    ['el', '▶ σπόρος 7: Ανατολή: δάσκαλος, Νότος: τυχαίος, Δύση: δάσκαλος, Βορράς: τυχαίος', '── Πρώτο Charleston: Δεξιά (χέρι 1)', /✓ Το Charleston ολοκληρώθηκε μετά από \d+ συμβάντα/],
  ] as const)('%s: seats and strategies named in that language', (lang, start, header, end) => {
    const { code, out } = run('play', '--seed', '7', '--seats', 'teacher,random,teacher,random', '--lang', lang);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe(start);
    expect(out).toContain(header);
    expect(out).toMatch(end);
    expect(out).not.toMatch(/teacher|random/);
  });

  it('en is unchanged', () => {
    expect(run('play', '--seed', '2026', '--lang', 'en').out).toBe(run('play', '--seed', '2026').out);
  });
});
