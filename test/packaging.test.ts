/**
 * The package as a user installs it: `npm pack` (of the built dist/), installed into a scratch project in a temp
 * folder. An app that embeds the core gets `xstate` beside it and nothing else, with no install-time script
 * warning; the core imports and plays a hand; `npx charleston run` works from the installed examples/; a command
 * that needs an optional package names it and the install line instead of crashing; `npx charleston serve` knows
 * every flag its help lists and names a bad value (from a flag or its variable) before asking for its packages.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string; peerDependencies: Record<string, string> };

/** npm's own environment variables (set when this runs under `npm test`) would change the scratch install. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 50_000 });
}

interface LsNode {
  version?: string;
  dependencies?: Record<string, LsNode>;
}

/** Every installed package in an `npm ls --all --json` tree (declared but absent optional peers are `{}`). */
function installed(tree: LsNode): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, node]) => (node.version === undefined ? [] : [name, ...installed(node)]));
}

describe('the packed tarball in a fresh project', () => {
  let root = '';
  let app = '';
  let packed: { filename: string; files: { path: string }[] };
  let install: SpawnSyncReturns<string>;

  beforeAll(() => {
    if (!existsSync('dist/src/index.js') || !existsSync('dist/src/cli/main.js')) throw new Error('dist/ is missing: run npm run build first (npm test does)');
    root = mkdtempSync(join(tmpdir(), 'charleston-pack-'));
    // dist/ is already built (npm test builds first); rebuilding here would race the other test files.
    const pack = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', root], process.cwd());
    expect(pack.status, pack.stderr).toBe(0);
    packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0] as typeof packed;
    app = join(root, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', version: '1.0.0', private: true, type: 'module' }));
    install = npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(root, packed.filename)], app);
  }, 60_000);

  afterAll(() => {
    if (root !== '') rmSync(root, { recursive: true, force: true });
  });

  it('holds the compiled code, the bin, the examples and the docs, and no tests', () => {
    const paths = packed.files.map((file) => file.path);
    for (const path of ['bin/charleston.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'dist/src/entries/card.js', 'cards/practice.txt', 'examples/full-charleston.json', 'README.md', 'package.json']) {
      expect(paths, path).toContain(path);
    }
    expect(paths.filter((path) => path.startsWith('test/') || path.startsWith('node_modules/'))).toEqual([]);
  });

  it('installs with only xstate beside it, and no install-time script warning', () => {
    expect(install.status, install.stderr).toBe(0);
    const output = `${install.stdout}\n${install.stderr}`;
    expect(output).not.toMatch(/script|prepare|gyp/i);
    expect(output.split('\n').filter((line) => /warn/i.test(line) && !/npm warn config/i.test(line))).toEqual([]);
    const ls = npm(['ls', '--all', '--json'], app);
    const tree = JSON.parse(ls.stdout) as LsNode;
    expect(installed(tree).sort()).toEqual(['charleston-engine', 'xstate']);
    // The optional peers are declared, not installed.
    expect(Object.keys(tree.dependencies?.['charleston-engine']?.dependencies ?? {}).sort()).toEqual([...Object.keys(pkg.peerDependencies), 'xstate'].sort());
  });

  it('the core imports and plays a hand (and the other languages load)', () => {
    writeFileSync(
      join(app, 'play.js'),
      [
        "import 'charleston-engine/locales';",
        "import { createCharleston, viewFor, persist } from 'charleston-engine';",
        "import { playHand } from 'charleston-engine/bots';",
        "import { restore } from 'charleston-engine/persist';",
        'const { engine, service, phase } = playHand({ seed: 2026 });',
        "const east = viewFor(engine.getSnapshot(), 'east', { locale: 'ca' });",
        "const refused = createCharleston({ seed: 1, locale: 'el' }).send({ type: 'vote.cast', seat: 'east', vote: 'stop' });",
        'const output = engine.getSnapshot().output;',
        'console.log(JSON.stringify({ phase, rack: east.rack.length, phaseName: east.phaseName, code: refused.ok ? null : refused.refusal.code, again: restore(persist(engine)).phase, sameEngine: service === engine, outcome: output.outcome, wall: output.wall.length, east: output.racks.east.length }));',
      ].join('\n'),
    );
    const played = spawnSync(process.execPath, ['play.js'], { cwd: app, env, encoding: 'utf8' });
    expect(played.stderr).toBe('');
    expect(JSON.parse(played.stdout)).toEqual({ phase: 'complete', rack: 14, phaseName: 'Charleston acabat', code: 'NOT_NOW', again: 'complete', sameEngine: true, outcome: 'complete', wall: 99, east: 14 });
  });

  it('charleston-engine/card reads the shipped practice card; npx charleston card check works', () => {
    writeFileSync(
      join(app, 'card.js'),
      [
        "import { readFileSync } from 'node:fs';",
        "import { parseCard, closestHands, cardValidator, PRACTICE_CARD } from 'charleston-engine/card';",
        "const file = readFileSync('node_modules/charleston-engine/cards/practice.txt', 'utf8');",
        'const card = parseCard(PRACTICE_CARD);',
        "const rack = ['F', 'J', '3C', '3C', '3C', '3C', '4C', '4C', '4C', '4C', '7C', '7C', '7C', '7C'];",
        'console.log(JSON.stringify({ same: file === PRACTICE_CARD, closest: closestHands(card, rack, 1)[0].missing, wins: cardValidator(card)(rack) }));',
      ].join('\n'),
    );
    const ran = spawnSync(process.execPath, ['card.js'], { cwd: app, env, encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual({ same: true, closest: 1, wins: false });
    const checked = spawnSync('npx', ['--no', 'charleston', 'card', 'check', join('node_modules', pkg.name, 'cards', 'practice.txt')], { cwd: app, env, encoding: 'utf8', timeout: 30_000 });
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/✓ .*practice\.txt: \d+ hands/);
  });

  it('npx charleston run and play work with only xstate installed', () => {
    const example = join('node_modules', pkg.name, 'examples', 'full-charleston.json');
    const ran = spawnSync('npx', ['--no', 'charleston', 'run', example], { cwd: app, env, encoding: 'utf8', timeout: 30_000 });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/✓ \d+ steps passed/);
    expect(spawnSync('npx', ['--no', '--', 'charleston', '--version'], { cwd: app, env, encoding: 'utf8' }).stdout.trim()).toBe(`${pkg.name} ${pkg.version}`);
    const played = spawnSync('npx', ['--no', 'charleston', 'play', '--seed', '3'], { cwd: app, env, encoding: 'utf8', timeout: 30_000 });
    expect(played.status, played.stderr).toBe(0);
    expect(played.stdout).toMatch(/complete after \d+ events/);
  });

  it('charleston inspect without its optional packages names them and the install line (exit 2)', () => {
    const inspect = spawnSync('npx', ['--no', 'charleston', 'inspect', '--seed', '3'], { cwd: app, env, encoding: 'utf8', timeout: 30_000 });
    expect(inspect.status).toBe(2);
    expect(inspect.stdout).toBe('');
    expect(inspect.stderr.trim()).toBe(
      `charleston inspect needs packages that are not installed (ws, @statelyai/inspect); install them with: npm install ws@${pkg.peerDependencies['ws']} @statelyai/inspect@${pkg.peerDependencies['@statelyai/inspect']}`,
    );
  });

  it('npx charleston serve knows every flag its help lists, reads them before asking for its optional packages', () => {
    const npx = (args: string[], extraEnv: Record<string, string> = {}) => spawnSync('npx', ['--no', 'charleston', 'serve', ...args], { cwd: app, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 30_000 });
    const help = npx(['--help']);
    expect(help.status, help.stderr).toBe(0);
    const flags = [...help.stdout.matchAll(/^ {2}(?:-h, )?--([a-z-]+)/gm)].map((match) => match[1] as string);
    for (const flag of ['trust-proxy', 'metrics-host', 'log-level', 'keys-retention', 'operator-token-file']) expect(flags).toContain(flag);
    // Every flag with a value, given a good one: the only complaint is the missing packages.
    const values: Record<string, string> = { host: '127.0.0.1', port: '0', db: 'pglite:memory', 'allow-origin': 'http://a.test', 'log-level': 'warn', 'metrics-port': '9464', 'metrics-host': '127.0.0.1', 'trust-proxy': '127.0.0.1', 'operator-token-file': 'token.txt' };
    const args = flags.filter((flag) => !['help', 'version', 'lang'].includes(flag)).flatMap((flag) => (flag === 'demo' ? ['--demo'] : [`--${flag}`, values[flag] ?? '2']));
    const accepted = npx(args);
    expect(accepted.status).toBe(2);
    expect(accepted.stderr.trim()).toMatch(/^charleston serve needs packages that are not installed \(fastify, /);
    // A bad value, from a flag or from its variable, is named (before the packages).
    const bad = npx([], { CHARLESTON_TRUST_PROXY: 'nginx!' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('CHARLESTON_TRUST_PROXY must list addresses or CIDRs (like 127.0.0.1,10.0.0.0/8), got "nginx!"');
  });
});
