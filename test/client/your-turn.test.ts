/**
 * "Your turn" decided from views and legal actions alone: which decision is open, when one becomes the seat's (a
 * new phase or hand signals once; a pass taken back, or a view that changes nothing, signals nothing), and the tab's
 * title in each of the four languages.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { createCharleston, legalActions, viewFor, type LegalActions } from '../../src/index.js';
import { becameMine, turnKind, turnOf, turnTitle, type Turn } from '../../src/client/your-turn.js';

const none: LegalActions = { seat: 'east', phase: 'firstCharleston.right', pass: null, retract: false, vote: [], offer: [], courtesy: null, declareMahjong: false, acceptDeclaration: false, draw: false, declareMisdeal: true, dispute: false, redeal: false };

describe('which decision is open', () => {
  it('names each kind of decision, and none for options the table does not wait for', () => {
    expect(turnKind(null)).toBeNull();
    expect(turnKind(none)).toBeNull();
    expect(turnKind({ ...none, retract: true, declareMahjong: true })).toBeNull();
    expect(turnKind({ ...none, pass: { from: [], blind: [0] } })).toBe('pass');
    expect(turnKind({ ...none, vote: ['stop', 'continue'] })).toBe('vote');
    expect(turnKind({ ...none, offer: [0, 1, 2, 3] })).toBe('offer');
    expect(turnKind({ ...none, courtesy: { count: 2, from: [] } })).toBe('give');
    expect(turnKind({ ...none, acceptDeclaration: true })).toBe('answer');
    expect(turnKind({ ...none, draw: true })).toBe('draw');
    expect(turnKind({ ...none, redeal: true })).toBe('redeal');
  });

  it('reads a real table: East has a pass to make at the deal, and none once it has committed', () => {
    const table = createCharleston({ seed: 7 });
    const at = (): Turn | null => turnOf(viewFor(table.getSnapshot(), 'east'), legalActions(table.getSnapshot(), 'east'));
    const before = at();
    expect(before).toEqual({ kind: 'pass', hand: 1, phase: 'firstCharleston.right' });
    const from = legalActions(table.getSnapshot(), 'east').pass?.from ?? [];
    const rack = viewFor(table.getSnapshot(), 'east').rack;
    const tiles = rack.filter((tile) => from.includes(tile.tile)).slice(0, 3).map((tile) => tile.tile);
    expect(table.send({ type: 'pass.commit', seat: 'east', tiles }).ok).toBe(true);
    expect(at()).toBeNull();
    table.stop();
  });
});

describe('what became mine', () => {
  const pass: Turn = { kind: 'pass', hand: 1, phase: 'firstCharleston.right' };
  it('signals a decision once: not again for the same one, again for the next phase or hand', () => {
    expect(becameMine(null, pass)).toEqual(pass);
    expect(becameMine(pass, pass)).toBeNull();
    expect(becameMine(pass, { ...pass })).toBeNull();
    expect(becameMine(pass, null)).toBeNull();
    expect(becameMine(pass, { ...pass, phase: 'firstCharleston.across' })).toEqual({ ...pass, phase: 'firstCharleston.across' });
    expect(becameMine(pass, { ...pass, hand: 2 })).toEqual({ ...pass, hand: 2 });
    expect(becameMine(pass, { kind: 'vote', hand: 1, phase: 'stopCheckpoint' })).toEqual({ kind: 'vote', hand: 1, phase: 'stopCheckpoint' });
  });
});

describe('the tab title', () => {
  it('says whose turn it is in the page language, and the plain title otherwise', () => {
    expect(turnTitle('en', 'pass')).toBe('● Your pass — Charleston');
    expect(turnTitle('en', 'vote')).toBe('● Your vote — Charleston');
    expect(turnTitle('ca', 'pass')).toBe('● Et toca passar — Charleston');
    expect(turnTitle('sw', 'pass')).toBe('● Zamu yako kupitisha — Charleston');
    expect(turnTitle('el', 'pass')).toBe('● Σειρά σου να περάσεις — Charleston');
    for (const locale of ['en', 'ca', 'sw', 'el'] as const) {
      expect(turnTitle(locale, null)).toBe('Charleston');
      const titles = (['pass', 'vote', 'offer', 'give', 'answer', 'draw', 'redeal'] as const).map((kind) => turnTitle(locale, kind));
      // A word per kind of decision: seven different titles, each marked and naming the game.
      expect(new Set(titles).size).toBe(7);
      for (const title of titles) expect(title).toMatch(/^● .+ — Charleston$/);
    }
  });
});
