/**
 * The teacher's hint: the bot's own choice, with the reason in words from the seeds' teaching line ("pass what
 * helps neither line"), in all four languages; the client's reading of the lines and the spare tiles agrees with
 * the teacher's own functions on many racks.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import { junkCount, twoLines } from '../../src/bots/teacher.js';
import { LOCALES, SEATS, createCharleston, legalActions, viewFor, type Tile } from '../../src/index.js';
import { playHand, teacherStrategy } from '../../src/entries/bots.js';
import { bestLines, isSpare, lineName, teacherHint, type TeachingLine } from '../../src/client/teacher-reason.js';
import { dealWithEast, TEACHING_RACK } from './support/deals.js';

const LINE_NAMES = (line: TeachingLine): string => (line.kind === 'suit' ? `suit ${line.suit}` : line.kind === 'like' ? `like ${line.rank}s` : 'winds and dragons');

describe('the teacher hint', () => {
  it('reads the same two lines and the same spare tiles as the teacher bot, on every rack of 30 games', () => {
    let racks = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      playHand({
        seed,
        onEvent: (_played, service) => {
          for (const seat of SEATS) {
            const rack = viewFor(service.getSnapshot(), seat).rack.map((tile) => tile.tile);
            const lines = bestLines(rack);
            expect(lines.map(LINE_NAMES)).toEqual(twoLines(rack).map((line) => line.name));
            expect(rack.filter((tile) => isSpare(tile, rack, lines)).length).toBe(junkCount(rack));
            racks += 1;
          }
        },
      });
    }
    expect(racks).toBeGreaterThan(1000);
  });

  it("gives the seeds' teaching line on the teaching rack: pass the three craks, they help neither line", () => {
    const table = createCharleston({ seed: 1, deal: dealWithEast(TEACHING_RACK) });
    const snapshot = table.getSnapshot();
    const view = viewFor(snapshot, 'east');
    const legal = legalActions(snapshot, 'east');
    const hint = teacherHint(view, legal, 'en');
    expect(hint.event).toEqual(teacherStrategy.act(view, legal, () => 0));
    expect(hint.event).toEqual({ type: 'pass.commit', seat: 'east', tiles: ['8C', '4C', '1C'] });
    expect(hint.text).toBe(
      'Pass eight crak, four crak, one crak: they help neither of your two lines, like numbers (6s in every suit) and winds and dragons. Keep jokers, pairs and the tiles your lines want.',
    );
  });

  it.each([
    ['ca', ['vuit de crak', 'quatre de crak', 'u de crak'], 'no ajuden cap'],
    ['sw', ['crak nane', 'crak nne', 'crak moja'], 'havisaidii mstari wowote'],
    ['el', ['οκτώ κρακ', 'τέσσερα κρακ', 'ένα κρακ'], 'δεν βοηθούν καμία'],
  ] as const)('says it in %s', (locale, names, neither) => {
    const table = createCharleston({ seed: 1, deal: dealWithEast(TEACHING_RACK) });
    const snapshot = table.getSnapshot();
    const hint = teacherHint(viewFor(snapshot, 'east'), legalActions(snapshot, 'east'), locale);
    for (const name of names) expect(hint.text).toContain(name);
    expect(hint.text).toContain(neither);
    expect(hint.text).toContain(lineName(locale, { kind: 'honors' }));
  });

  it('explains a vote, an offer and a courtesy packet, in every language, with the words of the teacher', () => {
    const seen = new Set<string>();
    playHand({
      seed: 11,
      beforeEvent: (by, _event, service) => {
        if (by === 'table') return;
        const snapshot = service.getSnapshot();
        for (const locale of LOCALES) {
          const hint = teacherHint(viewFor(snapshot, by), legalActions(snapshot, by), locale);
          expect(hint.text.length).toBeGreaterThan(10);
          expect(hint.text).not.toMatch(/\{\w+\}/);
          if (hint.event !== null) seen.add(hint.event.type);
        }
      },
    });
    expect(seen.has('pass.commit')).toBe(true);
    expect(seen.has('vote.cast')).toBe(true);
    expect(seen.has('courtesy.offer')).toBe(true);
  });

  it('names a blind pass when fewer than three tiles can be spared', () => {
    const rack: Tile[] = ['1B', '1B', '2B', '2B', '3B', '3B', '4B', '4B', '5B', '5B', 'GD', 'GD', 'J', 'F'];
    const table = createCharleston({ seed: 1, deal: dealWithEast(rack) });
    // As if this were the first left pass (blind allowed): East's rack has nothing to spare.
    const hint = teacherHint(viewFor(table.getSnapshot(), 'east'), { ...legalActions(table.getSnapshot(), 'east'), pass: { from: rack.filter((t) => t !== 'J'), blind: [0, 1, 2, 3] } }, 'en');
    expect(hint.event).toMatchObject({ type: 'pass.commit', blind: 3 });
    expect(hint.text).toBe('Nothing in your rack can be spared from bams with the green dragon and like numbers (1s in every suit): forward all three blind.');
  });
});
