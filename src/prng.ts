/**
 * The seeded randomness behind every shuffle (R12, and the deal). Pure 32-bit integer arithmetic, so the same
 * seed gives the same deal on every platform and JavaScript engine. A seed is one of two kinds:
 *
 * - **Script seeds**: an unsigned 32-bit integer. Generator mulberry32 (Tommy Ettinger's 32-bit generator),
 *   state = the seed. Easy to write in a script, and easy to guess: anyone who sees one rack can try all 2^32.
 * - **Live seeds**: a string of 32 to 64 hex digits (at least 128 bits). Generator: the ChaCha20 block function
 *   (RFC 8439) as a keystream, key = the hex digits right-padded with `0` to 64 digits (eight big-endian 32-bit
 *   words), nonce = `[domain, number of hex digits, 0]`, block counter from 0; each output is the next 32-bit word.
 *   A table created with neither seed nor deal draws 128 bits from `crypto.getRandomValues` ({@link freshSeed}).
 *
 * Shuffle: Fisher–Yates from the last index down; index `j = floor(r * (i + 1) / 2^32)` for each output `r`
 * (exact in doubles: `r * (i + 1) < 2^40`). Streams are separated by purpose ({@link Stream}): the shuffle of
 * the deal, the order of tile ids in an explicit deal, the next hand's seed, and the bots' choices.
 *
 * Next hand's seed (redeal), {@link nextSeed}: for a 32-bit seed `s`, the first mulberry32 output for state
 * `s + 1`; for a live seed, the first four words of its `redeal` stream as 32 lower-case hex digits.
 */

import { InputError } from './errors.js';

/** Largest 32-bit seed. */
export const MAX_SEED = 0xffff_ffff;

/** A seed: an unsigned 32-bit integer (scripts, tests) or a string of 32–64 hex digits (live tables). */
export type Seed = number | string;

/** What a stream of random words is for; each purpose has its own stream, so one never reveals another. */
export const STREAMS = ['shuffle', 'ids', 'redeal', 'bots'] as const;
/** A stream's name. */
export type Stream = (typeof STREAMS)[number];

/** True when `value` names a stream. */
export function isStream(value: unknown): value is Stream {
  return (STREAMS as readonly unknown[]).includes(value);
}
const HEX_SEED = /^[0-9a-fA-F]{32,64}$/;

/** True when `value` is a 32-bit seed: an integer 0 … 2^32 − 1. */
export function isScriptSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** True when `value` is a live seed: a string of 32 to 64 hex digits. */
export function isHexSeed(value: unknown): value is string {
  return typeof value === 'string' && HEX_SEED.test(value);
}

/** True when `value` is a valid seed of either kind. */
export function isSeed(value: unknown): value is Seed {
  return isScriptSeed(value) || isHexSeed(value);
}

/** The canonical form of a seed: hex digits in lower case; numbers as they are. */
export function normalizeSeed(seed: Seed): Seed {
  return typeof seed === 'string' ? seed.toLowerCase() : seed;
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

const rotl = (x: number, n: number): number => ((x << n) | (x >>> (32 - n))) >>> 0;

/** One ChaCha20 block (RFC 8439 §2.3): 16 words from the 16-word input state. */
export function chachaBlock(input: Uint32Array, out: Uint32Array): void {
  const x = Uint32Array.from(input);
  const quarter = (a: number, b: number, c: number, d: number): void => {
    x[a] = (x[a]! + x[b]!) >>> 0; x[d] = rotl(x[d]! ^ x[a]!, 16);
    x[c] = (x[c]! + x[d]!) >>> 0; x[b] = rotl(x[b]! ^ x[c]!, 12);
    x[a] = (x[a]! + x[b]!) >>> 0; x[d] = rotl(x[d]! ^ x[a]!, 8);
    x[c] = (x[c]! + x[d]!) >>> 0; x[b] = rotl(x[b]! ^ x[c]!, 7);
  };
  for (let round = 0; round < 10; round += 1) {
    quarter(0, 4, 8, 12); quarter(1, 5, 9, 13); quarter(2, 6, 10, 14); quarter(3, 7, 11, 15);
    quarter(0, 5, 10, 15); quarter(1, 6, 11, 12); quarter(2, 7, 8, 13); quarter(3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i += 1) out[i] = (x[i]! + input[i]!) >>> 0;
}

/**
 * The ChaCha20 keystream of a live seed for one purpose, as 32-bit words (see the module comment).
 * Exposed for tests and for anyone who wants to reproduce a deal in another language.
 */
export function chachaWords(hexSeed: string, stream: Stream): () => number {
  if (!isHexSeed(hexSeed)) throw new InputError('seed', 'a live seed is a string of 32 to 64 hex digits');
  if (!isStream(stream)) throw new InputError('stream', `not a stream (${STREAMS.join(', ')})`);
  const digits = hexSeed.toLowerCase().padEnd(64, '0');
  const state = new Uint32Array(16);
  state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  for (let i = 0; i < 8; i += 1) state[4 + i] = Number.parseInt(digits.slice(i * 8, i * 8 + 8), 16) >>> 0;
  state[12] = 0;
  state[13] = STREAMS.indexOf(stream);
  state[14] = hexSeed.length;
  state[15] = 0;
  const block = new Uint32Array(16);
  let index = 16;
  return () => {
    if (index === 16) {
      chachaBlock(state, block);
      state[12] = (state[12]! + 1) >>> 0;
      index = 0;
    }
    const word = block[index]!;
    index += 1;
    return word;
  };
}

/** The generator of `seed` for `stream`: 32-bit words. */
export function randomWords(seed: Seed, stream: Stream = 'shuffle'): () => number {
  if (typeof seed === 'string') return chachaWords(seed, stream);
  // 32-bit seeds: the shuffle stream is today's mulberry32(seed) exactly; the ids stream is a second generator.
  return stream === 'ids' ? mulberry32((seed ^ 0x5bd1e995) >>> 0) : mulberry32(seed);
}

/** Shuffles a copy of `items` with the seeded Fisher–Yates described above. */
export function seededShuffle<T>(items: readonly T[], seed: Seed, stream: Stream = 'shuffle'): T[] {
  const next = randomWords(seed, stream);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor((next() * (i + 1)) / 0x1_0000_0000);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

const hex8 = (word: number): string => word.toString(16).padStart(8, '0');

/** The seed of the next hand after a misdeal: derived from the current one as documented above. */
export function nextSeed(seed: number): number;
export function nextSeed(seed: Seed): Seed;
export function nextSeed(seed: Seed): Seed {
  if (typeof seed === 'number') return mulberry32((seed + 1) >>> 0)();
  const next = chachaWords(seed, 'redeal');
  return hex8(next()) + hex8(next()) + hex8(next()) + hex8(next());
}

/** The platform's cryptographic random source (Web Crypto: browsers, Node 20+, Deno, Bun, workers). */
interface RandomSource {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
}

/**
 * A fresh live seed: 128 bits from `crypto.getRandomValues`, as 32 lower-case hex digits. Throws when the
 * platform has no cryptographic random source (never falls back to `Math.random`).
 */
export function freshSeed(): string {
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (source === undefined || typeof source.getRandomValues !== 'function') {
    throw new Error('no cryptographic random source (globalThis.crypto.getRandomValues): pass a seed');
  }
  const words = source.getRandomValues(new Uint32Array(4));
  return Array.from(words, hex8).join('');
}
