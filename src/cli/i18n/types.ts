/** The types of the CLI's catalogs, apart from the catalogs so that none of them imports another's module. */
import type { PluralMessage } from '../../index.js';
import type { en } from './en.js';

/** Every key of the CLI's catalogs. */
export type CliKey = keyof typeof en;
/** A CLI catalog: every English key, each of the same kind (template or plural). */
export type CliCatalog = { readonly [K in CliKey]: (typeof en)[K] extends string ? string : PluralMessage };
