/** The `charleston` CLI: exit codes 0 / 1 / 2 with messages naming the problem, JSON lines, play, and the bin. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { runCli } from './support/cli.js';

const run = runCli;

const example = 'examples/full-charleston.json';

describe('charleston run', () => {
  it('exits 0 on a passing script and prints a readable trace', () => {
    const { code, out } = run('run', example);
    expect(code).toBe(0);
    expect(out).toContain('▶ a complete Charleston (seed 2026)');
    expect(out).toMatch(/(east|south|west|north) pass\.commit \[J .*\] ✗ JOKER_NOT_PASSABLE: Jokers can never be passed/);
    expect(out).toContain('→ complete');
    expect(out).toMatch(/✓ \d+ steps passed/);
  });

  it('exits 1 on a failed expectation, naming file, step, expected and actual', () => {
    const { code, out } = run('run', 'test/fixtures/failing-expectation.json');
    expect(code).toBe(1);
    expect(out).toContain('FAIL #1');
    expect(out).toContain('expected state "courtesy", got "firstCharleston.right"');
    expect(out).toContain('expected racks.south.count 12, got 13');
    expect(out).toContain('expected accepted "accepted", got "NOT_NOW"');
    expect(out).toContain('2 of 3 steps failed in test/fixtures/failing-expectation.json');
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

  it('exits 2 on a missing file and on bad arguments', () => {
    expect(run('run', 'no/such/file.json').err).toContain('cannot read the file (ENOENT)');
    expect(run('run').code).toBe(2);
    expect(run('fly').err).toContain('unknown command "fly"');
    expect(run('run', '--colour', example).code).toBe(2);
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

describe('charleston play', () => {
  it('plays a seeded bot table to complete, the same way every time', () => {
    const first = run('play', '--seed', '2026');
    expect(first.code).toBe(0);
    expect(first.out).toContain('── firstCharleston.right (hand 1)');
    expect(first.out).toMatch(/✓ complete after \d+ events/);
    expect(run('play', '--seed', '2026').out).toBe(first.out);
    expect(run('play', '--seed', '2027').out).not.toBe(first.out);
  });

  it('refuses bad seeds and strategies', () => {
    expect(run('play', '--seed', 'abc').err).toContain('--seed must be an integer');
    expect(run('play', '--seats', 'teacher,random').err).toContain('one strategy or four');
    expect(run('play', '--seats', 'genius').err).toContain('unknown strategy "genius"');
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
    expect(await inspect(example, example)).toMatchObject({ code: 2 });
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
});
