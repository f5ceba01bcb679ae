/**
 * Solo practice kept on the device: the device is the table's host, so it keeps the hand as a host keeps a table
 * (the engine's `persist` text) with what the page keeps beside it (the hand's first table and accepted events for
 * the review, the hand count and the page's version). Read back defensively: anything missing, malformed or of
 * another format is no saved hand (a fresh deal), never a crash. Pure apart from {@link localSoloStore}.
 */

/** Where the saved hand lives in the device's storage. */
export const SOLO_KEY = 'charleston.solo';
/** The format of the saved value (a different one is not read). */
export const SOLO_FORMAT = 'charleston-solo/1';

/** A solo hand as saved on the device. */
export interface SoloSaved {
  /** The seed the page was opened with (`?seed=`), or null; a hand saved under another seed is not resumed. */
  seed: number | null;
  /** The table now (`persist`). */
  table: string;
  /** The hand's first table (`persist`), for the review. */
  initial: string;
  /** The hand's accepted events, in order. */
  events: object[];
  /** Events accepted by the tables before this one. */
  earlier: number;
  /** Hands dealt by the tables before this one. */
  before: number;
  /** The page's version (it goes on counting across hands). */
  version: number;
}

/** The device's storage as solo practice uses it. */
export interface SoloStore {
  load(): string | null;
  save(text: string): void;
  clear(): void;
}

/** The saved value's text. */
export function encodeSolo(saved: SoloSaved): string {
  return JSON.stringify({ format: SOLO_FORMAT, ...saved });
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The saved hand in `text`, when it is one of this format saved under `seed`; null for no text, text that is not
 * JSON, another format or seed, or any field of the wrong shape (the engine's `restore` then checks the table itself).
 */
export function decodeSolo(text: string | null, seed: number | null): SoloSaved | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const saved = value as Record<string, unknown>;
  if (saved.format !== SOLO_FORMAT || saved.seed !== seed) return null;
  const { table, initial, events, earlier, before, version } = saved;
  if (typeof table !== 'string' || typeof initial !== 'string') return null;
  if (!Array.isArray(events) || !events.every((event) => typeof event === 'object' && event !== null && !Array.isArray(event))) return null;
  if (!count(earlier) || !count(before) || !count(version) || version < earlier + events.length) return null;
  return { seed, table, initial, events: events as object[], earlier, before, version };
}

/** The device's `localStorage` as a {@link SoloStore}; null where the page may not use it (then nothing is kept). */
export function localSoloStore(): SoloStore | null {
  try {
    const storage = window.localStorage;
    return {
      load: () => storage.getItem(SOLO_KEY),
      save: (text) => {
        try {
          storage.setItem(SOLO_KEY, text);
        } catch {
          // A full or refused storage keeps nothing: the hand still plays.
        }
      },
      clear: () => storage.removeItem(SOLO_KEY),
    };
  } catch {
    return null;
  }
}
