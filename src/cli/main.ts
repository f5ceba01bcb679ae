/**
 * The `charleston` command line: `run`, `play`, `inspect`, `serve`, `card` and `help`, each with its own flags and `--help`;
 * `--version`. Every message goes through the catalogs (`--lang`). Exit codes: 0 done, 1 an expectation failed
 * (`run`), 2 bad arguments, an invalid or unreadable script, or a missing optional package. A bare `charleston`
 * prints the overview on stderr and exits 2.
 *
 * A command is one entry of {@link COMMANDS}: its synopsis, summary, flags and runner. A command that needs
 * optional packages (`inspect`, `serve`) calls `requirePeers` before importing its own file.
 */
import { ct } from './i18n/catalog.js';
import { resolveLocale, type Locale } from '../index.js';
import '../i18n/locales.js'; // the CLI speaks every language (--lang); the public entry `charleston-engine/locales`
import { commandIndex, parseFlags, type FlagSpecs, type FlagValues } from './args.js';
import { commandHelp, mainHelp, usageLine, type CommandHelp } from './help.js';
import { packageInfo } from './package-info.js';
import { playCommand } from './play.js';
import { PEERS, requirePeers } from './require-peer.js';
import { EXIT, runFiles } from './run.js';
import { checkCardFile } from './card.js';
import { SERVE_FLAG_SPECS, readServeFlags, serveSynopsis } from './serve-flags.js';
import type { Io } from './io.js';

export { EXIT };

/** Output sinks, so tests can capture them (see `./io.ts`). */
export type { Io } from './io.js';

const defaultIo: Io = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

/** What a command's runner gets. */
export interface CommandContext {
  values: FlagValues;
  positionals: string[];
  io: Io;
  locale: Locale;
}

/** A command: its help and its runner (which returns the exit code). */
export interface Command extends CommandHelp {
  run: (context: CommandContext) => number | Promise<number>;
}

/** Flags every command has. */
const COMMON: FlagSpecs = {
  lang: { kind: 'string', value: 'L', help: 'cli.flag.lang' },
  help: { kind: 'boolean', short: 'h', help: 'cli.flag.help' },
  version: { kind: 'boolean', help: 'cli.flag.version' },
};

const text = (values: FlagValues, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/** True when the optional packages a command needs are installed; otherwise says which, with the install line. */
async function hasPeers(command: keyof typeof PEERS, io: Io, locale: Locale): Promise<boolean> {
  const missing = await requirePeers(command, PEERS[command], { locale });
  if (missing === null) return true;
  io.err(missing);
  return false;
}

/**
 * The commands, in the order the overview lists them. `serve`'s flags come from its one definition
 * (`serve-flags.ts`), which also gives each its environment variable and default.
 */
export const COMMANDS: Readonly<Record<string, Command>> = {
  run: {
    synopsis: 'run FILE... [--json] [--racks] [--lang L]',
    summary: 'cli.command.run',
    exit: 'cli.exit.run',
    flags: {
      json: { kind: 'boolean', help: 'cli.flag.json' },
      racks: { kind: 'boolean', help: 'cli.flag.racks' },
      ...COMMON,
    },
    run: ({ values, positionals, io, locale }) => {
      if (positionals.length === 0) return usageError(io, locale, ct(locale, 'cli.runNeedsFile'), 'run');
      return runFiles(positionals, { json: values['json'] === true, racks: values['racks'] === true, locale }, io);
    },
  },
  play: {
    synopsis: 'play [--seed N] [--seats S,S,S,S] [--json] [--lang L]',
    summary: 'cli.command.play',
    exit: 'cli.exit.play',
    flags: {
      seed: { kind: 'string', value: 'N', help: 'cli.flag.seed' },
      seats: { kind: 'string', value: 'S,S,S,S', help: 'cli.flag.seats' },
      json: { kind: 'boolean', help: 'cli.flag.json' },
      ...COMMON,
    },
    run: ({ values, positionals, io, locale }) => {
      if (positionals.length > 0) return usageError(io, locale, ct(locale, 'cli.playNoFiles', { file: positionals[0] as string }), 'play');
      return playCommand({ seed: text(values, 'seed'), seats: text(values, 'seats'), json: values['json'] === true, locale }, io);
    },
  },
  inspect: {
    synopsis: 'inspect [FILE | --seed N] [--seats S,S,S,S] [--port N] [--host H] [--autoplay] [--lang L]',
    summary: 'cli.command.inspect',
    exit: 'cli.exit.inspect',
    peers: PEERS.inspect,
    flags: {
      seed: { kind: 'string', value: 'N', help: 'cli.flag.seed' },
      seats: { kind: 'string', value: 'S,S,S,S', help: 'cli.flag.seats' },
      port: { kind: 'string', value: 'N', help: 'cli.flag.port' },
      host: { kind: 'string', value: 'H', help: 'cli.flag.host' },
      autoplay: { kind: 'boolean', help: 'cli.flag.autoplay' },
      ...COMMON,
    },
    run: async ({ values, positionals, io, locale }) => {
      if (positionals.length > 1) return usageError(io, locale, ct(locale, 'cli.inspectOneFile', { count: positionals.length }), 'inspect');
      if (!(await hasPeers('inspect', io, locale))) return EXIT.invalid;
      const { inspectCommand } = await import('./inspect.js');
      const [seed, seats, port, host] = [text(values, 'seed'), text(values, 'seats'), text(values, 'port'), text(values, 'host')];
      return inspectCommand({ file: positionals[0], seed, seats, port, host, autoplay: values['autoplay'] === true, locale }, io);
    },
  },
  serve: {
    synopsis: serveSynopsis(),
    summary: 'cli.command.serve',
    exit: 'cli.exit.serve',
    note: 'cli.serve.note',
    peers: PEERS.serve,
    flags: { ...SERVE_FLAG_SPECS, ...COMMON },
    run: async ({ values, positionals, io, locale }) => {
      if (positionals.length > 0) return usageError(io, locale, ct(locale, 'cli.serveNoFiles', { file: positionals[0] as string }), 'serve');
      // The values are read (and refused) before the packages are looked for: a wrong flag is named either way.
      const read = readServeFlags(values, process.env);
      if (!read.ok) return usageError(io, locale, ct(locale, read.refused, { ...read.params, flag: read.source, value: JSON.stringify(read.text.slice(0, 60)) }), 'serve');
      if (!(await hasPeers('serve', io, locale))) return EXIT.invalid;
      const { serveCommand } = await import('./serve.js');
      return serveCommand(read, { io, locale, env: process.env, usage: (problem) => usageError(io, locale, problem, 'serve') });
    },
  },
  card: {
    synopsis: 'card check FILE [--lang L]',
    summary: 'cli.command.card',
    exit: 'cli.exit.card',
    flags: COMMON,
    run: ({ positionals, io, locale }) => {
      const [action, ...files] = positionals;
      if (action !== undefined && action !== 'check') return usageError(io, locale, ct(locale, 'cli.cardUnknownAction', { action: JSON.stringify(action) }), 'card');
      if (action === undefined || files.length !== 1) return usageError(io, locale, ct(locale, 'cli.cardNeedsCheck'), 'card');
      return checkCardFile(files[0] as string, locale, io);
    },
  },
  help: {
    synopsis: 'help [COMMAND]',
    summary: 'cli.command.help',
    exit: 'cli.exit.main',
    flags: COMMON,
    run: ({ positionals, io, locale }) => {
      const name = positionals[0];
      if (name === undefined) {
        io.out(mainHelp(COMMANDS, locale));
        return EXIT.ok;
      }
      const command = lookupCommand(name);
      if (command === undefined) return unknownCommand(io, locale, name);
      io.out(commandHelp(command, locale));
      return EXIT.ok;
    },
  },
};

function lookupCommand(name: string): Command | undefined {
  return Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/** One line naming the problem, then the command's usage line, on stderr; exit 2. */
function usageError(io: Io, locale: Locale, problem: string, command?: string): number {
  const spec = command === undefined ? undefined : lookupCommand(command);
  io.err(problem);
  io.err(spec === undefined ? mainHelp(COMMANDS, locale) : `${usageLine(spec, locale)}\n${ct(locale, 'cli.helpHint', { command: command as string })}`);
  return EXIT.invalid;
}

function unknownCommand(io: Io, locale: Locale, name: string): number {
  return usageError(io, locale, ct(locale, 'cli.unknownCommand', { command: JSON.stringify(name), commands: Object.keys(COMMANDS).join(', ') }));
}

/** The `--lang` value anywhere in `argv` (read before the rest, so that even argument errors are localized). */
function langOf(argv: readonly string[]): string | undefined {
  let lang: string | undefined;
  argv.forEach((arg, index) => {
    if (arg === '--lang') lang = argv[index + 1];
    else if (arg.startsWith('--lang=')) lang = arg.slice('--lang='.length);
  });
  return lang;
}

const VALUE_FLAGS = new Set(
  Object.values(COMMANDS).flatMap((command) => Object.entries(command.flags).filter(([, spec]) => spec.kind !== 'boolean').map(([name]) => `--${name}`)),
);

/** Runs the CLI with `argv` (without node and script path); returns the exit code (a promise for `inspect`). */
export function main(argv: readonly string[], io: Io = defaultIo): number | Promise<number> {
  const { locale, warning } = resolveLocale(langOf(argv));
  if (warning !== undefined) io.err(ct(locale, 'cli.warning', { message: warning }));
  const at = commandIndex(argv, VALUE_FLAGS);
  const name = at === -1 ? undefined : (argv[at] as string);
  const command = name === undefined ? undefined : lookupCommand(name);
  if (name !== undefined && command === undefined) return unknownCommand(io, locale, name);
  const args = at === -1 ? [...argv] : [...argv.slice(0, at), ...argv.slice(at + 1)];
  const parsed = parseFlags(args, command?.flags ?? COMMON);
  if (!parsed.ok) {
    const flags = Object.entries(command?.flags ?? COMMON).map(([flag]) => `--${flag}`).join(', ');
    const where = `charleston${name === undefined ? '' : ` ${name}`}`;
    const problem =
      parsed.problem === 'unknownFlag'
        ? ct(locale, 'cli.unknownFlag', { flag: parsed.flag, command: where, flags })
        : parsed.problem === 'missingValue'
          ? ct(locale, 'cli.missingValue', { flag: parsed.flag, usage: `${parsed.flag} ${command?.flags[parsed.flag.replace(/^--/, '')]?.value ?? 'VALUE'}` })
          : ct(locale, 'cli.unexpectedValue', { flag: parsed.flag });
    return usageError(io, locale, problem, name);
  }
  if (parsed.values['version'] === true) {
    const { name: packageName, version } = packageInfo();
    io.out(`${packageName} ${version}`);
    return EXIT.ok;
  }
  if (command === undefined) {
    if (parsed.values['help'] === true) {
      io.out(mainHelp(COMMANDS, locale));
      return EXIT.ok;
    }
    io.err(mainHelp(COMMANDS, locale));
    return EXIT.invalid;
  }
  if (parsed.values['help'] === true) {
    io.out(commandHelp(command, locale));
    return EXIT.ok;
  }
  return command.run({ values: parsed.values, positionals: parsed.positionals, io, locale });
}
