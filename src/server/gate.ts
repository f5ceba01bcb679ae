/**
 * The gate in front of every token check: limits key on verified identity, never on what a client merely sends.
 * A token this node has verified is its own budget; anything else (no token, a wrong token, an unknown table)
 * counts against the client's address, and an address that keeps failing is answered 429 without a lookup.
 */
import { hashToken, type Role } from './auth.js';
import { ServiceError } from './errors.js';
import { RateLimiter, type RateOptions } from './rate.js';
import type { TableMaster } from './master.js';

/** Failed token checks allowed per address: `burst` at once, refilled at `perSecond` (default 30, 1/s). */
export type AuthFailureOptions = RateOptions;

/** Token checks with a per-address budget of failures. */
export class Gate {
  readonly #service: TableMaster;
  readonly #failures: RateLimiter;

  constructor(service: TableMaster, failures: AuthFailureOptions) {
    this.#service = service;
    this.#failures = new RateLimiter(failures);
  }

  /** The key a rate limit should use for a request with `token` from `address`. */
  limitKey(token: string | null, address: string): string {
    if (token !== null) {
      const hash = hashToken(token);
      if (this.#service.isVerified(hash)) return `token ${hash}`;
    }
    return `ip ${address}`;
  }

  /** Throws 429 when `address` has used up its failed checks. */
  check(address: string): void {
    if (!this.#failures.allows(address)) throw new ServiceError('RATE_LIMITED', 'too many failed token checks from this address: wait a moment and try again');
  }

  /** Counts one failed check against `address`. */
  failed(address: string): void {
    this.#failures.take(address);
  }

  /** Authorizes `token` on table `id` for a client at `address` (see the module comment). */
  async authorize(address: string, id: string, token: string | null): Promise<{ role: Role; tokenHash: string }> {
    if (token === null || !this.#service.isVerified(hashToken(token))) this.check(address);
    try {
      return await this.#service.authorize(id, token);
    } catch (error) {
      if (error instanceof ServiceError && (error.code === 'UNAUTHORIZED' || error.code === 'NOT_FOUND')) this.failed(address);
      throw error;
    }
  }

  /** True when table `id` exists; a miss counts as a failed check of `address` (429 once they are used up). */
  async exists(address: string, id: string): Promise<boolean> {
    if (this.#service.cache.peek(id) !== null) return true;
    this.check(address);
    const found = await this.#service.exists(id);
    if (!found) this.failed(address);
    return found;
  }
}
