/**
 * No import cycles in the core, not even type-only ones: the graph of every `import`, `import type`, `export … from`
 * and `import('…')` between our sources (read with the TypeScript compiler API) has no strongly connected component.
 * The counter-tests prove the detector finds a cycle, a type-only one included, in a small fixture.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph, sourceFiles, specifiersOf } from '../support/import-graph.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Folders not checked yet: none (the player client's catalogs share their types through `i18n/types.ts`). */
const NOT_CHECKED_YET: readonly string[] = [];

const checked = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'machines'))].filter(
  (file) => !NOT_CHECKED_YET.some((folder) => relative(ROOT, file).startsWith(folder)),
);

describe('the import graph of the sources', () => {
  it('has no cycle (type-only imports included)', () => {
    const graph = importGraph(ROOT, checked);
    expect(graph.size).toBeGreaterThan(60);
    // The graph really has edges of every kind: a plain import, a type-only import and a re-export.
    expect(graph.get('src/engine.ts')).toContain('src/rules/decide.ts');
    expect(graph.get('src/arguments.ts')).toContain('src/snapshot.ts');
    expect(graph.get('src/index.ts')).toContain('src/engine.ts');
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('the cycle detector (counter-tests)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'charleston-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = (files: Record<string, string>): string[] =>
    Object.entries(files).map(([name, text]) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    });

  it('finds a cycle made of a value import and a type-only import', () => {
    const files = fixture({
      'a.ts': "import { b } from './b.js';\nexport const a = b + 1;\nexport type A = number;\n",
      'b.ts': "import type { A } from './a.js';\nexport const b: A = 1;\n",
      'c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    expect(findCycles(importGraph(dir, files))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('finds a cycle through re-exports, `import type` queries and dynamic imports', () => {
    const files = fixture({
      'd.ts': "export { e } from './e.js';\n",
      'e.ts': "export const e = (): Promise<unknown> => import('./f.js');\n",
      'f.ts': "export type F = import('./d.js').Unused;\n",
    });
    expect(findCycles(importGraph(dir, files))).toEqual([['d.ts', 'e.ts', 'f.ts', 'd.ts']]);
  });

  it('finds nothing in an acyclic fixture, and reads every declaration form', () => {
    const files = fixture({ 'g.ts': "import x from './h.js';\nexport * from './h.js';\nexport const g = x;\n", 'h.ts': 'export default 1;\n' });
    expect(findCycles(importGraph(dir, files))).toEqual([]);
    expect(specifiersOf('x.ts', "import type { T } from './t.js'; import './side.js'; export * as n from './n.js'; import fs from 'node:fs';")).toEqual([
      './t.js',
      './side.js',
      './n.js',
    ]);
  });
});
