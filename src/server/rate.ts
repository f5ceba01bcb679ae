/**
 * Token buckets, keyed by whatever a limit counts (a verified token's hash, a client address). The map is
 * bounded: when it is full, the least recently used buckets are forgotten (they would have refilled anyway).
 */
import { BoundedMap } from './bounded.js';

/** Limits of a bucket: `burst` messages at once, refilled at `perSecond`. */
export interface RateOptions {
  burst: number;
  perSecond: number;
}

const MAX_KEYS = 20_000;

/** A bounded set of token buckets. */
export class RateLimiter {
  readonly #options: RateOptions;
  readonly #buckets = new BoundedMap<string, { tokens: number; at: number }>(MAX_KEYS);

  constructor(options: RateOptions) {
    this.#options = options;
  }

  #refill(key: string, now: number): { tokens: number; at: number } {
    const { burst, perSecond } = this.#options;
    const bucket = this.#buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    return bucket;
  }

  /** Takes one message from `key`'s bucket; false when it is empty. */
  take(key: string, now: number = Date.now()): boolean {
    const bucket = this.#refill(key, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Gives back one message taken from `key`'s bucket (a reservation that was not needed). */
  refund(key: string, now: number = Date.now()): void {
    const bucket = this.#refill(key, now);
    bucket.tokens = Math.min(this.#options.burst, bucket.tokens + 1);
  }

  /** True when `key`'s bucket holds at least one message (takes nothing). */
  allows(key: string, now: number = Date.now()): boolean {
    return this.#refill(key, now).tokens >= 1;
  }
}

/**
 * At most `max` events per key in any window of `windowMillis` (a sliding log of each key's last `max` times, so
 * no burst at a window's edge lets twice the limit through). Bounded like {@link RateLimiter}.
 */
export class SlidingWindow {
  readonly #max: number;
  readonly #windowMillis: number;
  readonly #times = new BoundedMap<string, number[]>(MAX_KEYS);

  constructor(max: number, windowMillis: number) {
    this.#max = max;
    this.#windowMillis = windowMillis;
  }

  /** Counts one event for `key` at `now`; false (and nothing counted) when `key` already had `max` in the window. */
  take(key: string, now: number = Date.now()): boolean {
    const times = this.#times.get(key) ?? [];
    // Times are in order: the expired ones are at the front.
    let expired = 0;
    while (expired < times.length && now - (times[expired] as number) >= this.#windowMillis) expired += 1;
    if (expired > 0) times.splice(0, expired);
    this.#times.set(key, times);
    if (times.length >= this.#max) return false;
    times.push(now);
    return true;
  }
}
