/**
 * The command line's message catalogs, typed against English like the core's: every locale has every key of
 * {@link en}, of the same kind. `ct(locale, key, params)` renders one with the core's placeholder rules
 * (`formatMessage`): `{x|plural.*}` uses the plurals here, `{x|phase}` and `{x|seat}` the core's names.
 */
import type { Locale } from '../../index.js';
import { formatMessage } from '../../entries/i18n.js';
import { ca } from './ca.js';
import { el } from './el.js';
import { en } from './en.js';
import { sw } from './sw.js';
import type { CliCatalog, CliKey } from './types.js';

export type { CliCatalog, CliKey };

/** The CLI's catalogs by locale. */
export const CLI_CATALOGS: { readonly [L in Locale]: CliCatalog } = { en, ca, sw, el };

/** Renders a CLI message in `locale` (English for a key a locale lacks; unknown placeholders stay as they are). */
export function ct(locale: Locale, key: CliKey, params: Readonly<Record<string, string | number>> = {}): string {
  const catalog = CLI_CATALOGS[locale] ?? CLI_CATALOGS.en;
  return formatMessage(locale, catalog[key] ?? en[key], params, catalog);
}
