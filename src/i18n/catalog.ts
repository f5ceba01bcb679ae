/**
 * Message catalogs: the types every locale's catalog has, and the locales the engine speaks.
 *
 * A message is a template with placeholders: `{name}` inserts a parameter as it is; `{name|ns}` formats it
 * through the catalog: when `ns` is a plural message (e.g. `plural.tiles`) the parameter is its count, otherwise
 * the parameter is looked up as the key `ns.<value>` (e.g. `{phase|phase}` → `phase.firstCharleston.right`).
 * Every locale uses the same placeholder names for a key; only the formatting may differ (English keeps the
 * machine's ids where its wording has always shown them).
 */
import type { en } from './en.js';

/** The locales the engine speaks, English first (the fallback). */
export const LOCALES = ['en', 'ca', 'sw', 'el'] as const;
/** A supported locale. */
export type Locale = (typeof LOCALES)[number];
/** The fallback locale. */
export const DEFAULT_LOCALE: Locale = 'en';

/** A message that depends on a count: one form per `Intl.PluralRules` category the locale uses; `other` is required. */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** A catalog entry: a template, or plural forms of a template. */
export type MessageEntry = string | PluralMessage;

/** Every message key, taken from the English catalog. */
export type MessageKey = keyof typeof en;

/** A locale's catalog: every key of the English catalog, each of the same kind (template or plural). */
export type Catalog = { readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralMessage };

/** Values a message may mention. */
export type MessageParams = Readonly<Record<string, string | number>>;
