/**
 * Token buckets for live connections, keyed by token hash (so several connections with one token share one
 * budget). The map is bounded: when it is full, the oldest buckets are forgotten (they refill anyway).
 */

/** Limits of a bucket: `burst` messages at once, refilled at `perSecond`. */
export interface RateOptions {
  burst: number;
  perSecond: number;
}

const MAX_KEYS = 20_000;

/** A bounded set of token buckets. */
export class RateLimiter {
  readonly #options: RateOptions;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: RateOptions) {
    this.#options = options;
  }

  /** Takes one message from `key`'s bucket; false when it is empty. */
  take(key: string, now: number = Date.now()): boolean {
    const { burst, perSecond } = this.#options;
    const bucket = this.#buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.delete(key);
    if (this.#buckets.size >= MAX_KEYS) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    this.#buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
