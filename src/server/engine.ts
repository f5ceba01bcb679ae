/**
 * The engine as the service uses it, through the core's public entry only. A table created without a seed and
 * without a deal gets a seed from `node:crypto` (an adapter: the core's own crypto seed is on its way).
 */
import { randomInt } from 'node:crypto';
import { createCharleston, resolveLocale, restore, type CharlestonService, type Locale } from '../index.js';

/** What a new table may be given (the request body, validated by its schema). */
export interface TableSetup {
  seed?: number | string;
  deal?: unknown;
  rules?: unknown;
  locale?: string;
}

/** Starts a new table's engine; throws the engine's InputError for a bad deal, seed or rules. */
export function startEngine(setup: TableSetup, locale: Locale): CharlestonService {
  const seed = setup.seed ?? (setup.deal === undefined ? randomInt(0, 2 ** 32) : undefined);
  const options: Record<string, unknown> = { locale };
  if (seed !== undefined) options.seed = seed;
  if (setup.deal !== undefined) options.deal = setup.deal;
  if (setup.rules !== undefined) options.rules = setup.rules;
  return createCharleston(options as Parameters<typeof createCharleston>[0]);
}

/** Restores a stored table's engine. */
export function restoreEngine(snapshot: string, locale: Locale): CharlestonService {
  return restore(snapshot, { locale });
}

/** The locale a request asks for, or null when it names none of the four. */
export function requestLocale(input: string | undefined): Locale | null {
  if (input === undefined) return 'en';
  const { locale, warning } = resolveLocale(input);
  return warning === undefined ? locale : null;
}
