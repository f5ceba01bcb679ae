/**
 * The types of the client's catalogs, apart from the catalogs themselves so that a locale's file and the
 * catalog index (which imports every locale) do not import each other.
 */
import type { PluralMessage } from '../../index.js';
import type { en } from './en.js';

/** Every key of the client's catalogs. */
export type ClientKey = keyof typeof en;
/**
 * A client message: a template, or the plural forms of one (chosen by its `count` with `Intl.PluralRules`, as the
 * engine's `plural.tiles`), where a count is shown with a word that agrees with it.
 */
export type ClientEntry = string | PluralMessage;
/** A client catalog: every English key, as a template or as plural forms. */
export type ClientCatalog = { readonly [K in ClientKey]: ClientEntry };
