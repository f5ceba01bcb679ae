/**
 * R10 with `rules.declarationReview` (issue 21, item 2) and "who stopped" (item 6), through the table: every
 * transition and refusal of `declarationReview`, the views (seat and spectator), prompts in the four locales, legal
 * actions, the bots, persist/restore, and that with the option off a hand is byte for byte what it was.
 */
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { randomStrategy } from '../../src/bots/random.js';
import { playHand } from '../../src/bots/table.js';
import { teacherStrategy } from '../../src/bots/teacher.js';
import { LOCALES } from '../../src/i18n/catalog.js';
import { legalActions, legalEvents } from '../../src/legal.js';
import { persist, restore } from '../../src/persist.js';
import { parseRules } from '../../src/rules/options.js';
import { SEATS, type Seat } from '../../src/seats.js';
import { createCharleston, type CharlestonEngine } from '../../src/engine.js';
import { viewFor } from '../../src/views.js';

const REVIEWERS = ['south', 'west', 'north'] as const;

/** A seeded table with the review on, East declared. */
function reviewed(seed = 11): CharlestonEngine {
  const table = createCharleston({ seed, rules: { declarationReview: true } });
  expect(table.send({ type: 'hand.declareMahjong', seat: 'east' })).toEqual({ ok: true, phase: 'declarationReview' });
  return table;
}

const codeOf = (table: CharlestonEngine, event: unknown): string => {
  const result = table.send(event);
  return result.ok ? 'ok' : result.refusal.code;
};

describe('the rule option', () => {
  it('is a boolean, validated like the other options, and kept as given', () => {
    expect(parseRules({ declarationReview: true })).toEqual({ declarationReview: true });
    expect(parseRules({ declarationReview: false })).toEqual({ declarationReview: false });
    expect(parseRules({})).toEqual({});
    expect(() => parseRules({ declarationReview: 'yes' })).toThrow(/rules\.declarationReview: must be true or false, got string "yes"/);
    expect(() => createCharleston({ rules: { declarationReview: 1 } as never })).toThrow(/rules\.declarationReview/);
    expect(() => parseRules({ declarationReviews: true })).toThrow(/unknown rule option \(known: winningHands, declarationReview\)/);
  });
});

describe('declarationReview: transitions', () => {
  it('an accepted declaration waits for the review; three acceptances, in any order, end the hand in eastMahjong', () => {
    const table = reviewed();
    const eastRack = [...table.context.racks.east];
    expect(table.output).toBeNull();
    expect(table.send({ type: 'declaration.accept', seat: 'north' })).toEqual({ ok: true, phase: 'declarationReview' });
    expect(table.context.acceptedBy).toEqual(['north']);
    expect(table.send({ type: 'declaration.accept', seat: 'south' })).toEqual({ ok: true, phase: 'declarationReview' });
    expect(table.send({ type: 'declaration.accept', seat: 'west' })).toEqual({ ok: true, phase: 'eastMahjong' });
    expect(table.getSnapshot().status).toBe('done');
    expect(table.output?.outcome).toBe('eastMahjong');
    expect(table.context.racks.east).toEqual(eastRack);
    expect(table.context.acceptedBy).toEqual(['north', 'south', 'west']);
  });

  it('refuses east, a repeat, and acceptances outside the review with their codes', () => {
    const before = createCharleston({ seed: 11, rules: { declarationReview: true } });
    expect(codeOf(before, { type: 'declaration.accept', seat: 'south' })).toBe('NOT_NOW');
    expect(codeOf(before, { type: 'declaration.accept', seat: 'east' })).toBe('EAST_CANNOT_ACCEPT');
    const table = reviewed();
    expect(codeOf(table, { type: 'declaration.accept', seat: 'east' })).toBe('EAST_CANNOT_ACCEPT');
    expect(codeOf(table, { type: 'declaration.accept', seat: 'west' })).toBe('ok');
    expect(codeOf(table, { type: 'declaration.accept', seat: 'west' })).toBe('ALREADY_ACCEPTED');
    expect(codeOf(table, { type: 'declaration.accept', seat: 'west', extra: 1 })).toBe('INVALID_EVENT');
    expect(codeOf(table, { type: 'declaration.accept', seat: 'nobody' })).toBe('UNKNOWN_SEAT');
    expect(table.context.acceptedBy).toEqual(['west']);
  });

  it('nothing else moves: passes, votes, draws, a second declaration and the redeal are NOT_NOW', () => {
    const table = createCharleston({
      seed: 5,
      rules: { declarationReview: true },
      deal: {
        east: ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'E', 'E', 'E', 'J', 'F'],
        south: ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'S', 'S', 'S', 'J'],
        west: ['1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'W', 'W', 'W', 'J'],
        north: ['N', 'N', 'N', 'RD', 'RD', 'RD', 'GD', 'GD', 'GD', 'WD', 'WD', 'J'],
      },
    });
    expect(table.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
    const text = persist(table);
    for (const event of [
      { type: 'pass.commit', seat: 'south', tiles: ['1C', '2C', '3C'] },
      { type: 'pass.retract', seat: 'south' },
      { type: 'vote.cast', seat: 'west', vote: 'stop' },
      { type: 'courtesy.offer', seat: 'north', count: 0 },
      { type: 'courtesy.commit', seat: 'north', tiles: [] },
      { type: 'wall.draw', seat: 'north' },
      { type: 'hand.declareMahjong', seat: 'east' },
      { type: 'hand.redeal' },
    ]) {
      const result = table.send(event);
      expect(result.ok, event.type).toBe(false);
      expect(!result.ok && result.refusal.code).toBe('NOT_NOW');
    }
    expect(codeOf(table, { type: 'hand.declareMahjong', seat: 'north' })).toBe('ONLY_EAST');
    expect(persist(table)).toBe(text);
  });

  it('a dispute is a misdeal (declarationDisputed, with the words typed); East remains dealer and the redeal follows', () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'south' });
    expect(table.send({ type: 'misdeal.declare', seat: 'north', reason: 'not on the card' })).toEqual({ ok: true, phase: 'misdeal' });
    expect(table.context.misdeal).toEqual({ by: 'north', reason: 'declarationDisputed', text: 'not on the card' });
    expect(table.context.acceptedBy).toEqual([]);
    expect(viewFor(table.getSnapshot(), 'west', { locale: 'en' }).misdeal).toMatchObject({ by: 'north', code: 'declarationDisputed', reason: 'not on the card' });
    expect(codeOf(table, { type: 'declaration.accept', seat: 'west' })).toBe('NOT_NOW');
    expect(table.send({ type: 'hand.redeal' })).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(table.context).toMatchObject({ hand: 2, dealer: 'east', misdeal: null, acceptedBy: [] });
  });

  it.each(REVIEWERS)('a dispute by %s without words is worded in every locale', (seat) => {
    const table = reviewed();
    table.send({ type: 'misdeal.declare', seat });
    expect(table.context.misdeal).toEqual({ by: seat, reason: 'declarationDisputed' });
    // Without a locale the view carries the code and the seat, no sentence; with one, the sentence in that language.
    expect(viewFor(table.getSnapshot(), 'east').misdeal).toEqual({ by: seat, code: 'declarationDisputed' });
    expect(viewFor(table.getSnapshot(), 'east', { locale: 'en' }).misdeal?.reason).toBe(`East's declaration disputed by ${seat}`);
    const texts = LOCALES.map((locale) => viewFor(table.getSnapshot(), 'east', { locale }).misdeal?.reason);
    expect(new Set(texts).size).toBe(LOCALES.length);
  });

  it("East's own misdeal.declare in the review takes the declaration back: a declared misdeal", () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'west' });
    expect(table.send({ type: 'misdeal.declare', seat: 'east' })).toEqual({ ok: true, phase: 'misdeal' });
    expect(table.context.misdeal).toEqual({ by: 'east', reason: 'declared' });
    expect(table.context.acceptedBy).toEqual([]);
  });

  it('a card still refuses at once: NOT_A_WINNING_HAND, no review', () => {
    const table = createCharleston({ seed: 11, rules: { declarationReview: true }, isWinningHand: () => false });
    expect(codeOf(table, { type: 'hand.declareMahjong', seat: 'east' })).toBe('NOT_A_WINNING_HAND');
    expect(table.phase).toBe('firstCharleston.right');
    const accepting = createCharleston({ seed: 11, rules: { declarationReview: true }, isWinningHand: () => true });
    expect(accepting.send({ type: 'hand.declareMahjong', seat: 'east' })).toEqual({ ok: true, phase: 'declarationReview' });
  });
});

describe('views', () => {
  it("every seat and the spectator see East's fourteen tiles, sorted, and who accepted; waitingFor lists the others", () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'west' });
    const tiles = table.context.racks.east;
    expect(tiles).toHaveLength(14);
    expect([...tiles].sort((a, b) => a - b)).toEqual(tiles);
    for (const seat of [...SEATS, null]) {
      const view = viewFor(table.getSnapshot(), seat);
      expect(view.declaration).toEqual({ tiles: tiles.map((id) => ({ id, tile: expect.any(String) })), accepted: ['west'] });
    }
    for (const seat of SEATS) expect(viewFor(table.getSnapshot(), seat).waitingFor).toEqual(['south', 'north']);
    table.send({ type: 'declaration.accept', seat: 'north' });
    table.send({ type: 'declaration.accept', seat: 'south' });
    expect(viewFor(table.getSnapshot(), null).declaration?.accepted).toEqual(['west', 'north', 'south']);
    expect(viewFor(table.getSnapshot(), 'south').waitingFor).toEqual([]);
  });

  it('without the review, and outside it, the declaration is null', () => {
    const plain = createCharleston({ seed: 11 });
    plain.send({ type: 'hand.declareMahjong', seat: 'east' });
    expect(plain.phase).toBe('eastMahjong');
    expect(viewFor(plain.getSnapshot(), 'south').declaration).toBeNull();
    expect(viewFor(plain.getSnapshot(), null).declaration).toBeNull();
    expect(viewFor(createCharleston({ seed: 11, rules: { declarationReview: true } }).getSnapshot(), null).declaration).toBeNull();
  });

  it('prompts and phase names for the review exist in every locale and differ by seat', () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'west' });
    for (const locale of LOCALES) {
      const prompts = (['east', 'south', 'west'] as Seat[]).map((seat) => viewFor(table.getSnapshot(), seat, { locale }).prompt);
      expect(new Set(prompts).size, locale).toBe(3);
      expect(viewFor(table.getSnapshot(), null, { locale }).phaseName).not.toBe('phase.declarationReview');
    }
    expect(viewFor(table.getSnapshot(), 'west', { locale: 'en' }).prompt).toBe("You accepted East's hand; wait for the others.");
    expect(viewFor(table.getSnapshot(), 'north', { locale: 'ca' }).phaseName).toBe("Revisió de la declaració de l'Est");
  });

  it('stoppedBy: the seat whose stop ended the checkpoint, for every seat and the spectator; null before and when all continued', () => {
    const stopper = createCharleston({ seed: 3 });
    const passAll = (table: CharlestonEngine): void => {
      for (const seat of SEATS) {
        const legal = legalActions(table, seat);
        table.send({ type: 'pass.commit', seat, tiles: legal.pass?.from.slice(0, 3) ?? [] });
      }
    };
    passAll(stopper);
    passAll(stopper);
    passAll(stopper);
    expect(stopper.phase).toBe('stopCheckpoint');
    stopper.send({ type: 'vote.cast', seat: 'south', vote: 'continue' });
    expect(viewFor(stopper.getSnapshot(), null).stoppedBy).toBeNull();
    expect(stopper.send({ type: 'vote.cast', seat: 'west', vote: 'stop' })).toEqual({ ok: true, phase: 'courtesy' });
    for (const seat of [...SEATS, null]) expect(viewFor(stopper.getSnapshot(), seat).stoppedBy).toBe('west');
    expect(viewFor(stopper.getSnapshot(), 'north').stopped).toBe(true);
    const continuing = createCharleston({ seed: 3 });
    passAll(continuing);
    passAll(continuing);
    passAll(continuing);
    for (const seat of SEATS) continuing.send({ type: 'vote.cast', seat, vote: 'continue' });
    expect(continuing.phase).toBe('secondCharleston.left');
    expect(viewFor(continuing.getSnapshot(), null).stoppedBy).toBeNull();
    expect(viewFor(continuing.getSnapshot(), 'east').stopped).toBe(false);
  });
});

describe('legal actions and bots', () => {
  it('offer declaration.accept exactly to the seats that may send it', () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'south' });
    expect(SEATS.map((seat) => legalActions(table, seat).acceptDeclaration)).toEqual([false, false, true, true]);
    expect(SEATS.every((seat) => legalActions(table, seat).declareMisdeal)).toBe(true);
    expect(legalEvents(legalActions(table, 'west'))).toEqual([{ type: 'declaration.accept', seat: 'west' }]);
    expect(legalEvents(legalActions(table, 'east'))).toEqual([]);
    expect(legalActions(createCharleston({ seed: 11 }), 'south').acceptDeclaration).toBe(false);
  });

  it('say dispute exactly where a misdeal disputes East’s hand, as the machine then records it', () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'south' });
    expect(SEATS.map((seat) => legalActions(table, seat).dispute)).toEqual([false, true, true, true]);
    // What the flag says is what the machine does with the same event, seat by seat.
    for (const seat of SEATS) {
      const copy = restore(persist(table));
      expect(copy.send({ type: 'misdeal.declare', seat }).ok).toBe(true);
      expect(copy.context.misdeal?.reason, seat).toBe(legalActions(table, seat).dispute ? 'declarationDisputed' : 'declared');
    }
    // Outside the review a misdeal is never a dispute.
    const plain = createCharleston({ seed: 11 });
    expect(SEATS.map((seat) => legalActions(plain, seat).dispute)).toEqual([false, false, false, false]);
    expect(SEATS.every((seat) => legalActions(plain, seat).declareMisdeal)).toBe(true);
  });

  it.each([
    ['teacher', teacherStrategy],
    ['random', randomStrategy],
  ] as const)('the %s bot accepts when it is asked', (_name, strategy) => {
    const table = reviewed();
    const outcome = playHand({ engine: table, strategies: { east: strategy, south: strategy, west: strategy, north: strategy }, botSeed: 9 });
    expect(outcome.phase).toBe('eastMahjong');
    expect(outcome.eventCount).toBe(3);
    expect(table.context.acceptedBy).toHaveLength(3);
  });
});

describe('persist and restore', () => {
  it('a table in the review restores exactly and plays on', () => {
    const table = reviewed();
    table.send({ type: 'declaration.accept', seat: 'north' });
    const text = persist(table);
    expect(JSON.parse(text)).toMatchObject({ version: 3, phase: 'declarationReview', context: { acceptedBy: ['north'], rules: { declarationReview: true } } });
    const copy = restore(text);
    expect(persist(copy)).toBe(text);
    expect(codeOf(copy, { type: 'declaration.accept', seat: 'north' })).toBe('ALREADY_ACCEPTED');
    copy.send({ type: 'declaration.accept', seat: 'south' });
    expect(copy.send({ type: 'declaration.accept', seat: 'west' })).toEqual({ ok: true, phase: 'eastMahjong' });
    expect(persist(restore(persist(copy)))).toBe(persist(copy));
  });

  it('a disputed misdeal restores with its reason', () => {
    const table = reviewed();
    table.send({ type: 'misdeal.declare', seat: 'south', reason: 'I saw 15 tiles' });
    expect(restore(persist(table)).context.misdeal).toEqual({ by: 'south', reason: 'declarationDisputed', text: 'I saw 15 tiles' });
  });
});

describe('with the option off, a hand is what it was', () => {
  it('the same events give the same contexts, phases and refusals as a table without the option', () => {
    for (const seed of [1, 2, 3, 4]) {
      const plain = createCharleston({ seed });
      const off = createCharleston({ seed, rules: { declarationReview: false } });
      const events: unknown[] = [];
      playHand({ engine: plain, strategies: { east: randomStrategy, south: teacherStrategy, west: randomStrategy, north: teacherStrategy }, onEvent: ({ event }) => events.push(event) });
      events.push({ type: 'declaration.accept', seat: 'south' }, { type: 'hand.declareMahjong', seat: 'east' });
      const replay = createCharleston({ seed });
      for (const event of events) {
        const a = replay.send(event);
        const b = off.send(event);
        expect(b).toEqual(a);
      }
      expect({ ...off.context, rules: {} }).toEqual(replay.context);
    }
  });

  it('East declaring without the option goes straight to eastMahjong, with acceptedBy empty', () => {
    const table = createCharleston({ seed: 11 });
    expect(table.send({ type: 'hand.declareMahjong', seat: 'east' })).toEqual({ ok: true, phase: 'eastMahjong' });
    expect(table.context.acceptedBy).toEqual([]);
    expect(restore(persist(table)).phase).toBe('eastMahjong');
  });
});
