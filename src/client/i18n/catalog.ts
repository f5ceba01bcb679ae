/**
 * The client's message catalogs, typed against English like the core's: every locale has every key of
 * {@link en}. `ct(locale, key, params)` renders a client message with the core's `t` placeholder rules
 * (`{name}` as it is; the core formats `{name|ns}`), falling back to English for a missing key.
 */
import type { Locale } from '../../index.js';
import { ca } from './ca.js';
import { el } from './el.js';
import { en } from './en.js';
import { sw } from './sw.js';
import type { ClientCatalog, ClientEntry, ClientKey } from './types.js';

export type { ClientCatalog, ClientEntry, ClientKey } from './types.js';

/** The client's catalogs by locale. */
export const CLIENT_CATALOGS: { readonly [L in Locale]: ClientCatalog } = { en, ca, sw, el };

const PLACEHOLDER = /\{([A-Za-z]\w*)\}/g;

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The template of an entry for these params: for plural forms, the form of `params.count` in `locale`. */
export function templateOf(locale: Locale, entry: ClientEntry, params: Readonly<Record<string, string | number>> = {}): string {
  if (typeof entry === 'string') return entry;
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const count = Number(params['count']);
  return Number.isFinite(count) ? (entry[rules.select(count)] ?? entry.other) : entry.other;
}

/**
 * Renders a client message in `locale` (unknown placeholders are left as they are); an entry with plural forms
 * takes the form of its `count`.
 */
export function ct(locale: Locale, key: ClientKey, params: Readonly<Record<string, string | number>> = {}): string {
  const template = templateOf(locale, CLIENT_CATALOGS[locale][key] ?? en[key], params);
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
