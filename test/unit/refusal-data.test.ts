/**
 * Refusals are data until the reader's screen: the rules return a code and typed, JSON-serializable params (never a
 * sentence), `src/rules/` imports nothing from `src/i18n/`, input echoed into params is cut to MAX_ECHO characters,
 * and the message is rendered at the boundary in the table's locale. A misdeal's reason is a code plus the person's
 * own words.
 */
import '../../src/i18n/locales.js';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ECHO, createCharleston, persist, viewFor } from '../../src/index.js';
import { dealFromSeed, facesOf } from '../../src/entries/rules.js';
import { restore } from '../../src/entries/persist.js';
import { parseEvent } from '../../src/rules/event-shape.js';
import { echo, shown } from '../../src/rules/refuse.js';
import { importGraph, sourceFiles } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('the rules speak no language', () => {
  it('src/rules/ imports nothing from src/i18n/', () => {
    const graph = importGraph(ROOT, sourceFiles(join(ROOT, 'src', 'rules')));
    expect(graph.size).toBeGreaterThan(5);
    const into = [...graph].flatMap(([file, targets]) => targets.filter((target) => target.startsWith('src/i18n/')).map((target) => `${file} → ${target}`));
    expect(into).toEqual([]);
  });

  it.each([
    [null, { problem: 'notObject', got: 'null' }],
    [{ type: 'pass.steal' }, { problem: 'unknownType', got: '"pass.steal"' }],
    [{ type: 'vote.cast', seat: 'east', vote: 'maybe' }, { problem: 'badVote', type: 'vote.cast', field: 'vote', got: '"maybe"' }],
    [{ type: 'courtesy.offer', seat: 'east', count: 1.5 }, { problem: 'badCount', type: 'courtesy.offer', field: 'count', got: '1.5' }],
    [{ type: 'pass.commit', seat: 'east', tiles: ['1B', 7] }, { problem: 'notTileCode', type: 'pass.commit', field: 'tiles[1]', got: '7' }],
    [{ type: 'pass.commit', seat: 'east', tiles: Array(153).fill('1B') }, { problem: 'tooManyTiles', type: 'pass.commit', field: 'tiles', length: 153, max: 152 }],
    [{ type: 'misdeal.declare', seat: 'east', reason: [] }, { problem: 'reasonNotText', type: 'misdeal.declare', field: 'reason', got: '[…]' }],
    [{ type: 'wall.draw' }, { problem: 'missingField', type: 'wall.draw', field: 'seat' }],
  ])('INVALID_EVENT params for %j are codes and values', (raw, params) => {
    const result = parseEvent(raw);
    expect(!result.ok && result.refusal).toEqual({ code: 'INVALID_EVENT', params });
    expect(JSON.parse(JSON.stringify(params))).toEqual(params);
  });

  it(`cuts what it echoes from the input to ${MAX_ECHO} characters`, () => {
    const long = 'x'.repeat(10_000);
    const cases = [
      { type: 'wall.draw', seat: long },
      { type: 'pass.commit', seat: 'east', tiles: [long] },
      { type: long },
      { type: 'wall.draw', seat: 'east', [long]: 1 },
    ];
    for (const raw of cases) {
      const result = parseEvent(raw);
      expect(result.ok).toBe(false);
      const texts = result.ok ? [] : Object.values(result.refusal.params).filter((value): value is string => typeof value === 'string');
      expect(texts.some((text) => text.includes('xxxx'))).toBe(true);
      for (const text of texts) expect(text.length).toBeLessThanOrEqual(MAX_ECHO + 3);
    }
    expect(echo('a'.repeat(MAX_ECHO))).toBe('a'.repeat(MAX_ECHO));
    expect(echo('a'.repeat(MAX_ECHO + 1))).toBe(`${'a'.repeat(MAX_ECHO)}…`);
    expect([null, undefined, Number.NaN, true, 5n, {}, [], () => 1].map(shown)).toEqual(['null', 'undefined', 'NaN', 'true', '5n', '{…}', '[…]', 'function']);
  });
});

describe('messages are rendered at the boundary', () => {
  it('send() answers code, params and a message in the table’s locale', () => {
    const english = createCharleston({ seed: 3 }).send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    const catalan = createCharleston({ seed: 3, locale: 'ca' }).send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(english).toMatchObject({ ok: false, refusal: { code: 'NOT_NOW', params: { phase: 'firstCharleston.right', why: 'voteAtCheckpointOnly' } } });
    expect(!english.ok && english.refusal.message).toMatch(/only at the stop checkpoint/);
    expect(!catalan.ok && catalan.refusal.params).toEqual(!english.ok && english.refusal.params);
    expect(!catalan.ok && catalan.refusal.message).toMatch(/punt d'aturada/);
  });

  it('a malformed event’s message names the problem in the locale, the field and value as data', () => {
    const el = createCharleston({ seed: 3, locale: 'el' }).send({ type: 'courtesy.offer', seat: 'east', count: 'two' });
    const en = createCharleston({ seed: 3 }).send({ type: 'courtesy.offer', seat: 'east', count: 'two' });
    expect(!en.ok && en.refusal.message).toBe('That event is malformed: "count" must be an integer, got "two".');
    expect(!el.ok && el.refusal.message).toContain('«count» πρέπει να είναι ακέραιος');
  });
});

describe('a misdeal’s reason: a code, plus the words a person typed', () => {
  it('declared with words, declared without, and a wrong count', () => {
    const worded = createCharleston({ seed: 3 });
    worded.send({ type: 'misdeal.declare', seat: 'west', reason: 'two racks touched' });
    expect(worded.context.misdeal).toEqual({ by: 'west', reason: 'declared', text: 'two racks touched' });
    // Without a locale the view carries codes and data only; with one, the sentence too.
    expect(viewFor(worded.getSnapshot(), 'east').misdeal).toEqual({ by: 'west', code: 'declared', text: 'two racks touched' });
    expect(viewFor(worded.getSnapshot(), 'east', { locale: 'en' }).misdeal).toEqual({ by: 'west', code: 'declared', text: 'two racks touched', reason: 'two racks touched' });

    const bare = createCharleston({ seed: 3 });
    bare.send({ type: 'misdeal.declare', seat: 'south' });
    expect(bare.context.misdeal).toEqual({ by: 'south', reason: 'declared' });
    expect(viewFor(bare.getSnapshot(), 'east').misdeal).toEqual({ by: 'south', code: 'declared' });
    expect(viewFor(bare.getSnapshot(), 'east', { locale: 'en' }).misdeal?.reason).toBe('declared by south');
    expect(viewFor(bare.getSnapshot(), 'east', { locale: 'ca' }).misdeal?.reason).toBe('declarat per Sud');

    const { racks } = dealFromSeed(3);
    const wrong = createCharleston({
      deal: { east: facesOf(racks.east), south: facesOf(racks.south), west: facesOf(racks.west), north: facesOf(racks.north).slice(2) },
    });
    expect(wrong.phase).toBe('misdeal');
    expect(wrong.context.misdeal).toEqual({ by: null, reason: 'wrongCount', counts: { north: 11 } });
    expect(viewFor(wrong.getSnapshot(), 'north').misdeal).toEqual({ by: null, code: 'wrongCount', counts: { north: 11 } });
    expect(viewFor(wrong.getSnapshot(), 'north', { locale: 'en' }).misdeal?.reason).toBe('wrong tile count: north holds 11');
  });

  it('a persisted table of version 1 (an English sentence) is read as the code it stood for', () => {
    const table = createCharleston({ seed: 3 });
    table.send({ type: 'misdeal.declare', seat: 'north', reason: 'a tile fell' });
    const v3 = JSON.parse(persist(table)) as { version: number; context: { misdeal: unknown; acceptedBy?: unknown } };
    expect(v3.version).toBe(3);
    const { acceptedBy, ...v2Context } = v3.context;
    expect(acceptedBy).toEqual([]);
    const v2 = { ...v3, version: 2, context: v2Context };
    expect(restore(JSON.stringify(v2)).context).toEqual(table.context);
    const asV1 = (misdeal: unknown): string => JSON.stringify({ ...v2, version: 1, context: { ...v2.context, misdeal } });
    expect(restore(asV1({ by: 'north', reason: 'a tile fell' })).context.misdeal).toEqual({ by: 'north', reason: 'declared', text: 'a tile fell' });
    expect(restore(asV1({ by: 'north', reason: 'declared by north' })).context.misdeal).toEqual({ by: 'north', reason: 'declared' });
    expect(restore(asV1({ by: null, reason: 'wrong tile count: south holds 12' })).context.misdeal).toMatchObject({ by: null, reason: 'wrongCount' });
    expect(() => restore(JSON.stringify({ ...v2, context: { ...v2.context, misdeal: { by: 'north', reason: 'a tile fell' } } }))).toThrow(/context\.misdeal\.reason/);
    // Version 2 had no review: neither its field nor its misdeal reason.
    expect(() => restore(JSON.stringify({ ...v2, context: { ...v2.context, acceptedBy: [] } }))).toThrow(/context\.acceptedBy: unknown field/);
    expect(() => restore(JSON.stringify({ ...v2, context: { ...v2.context, misdeal: { by: 'north', reason: 'declarationDisputed' } } }))).toThrow(/context\.misdeal\.reason/);
  });
});
