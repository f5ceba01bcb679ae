/**
 * Loads the Catalan, Swahili and Greek catalogs (English is always loaded). Import it once for its effect:
 * `import 'charleston-engine/locales';` — the CLI and the inspector page do. Kept out of the core entry point so
 * that an English-only client's bundle does not carry three catalogs.
 */
import { ca } from './ca.js';
import { el } from './el.js';
import { sw } from './sw.js';
import { registerCatalog } from './translate.js';

registerCatalog('ca', ca);
registerCatalog('sw', sw);
registerCatalog('el', el);

/** The locales this module loads. */
export const LOADED_LOCALES = ['ca', 'sw', 'el'] as const;
