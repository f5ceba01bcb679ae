/**
 * The `charleston` command line. `charleston run FILE... [--json] [--racks]` runs scripts and exits 0 when every
 * step holds, 1 when an expectation fails, 2 when a file is not a valid script or deal (the worst code wins).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { InputError } from '../errors.js';
import { parseScriptText, scriptSetup } from '../script/script.js';
import { resolveInput } from '../service.js';
import { runScript, type StepResult } from '../script/run.js';
import { formatRacks, formatStep } from './format.js';
import type { Locale } from '../i18n/catalog.js';
import { LOCALES } from '../i18n/catalog.js';
import { localizeRefusal, resolveLocale, t } from '../i18n/translate.js';
import { playCommand } from './play.js';
import '../i18n/locales.js'; // the CLI speaks every language (--lang)

/** Exit codes of the CLI (contract §8). */
export const EXIT = { ok: 0, failed: 1, invalid: 2 } as const;

const USAGE = `usage: charleston run FILE... [--json] [--racks] [--lang L]
       charleston play [--seed N] [--seats S,S,S,S] [--json] [--lang L]
       charleston inspect [FILE | --seed N] [--seats S,S,S,S] [--port N] [--host H] [--autoplay] [--lang L]

  run FILE...   run scripts (contract §8) and check their expectations
  play          play a whole hand with four bots and print the flow
  inspect       serve the live inspector (http://127.0.0.1:PORT/) for a script or a bot table
  --json        print one JSON line per step / event (and per invalid file)
  --racks       print the four racks at the start and whenever the phase changes
  --seed N      the deal's seed for play (default 1)
  --seats       strategies for east,south,west,north: teacher or random (default teacher)
  --port, --host  where the inspector listens (default 127.0.0.1, any free port)
  --autoplay    start playing when the first page connects
  --lang L      language of the trace and of refusal messages: ${LOCALES.join(', ')} (default en;
                an unknown one falls back to English with a warning); codes never change

exit codes: 0 every step holds, 1 an expectation failed, 2 a file is not a valid script or deal
            (or bad arguments)`;

/** Output sinks, so tests can capture them. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: Io = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

function runFile(file: string, json: boolean, racks: boolean, io: Io, locale: Locale = 'en'): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return invalid(file, '', `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, json, io, locale);
  }
  try {
    const script = parseScriptText(text);
    resolveInput(scriptSetup(script)); // an invalid deal or rule option is reported before any step runs
    if (!json) io.out(`▶ ${script.name ?? file} (${file})`);
    let lastPhase = '';
    const result = runScript(script, {
      onStart: (service) => {
        lastPhase = service.phase;
        if (!racks || json) return;
        io.out(`  start → ${locale === 'en' ? service.phase : t(locale, `phase.${service.phase}`)}`);
        formatRacks(service, locale).forEach((line) => io.out(line));
      },
      onStep: (step: StepResult, service) => {
        if (json) {
          const refusal = step.refusal ? localizeRefusal(step.refusal, locale) : undefined;
          io.out(JSON.stringify({ file, step: step.index, send: step.send, outcome: step.outcome, ...(refusal ? { refusal } : {}), phase: step.phase, ok: step.failures.length === 0, failures: step.failures }));
          return;
        }
        formatStep(step, locale).forEach((line) => io.out(line));
        if (racks && step.phase !== lastPhase) formatRacks(service, locale).forEach((line) => io.out(line));
        lastPhase = step.phase;
      },
    });
    const failed = result.steps.filter((step) => step.failures.length > 0).length;
    const total = result.steps.length;
    if (!json) io.out(failed === 0 ? t(locale, 'cli.stepsPassed', { count: total }) : t(locale, 'cli.stepsFailed', { failed, total, file }));
    return failed === 0 ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof InputError) return invalid(file, error.where, error.message, json, io, locale);
    throw error;
  }
}

function invalid(file: string, where: string, message: string, json: boolean, io: Io, locale: Locale = 'en'): number {
  if (json) io.out(JSON.stringify({ file, invalid: { where, message } }));
  else io.err(t(locale, 'cli.invalidScript', { file, message }));
  return EXIT.invalid;
}

/** Runs the CLI with `argv` (without node and script path); returns the exit code (a promise for `inspect`). */
export function main(argv: readonly string[], io: Io = defaultIo): number | Promise<number> {
  if (argv[0] === 'serve') return import('./serve.js').then(({ serveCommand }) => serveCommand(argv.slice(1), io));
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        racks: { type: 'boolean' },
        seed: { type: 'string' },
        seats: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        autoplay: { type: 'boolean' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return EXIT.invalid;
  }
  const [command, ...files] = parsed.positionals;
  const { locale, warning } = resolveLocale(parsed.values.lang);
  if (warning !== undefined) io.err(`warning: ${warning}`);
  if (parsed.values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (command === 'play') {
    if (files.length > 0) {
      io.err(`charleston play takes no files\n${USAGE}`);
      return EXIT.invalid;
    }
    return playCommand({ seed: parsed.values.seed, seats: parsed.values.seats, json: parsed.values.json ?? false, locale }, io);
  }
  if (command === 'inspect') {
    if (files.length > 1) {
      io.err(`charleston inspect takes one script at most\n${USAGE}`);
      return EXIT.invalid;
    }
    const { seed, seats, port, host } = parsed.values;
    return import('./inspect.js').then(({ inspectCommand }) =>
      inspectCommand({ file: files[0], seed, seats, port, host, autoplay: parsed.values.autoplay ?? false, locale }, io),
    );
  }
  if (command !== 'run' || files.length === 0) {
    io.err(command === 'run' ? `charleston run needs at least one FILE\n${USAGE}` : `unknown command ${JSON.stringify(command ?? '')}\n${USAGE}`);
    return EXIT.invalid;
  }
  let worst: number = EXIT.ok;
  for (const file of files) worst = Math.max(worst, runFile(file, parsed.values.json ?? false, parsed.values.racks ?? false, io, locale));
  return worst;
}
