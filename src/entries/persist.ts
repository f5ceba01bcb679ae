/**
 * `charleston-engine/persist`: persistence in full. `restore` and `readPersisted` validate a whole persisted table
 * (every field, the tiles, that the table is settled) and live here, out of the core entry, with
 * `invariantViolations` (the tile checks they make); `persist`, `toPersisted` and the format's constants are in the
 * core as well. Browser-safe.
 */
export { restore, readPersisted, RestoreError, PERSIST_VERSION, PERSIST_FORMAT, MAX_HAND, MAX_PERSISTED_LENGTH } from '../persist.js';
export { persist, toPersisted, invariantViolations } from '../public.js';
export type { PersistedTable, RestoreProblem, RestoreOptions } from '../persist.js';
