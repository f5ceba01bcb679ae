/**
 * The gate in front of every token check: limits key on verified identity, never on what a client merely sends.
 * A token this node has verified is its own budget; anything else (no token, a wrong token, an unknown table)
 * counts against the client's address, and an address that keeps failing is answered 429 without a lookup.
 */
import { hashToken, type Role } from './auth.js';
import { ServiceError } from './errors.js';
import { RateLimiter, type RateOptions } from './rate.js';
import type { TableNode } from './table-node.js';

/** Failed token checks allowed per address: `burst` at once, refilled at `perSecond` (default 300, 5/s). */
export type AuthFailureOptions = RateOptions;

/** What the gate needs of its node: time, token auth and the tables in memory. */
export type GateNode = Pick<TableNode, 'now' | 'auth' | 'cache'>;

/** Token checks with a per-address budget of failures. */
export class Gate {
  readonly #master: GateNode;
  readonly #failures: RateLimiter;
  readonly #keyedRefusals: RateLimiter;

  /** `keyedRefusals`: refusals stored under an idempotency key per address (each one is a row written). */
  constructor(master: GateNode, failures: AuthFailureOptions, keyedRefusals: RateOptions = { burst: 20, perSecond: 1 }) {
    this.#master = master;
    this.#failures = new RateLimiter(failures);
    this.#keyedRefusals = new RateLimiter(keyedRefusals);
  }

  /**
   * Reserves one keyed refusal of `address`'s budget before a send with an idempotency key is submitted; false
   * (reserve nothing, submit nothing) when none is left. A refusal under a key is stored (the same key must answer
   * it again), so an address whose keyed sends keep being refused has a budget of them; once it is spent, its keyed
   * sends are answered RATE_LIMITED (never stored) until it refills. Taken before the send, so that concurrent sends
   * cannot all pass a check made before any of them was refused; given back by {@link releaseKey}.
   */
  reserveKey(address: string): boolean {
    return this.#keyedRefusals.take(address, this.#master.now());
  }

  /**
   * Gives back the unit {@link reserveKey} took, when the keyed send stored no refusal: it was accepted
   * (acceptances are not limited) or failed before an answer was stored.
   */
  releaseKey(address: string): void {
    this.#keyedRefusals.refund(address, this.#master.now());
  }

  /** The key a rate limit should use for a request with `token` from `address`. */
  limitKey(token: string | null, address: string): string {
    if (token !== null) {
      const hash = hashToken(token);
      if (this.#master.auth.isVerified(hash)) return `token ${hash}`;
    }
    return `ip ${address}`;
  }

  /** Throws 429 when `address` has used up its failed checks. */
  check(address: string): void {
    if (!this.#failures.allows(address, this.#master.now())) throw new ServiceError('RATE_LIMITED', 'tooManyTokenChecks', { budget: 'tokenChecks' });
  }

  /** Counts one failed check against `address`. */
  failed(address: string): void {
    this.#failures.take(address, this.#master.now());
  }

  /**
   * Takes one failed check from `address`'s budget before a look-up (429 when none is left), so that concurrent
   * attempts cannot all pass a check made before any of them failed.
   */
  #reserve(address: string): void {
    if (!this.#failures.take(address, this.#master.now())) throw new ServiceError('RATE_LIMITED', 'tooManyTokenChecks', { budget: 'tokenChecks' });
  }

  /**
   * Authorizes `token` on table `id` for a client at `address` (see the module comment). Only a token already
   * known on this very table is answered without touching the budget; any look-up reserves one failed check of the
   * address (a verified token sent to tables it does not belong to included), given back when the check succeeds.
   */
  async authorize(address: string, id: string, token: string | null): Promise<{ role: Role; tokenHash: string }> {
    if (token !== null && this.#master.auth.knows(id, hashToken(token))) return this.#master.auth.authorize(id, token);
    this.#reserve(address);
    try {
      const who = await this.#master.auth.authorize(id, token);
      this.#failures.refund(address, this.#master.now());
      return who;
    } catch (error) {
      if (!(error instanceof ServiceError && (error.code === 'UNAUTHORIZED' || error.code === 'NOT_FOUND'))) this.#failures.refund(address, this.#master.now());
      throw error;
    }
  }

  /** True when table `id` exists; a miss counts as a failed check of `address` (429 once they are used up). */
  async exists(address: string, id: string): Promise<boolean> {
    if (this.#master.cache.peek(id) !== null) return true;
    this.#reserve(address);
    let found = false;
    try {
      found = await this.#master.auth.exists(id);
    } finally {
      if (found) this.#failures.refund(address, this.#master.now());
    }
    return found;
  }
}
