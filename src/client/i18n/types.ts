/**
 * The types of the client's catalogs, apart from the catalogs themselves so that a locale's file and the
 * catalog index (which imports every locale) do not import each other.
 */
import type { en } from './en.js';

/** Every key of the client's catalogs. */
export type ClientKey = keyof typeof en;
/** A client catalog: every English key, as text. */
export type ClientCatalog = { readonly [K in ClientKey]: string };
