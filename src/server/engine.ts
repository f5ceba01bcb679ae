/**
 * The engine as the service uses it, through the core's public entry only. A table created without a seed and
 * without a deal gets the core's own unpredictable seed (128 bits from the platform's cryptographic source).
 */
import { createCharleston, resolveLocale, type CharlestonEngine, type Locale } from '../index.js';
import { restore } from '../entries/persist.js';

/** What a new table may be given (the request body, validated by its schema). */
export interface TableSetup {
  seed?: number | string;
  deal?: unknown;
  rules?: unknown;
  locale?: string;
}

/** Starts a new table's engine; throws the engine's InputError for a bad deal, seed or rules. */
export function startEngine(setup: TableSetup, locale: Locale): CharlestonEngine {
  const options: Record<string, unknown> = { locale };
  if (setup.seed !== undefined) options.seed = setup.seed;
  if (setup.deal !== undefined) options.deal = setup.deal;
  if (setup.rules !== undefined) options.rules = setup.rules;
  return createCharleston(options as Parameters<typeof createCharleston>[0]);
}

/** Restores a stored table's engine. */
export function restoreEngine(snapshot: string, locale: Locale): CharlestonEngine {
  return restore(snapshot, { locale });
}

/** The locale a request asks for, or null when it names none of the four. */
export function requestLocale(input: string | undefined): Locale | null {
  if (input === undefined) return 'en';
  const { locale, warning } = resolveLocale(input);
  return warning === undefined ? locale : null;
}
