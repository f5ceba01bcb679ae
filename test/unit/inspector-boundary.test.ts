/**
 * The inspector is a wing: `src/inspector/` reaches the engine only through its public entries (`src/index.ts`, the
 * locales entry `src/i18n/locales.ts` and the entries in `src/entries/`), and nothing of the core imports it. The
 * counter-tests show each check fails on a fixture that breaks its rule.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles, type ImportGraph } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WING = 'src/inspector/';
const PUBLIC_ENTRIES: readonly string[] = ['src/index.ts', 'src/i18n/locales.ts', 'src/entries/bots.ts', 'src/entries/scripts.ts', 'src/entries/persist.ts', 'src/entries/i18n.ts', 'src/entries/rules.ts'];
/** The folders that may import the inspector: the other wings (the CLI starts it). */
const MAY_IMPORT_THE_WING: readonly string[] = ['src/cli/', 'src/server/', 'src/client/', WING];

/** `file → target` for every import from the wing to a module outside it that is not a public entry. */
function reachesIntoCore(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(WING) ? targets.filter((target) => !target.startsWith(WING) && !PUBLIC_ENTRIES.includes(target)).map((target) => `${file} → ${target}`) : [],
  );
}

/** The files outside the wings that import anything of the inspector. */
function importedByCore(graph: ImportGraph): string[] {
  return [...graph]
    .filter(([file, targets]) => !MAY_IMPORT_THE_WING.some((folder) => file.startsWith(folder)) && targets.some((target) => target.startsWith(WING)))
    .map(([file]) => file);
}

const graph = importGraph(ROOT, [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'machines'))]);

describe('the inspector wing', () => {
  it('imports the core only through its public entries', () => {
    const outside = [...graph].filter(([file]) => file.startsWith(WING)).flatMap(([, targets]) => targets.filter((target) => !target.startsWith(WING)));
    expect(outside.length).toBeGreaterThan(5);
    expect(reachesIntoCore(graph)).toEqual([]);
  });

  it('is imported by nothing of the core', () => {
    expect(importedByCore(graph)).toEqual([]);
  });

  it('the check fails on a core file that imports the inspector (counter-test)', () => {
    const fake: ImportGraph = new Map([
      ['src/views.ts', ['src/index.ts', 'src/inspector/protocol.ts']],
      ['machines/fake.machine.ts', ['src/inspector/server.ts']],
      ['src/legal.ts', ['src/index.ts']],
      ['src/cli/inspect.ts', ['src/inspector/server.ts']],
      ['src/inspector/server.ts', ['src/inspector/protocol.ts']],
    ]);
    expect(importedByCore(fake)).toEqual(['src/views.ts', 'machines/fake.machine.ts']);
  });

  it('the check fails on an inspector file that imports a core module directly (counter-test)', () => {
    const fake: ImportGraph = new Map([
      ['src/inspector/fake.ts', ['src/index.ts', 'src/rules/decide.ts', 'src/inspector/protocol.ts']],
      ['src/inspector/page/fake.ts', ['src/views.ts']],
    ]);
    expect(reachesIntoCore(fake)).toEqual(['src/inspector/fake.ts → src/rules/decide.ts', 'src/inspector/page/fake.ts → src/views.ts']);
    // And the real wing does name the public entry (the test reads real imports).
    expect(readFileSync(join(ROOT, 'src/inspector/page/main.ts'), 'utf8')).toMatch(/from '\.\.\/\.\.\/index\.js'/);
  });
});
