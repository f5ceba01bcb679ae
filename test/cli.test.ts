/**
 * The `charleston` CLI: exit codes 0 / 1 / 2 with messages naming the problem, trace lines that read right,
 * `--help` for every command, `--version`, one-line errors for unknown flags and commands, JSON errors with line
 * and column, play, the optional-package check, and the bin.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../src/cli/main.js';
import { installLine, missingPeers, requirePeers } from '../src/cli/require-peer.js';
import { EVENT_TYPES, REFUSAL_CODES, createCharleston } from '../src/index.js';
import { findJsonProblem } from '../src/script/json-error.js';
import { runCli } from './support/cli.js';

const run = runCli;

const example = 'examples/full-charleston.json';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; peerDependencies: Record<string, string> };

describe('charleston run', () => {
  it('exits 0 on a passing script and prints a readable trace', () => {
    const { code, out } = run('run', example);
    expect(code).toBe(0);
    expect(out).toContain('▶ a complete Charleston (seed 2026)');
    // An expected refusal reads as a success, not as a failure mark.
    expect(out).toMatch(/ {2}ok {3}#0 south pass\.commit \[J WD F\] refused JOKER_NOT_PASSABLE as expected: Jokers can never be passed/);
    expect(out).not.toContain('✗ JOKER_NOT_PASSABLE');
    expect(out).toContain('→ complete');
    expect(out).toMatch(/✓ \d+ steps passed/);
  });

  it('exits 1 on a failed expectation, naming file, step, expected and actual', () => {
    const { code, out } = run('run', 'test/fixtures/failing-expectation.json');
    expect(code).toBe(1);
    expect(out).toContain('FAIL #1');
    expect(out).toContain('expected state courtesy, got firstCharleston.right');
    expect(out).toContain('expected racks.south.count 12, got 13');
    expect(out).toContain('FAIL #2 east vote.cast vote="stop" ✗ NOT_NOW');
    expect(out).toContain('\n       expected accepted, got NOT_NOW');
    expect(out).not.toContain('"accepted"');
    expect(out).toContain('2 of 3 steps failed in test/fixtures/failing-expectation.json');
  });

  it('names the expected and the actual refusal, or says the event was accepted', () => {
    const { code, out } = run('run', 'test/fixtures/wrong-refusal.json');
    expect(code).toBe(1);
    expect(out).toContain('expected TILE_NOT_IN_RACK, got JOKER_NOT_PASSABLE');
    expect(out).toContain('FAIL #1 east pass.commit [GD WD F] → firstCharleston.right');
    expect(out).toContain('expected JOKER_NOT_PASSABLE, got accepted');
    expect(out).toContain('✗ 2 of 2 steps failed');
  });

  it('exits 2 on an invalid deal, naming seat and tile', () => {
    const { code, err, out } = run('run', 'test/fixtures/invalid-deal.json');
    expect(code).toBe(2);
    expect(err).toContain('deal.south[0]: one RD too many: the set has only 4');
    expect(out).toBe('');
  });

  it('exits 2 on an invalid script structure, naming where', () => {
    const { code, err } = run('run', 'test/fixtures/invalid-structure.json');
    expect(code).toBe(2);
    expect(err).toContain('steps[0].expect.stat: unknown key');
  });

  it('reports invalid JSON with its line and column', () => {
    const { code, err } = run('run', 'test/fixtures/invalid-json.json');
    expect(code).toBe(2);
    expect(err).toBe(`✗ test/fixtures/invalid-json.json: invalid script: not valid JSON at line 4, column 3: unexpected "\\"", expected ',' or '}'`);
  });

  it('an unknown refusal code in a script lists the valid codes', () => {
    const { code, err } = run('run', 'test/fixtures/unknown-refusal-code.json');
    expect(code).toBe(2);
    expect(err).toContain('steps[0].expect.rejected: unknown refusal code string "JOKER_NOT_ALLOWED"');
    expect(err).toContain(`(the codes: ${REFUSAL_CODES.join(', ')})`);
  });

  it('exits 2 on a missing file and on bad arguments', () => {
    expect(run('run', 'no/such/file.json').err).toContain('cannot read the file (ENOENT)');
    expect(run('run').code).toBe(2);
    expect(run('run').err.split('\n')[0]).toBe('charleston run needs at least one script FILE');
    expect(run('run', '--', '--json').err).toContain('✗ --json: invalid script: cannot read the file (ENOENT)');
  });

  it('with several files the worst code wins', () => {
    expect(run('run', example, 'test/fixtures/failing-expectation.json').code).toBe(1);
    expect(run('run', 'test/fixtures/failing-expectation.json', 'test/fixtures/invalid-deal.json', example).code).toBe(2);
  });

  it('--json prints one parseable result per step', () => {
    const { code, out } = run('run', '--json', 'test/fixtures/failing-expectation.json', 'test/fixtures/invalid-deal.json');
    expect(code).toBe(2);
    const lines = out.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatchObject({ file: 'test/fixtures/failing-expectation.json', step: 1, ok: false, phase: 'firstCharleston.right' });
    expect(lines[2]).toMatchObject({ step: 2, outcome: 'refused', refusal: { code: 'NOT_NOW' } });
    expect(lines[3]).toMatchObject({ file: 'test/fixtures/invalid-deal.json', invalid: { where: 'deal.south[0]' } });
  });
});

describe('arguments, help and version', () => {
  it('--version prints the package version', () => {
    expect(run('--version')).toEqual({ code: 0, out: `charleston-engine ${pkg.version}`, err: '' });
    expect(run('run', '--version').out).toBe(`charleston-engine ${pkg.version}`);
  });

  it.each(Object.keys(COMMANDS))('charleston %s --help prints its usage, summary and every flag on stdout', (name) => {
    const command = COMMANDS[name];
    const { code, out, err } = run(name, '--help');
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out.split('\n')[0]).toBe(`usage: charleston ${command?.synopsis}`);
    for (const flag of Object.keys(command?.flags ?? {})) expect(out).toContain(`--${flag}`);
    expect(out).toContain('exit codes:');
    expect(run('help', name).out).toBe(out);
    expect(run(name, '-h').out).toBe(out);
  });

  it('an unknown flag: one line naming it and the command’s flags, then the usage; exit 2', () => {
    const { code, out, err } = run('run', '--colour', example);
    expect(code).toBe(2);
    expect(out).toBe('');
    const lines = err.split('\n');
    expect(lines[0]).toBe('unknown flag --colour for charleston run (its flags: --json, --racks, --lang, --help, --version)');
    expect(lines[1]).toBe('usage: charleston run FILE... [--json] [--racks] [--lang L]');
    expect(lines[2]).toBe('charleston run --help lists the flags');
    expect(run('play', '--racks').err.split('\n')[0]).toBe('unknown flag --racks for charleston play (its flags: --seed, --seats, --json, --lang, --help, --version)');
    expect(run('play', '--seed').err.split('\n')[0]).toBe('--seed needs a value: --seed N');
    expect(run('run', '--json=yes', example).err.split('\n')[0]).toBe('--json takes no value');
  });

  it('bare charleston prints the overview on stderr and exits 2; --help prints it on stdout and exits 0', () => {
    const bare = run();
    expect(bare.code).toBe(2);
    expect(bare.out).toBe('');
    for (const command of Object.values(COMMANDS)) expect(bare.err).toContain(`charleston ${command.synopsis}`);
    expect(bare.err).not.toContain('unknown command');
    expect(run('--help')).toEqual({ code: 0, out: bare.err, err: '' });
    expect(run('help').out).toBe(bare.err);
  });

  it('an unknown command lists the commands', () => {
    const { code, err } = run('fly');
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe('unknown command "fly" (the commands: run, play, inspect, serve, card, help)');
    expect(run('help', 'fly').err.split('\n')[0]).toBe('unknown command "fly" (the commands: run, play, inspect, serve, card, help)');
  });

  it('flags may come before the command', () => {
    expect(run('--json', 'run', example).out.split('\n')[0]).toMatch(/^\{"file":"examples\/full-charleston.json","step":0/);
    expect(run('--lang', 'ca', 'play', '--seed', '2026').out).toBe(run('play', '--seed=2026', '--lang=ca').out);
  });
});

describe('a rejected name comes with the valid ones', () => {
  it('an unknown event type lists the event types; an unknown seat names the seat codes', () => {
    const table = createCharleston({ seed: 1 });
    const typo = table.send({ type: 'pass.comit', seat: 'east', tiles: [] });
    expect(typo).toMatchObject({ ok: false, refusal: { code: 'INVALID_EVENT' } });
    expect(typo.ok ? '' : typo.refusal.message).toBe(`That event is malformed: unknown event type "pass.comit" (the types: ${EVENT_TYPES.join(', ')}).`);
    const seat = table.send({ type: 'pass.retract', seat: 'nort' });
    expect(seat.ok ? '' : seat.refusal.message).toBe('There is no seat nort: the seats are east, south, west and north.');
    table.stop();
  });
});

describe('invalid JSON: the scanner agrees with JSON.parse and finds the place', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'unexpected "}", expected a property name in double quotes'],
    ['[1, 2', 1, 6, "unexpected end of the text, expected ',' or ']'"],
    ['{\n  "a": tru\n}', 2, 11, 'unexpected "\\n", expected the literal true'],
    ['{"a": "x\ny"}', 1, 9, 'unexpected "\\n", expected no control character inside a string'],
    ['{} {}', 1, 4, 'unexpected "{", expected the end of the text after the value'],
    ['', 1, 1, 'unexpected end of the text, expected a value (object, array, string, number, true, false or null)'],
    ['[01]', 1, 3, "unexpected \"1\", expected ',' or ']'"],
  ])('%j → line %i, column %i', (text, line, column, problem) => {
    expect(findJsonProblem(text)).toMatchObject({ line, column, problem });
    expect(() => JSON.parse(text)).toThrow();
  });

  it('valid JSON has no problem, and a mutated text has one exactly when JSON.parse throws (seeded)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom(',', '}', ']', '"', ':', 'x', ' ', '\\', '1', '-', '.', 'e'), (value, where, char) => {
        const text = JSON.stringify(value, null, where % 3);
        expect(findJsonProblem(text)).toBeNull();
        const at = text.length === 0 ? 0 : where % text.length;
        const mutated = `${text.slice(0, at)}${char}${text.slice(at + (where % 2))}`;
        let parses = true;
        try {
          JSON.parse(mutated);
        } catch {
          parses = false;
        }
        expect(findJsonProblem(mutated) === null).toBe(parses);
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });
});

describe('charleston play', () => {
  it('plays a seeded bot table to complete, the same way every time', () => {
    const first = run('play', '--seed', '2026');
    expect(first.code).toBe(0);
    expect(first.out.split('\n')[0]).toBe('▶ seed 2026: east teacher, south teacher, west teacher, north teacher');
    expect(first.out).toContain('── firstCharleston.right (hand 1)');
    expect(first.out).toMatch(/✓ complete after \d+ events/);
    expect(run('play', '--seed', '2026').out).toBe(first.out);
    expect(run('play', '--seed', '2027').out).not.toBe(first.out);
  });

  it('refuses bad seeds, strategies and files', () => {
    expect(run('play', '--seed', 'abc').err).toContain('--seed must be an integer 0 … 4294967295, got "abc"');
    expect(run('play', '--seats', 'teacher,random').err).toContain('--seats takes one strategy or four (east,south,west,north), got 2');
    expect(run('play', '--seats', 'genius').err).toBe('unknown strategy "genius" (the strategies: teacher, random)');
    expect(run('play', 'x.json').err.split('\n')[0]).toBe('charleston play takes no files, got x.json');
  });
});

describe('charleston inspect (arguments)', () => {
  const inspect = async (...argv: string[]): Promise<{ code: number; err: string }> => {
    const err: string[] = [];
    const code = await main(['inspect', ...argv], { out: () => undefined, err: (line) => err.push(line) });
    return { code, err: err.join('\n') };
  };
  it('refuses bad arguments with exit 2 before serving anything', async () => {
    expect(await inspect('--seed=-3')).toEqual({ code: 2, err: expect.stringContaining('--seed must be an integer') });
    expect(await inspect('--port', '70000')).toEqual({ code: 2, err: expect.stringContaining('--port must be 0–65535') });
    expect(await inspect('test/fixtures/invalid-deal.json')).toEqual({ code: 2, err: expect.stringContaining('deal.south[0]') });
    expect(await inspect(example, '--seed', '3')).toEqual({ code: 2, err: expect.stringContaining('not both') });
    expect(await inspect(example, example)).toMatchObject({ code: 2, err: expect.stringContaining('charleston inspect takes one script at most, got 2') });
    expect(await inspect('--colour')).toMatchObject({ code: 2, err: expect.stringContaining('unknown flag --colour for charleston inspect') });
  });
});

describe('optional packages', () => {
  const notFound = (missing: readonly string[]) => async (name: string): Promise<unknown> => {
    if (missing.includes(name)) throw Object.assign(new Error(`Cannot find package '${name}'`), { code: 'ERR_MODULE_NOT_FOUND' });
    return {};
  };

  it('names the missing packages and the exact install line with package.json’s versions', async () => {
    const line = await requirePeers('inspect', ['ws', '@statelyai/inspect'], { load: notFound(['ws', '@statelyai/inspect']) });
    expect(line).toBe(
      `charleston inspect needs packages that are not installed (ws, @statelyai/inspect); install them with: npm install ws@${pkg.peerDependencies['ws']} @statelyai/inspect@${pkg.peerDependencies['@statelyai/inspect']}`,
    );
    expect(await requirePeers('inspect', ['ws', '@statelyai/inspect'], { load: notFound(['ws']) })).toContain(`(ws); install them with: npm install ws@${pkg.peerDependencies['ws']}`);
    expect(await requirePeers('inspect', ['ws'], { load: notFound([]), locale: 'en' })).toBeNull();
  });

  it('the installed packages are found; other load errors are not taken for a missing package', async () => {
    expect(await missingPeers(['ws', '@statelyai/inspect', 'xstate'])).toEqual([]);
    expect(await missingPeers(['charleston-no-such-package-xyz'])).toEqual(['charleston-no-such-package-xyz']);
    await expect(missingPeers(['ws'], () => Promise.reject(new SyntaxError('broken')))).rejects.toThrow('broken');
  });

  it('every peer the commands need is an optional peer dependency in package.json', async () => {
    const { PEERS } = await import('../src/cli/require-peer.js');
    for (const name of Object.values(PEERS).flat()) expect(pkg.peerDependencies[name], name).toBeDefined();
    expect(installLine(['pg'])).toBe(`npm install pg@${pkg.peerDependencies['pg']}`);
  });

  it('the help of a command that needs optional packages names them', () => {
    expect(run('inspect', '--help').out).toContain(`needs the optional packages ws, @statelyai/inspect (npm install ws@${pkg.peerDependencies['ws']} @statelyai/inspect@`);
    expect(run('run', '--help').out).not.toContain('optional packages');
  });
});

describe('the bin from a checkout', () => {
  it('npx-style: node bin/charleston.js run exits with the script’s code', () => {
    // `npm test` builds dist/ first (the bin runs the compiled CLI).
    const ok = spawnSync(process.execPath, ['bin/charleston.js', 'run', example], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const bad = spawnSync(process.execPath, ['bin/charleston.js', 'run', 'test/fixtures/invalid-deal.json'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('deal.south[0]');
  });

  it('without dist/ it says to build instead of a stack trace', () => {
    const folder = mkdtempSync(join(tmpdir(), 'charleston-bin-'));
    try {
      mkdirSync(join(folder, 'bin'));
      copyFileSync('bin/charleston.js', join(folder, 'bin', 'charleston.js'));
      const result = spawnSync(process.execPath, [join(folder, 'bin', 'charleston.js'), 'run', example], { encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe('charleston: the compiled CLI is missing (no dist/ beside bin/): run npm run build\n');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
