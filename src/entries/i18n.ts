/**
 * `charleston-engine/i18n`: the message tools for a wing's own texts: `t` (a catalog message), `formatMessage` (a
 * wing's template with the catalogs' placeholder rules), `promptFor` (what a seat should do now, from its view),
 * `misdealText` (why a hand is dead, from a view's misdeal), `registerCatalog`, and `serviceErrorText` (an error of
 * the table service, from its `params.problem` and params, in any of the four languages). The core entry keeps what a
 * table needs (the locales, `t`, `localizeRefusal`, `refusalMessage`); they are re-exported here so that one
 * import serves a wing. The catalogs of ca, sw and el come with `charleston-engine/locales`. Browser-safe.
 */
export { LOCALES, DEFAULT_LOCALE } from '../i18n/catalog.js';
export type { Locale, MessageKey, MessageParams, Catalog, PluralMessage } from '../i18n/catalog.js';
export { resolveLocale, isLocale, CATALOGS } from '../i18n/translate.js';
export type { ExtraEntries, ResolvedLocale } from '../i18n/translate.js';
export { t, localizeRefusal, refusalMessage, registerCatalog, promptFor, formatMessage, misdealText } from '../public.js';
export type { PromptInput } from '../i18n/prompt.js';
export { serviceErrorText, isServiceProblem, SERVICE_ERROR_CATALOGS } from '../i18n/service-errors/index.js';
export type { ServiceProblem, ServiceErrorParams, SeatWording } from '../i18n/service-errors/index.js';
