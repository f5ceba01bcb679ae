/**
 * Bad input: events with wrong types, missing fields, huge arrays, `__proto__` / `constructor` keys, non-string
 * tiles, NaN and negative counts; scripts and persisted tables that are truncated, mistyped or of another version.
 * Each gives a typed refusal (an event) or a typed error (`InputError` / `RestoreError`) that names the problem;
 * none throws anything else, and none changes the table. The JSON-representable cases are data files under
 * `corpus/`; the values JSON cannot hold (NaN, BigInt, getters, proxies, sparse and huge arrays) are here.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { InputError } from '../../src/errors.js';
import { legalActions, legalEvents } from '../../src/legal.js';
import { persist, restore, RestoreError } from '../../src/persist.js';
import { runScript } from '../../src/script/run.js';
import { parseScriptText } from '../../src/script/script.js';
import { SEATS, type Seat } from '../../src/seats.js';
import { createCharleston, type CharlestonOptions, type CharlestonEngine } from '../../src/engine.js';
import { REFUSAL_CODES, type Phase } from '../../src/types.js';
import { HandTracker, accountingProblems } from './support/checks.js';
import { expectedRefusal } from './support/oracle.js';

const CORPUS = join(import.meta.dirname, 'corpus');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as T;

/** A table driven with legal events (stop at the checkpoint when `stop`) until it reaches `phase`. */
function tableIn(phase: Phase, stop = true): CharlestonEngine {
  const service = createCharleston({ seed: 2026 });
  for (let guard = 0; guard < 200 && service.phase !== phase; guard += 1) {
    for (const seat of SEATS) {
      const events = legalEvents(legalActions(service.getSnapshot(), seat)).filter(
        (event) => event.type !== 'pass.retract' && event.type !== 'hand.declareMahjong' && !(event.type === 'vote.cast' && event.vote !== (stop ? 'stop' : 'continue')),
      );
      const offer = events.find((event) => event.type === 'courtesy.offer' && event.count === 1);
      const event = offer ?? events[0];
      if (event && service.phase !== phase) expect(service.send(event).ok).toBe(true);
    }
  }
  expect(service.phase).toBe(phase);
  return service;
}

/** Sends a bad value: no exception, a refusal with a contract code and a message, nothing changed. */
function expectRefused(service: CharlestonEngine, value: unknown, code?: string): string {
  const before = persist(service);
  let result;
  expect(() => {
    result = service.send(value);
  }, 'send() must not throw').not.toThrow();
  const sent = result as unknown as ReturnType<CharlestonEngine['send']>;
  expect(sent.ok, 'the value was accepted').toBe(false);
  if (sent.ok) return '';
  expect(REFUSAL_CODES).toContain(sent.refusal.code);
  if (code !== undefined) expect(sent.refusal.code).toBe(code);
  expect(sent.refusal.message.length).toBeGreaterThan(10);
  expect(persist(service), 'a refused value changed the table').toBe(before);
  return sent.refusal.message;
}

interface EventCase {
  name: string;
  event: unknown;
  code: string;
  mentions: string;
}

describe('bad events: the corpus (corpus/events.json)', () => {
  const { cases } = readJson<{ cases: EventCase[] }>('events.json');
  const service = createCharleston({ seed: 2026 });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const message = expectRefused(service, c.event, c.code);
    expect(message).toContain(c.mentions);
    // The reference model agrees.
    expect(expectedRefusal(service.phase, service.context, c.event)).toBe(c.code);
  });

  it('leaves Object.prototype alone', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
  });
});

describe('bad events that JSON cannot hold', () => {
  const own = (value: unknown): Record<string, unknown> => value as Record<string, unknown>;
  const cases: [string, () => unknown, string | undefined][] = [
    ['undefined', () => undefined, 'INVALID_EVENT'],
    ['a function', () => () => ({ type: 'hand.redeal' }), 'INVALID_EVENT'],
    ['a symbol', () => Symbol('pass.commit'), 'INVALID_EVENT'],
    ['a Date', () => new Date(0), 'INVALID_EVENT'],
    ['a Map with the fields as entries', () => new Map([['type', 'pass.retract'], ['seat', 'east']]), 'INVALID_EVENT'],
    ['a boxed string type', () => ({ type: new String('pass.retract'), seat: 'east' }), 'INVALID_EVENT'],
    ['the fields inherited, not own', () => Object.create({ type: 'pass.retract', seat: 'east' }) as unknown, 'INVALID_EVENT'],
    ['seat undefined', () => ({ type: 'pass.retract', seat: undefined }), 'INVALID_EVENT'],
    ['seat a symbol', () => ({ type: 'pass.retract', seat: Symbol('east') }), 'INVALID_EVENT'],
    ['count NaN', () => ({ type: 'courtesy.offer', seat: 'east', count: Number.NaN }), 'INVALID_EVENT'],
    ['count Infinity', () => ({ type: 'courtesy.offer', seat: 'east', count: Number.POSITIVE_INFINITY }), 'INVALID_EVENT'],
    ['count -Infinity', () => ({ type: 'courtesy.offer', seat: 'east', count: Number.NEGATIVE_INFINITY }), 'INVALID_EVENT'],
    ['blind NaN', () => ({ type: 'pass.commit', seat: 'east', tiles: ['1B', '2B'], blind: Number.NaN }), 'INVALID_EVENT'],
    ['a sparse tile list', () => ({ type: 'pass.commit', seat: 'east', tiles: [, '2B', '3B'] }), 'INVALID_EVENT'], // eslint-disable-line no-sparse-arrays
    ['a tile list of a million codes', () => ({ type: 'pass.commit', seat: 'east', tiles: Array.from({ length: 1_000_000 }, () => '1B') }), 'INVALID_EVENT'],
    ['a tile list of 153 codes', () => ({ type: 'courtesy.commit', seat: 'east', tiles: Array.from({ length: 153 }, () => '1B') }), 'INVALID_EVENT'],
    ['a sparse list of length 2^32 − 1', () => ({ type: 'pass.commit', seat: 'east', tiles: new Array(2 ** 32 - 1) }), 'INVALID_EVENT'],
    ['a tile list of a million numbers', () => ({ type: 'pass.commit', seat: 'east', tiles: Array.from({ length: 1_000_000 }, (_, i) => i) }), 'INVALID_EVENT'],
    ['a typed array of tiles', () => ({ type: 'pass.commit', seat: 'east', tiles: new Uint8Array(3) }), 'INVALID_EVENT'],
    ['a cyclic event', () => {
      const event = own({ type: 'pass.retract', seat: 'east' });
      event.self = event;
      return event;
    }, 'INVALID_EVENT'],
    ['a __proto__ key defined as an own property', () => Object.defineProperty({ type: 'wall.draw', seat: 'north' }, '__proto__', { value: { polluted: true }, enumerable: true }), 'INVALID_EVENT'],
    ['a seat with a NUL', () => ({ type: 'pass.retract', seat: 'east\u0000' }), 'UNKNOWN_SEAT'],
    ['a seat of emoji', () => ({ type: 'pass.retract', seat: '🀄' }), 'UNKNOWN_SEAT'],
    ['a seat a million characters long', () => ({ type: 'pass.retract', seat: 'e'.repeat(1_000_000) }), 'UNKNOWN_SEAT'],
    ['a tile a million characters long', () => ({ type: 'pass.commit', seat: 'east', tiles: ['1'.repeat(1_000_000), '2B', '3B'] }), 'UNKNOWN_TILE'],
    ['a prototype-less event (accepted shape, nothing to retract)', () => Object.assign(Object.create(null) as object, { type: 'pass.retract', seat: 'east' }), 'NOTHING_TO_RETRACT'],
    ['a frozen event (accepted shape, nothing to retract)', () => Object.freeze({ type: 'pass.retract', seat: 'east' }), 'NOTHING_TO_RETRACT'],
    ['a negative zero count outside courtesy', () => ({ type: 'courtesy.offer', seat: 'east', count: -0 }), 'NOT_NOW'],
  ];

  it.each(cases)('%s', (_name, make, code) => {
    // How long a refusal takes is measured by the benchmark (refusedMicros), not asserted here.
    const service = createCharleston({ seed: 2026 });
    expectRefused(service, make(), code);
  });

  it('the same values in every phase: refused, typed, nothing changed', () => {
    const phases: Phase[] = ['firstCharleston.left', 'stopCheckpoint', 'courtesy', 'complete', 'misdeal'];
    for (const phase of phases) {
      const service =
        phase === 'misdeal'
          ? (() => {
              const table = createCharleston({ seed: 2026 });
              table.send({ type: 'misdeal.declare', seat: 'south' });
              return table;
            })()
          : phase === 'complete'
            ? tableIn('complete')
            : tableIn(phase);
      for (const [, make, code] of cases) {
        if (code === 'NOTHING_TO_RETRACT' || code === 'NOT_NOW') continue;
        expectRefused(service, make(), code);
      }
    }
  });

  it('courtesy offers out of range, in courtesy: NaN is malformed, the rest out of range', () => {
    const service = tableIn('courtesy');
    expectRefused(service, { type: 'courtesy.offer', seat: 'south', count: Number.NaN }, 'INVALID_EVENT');
    expectRefused(service, { type: 'courtesy.offer', seat: 'south', count: 2.5 }, 'INVALID_EVENT');
    for (const count of [-1, -0.0 - 1, 4, 1e300, Number.MAX_SAFE_INTEGER + 2, -(2 ** 31)]) {
      const message = expectRefused(service, { type: 'courtesy.offer', seat: 'south', count }, 'COURTESY_COUNT_OUT_OF_RANGE');
      expect(message).toContain(String(count));
    }
  });

  it('a misdeal reason of a million characters is taken or refused as malformed, never a crash', () => {
    const service = createCharleston({ seed: 2026 });
    const result = service.send({ type: 'misdeal.declare', seat: 'east', reason: 'x'.repeat(1_000_000) });
    if (!result.ok) expect(result.refusal.code).toBe('INVALID_EVENT');
  });

  it('values whose property reads throw: refused, not thrown (getter, proxy)', () => {
    const service = createCharleston({ seed: 2026 });
    const getter = Object.defineProperty({ seat: 'east' }, 'type', {
      enumerable: true,
      get() {
        throw new Error('boom from a getter');
      },
    });
    const proxy = new Proxy({ type: 'pass.retract', seat: 'east' }, {
      ownKeys() {
        throw new Error('boom from a proxy');
      },
    });
    expectRefused(service, getter, 'INVALID_EVENT');
    expectRefused(service, proxy, 'INVALID_EVENT');
  });

  it('BigInt values: refused as malformed, not a TypeError', () => {
    const service = createCharleston({ seed: 2026 });
    expectRefused(service, 10n, 'INVALID_EVENT');
    expectRefused(service, { type: 'courtesy.offer', seat: 'east', count: 1n }, 'INVALID_EVENT');
    expectRefused(service, { type: 'pass.retract', seat: 1n }, 'INVALID_EVENT');
    expectRefused(service, { type: 'pass.commit', seat: 'east', tiles: ['1B', '2B'], blind: 1n }, 'INVALID_EVENT');
  });
});

interface ScriptCase {
  file: string;
  where: string;
  mentions: string;
}

describe('bad scripts: the corpus (corpus/scripts/*.json) is invalid, exit 2, with the place named', () => {
  const { cases } = readJson<{ cases: ScriptCase[] }>('scripts.json');

  it.each(cases.map((c) => [c.file, c] as const))('%s', (_file, c) => {
    const path = join(CORPUS, 'scripts', c.file);
    const text = readFileSync(path, 'utf8');
    let caught: unknown;
    try {
      runScript(parseScriptText(text));
    } catch (error) {
      caught = error;
    }
    expect(caught, 'the script was run as if it were valid').toBeInstanceOf(InputError);
    const error = caught as InputError;
    expect(error.where.startsWith(c.where), `where: ${error.where}`).toBe(true);
    expect(error.message).toContain(c.mentions);
    if (error.where !== '') expect(error.message).toContain(error.where);

    const out: string[] = [];
    const err: string[] = [];
    const code = main(['run', path], { out: (line) => out.push(line), err: (line) => err.push(line) });
    expect(code).toBe(2);
    expect([...out, ...err].join('\n')).toContain(c.file);
  });

  it('several bad files at once still exit 2, and a valid one beside them does not hide it', () => {
    const files = cases.slice(0, 5).map((c) => join(CORPUS, 'scripts', c.file));
    const valid = join(CORPUS, 'valid-control.json');
    const io = { out: () => undefined, err: () => undefined };
    expect(main(['run', valid], io)).toBe(0);
    expect(main(['run', valid, ...files], io)).toBe(2);
  });
});

describe('bad table options: an InputError that names the place', () => {
  const deal = { east: ['1B'], south: [], west: [], north: [] };
  const cases: [string, () => CharlestonOptions, string][] = [
    ['seed NaN', () => ({ seed: Number.NaN }), 'seed'],
    ['seed negative', () => ({ seed: -1 }), 'seed'],
    ['seed fractional', () => ({ seed: 0.5 }), 'seed'],
    ['seed 2^32', () => ({ seed: 2 ** 32 }), 'seed'],
    ['seed as text', () => ({ seed: '7' as unknown as number }), 'seed'],
    ['deal not an object', () => ({ deal: 'east: 1B' }), 'deal'],
    ['deal with an unknown tile', () => ({ deal: { ...deal, north: ['1B', 'XX'] } }), 'deal.north[1]'],
    ['deal with a NaN tile', () => ({ deal: { ...deal, south: [Number.NaN] } }), 'deal.south[0]'],
    ['deal with five 1B', () => ({ deal: { ...deal, west: ['1B', '1B', '1B', '1B'] } }), 'deal.west[3]'],
    ['deal with nine jokers', () => ({ deal: { ...deal, east: Array.from({ length: 9 }, () => 'J') } }), 'deal.east[8]'],
    ['deal missing north', () => ({ deal: { east: [], south: [], west: [] } }), 'deal.north'],
    ['deal with a __proto__ key', () => ({ deal: JSON.parse('{"east":[],"south":[],"west":[],"north":[],"__proto__":[]}') as unknown }), 'deal.__proto__'],
    ['rules not an object', () => ({ seed: 1, rules: 'strict' }), 'rules'],
    ['rules with an unknown option', () => ({ seed: 1, rules: { constructor: true } }), 'rules.constructor'],
    ['a winning hand of 15 tiles', () => ({ seed: 1, rules: { winningHands: [Array.from({ length: 15 }, () => 'F')] } }), 'rules.winningHands[0]'],
  ];

  it.each(cases)('%s', (_name, make, where) => {
    let caught: unknown;
    try {
      createCharleston(make());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).where).toBe(where);
    if (where !== '') expect((caught as InputError).message).toContain(where);
  });

  it('a BigInt seed: an InputError, not a TypeError', () => {
    expect(() => createCharleston({ seed: 7n as unknown as number })).toThrow(InputError);
  });
});

describe('bad persisted tables: a RestoreError that names the problem, nothing half-restored', () => {
  const live = tableIn('firstCharleston.left');
  // A packet on the table, so that the table field has content.
  const first = legalEvents(legalActions(live.getSnapshot(), 'south'))[0];
  if (first) live.send(first);
  const good = persist(live);
  const parsed = (): Record<string, unknown> & { context: Record<string, unknown> } => JSON.parse(good) as never;
  const liveBefore = persist(live);

  const expectRestoreError = (text: string, problem: string | string[], where?: string | RegExp): RestoreError => {
    let caught: unknown;
    try {
      restore(text);
    } catch (error) {
      caught = error;
    }
    expect(caught, `restored: ${text.slice(0, 80)}`).toBeInstanceOf(RestoreError);
    const error = caught as RestoreError;
    expect(error).toBeInstanceOf(InputError);
    expect([problem].flat()).toContain(error.problem);
    if (typeof where === 'string') expect(error.where).toBe(where);
    if (where instanceof RegExp) expect(error.where).toMatch(where);
    expect(error.message.length).toBeGreaterThan(10);
    return error;
  };

  it('the good text restores (the control)', () => {
    expect(persist(restore(good))).toBe(good);
  });

  it('every truncation of the text is refused (truncated, or corrupt JSON), never a crash', () => {
    const kinds: Record<string, number> = {};
    for (let length = 0; length < good.length; length += 1) {
      const error = expectRestoreError(good.slice(0, length), ['truncated', 'corrupt']);
      kinds[error.problem] = (kinds[error.problem] ?? 0) + 1;
    }
    console.log(`truncations of a ${good.length}-character table: ${JSON.stringify(kinds)}`);
    // A cut text is reported as truncated: the parser ran out of input.
    expect(kinds.truncated ?? 0).toBe(good.length);
  });

  it('not JSON, or JSON that is not a table', () => {
    for (const text of ['', ' ', 'NaN', "{'format':1}", '{"format":"charleston-table",}', 'undefined']) expectRestoreError(text, ['corrupt', 'truncated'], '');
    for (const text of ['null', '[]', '42', '"charleston-table"', 'true', '{}', '{"format":"chess"}']) expectRestoreError(text, 'corrupt', 'format');
  });

  it('another version', () => {
    for (const version of [0, 4, 1.5, '1', '2', '3', null, [3]]) {
      const error = expectRestoreError(JSON.stringify({ ...parsed(), version }), 'wrong-version', 'version');
      expect(error.message).toContain('version');
    }
    const { version: _dropped, ...withoutVersion } = parsed();
    expectRestoreError(JSON.stringify(withoutVersion), 'wrong-version', 'version');
  });

  it('mistyped fields, each named', () => {
    const withContext = (change: (context: Record<string, unknown>) => void): string => {
      const value = parsed();
      change(value.context);
      return JSON.stringify(value);
    };
    const racks = (context: Record<string, unknown>): Record<Seat, unknown[]> => context.racks as Record<Seat, unknown[]>;
    const cases: [string, string, string | RegExp][] = [
      ['an unknown phase', JSON.stringify({ ...parsed(), phase: 'courtesy.eastWest' }), 'phase'],
      ['a numeric phase', JSON.stringify({ ...parsed(), phase: 3 }), 'phase'],
      ['an extra top-level field', JSON.stringify({ ...parsed(), extra: 1 }), 'extra'],
      ['a top-level __proto__ key', good.replace('{"format"', '{"__proto__":{"polluted":true},"format"'), '__proto__'],
      ['context not an object', JSON.stringify({ ...parsed(), context: [] }), 'context'],
      ['context __proto__ key', good.replace('"context":{', '"context":{"__proto__":{},'), 'context.__proto__'],
      ['context missing racks', withContext((c) => delete c.racks), 'context.racks'],
      ['context extra field', withContext((c) => (c.secret = 1)), 'context.secret'],
      ['seed negative', withContext((c) => (c.seed = -1)), 'context.seed'],
      ['hand zero', withContext((c) => (c.hand = 0)), 'context.hand'],
      ['dealer south', withContext((c) => (c.dealer = 'south')), 'context.dealer'],
      ['rules unknown option', withContext((c) => (c.rules = { anything: true })), 'context.rules.anything'],
      ['a rack not a list', withContext((c) => (racks(c).east = 'all' as never)), 'context.racks.east'],
      ['a tile id as text', withContext((c) => (racks(c).east[0] = '3')), 'context.racks.east[0]'],
      ['a tile id negative', withContext((c) => (racks(c).south[0] = -1)), 'context.racks.south[0]'],
      ['a tile id past the set', withContext((c) => (racks(c).west[0] = 152)), 'context.racks.west[0]'],
      ['a tile id fractional', withContext((c) => (racks(c).north[0] = 1.5)), 'context.racks.north[0]'],
      ['a rack of 100,000 ids', withContext((c) => (racks(c).north = Array.from({ length: 100_000 }, () => 0))), 'context.racks.north'],
      ['a rack under an unknown seat', withContext((c) => ((c.racks as Record<string, unknown>).middle = [])), 'context.racks.middle'],
      ['a tile in two racks', withContext((c) => (racks(c).east[0] = racks(c).west[0])), 'context'],
      ['a tile missing', withContext((c) => (c.wall = (c.wall as unknown[]).slice(1))), 'context'],
      ['a packet of four', withContext((c) => ((c.table as Record<string, unknown>).south = { tiles: [0, 1, 2, 3], blind: 0 })), /^context\.table\.south/],
      ['a packet blind 5', withContext((c) => ((c.table as Record<string, unknown>).south = { tiles: [], blind: 5 })), 'context.table.south.blind'],
      ['a vote of maybe', withContext((c) => ((c.votes as Record<string, unknown>).east = 'maybe')), 'context.votes.east'],
      ['an offer of 4', withContext((c) => ((c.offers as Record<string, unknown>).east = 4)), 'context.offers.east'],
      ['exchanged not booleans', withContext((c) => (c.exchanged = { eastWest: 'no', southNorth: false })), 'context.exchanged'],
      ['a misdeal record outside a misdeal', withContext((c) => (c.misdeal = { by: null, reason: 'wrongCount' })), 'context.misdeal'],
      ['a misdeal reason that is not a code', withContext((c) => (c.misdeal = { by: 'east', reason: 'x' })), 'context.misdeal.reason'],
    ];
    for (const [name, text, where] of cases) {
      const error = expectRestoreError(text, 'invalid', where);
      if (typeof where === 'string' && where !== '') expect(error.message, name).toContain(where);
    }
  });

  it('a wrong tile count with valid ids is not an error: the restored table is a misdeal (R11)', () => {
    const value = parsed();
    const context = value.context as { racks: Record<Seat, number[]>; wall: number[] };
    const moved = context.racks.east.pop() as number;
    context.wall.push(moved);
    const service = restore(JSON.stringify(value));
    expect(service.phase).toBe('misdeal');
  });

  it('random corruption of a table: only RestoreError, or a sound table', () => {
    const base = parsed();
    const paths = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
      if (Array.isArray(value)) return [prefix, ...value.flatMap((inner, i) => paths(inner, [...prefix, i]))];
      if (typeof value === 'object' && value !== null) return [prefix, ...Object.entries(value).flatMap(([key, inner]) => paths(inner, [...prefix, key]))];
      return [prefix];
    };
    const all = paths(base).filter((path) => path.length > 0);
    let restored = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(all.length - 1), fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.integer({ min: -2, max: 160 }), fc.constant('__delete__'))), { minLength: 1, maxLength: 3 }), (edits) => {
        const value = JSON.parse(good) as Record<string, unknown>;
        for (const [index, replacement] of edits) {
          const path = all[index] as (string | number)[];
          let target: unknown = value;
          for (const key of path.slice(0, -1)) target = typeof target === 'object' && target !== null ? (target as Record<string, unknown>)[key] : undefined;
          if (typeof target !== 'object' || target === null) continue;
          const last = path[path.length - 1] as string;
          if (replacement === '__delete__') delete (target as Record<string, unknown>)[last];
          else (target as Record<string, unknown>)[last] = replacement;
        }
        let service: CharlestonEngine;
        try {
          service = restore(JSON.stringify(value));
        } catch (error) {
          expect(error).toBeInstanceOf(RestoreError);
          refused += 1;
          return;
        }
        restored += 1;
        expect(accountingProblems(service.context)).toEqual([]);
        expect(new HandTracker().check(service.context, service.phase).filter((problem) => !problem.includes('north counts 12'))).toEqual([]);
        const text = persist(service);
        expect(persist(restore(text))).toBe(text);
        // The restored table plays on soundly.
        for (const seat of SEATS) {
          const event = legalEvents(legalActions(service.getSnapshot(), seat), true)[0];
          if (event) expect(service.send(event).ok).toBe(true);
          expect(accountingProblems(service.context)).toEqual([]);
        }
      }),
      { numRuns: 400, seed: 20_260 },
    );
    console.log(`random corruption: ${refused} refused with a RestoreError, ${restored} restored soundly`);
    expect(refused).toBeGreaterThan(100);
  });

  it('the live table was never touched', () => {
    expect(persist(live)).toBe(liveBefore);
  });
});
