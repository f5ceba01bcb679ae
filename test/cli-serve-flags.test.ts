/**
 * serve's flags have one definition (src/cli/serve-flags.ts): the parser, the help in every language, the docs'
 * flag table (docs/service.md), the CLI reference's synopsis and every `charleston serve` line of the deploy recipe
 * and script agree with it, and its defaults are the service's. How values are read: the flag wins over its
 * variable, an empty variable is unset, a list variable is comma-separated, a bad value names where it came from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/index.js';
import { COMMANDS, main } from '../src/cli/main.js';
import { SERVE_FLAGS, SERVE_LOG_LEVELS, readServeFlags, serveSynopsis } from '../src/cli/serve-flags.js';
import { LOG_LEVELS } from '../src/server/app.js';
import { DEFAULT_RETENTION } from '../src/server/storage/cleanup.js';

const names = Object.keys(SERVE_FLAGS);
const read = (file: string): string => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** Every `--flag` on the `charleston serve` / `bin/charleston.js serve` command lines of a text. */
function serveLineFlags(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /(charleston|bin\/charleston\.js) serve /.test(line))
    .flatMap((line) => [...line.slice(line.search(/ serve /)).matchAll(/ --([a-z][a-z-]*)/g)].map((match) => match[1] as string));
}

function capture(argv: string[]): { out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  void main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { out: out.join('\n'), err: err.join('\n') };
}

describe("serve's flags: one definition", () => {
  it('the parser of charleston serve knows exactly these flags and the common ones', () => {
    expect(Object.keys(COMMANDS.serve?.flags ?? {})).toEqual([...names, 'lang', 'help', 'version']);
    expect(COMMANDS.serve?.synopsis).toBe(serveSynopsis());
  });

  it.each(LOCALES)('charleston serve --help (%s) lists every flag with its variable and its default', (locale) => {
    const { out } = capture(['serve', '--help', '--lang', locale]);
    for (const [name, flag] of Object.entries(SERVE_FLAGS)) {
      const line = out.split('\n').find((text) => text.startsWith(`  --${name}${'value' in flag ? ` ${flag.value}` : ''} `));
      expect(line, `--${name} in ${locale}`).toBeDefined();
      expect(line).toContain(flag.env);
      if ('default' in flag) expect(line).toContain(flag.default);
    }
    for (const common of ['--lang', '--help', '--version']) expect(out).toContain(common);
  });

  it('docs/service.md has one table row per flag: its placeholder, its variable and its default', () => {
    const rows = read('docs/service.md')
      .split('\n')
      .filter((line) => /^\| `--[a-z-]+/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const documented = rows.map((cells) => /^`--([a-z-]+)/.exec(cells[1] as string)?.[1]);
    expect(documented).toEqual(names);
    for (const cells of rows) {
      const name = /^`--([a-z-]+)/.exec(cells[1] as string)?.[1] as keyof typeof SERVE_FLAGS;
      const flag = SERVE_FLAGS[name];
      expect(cells[1]).toBe(`\`--${name}${'value' in flag ? ` ${flag.value}` : ''}\``);
      expect(cells[2]).toBe(`\`${flag.env}\``);
      if ('default' in flag) expect(cells[3]?.replaceAll('`', '')).toBe(flag.default);
    }
  });

  it('the reference gives the synopsis; the deploy recipe, the script and the README use only these flags', () => {
    expect(read('docs/reference.md')).toContain(`| \`${serveSynopsis()}\` |`);
    const used = ['docs/deploy.md', 'scripts/deploy-local.sh', 'README.md', 'docs/service.md'].flatMap((file) => serveLineFlags(read(file)).map((flag) => [file, flag] as const));
    expect(used.length).toBeGreaterThan(5);
    for (const [file, flag] of used) expect([...names, 'help', 'lang', 'version'], `${file}: --${flag}`).toContain(flag);
    expect(serveLineFlags(read('scripts/deploy-local.sh'))).toContain('trust-proxy');
    expect(serveLineFlags(read('docs/deploy.md'))).toEqual(expect.arrayContaining(['trust-proxy', 'metrics-host']));
  });

  it("the defaults shown are the service's", () => {
    expect([...SERVE_LOG_LEVELS]).toEqual([...LOG_LEVELS]);
    const hours = (millis: number): string => String(millis / 3_600_000);
    expect(SERVE_FLAGS['keys-retention'].default).toBe(hours(DEFAULT_RETENTION.keysMillis));
    expect(SERVE_FLAGS['ended-retention'].default).toBe(hours(DEFAULT_RETENTION.endedMillis));
    expect(SERVE_FLAGS['idle-retention'].default).toBe(hours(DEFAULT_RETENTION.idleMillis));
  });
});

describe("reading serve's values", () => {
  it('defaults, then the variable, then the flag', () => {
    const none = readServeFlags({}, {});
    expect(none.ok && none.values).toMatchObject({ host: '127.0.0.1', port: 8080, 'metrics-host': '127.0.0.1', demo: false, 'allow-origin': [], 'trust-proxy': undefined, 'create-per-minute': 30 });
    const env = { CHARLESTON_PORT: '9000', CHARLESTON_TRUST_PROXY: '10.0.0.5', CHARLESTON_ALLOW_ORIGIN: 'http://a.test, http://b.test:8080', CHARLESTON_DEMO: 'true', CHARLESTON_KEYS_RETENTION_HOURS: '2' };
    const fromEnv = readServeFlags({}, env);
    expect(fromEnv.ok && fromEnv.values).toMatchObject({ port: 9000, 'trust-proxy': '10.0.0.5', 'allow-origin': ['http://a.test', 'http://b.test:8080'], demo: true, 'keys-retention': 2 * 3_600_000 });
    expect(fromEnv.ok && fromEnv.sources).toMatchObject({ port: 'CHARLESTON_PORT', host: '--host' });
    const flagged = readServeFlags({ port: '9001', 'trust-proxy': '127.0.0.1', 'allow-origin': ['http://c.test'] }, env);
    expect(flagged.ok && flagged.values).toMatchObject({ port: 9001, 'trust-proxy': '127.0.0.1', 'allow-origin': ['http://c.test'] });
    const empty = readServeFlags({}, { CHARLESTON_PORT: '', CHARLESTON_DEMO: '' });
    expect(empty.ok && empty.values).toMatchObject({ port: 8080, demo: false });
  });

  it('a bad value names the flag, or the variable it came from', () => {
    expect(readServeFlags({ port: '70000' }, {})).toMatchObject({ ok: false, source: '--port', text: '70000', refused: 'cli.serve.badInteger' });
    expect(readServeFlags({}, { CHARLESTON_PORT: '70000' })).toMatchObject({ ok: false, source: 'CHARLESTON_PORT' });
    expect(readServeFlags({}, { CHARLESTON_ALLOW_ORIGIN: 'http://ok.test,ftp://no' })).toMatchObject({ ok: false, source: 'CHARLESTON_ALLOW_ORIGIN', text: 'ftp://no' });
    expect(capture(['serve', '--metrics-host', 'a b']).err.split('\n')[0]).toBe('--metrics-host must be a host name or an address, got "a b"');
    expect(capture(['serve', '--create-per-minute', '0', '--lang', 'ca']).err.split('\n')[0]).toBe('--create-per-minute ha de ser un enter de 1 a 100000, però és "0"');
  });
});
