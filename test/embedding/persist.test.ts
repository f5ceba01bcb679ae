/** Persist and restore: at every step of many games the restored table plays on to the same end. */
import { describe, expect, it } from 'vitest';
import { RestoreError, persist, restore } from '../../src/persist.js';
import { createCharleston } from '../../src/engine.js';
import { viewFor } from '../../src/views.js';
import { recordGame } from '../support/games.js';

describe('persist and restore', () => {
  it('restoring at every step of 24 seeded games and replaying the rest gives the same end', () => {
    let restores = 0;
    for (let seed = 1; seed <= 24; seed += 1) {
      const game = recordGame(seed);
      expect(game.played.length).toBeGreaterThan(0);
      for (let step = 0; step < game.tables.length; step += 1) {
        const service = restore(game.tables[step] as string);
        expect(persist(service)).toBe(game.tables[step]);
        for (const { event, result } of game.played.slice(step + 1)) {
          expect(service.send(event).ok).toBe(result.ok);
        }
        expect(persist(service)).toBe(game.final);
        restores += 1;
      }
    }
    expect(restores).toBeGreaterThan(300);
  });

  const table = persist(createCharleston({ seed: 3 }));
  const tamper = (edit: (value: Record<string, any>) => void): string => {
    const value = JSON.parse(table) as Record<string, any>;
    edit(value);
    return JSON.stringify(value);
  };
  const cases: [string, string, RestoreError['problem'], RegExp][] = [
    ['truncated text', table.slice(0, table.length / 2), 'truncated', /truncated/],
    ['empty text', '', 'truncated', /truncated/],
    ['not JSON', 'hello', 'corrupt', /not valid JSON/],
    ['another format', JSON.stringify({ format: 'chess', version: 1 }), 'corrupt', /format/],
    ['a future version', tamper((v) => (v.version = 4)), 'wrong-version', /version 4/],
    ['an acceptance outside a review', tamper((v) => (v.context.acceptedBy = ['south'])), 'invalid', /context\.acceptedBy: no declaration is reviewed/],
    ['East accepting its own hand', tamper((v) => (v.context.acceptedBy = ['east'])), 'invalid', /context\.acceptedBy\[0\]/],
    ['a seat accepting twice', tamper((v) => (v.context.acceptedBy = ['west', 'west'])), 'invalid', /west accepted twice/],
    ['a review without its rule', tamper((v) => (v.phase = 'declarationReview')), 'invalid', /declarationReview needs the rule option/],
    ['a review with three acceptances', tamper((v) => {
      v.phase = 'declarationReview';
      v.context.rules = { declarationReview: true };
      v.context.acceptedBy = ['south', 'west', 'north'];
    }), 'invalid', /three acceptances/],
    ['a reviewed eastMahjong without its acceptances', tamper((v) => {
      v.phase = 'eastMahjong';
      v.context.rules = { declarationReview: true };
    }), 'invalid', /South, West and North have accepted/],
    ['a non-boolean review option', tamper((v) => (v.context.rules = { declarationReview: 1 })), 'invalid', /context\.rules\.declarationReview/],
    ['no version', tamper((v) => delete v.version), 'wrong-version', /version/],
    ['an unknown phase', tamper((v) => (v.phase = 'thirdCharleston.left')), 'invalid', /phase/],
    ['a duplicated tile', tamper((v) => (v.context.racks.east[0] = v.context.racks.south[0])), 'invalid', /both in/],
    ['a missing tile', tamper((v) => v.context.wall.pop()), 'invalid', /missing/],
    ['a tile id outside the set', tamper((v) => (v.context.wall[0] = 152)), 'invalid', /not a tile id/],
    ['a string for a rack', tamper((v) => (v.context.racks.north = 'all of them')), 'invalid', /context\.racks\.north/],
    ['an extra context field', tamper((v) => (v.context.secret = 1)), 'invalid', /context\.secret/],
    ['a __proto__ key', table.replace('"context":{', '"context":{"__proto__":{"x":1},'), 'invalid', /__proto__/],
    ['votes before the checkpoint', tamper((v) => (v.context.votes.east = 'stop')), 'invalid', /votes/],
    ['an unknown rule option', tamper((v) => (v.context.rules = { jokersPassable: true })), 'invalid', /jokersPassable/],
  ];
  for (const [what, text, problem, message] of cases) {
    it(`refuses ${what} with a typed error naming the problem`, () => {
      let caught: unknown;
      try {
        restore(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(RestoreError);
      expect((caught as RestoreError).problem).toBe(problem);
      expect((caught as RestoreError).message).toMatch(message);
    });
  }

  it('a restored table with a wrong tile count is a misdeal at once (R11)', () => {
    const text = tamper((v) => {
      const moved = v.context.racks.south.pop();
      v.context.racks.west.push(moved);
    });
    const service = restore(text);
    expect(service.phase).toBe('misdeal');
    expect(service.context.misdeal).toEqual({ by: null, reason: 'wrongCount', counts: { south: 12, west: 14 } });
    expect(viewFor(service.getSnapshot(), 'east', { locale: 'en' }).misdeal?.reason).toBe('wrong tile count: south holds 12, west holds 14');
    expect(viewFor(service.getSnapshot(), 'east').misdeal).toEqual({ by: null, code: 'wrongCount', counts: { south: 12, west: 14 } });
    expect(service.send({ type: 'hand.redeal' }).ok).toBe(true);
    expect(service.phase).toBe('firstCharleston.right');
  });

  it('a short North restores as it is (North may hold 12)', () => {
    const text = tamper((v) => v.context.wall.unshift(v.context.racks.north.pop()));
    const service = restore(text);
    expect(service.phase).toBe('firstCharleston.right');
    expect(service.send({ type: 'wall.draw', seat: 'north' }).ok).toBe(true);
  });
});
