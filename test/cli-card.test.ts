/**
 * The CLI and cards: `charleston card check FILE` (the hands, or the first error at its line and column; exit 0, 1,
 * 2), and a script's `card` (text or "practice") checking East's declaration in `charleston run`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScriptText } from '../src/entries/scripts.js';
import { runCli as run } from './support/cli.js';

const folder = mkdtempSync(join(tmpdir(), 'charleston-card-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file in the test's folder holding `text`. */
function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

describe('charleston card check', () => {
  it('prints every hand of the practice card with its index and section; exit 0', () => {
    const { code, out, err } = run('card', 'check', 'cards/practice.txt');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.split('\n');
    expect(lines[0]).toBe('   0  [2026]  2026a 222b 666b FFFF');
    expect(lines).toContain('  39  [Singles and Pairs]  NN EE WW SS 11a 22a 33a (concealed)');
    expect(lines.at(-1)).toBe('✓ cards/practice.txt: 43 hands');
  });

  it('a bad card: the first error with its line, column and code on stderr; exit 1', () => {
    const path = file('bad.txt', '# 2468\nFF 2222a 4444a 6666a\n\nFF 2222a 44x4a 6666a\nNNNN\n');
    const { code, out, err } = run('card', 'check', path);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(`✗ ${path}: line 4, column 12: "x" cannot be in the suited group "44x4a" (digits 0–9 and D, then one suit letter) (CARD_SYNTAX)`);
    expect(run('card', 'check', file('empty.txt', '# nothing\n')).err).toMatch(/line 1, column 1: .*no hand.*\(CARD_EMPTY\)$/);
    expect(run('card', 'check', file('short.txt', '\n  FF 2222a\n'), '--lang', 'ca').err).toMatch(/línia 2, columna 3: .*\(CARD_HAND_SIZE\)$/);
  });

  it('usage problems exit 2: no file, an unreadable file, an unknown action or flag', () => {
    expect(run('card').code).toBe(2);
    expect(run('card').err.split('\n')[0]).toBe('charleston card needs the action check and one FILE: charleston card check FILE');
    expect(run('card', 'check').code).toBe(2);
    const missing = run('card', 'check', join(folder, 'no-such-card.txt'));
    expect(missing).toEqual({ code: 2, out: '', err: `✗ ${join(folder, 'no-such-card.txt')}: cannot read the file (ENOENT)` });
    expect(run('card', 'check', folder).code).toBe(2);
    expect(run('card', 'verify', 'cards/practice.txt').err.split('\n')[0]).toBe('unknown card action "verify" (the actions: check)');
    const flag = run('card', 'check', 'cards/practice.txt', '--colour');
    expect(flag.code).toBe(2);
    expect(flag.err.split('\n')[0]).toBe('unknown flag --colour for charleston card (its flags: --lang, --help, --version)');
  });

  it('through bin/charleston.js: exit codes 0, 1 and 2', () => {
    const bin = (...args: string[]) => spawnSync(process.execPath, ['bin/charleston.js', ...args], { encoding: 'utf8' });
    expect(bin('card', 'check', 'cards/practice.txt').status).toBe(0);
    const bad = bin('card', 'check', file('bin-bad.txt', 'FF 2222a 4444a 666a'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('line 1, column 1');
    expect(bin('card', 'check').status).toBe(2);
  });
});

describe('a script with a card', () => {
  it('the practice card accepts a declaration of one of its hands', () => {
    const { code, out } = run('run', 'test/fixtures/card-practice-declaration.json');
    expect(code).toBe(0);
    expect(out).toContain('hand.declareMahjong → eastMahjong');
  });

  it('a card given as text refuses a declaration that is none of its hands, at once', () => {
    const { code, out } = run('run', 'test/fixtures/card-text-declaration-refused.json');
    expect(code).toBe(0);
    expect(out).toContain('refused NOT_A_WINNING_HAND as expected');
  });

  it('the same declaration fails its expectation against a card without the hand (the card is what decides)', () => {
    const script = JSON.parse(readFileSync('test/fixtures/card-practice-declaration.json', 'utf8')) as Record<string, unknown>;
    const path = file('other-card.json', JSON.stringify({ ...script, card: 'NNNN EEEE WWWW SS\nFF 3333a 4444a 6666a' }));
    const { code, out } = run('run', path);
    expect(code).toBe(1);
    expect(out).toContain('expected accepted, got NOT_A_WINNING_HAND');
  });

  it('a bad card makes the script invalid (exit 2), naming the line and column; a card that is not text too', () => {
    const { code, err } = run('run', 'test/fixtures/card-invalid.json');
    expect(code).toBe(2);
    expect(err).toContain('invalid script: card: line 2, column 1: the hand "FF 2222a 4444a 666a" has 13 tiles; every hand has 14 (CARD_HAND_SIZE)');
    expect(() => parseScriptText('{"seed":1,"card":42,"steps":[]}')).toThrow(/card.*must be a card's text or "practice", got/);
  });
});

