/**
 * The client is a wing: it reaches the engine only through its public entries (`src/index.ts`, the locales
 * entry `src/i18n/locales.ts` and the entries in `src/entries/`), nothing of the core imports it, and its browser bundle pulls in no Node module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { specifiersOf } from '../support/import-graph.js';
import { PHASES } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The modules a file imports, relative to the root: every import form the compiler knows, dynamic `import()` included. */
const importsOf = (file: string, text: string): string[] => specifiersOf(file, text).map((specifier) => relative(ROOT, resolve(dirname(file), specifier)));
const relativeImports = (file: string): string[] => importsOf(file, readFileSync(file, 'utf8'));

/** The imports of a client file that reach past the engine's public entries. */
const PUBLIC = /^src\/(index|i18n\/locales|entries\/(bots|scripts|persist|i18n|rules|review|card))\.js$/;
const strays = (file: string, text: string): string[] => importsOf(file, text).filter((target) => !target.startsWith('src/client/') && !PUBLIC.test(target));

/**
 * Rule constants a client file writes itself instead of taking them from the engine: a list of two or more phase
 * names (the order of play), the joker's code as a literal in an expression, or a constant named for a rule
 * (packet size, joker, phase order) bound to a literal. Catalogs (`i18n/`) are words, not rules, and are left out.
 */
function ruleConstants(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const phases = new Set<string>(PHASES);
  const isLiteral = (node: ts.Node): boolean => ts.isNumericLiteral(node) || ts.isStringLiteralLike(node) || ts.isArrayLiteralExpression(node);
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node)) return;
    if (ts.isArrayLiteralExpression(node)) {
      const names = node.elements.filter((element) => ts.isStringLiteralLike(element) && phases.has(element.text));
      if (names.length >= 2) found.push(`phase list [${names.map((name) => (name as ts.StringLiteral).text).join(', ')}]`);
    }
    if (ts.isStringLiteralLike(node) && node.text === 'J' && !ts.isImportDeclaration(node.parent) && !ts.isLiteralTypeNode(node.parent)) found.push("the joker's code 'J'");
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /PACKET|JOKER|PHASE_ORDER|PLAY_ORDER/i.test(node.name.text) && node.initializer !== undefined && isLiteral(node.initializer)) found.push(`${node.name.text} = ${node.initializer.getText(source).slice(0, 40)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the client wing', () => {
  it('holds no rule constant of its own (packet size, joker, phase order): it takes them from the engine', () => {
    const files = filesUnder(join(ROOT, 'src', 'client')).filter((file) => !relative(ROOT, file).startsWith('src/client/i18n/'));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => ruleConstants(file, readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)}: ${what}`));
    expect(found).toEqual([]);
  });

  it('would catch a rule constant written in the client (counter-test)', () => {
    const file = join(ROOT, 'src', 'client', 'Example.ts');
    expect(ruleConstants(file, "export const ORDER = ['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left'];")).toHaveLength(1);
    expect(ruleConstants(file, 'const PACKET_SIZE = 3;')).toHaveLength(1);
    expect(ruleConstants(file, "const isJoker = (tile: string) => tile === 'J';")).toHaveLength(1);
    expect(ruleConstants(file, "const JOKER_CODE = 'J';")).toHaveLength(2);
    expect(ruleConstants(file, "import { PACKET_SIZE, PLAY_ORDER } from '../entries/rules.js';\nconst order = PLAY_ORDER;\nconst hint = (tile: 'J' | 'F') => tile;")).toEqual([]);
  });

  it('imports the engine only through its public entries', () => {
    const outside = filesUnder(join(ROOT, 'src', 'client')).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !target.startsWith('src/client/'))
        .map((target) => `${relative(ROOT, file)} → ${target}`),
    );
    expect(outside.length).toBeGreaterThan(5);
    expect(outside.filter((line) => !PUBLIC.test(line.slice(line.indexOf('→ ') + 2)))).toEqual([]);
  });

  it('would catch a client file reaching into the rules, however it imports them (counter-test)', () => {
    const file = join(ROOT, 'src', 'client', 'ui', 'Example.tsx');
    const reaching = [
      "import { PACKET_SIZE } from '../../rules/pass.js';",
      "export { resolvePass } from '../../rules/pass.js';",
      "import type { Packet } from '../../types.js';",
      "const rules = await import('../../rules/courtesy.js');",
      "type P = import('../../views.js').SeatView;",
    ];
    for (const line of reaching) expect(strays(file, line), line).toHaveLength(1);
    expect(strays(file, "import { SEATS } from '../../index.js';\nconst entry = await import('../../entries/rules.js');")).toEqual([]);
  });

  it('is imported by nothing of the core', () => {
    const core = filesUnder(join(ROOT, 'src')).filter((file) => !relative(ROOT, file).startsWith('src/client/'));
    expect(core.length).toBeGreaterThan(20);
    const into = core.filter((file) => relativeImports(file).some((target) => target.startsWith('src/client/')));
    expect(into).toEqual([]);
  });

  it('bundles for the browser with no Node module and no server code', async () => {
    const result = await build({
      entryPoints: ['src/client/main.tsx'],
      bundle: true,
      splitting: true,
      outdir: 'unused',
      platform: 'browser',
      format: 'esm',
      jsx: 'automatic',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.startsWith('node:'))).toEqual([]);
    expect(inputs.filter((file) => /src\/(cli|server|inspector)\//.test(file))).toEqual([]);
    expect(inputs).toContain('src/index.ts');
    expect(inputs).toContain('src/client/flow.machine.ts');
  });
});
