/** The help texts: the overview (`charleston --help`) and one page per command (`charleston run --help`). */
import { ct, type CliKey } from './i18n/catalog.js';
import { LOCALES, type Locale } from '../index.js';
import { STRATEGIES } from '../entries/bots.js';
import type { FlagSpec, FlagSpecs } from './args.js';
import { installLine } from './require-peer.js';

/** What the help needs to know of a command. */
export interface CommandHelp {
  /** After `charleston `: `run FILE... [--json] [--racks] [--lang L]`. */
  synopsis: string;
  summary: CliKey;
  exit: CliKey;
  flags: FlagSpecs;
  /** Optional packages the command needs (its help names them with the install line). */
  peers?: readonly string[];
  /** A paragraph after the flags (serve: the common flags, the environment variables). */
  note?: CliKey;
}

const PARAMS = { strategies: Object.keys(STRATEGIES).join(', '), locales: LOCALES.join(', ') };

function flagName(name: string, spec: FlagSpec): string {
  const long = `--${name}${spec.value !== undefined ? ` ${spec.value}` : ''}`;
  return spec.short !== undefined ? `-${spec.short}, ${long}` : long;
}

/** A flag's help line, with its environment variable and default when it has them. */
function flagHelp(spec: FlagSpec, locale: Locale): string {
  const help = ct(locale, spec.help, PARAMS);
  if (spec.env === undefined) return help;
  return `${help} ${ct(locale, spec.default === undefined ? 'cli.flagEnv' : 'cli.flagEnvDefault', { env: spec.env, default: spec.default ?? '' })}`;
}

function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}

/** `usage: charleston <synopsis>`, one line. */
export function usageLine(command: CommandHelp, locale: Locale): string {
  return `${ct(locale, 'cli.usage')} charleston ${command.synopsis}`;
}

/** The help page of one command. */
export function commandHelp(command: CommandHelp, locale: Locale): string {
  return [
    usageLine(command, locale),
    '',
    `  ${ct(locale, command.summary)}`,
    ...(command.peers === undefined ? [] : [`  ${ct(locale, 'cli.needsPackages', { packages: command.peers.join(', '), install: installLine(command.peers).replace(/^npm install /, '') })}`]),
    '',
    ct(locale, 'cli.flags'),
    ...table(Object.entries(command.flags).map(([name, spec]) => [flagName(name, spec), flagHelp(spec, locale)] as const)),
    ...(command.note === undefined ? [] : ['', ct(locale, command.note)]),
    '',
    `${ct(locale, 'cli.exitCodes')} ${ct(locale, command.exit)}`,
  ].join('\n');
}

/** The overview: every command's synopsis and summary. */
export function mainHelp(commands: Readonly<Record<string, CommandHelp>>, locale: Locale): string {
  const usage = ct(locale, 'cli.usage');
  const indent = ' '.repeat(usage.length);
  const synopses = Object.values(commands).map((command) => `charleston ${command.synopsis}`);
  return [
    `${usage} ${synopses[0] ?? ''}`,
    ...synopses.slice(1).map((line) => `${indent} ${line}`),
    `${indent} charleston --version | --help | COMMAND --help`,
    '',
    ct(locale, 'cli.commands'),
    ...table(Object.entries(commands).map(([name, command]) => [name, ct(locale, command.summary)] as const)),
    '',
    ct(locale, 'cli.helpHint', { command: 'COMMAND' }),
    `${ct(locale, 'cli.exitCodes')} ${ct(locale, 'cli.exit.main')}`,
  ].join('\n');
}
