/**
 * `t(locale, key, params)`: renders a catalog message; `resolveLocale(input)`: picks a supported locale, falling
 * back to English with a warning (never throwing); `refusalMessage` / `localizeRefusal`: a refusal's message in
 * a locale, re-rendered from its code and params. Plurals use the built-in `Intl.PluralRules`. Browser-safe.
 */
import type { MisdealRecord, Refusal, RefusalCode, RefusalData } from '../types.js';
import { hasOwn } from '../errors.js';
import { SEATS } from '../seats.js';
import { DEFAULT_LOCALE, LOCALES, type Catalog, type Locale, type MessageKey, type MessageParams, type PluralMessage } from './catalog.js';
import { en } from './en.js';

/**
 * The loaded catalogs, by locale. English is always there; the others are loaded by importing
 * `charleston-engine/locales` (`src/i18n/locales.ts`), so a client that speaks English only does not carry them.
 */
export const CATALOGS: { [L in Locale]?: Catalog } = { en };

/** Loads a locale's catalog (done by `src/i18n/locales.ts` for ca, sw and el). */
export function registerCatalog(locale: Locale, catalog: Catalog): void {
  CATALOGS[locale] = catalog;
}

/** True when `value` names a supported locale exactly. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The outcome of {@link resolveLocale}: the locale to use, and a warning when the input was not understood. */
export interface ResolvedLocale {
  locale: Locale;
  warning?: string;
}

/**
 * Picks the supported locale for `input`: `undefined` or `''` → English; a tag is matched on its language
 * (`ca-ES`, `EL`, `sw_KE` work); anything else → English with a warning. Never throws.
 */
export function resolveLocale(input: unknown): ResolvedLocale {
  if (input === undefined || input === null || input === '') return { locale: DEFAULT_LOCALE };
  const language = typeof input === 'string' ? (input.trim().toLowerCase().split(/[-_]/)[0] ?? '') : '';
  if (isLocale(language)) {
    if (CATALOGS[language] !== undefined) return { locale: language };
    return { locale: DEFAULT_LOCALE, warning: `the ${language} catalog is not loaded (import 'charleston-engine/locales'); using English` };
  }
  const shown = typeof input === 'string' ? JSON.stringify(input.slice(0, 40)) : typeof input;
  return { locale: DEFAULT_LOCALE, warning: `unknown language ${shown}; using English (available: ${LOCALES.join(', ')})` };
}

const warned = new Set<string>();

/** {@link resolveLocale}, reporting an unknown locale once per input with `console.warn`. */
export function localeOrWarn(input: unknown): Locale {
  // A loaded locale as it is (what a server passes for every view): nothing to parse.
  if (typeof input === 'string' && isLocale(input) && CATALOGS[input] !== undefined) return input;
  const { locale, warning } = resolveLocale(input);
  if (warning !== undefined && !warned.has(warning)) {
    warned.add(warning);
    console.warn(`charleston: ${warning}`);
  }
  return locale;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The form of a plural message for `count` in `locale` (`other` when the locale's category has no form). */
export function pluralForm(locale: Locale, message: PluralMessage, count: number): string {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return message[rules.select(count)] ?? message.other;
}

const PLACEHOLDER = /\{([A-Za-z][\w]*)(?:\|([\w.]+))?\}/g;

/** A wing's own entries (e.g. the CLI's catalog for one locale), looked up before the core's. */
export type ExtraEntries = Readonly<Record<string, string | PluralMessage>>;

function lookup(locale: Locale, key: string, extra?: ExtraEntries): string | PluralMessage | undefined {
  if (extra !== undefined && hasOwn(extra, key)) return extra[key];
  const catalog = (CATALOGS[locale] ?? en) as Readonly<Record<string, string | PluralMessage>>;
  return hasOwn(catalog, key) ? catalog[key] : undefined;
}

/** A template split once into text and placeholders (refusals are made often: legal-action enumeration). */
type Part = string | { name: string; format: string | undefined; whole: string };
const compiled = new Map<string, readonly Part[]>();

function partsOf(template: string): readonly Part[] {
  let parts = compiled.get(template);
  if (parts === undefined) {
    const list: Part[] = [];
    let last = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      if (match.index > last) list.push(template.slice(last, match.index));
      list.push({ name: match[1] as string, format: match[2], whole: match[0] });
      last = match.index + match[0].length;
    }
    if (last < template.length) list.push(template.slice(last));
    parts = list;
    compiled.set(template, parts);
  }
  return parts;
}

function fill(locale: Locale, template: string, params: MessageParams, extra?: ExtraEntries): string {
  let out = '';
  for (const part of partsOf(template)) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const { name, format } = part;
    if (!hasOwn(params, name)) {
      out += part.whole;
      continue;
    }
    const value = params[name] as string | number;
    if (format === undefined) {
      out += String(value);
      continue;
    }
    const entry = lookup(locale, format, extra);
    if (entry !== undefined && typeof entry !== 'string') {
      out += fill(locale, pluralForm(locale, entry, Number(value)), { count: value }, extra);
      continue;
    }
    const named = lookup(locale, `${format}.${String(value)}`, extra);
    out += typeof named === 'string' ? fill(locale, named, params, extra) : String(value);
  }
  return out;
}

/**
 * Renders `key` in `locale` with `params`. A plural message uses `params.count`. A missing parameter leaves its
 * placeholder as it is; a value with no catalog entry for its formatter is shown as it is.
 */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const entry = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key) ?? key;
  const template = typeof entry === 'string' ? entry : pluralForm(locale, entry, Number(params['count'] ?? 0));
  return fill(locale, template, params);
}

/**
 * Renders a wing's own message (a template, or plural forms chosen by `params.count`) with the catalogs' placeholder
 * rules: `{name|ns}` formats through `extra` first (the wing's plurals and names), then the core's catalog of
 * `locale` (phases, seats, directions). How the CLI renders its messages, which live next to it.
 */
export function formatMessage(locale: Locale, message: string | PluralMessage, params: MessageParams = {}, extra?: ExtraEntries): string {
  const template = typeof message === 'string' ? message : pluralForm(locale, message, Number(params['count'] ?? 0));
  return fill(locale, template, params, extra);
}

/** True when `key` is a message key of the catalogs. */
function isMessageKey(key: string): key is MessageKey {
  return hasOwn(en, key);
}

/** A refusal's message in `locale`, from its code and params. */
export function refusalMessage(locale: Locale, code: RefusalCode, params: MessageParams = {}): string {
  // A refusal with a `variant` param has a message of its own (`refusal.CODE.variant`), when the catalog has one.
  const variant = params['variant'];
  const key = typeof variant === 'string' ? `refusal.${code}.${variant}` : undefined;
  if (key !== undefined && isMessageKey(key)) return t(locale, key, params);
  return t(locale, `refusal.${code}`, params);
}

/** A rule's refusal (code and params) with its message rendered in `locale`: the public {@link Refusal}. */
export function renderRefusal(refusal: RefusalData, locale: Locale = DEFAULT_LOCALE): Refusal {
  return { code: refusal.code, message: refusalMessage(locale, refusal.code, refusal.params), params: refusal.params };
}

/**
 * A misdeal's reason as a sentence in `locale`: the declaring person's own words when they typed any, otherwise
 * the catalog's wording of its code (with the wrong counts, or the seat that declared it).
 */
export function misdealReasonText(locale: Locale, misdeal: MisdealRecord): string {
  // Words that are only blanks say nothing: the code's wording is shown instead.
  if (misdeal.text !== undefined && misdeal.text.trim() !== '') return misdeal.text;
  if (misdeal.reason === 'declared' && misdeal.by !== null) return t(locale, 'misdeal.declared', { seat: misdeal.by });
  if (misdeal.reason === 'declarationDisputed' && misdeal.by !== null) return t(locale, 'misdeal.declarationDisputed', { seat: misdeal.by });
  const counts = misdeal.counts ?? {};
  const held = SEATS.flatMap((seat) => {
    const count = counts[seat];
    return count === undefined ? [] : [t(locale, 'misdeal.holds', { seat, count })];
  });
  return t(locale, 'misdeal.wrongCount', { counts: held.join(', ') });
}

/** The refusal with its message in `locale` (the same object for English; code and params never change). */
export function localizeRefusal(refusal: Refusal, locale: Locale): Refusal {
  if (locale === DEFAULT_LOCALE) return refusal;
  const params = refusal.params ?? {};
  return { ...refusal, message: refusalMessage(locale, refusal.code, params) };
}

/** The placeholder names a template (or each plural form) uses, sorted and without duplicates. */
export function placeholdersOf(entry: string | PluralMessage): string[] {
  const forms = typeof entry === 'string' ? [entry] : Object.values(entry).filter((form): form is string => typeof form === 'string');
  const names = new Set<string>();
  for (const form of forms) for (const match of form.matchAll(PLACEHOLDER)) names.add(match[1] as string);
  return [...names].sort();
}
