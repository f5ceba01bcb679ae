/**
 * The seeded PRNG behind every shuffle (contract §3, R12). Pure 32-bit integer arithmetic, so the same
 * seed gives the same deal on every platform and JavaScript engine.
 *
 * - Generator: mulberry32 (Tommy Ettinger's 32-bit generator), state = the seed as an unsigned 32-bit integer.
 * - Shuffle: Fisher–Yates from the last index down; index `j = floor(r * (i + 1) / 2^32)` for each output `r`
 *   (exact in doubles: `r * (i + 1) < 2^40`).
 * - Next hand's seed (redeal): `nextSeed(s)` is the first mulberry32 output for state `s + 1`.
 */

/** Largest accepted seed (seeds are unsigned 32-bit integers). */
export const MAX_SEED = 0xffff_ffff;

/** True when `value` is a valid seed: an integer 0 … 2^32 − 1. */
export function isSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** A mulberry32 generator: each call returns the next unsigned 32-bit output. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Shuffles a copy of `items` with the seeded Fisher–Yates described above. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor((next() * (i + 1)) / 0x1_0000_0000);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/** The seed of the next hand after a misdeal: derived from the current one, documented above. */
export function nextSeed(seed: number): number {
  return mulberry32((seed + 1) >>> 0)();
}
