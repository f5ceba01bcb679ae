/**
 * The service is a wing: it reaches the engine only through its public entries (`src/index.ts`, the locales
 * entry `src/i18n/locales.ts` and the entries in `src/entries/`), nothing of the core imports it, SQL lives only in `src/server/storage/`, and the
 * server's own modules form no import cycle (type-only imports included). Each check has a counter-test that
 * shows it can fail.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a source text (static `import … from`, `export … from`, `import type`, dynamic `import()`). */
function importsOf(text: string, file: string): string[] {
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => match[1] as string);
  return found.map((target) => relative(ROOT, resolve(dirname(file), target)).replace(/\.js$/, '.ts'));
}

const relativeImports = (file: string): string[] => importsOf(readFileSync(file, 'utf8'), file);

/** Whether the outside imports of a wing are all public entries. */
function outsideOfWing(files: readonly string[], read: (file: string) => string, wing: string): string[] {
  return files.flatMap((file) =>
    importsOf(read(file), file)
      .filter((target) => !target.startsWith(wing))
      .map((target) => `${relative(ROOT, file)} → ${target}`),
  );
}
const isPublic = (line: string): boolean => /→ src\/(index|i18n\/locales|entries\/(bots|scripts|persist|i18n|rules|review|card))\.ts$/.test(line);

/** The core's files (under `src/`, outside `src/server/` and `src/cli/`) among `files`. */
const coreOf = (files: readonly string[]): string[] => files.filter((file) => !/^src\/(server|cli)\//.test(relative(ROOT, file)));

/** The core's files among `files` that import anything of `src/server/`. */
function coreImportersOfServer(files: readonly string[], read: (file: string) => string): string[] {
  return coreOf(files)
    .filter((file) => importsOf(read(file), file).some((target) => target.startsWith('src/server/')))
    .map((file) => relative(ROOT, file));
}

/** A statement of SQL (what the storage layer alone may hold). */
const SQL = /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;

/** The files among `files` outside `src/server/storage/` whose code (comment lines aside) holds SQL. */
function sqlOutsideStorage(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => !relative(ROOT, file).startsWith('src/server/storage/') && SQL.test(read(file).replace(/^\s*(\*|\/\/).*$/gm, '')))
    .map((file) => relative(ROOT, file));
}

/** The cycles of an import graph (each as a path that comes back to its start). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (state.get(node) === undefined) visit(node);
  return cycles;
}

const serverFiles = filesUnder(join(ROOT, 'src', 'server'));

describe('the service wing', () => {
  it('imports the engine only through its public entries', () => {
    const outside = outsideOfWing(serverFiles, (file) => readFileSync(file, 'utf8'), 'src/server/');
    expect(outside.length).toBeGreaterThan(5);
    expect(outside.filter((line) => !isPublic(line))).toEqual([]);
  });

  it('counter-test: a server file reaching into the core is caught', () => {
    const file = join(ROOT, 'src', 'server', 'example.ts');
    const outside = outsideOfWing([file], () => "import { decide } from '../rules/decide.js';\nimport { SEATS } from '../index.js';", 'src/server/');
    expect(outside.filter((line) => !isPublic(line))).toEqual(['src/server/example.ts → src/rules/decide.ts']);
  });

  it('is imported by nothing of the core (the CLI starts it through a dynamic import of its own)', () => {
    const files = filesUnder(join(ROOT, 'src'));
    expect(coreOf(files).length).toBeGreaterThan(20);
    expect(coreImportersOfServer(files, (file) => readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('counter-test: a core file importing the service is caught, statically or dynamically', () => {
    const texts = new Map([
      [join(ROOT, 'src', 'example.ts'), "import type { Service } from './server/app.js';"],
      [join(ROOT, 'src', 'rules', 'example.ts'), "const app = await import('../server/app.js');"],
      [join(ROOT, 'src', 'views-example.ts'), "import { SEATS } from './index.js';"],
      [join(ROOT, 'src', 'cli', 'example.ts'), "const { createService } = await import('../server/app.js');"],
      [join(ROOT, 'src', 'server', 'example.ts'), "import { TableMaster } from './master.js';"],
    ]);
    expect(coreImportersOfServer([...texts.keys()], (file) => texts.get(file) as string)).toEqual(['src/example.ts', 'src/rules/example.ts']);
  });

  it('keeps SQL in src/server/storage/ only', () => {
    expect(sqlOutsideStorage(serverFiles, (file) => readFileSync(file, 'utf8'))).toEqual([]);
    expect(serverFiles.filter((file) => SQL.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(2);
  });

  it('counter-test: SQL in a server file outside storage/ is caught, in a comment it is not', () => {
    const texts = new Map([
      [join(ROOT, 'src', 'server', 'example.ts'), "const rows = await db.query('SELECT id FROM charleston_tables WHERE id = $1', [id]);"],
      [join(ROOT, 'src', 'server', 'other.ts'), "await tx.query(`UPDATE charleston_tables SET version = $2 WHERE id = $1`, [id, version]);"],
      [join(ROOT, 'src', 'server', 'commented.ts'), "// the store runs SELECT … FOR UPDATE for us\n/**\n * DELETE FROM is the cleanup's\n */\nexport const x = 1;"],
      [join(ROOT, 'src', 'server', 'storage', 'example.ts'), "await db.query('DELETE FROM charleston_idempotency WHERE at < $1', [cutoff]);"],
    ]);
    expect(sqlOutsideStorage([...texts.keys()], (file) => texts.get(file) as string)).toEqual(['src/server/example.ts', 'src/server/other.ts']);
  });

  it('has no import cycle, type-only imports included', () => {
    const graph = new Map(serverFiles.map((file) => [relative(ROOT, file), relativeImports(file)]));
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('counter-test: the cycle finder finds a type-only cycle', () => {
    const graph = new Map<string, string[]>([
      ['a.ts', importsOf("import type { B } from './b.js';", join(ROOT, 'a.ts'))],
      ['b.ts', importsOf("import { a } from './a.js';", join(ROOT, 'b.ts'))],
      ['c.ts', []],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });
});
