/**
 * The engine as the service uses it, through the core's public entry only. A table created without a seed and
 * without a deal gets the core's own unpredictable seed (128 bits from the platform's cryptographic source).
 */
import { createCharleston, resolveLocale, type CharlestonEngine, type Locale, type WinningHandValidator } from '../index.js';
import { restore } from '../entries/persist.js';

/** What a new table may be given (the request body, validated by its schema). */
export interface TableSetup {
  seed?: number | string;
  deal?: unknown;
  rules?: unknown;
  locale?: string;
  /** The card's text (checked by `checkCard`): East's declaration is checked against it. */
  card?: string;
}

/**
 * Starts a new table's engine; throws the engine's InputError for a bad deal, seed or rules. A table with a card
 * gives its `isWinningHand` (East's declaration is checked against the card).
 */
export function startEngine(setup: TableSetup, locale: Locale, isWinningHand?: WinningHandValidator): CharlestonEngine {
  const options: Record<string, unknown> = { locale };
  if (isWinningHand !== undefined) options.isWinningHand = isWinningHand;
  if (setup.seed !== undefined) options.seed = setup.seed;
  if (setup.deal !== undefined) options.deal = setup.deal;
  if (setup.rules !== undefined) options.rules = setup.rules;
  return createCharleston(options as Parameters<typeof createCharleston>[0]);
}

/** Restores a stored table's engine (with its card's `isWinningHand` when it has a card). */
export function restoreEngine(snapshot: string, locale: Locale, isWinningHand?: WinningHandValidator): CharlestonEngine {
  return restore(snapshot, isWinningHand === undefined ? { locale } : { locale, isWinningHand });
}

/** The locale a request asks for, or null when it names none of the four. */
export function requestLocale(input: string | undefined): Locale | null {
  if (input === undefined) return 'en';
  const { locale, warning } = resolveLocale(input);
  return warning === undefined ? locale : null;
}
