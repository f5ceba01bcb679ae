/**
 * The CLI's own flag parser: strict per command, so an unknown flag gets one clear line (`unknown flag --colour
 * for charleston run (flags: …)`) instead of Node's parser message. `--name value`, `--name=value`, `-h`, and `--`
 * (everything after it is a file) are understood.
 */
import type { CliKey } from './i18n/catalog.js';

/** How a flag takes its value: none, one text, or a list (the flag may repeat). */
export type FlagKind = 'boolean' | 'string' | 'strings';

/** One flag of a command. */
export interface FlagSpec {
  kind: FlagKind;
  /** The value's placeholder in the help (`N`, `FILE`). */
  value?: string;
  /** The catalog key of its one-line help. */
  help: CliKey;
  /** A one-letter alias (`h` for `-h`). */
  short?: string;
  /** The environment variable that gives the flag when it is absent (shown in the help). */
  env?: string;
  /** The default, as the help shows it. */
  default?: string;
}

/** A command's flags by long name (without the dashes). */
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** The values given: `true` for a boolean flag, the text for a string flag, every text for a list flag. */
export type FlagValues = Readonly<Record<string, boolean | string | readonly string[] | undefined>>;

/** What was wrong with the arguments. */
export interface ArgsProblem {
  problem: 'unknownFlag' | 'missingValue' | 'unexpectedValue';
  flag: string;
}

/** Parsed arguments, or the first problem. */
export type ParsedArgs = { ok: true; values: FlagValues; positionals: string[] } | ({ ok: false } & ArgsProblem);

function lookupFlag(specs: FlagSpecs, arg: string): [string, FlagSpec] | undefined {
  if (arg.startsWith('--')) {
    const name = arg.slice(2);
    const spec = Object.prototype.hasOwnProperty.call(specs, name) ? specs[name] : undefined;
    return spec ? [name, spec] : undefined;
  }
  return Object.entries(specs).find(([, spec]) => spec.short !== undefined && `-${spec.short}` === arg);
}

/** Parses `args` against `specs`. Never throws. */
export function parseFlags(args: readonly string[], specs: FlagSpecs): ParsedArgs {
  const values: Record<string, boolean | string | string[]> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const written = equals === -1 ? arg : arg.slice(0, equals);
    const found = lookupFlag(specs, written);
    if (found === undefined) return { ok: false, problem: 'unknownFlag', flag: written };
    const [name, spec] = found;
    if (spec.kind === 'boolean') {
      if (equals !== -1) return { ok: false, problem: 'unexpectedValue', flag: written };
      values[name] = true;
      continue;
    }
    let value: string;
    if (equals !== -1) value = arg.slice(equals + 1);
    else {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) return { ok: false, problem: 'missingValue', flag: written };
      value = next;
      i += 1;
    }
    if (spec.kind === 'strings') values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  return { ok: true, values, positionals };
}

/**
 * The command word: the first argument that is neither a flag nor the value of a flag in `valueFlags`
 * (so `charleston --lang ca run x.json` finds `run`). Returns its index, or -1.
 */
export function commandIndex(args: readonly string[], valueFlags: ReadonlySet<string>): number {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--') return -1;
    if (!arg.startsWith('-') || arg === '-') return i;
    if (!arg.includes('=') && valueFlags.has(arg)) i += 1;
  }
  return -1;
}
