/**
 * `charleston run FILE...`: runs scripts and checks their expectations. Exit 0 when every step of every file
 * holds, 1 when an expectation fails, 2 when a file cannot be read or is not a valid script or deal (the worst wins).
 */
import { ct } from './i18n/catalog.js';
import { readFileSync } from 'node:fs';
import { InputError, createCharleston, localizeRefusal, type CharlestonOptions, type Locale } from '../index.js';
import { parseScriptText, runScript, type Script, type StepResult } from '../entries/scripts.js';
import { formatRacks, formatStep } from './format.js';
import type { Io } from './io.js';

/** Exit codes of the CLI. */
export const EXIT = { ok: 0, failed: 1, invalid: 2 } as const;

/** What `runFiles` needs besides the files. */
export interface RunFlags {
  json: boolean;
  racks: boolean;
  locale: Locale;
}

/** The table options a script sets up, as `createCharleston` takes them (a deal without a seed uses seed 1). */
function setupOf(script: Script): CharlestonOptions {
  return {
    seed: script.seed ?? 1,
    ...(script.deal !== undefined ? { deal: script.deal } : {}),
    ...(script.rules !== undefined ? { rules: script.rules } : {}),
  };
}

/** Throws the {@link InputError} of an invalid deal or rule option before any step runs. */
function checkSetup(script: Script): void {
  createCharleston(setupOf(script)).stop();
}

function invalid(file: string, where: string, message: string, flags: RunFlags, io: Io): number {
  if (flags.json) io.out(JSON.stringify({ file, invalid: { where, message } }));
  else io.err(ct(flags.locale, 'cli.invalidScript', { file, message }));
  return EXIT.invalid;
}

/** Runs one file; returns its exit code. */
export function runFile(file: string, flags: RunFlags, io: Io): number {
  const { json, racks, locale } = flags;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return invalid(file, '', ct(locale, 'cli.cannotRead', { reason }), flags, io);
  }
  try {
    const script = parseScriptText(text);
    checkSetup(script);
    if (!json) io.out(`▶ ${script.name ?? file} (${file})`);
    let lastPhase = '';
    const result = runScript(script, {
      onStart: (service) => {
        lastPhase = service.phase;
        if (!racks || json) return;
        io.out(`  ${ct(locale, 'cli.start', { phase: service.phase })}`);
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
    if (!json) io.out(failed === 0 ? ct(locale, 'cli.stepsPassed', { count: total }) : ct(locale, 'cli.stepsFailed', { failed, total, file }));
    return failed === 0 ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof InputError) return invalid(file, error.where, error.message, flags, io);
    throw error;
  }
}

/** Runs every file in order; the worst exit code wins. */
export function runFiles(files: readonly string[], flags: RunFlags, io: Io): number {
  let worst: number = EXIT.ok;
  for (const file of files) worst = Math.max(worst, runFile(file, flags, io));
  return worst;
}
