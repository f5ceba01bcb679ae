/**
 * Every export of the core and of its other browser-safe entries, fed random values: a function either answers or throws an `InputError` (or its
 * subclass `RestoreError`) that names the argument, never a bare TypeError or RangeError from deep inside.
 * Seeded (fast-check's seed is fixed), so the run is the same every time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/index.js';
import * as bots from '../../src/entries/bots.js';
import * as i18n from '../../src/entries/i18n.js';
import * as persistEntry from '../../src/entries/persist.js';
import * as rules from '../../src/entries/rules.js';
import * as scripts from '../../src/entries/scripts.js';

const SEED = 20_261_201;
const table = core.createCharleston({ seed: 7 });
const snapshot = table.getSnapshot();

/** Values of every kind, with some that are almost right (a snapshot, a table, a seat, a tile list). */
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withBoxedValues: true }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, NaN, -1, 1e308, '', 'east', 'nobody', '__proto__', 'J', ['1B', '2B', '3B'], [1, 2, 3], {}, [], () => 1, snapshot, table, table.context, Symbol('s')) },
);

// Classes (InputError, RestoreError) are constructed, not called; every other function is fuzzed.
const isClass = (value: unknown): boolean => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
/** The core entry and the other browser-safe entries (`charleston-engine/bots`, `/scripts`, `/persist`, `/i18n`, `/rules`). */
const exported: Record<string, unknown> = { ...core, ...bots, ...scripts, ...persistEntry, ...i18n, ...rules };
const functions = Object.entries(exported).filter(
  (entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function' && !isClass(entry[1]),
);

describe('every exported function, given values of any kind', () => {
  it('lists the functions it fuzzes', () => {
    expect(functions.length).toBeGreaterThan(30);
  });

  it.each(functions.map(([name]) => name))('%s answers or throws InputError', (name) => {
    const fn = functions.find(([n]) => n === name)?.[1] as (...args: unknown[]) => unknown;
    fc.assert(
      fc.property(fc.array(valueArb, { minLength: 0, maxLength: 3 }), (args) => {
        let result: unknown;
        try {
          result = fn(...args);
        } catch (error) {
          if (!(error instanceof core.InputError)) {
            throw new Error(`${name}(${args.map((a) => typeof a).join(', ')}) threw ${(error as Error)?.name}: ${(error as Error)?.message}`);
          }
          expect(error.message.length).toBeGreaterThan(0);
          return;
        }
        // A table made by a fuzzed call is stopped again.
        if (result !== null && typeof result === 'object' && typeof (result as { stop?: unknown }).stop === 'function' && 'actor' in result) {
          (result as unknown as { stop(): void }).stop();
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
