/**
 * Token authentication of one node: which role a bearer token has on a table. Answers are cached both ways, verified
 * tokens by table and hash, and unknown tables and unknown tokens too, so a repeated attempt costs no query.
 */
import type { Seat } from '../index.js';
import { hashToken, isOperatorToken, type Role } from './auth.js';
import { BoundedMap, BoundedSet } from './bounded.js';
import { ServiceError } from './errors.js';
import type { TableStore } from './storage/store.js';

/** Sizes of the caches of tokens and of negative answers (unknown tables, unknown tokens). */
const TOKEN_CACHE_MAX = 50_000;
const NEGATIVE_CACHE_MAX = 50_000;

/** What token auth reads of the database. */
export type TokenStore = Pick<TableStore, 'token' | 'version'>;

/** Token auth with its positive and negative caches. */
export class TokenAuth {
  /** Verified tokens: "ID HASH" → role. */
  readonly #tokens = new BoundedMap<string, Role>(TOKEN_CACHE_MAX);
  /** Hashes of tokens verified on some table (rate limits key on these, never on an unverified bearer). */
  readonly #verified = new BoundedSet<string>(TOKEN_CACHE_MAX);
  /** Table ids the database does not hold, and "ID HASH" pairs it does not know: no query per repeated attempt. */
  readonly #unknownTables = new BoundedSet<string>(NEGATIVE_CACHE_MAX);
  readonly #unknownTokens = new BoundedSet<string>(NEGATIVE_CACHE_MAX);
  readonly #store: TokenStore;
  readonly #inMemory: (id: string) => boolean;
  readonly #operatorHash: string | null;

  /**
   * `store` answers what the caches do not; `inMemory` says a table is held here (so it exists); `operatorHash` is
   * the SHA-256 hash (hex) of the operator's token, or null for none.
   */
  constructor(store: TokenStore, inMemory: (id: string) => boolean, operatorHash: string | null) {
    this.#store = store;
    this.#inMemory = inMemory;
    this.#operatorHash = operatorHash;
  }

  /**
   * The role of `token` on table `id`; throws 404 for an unknown table, 401 for a token it does not know.
   * Answers (yes and no) are cached, so a repeated unknown token or table costs no query.
   */
  async authorize(id: string, token: string | null): Promise<{ role: Role; tokenHash: string }> {
    if (token === null) throw new ServiceError('UNAUTHORIZED', 'tokenMissing');
    const tokenHash = hashToken(token);
    const cacheKey = `${id} ${tokenHash}`;
    const cached = this.#tokens.get(cacheKey);
    if (cached !== undefined) return { role: cached, tokenHash };
    if (isOperatorToken(token, this.#operatorHash)) {
      if (!(await this.exists(id))) throw new ServiceError('NOT_FOUND', 'noTable');
      this.#verified.add(tokenHash);
      return { role: { role: 'operator' }, tokenHash };
    }
    if (this.#unknownTables.has(id)) throw new ServiceError('NOT_FOUND', 'noTable');
    if (this.#unknownTokens.has(cacheKey)) throw new ServiceError('UNAUTHORIZED', 'tokenUnknown');
    const row = await this.#store.token(id, tokenHash);
    if (row === null) {
      if (!(await this.exists(id))) throw new ServiceError('NOT_FOUND', 'noTable');
      this.#unknownTokens.add(cacheKey);
      throw new ServiceError('UNAUTHORIZED', 'tokenUnknown');
    }
    const role: Role = row.role === 'seat' ? { role: 'seat', home: row.seat as Seat } : { role: row.role };
    this.#tokens.set(cacheKey, role);
    this.#verified.add(tokenHash);
    return { role, tokenHash };
  }

  /** True when `tokenHash` is known on table `id` (cached): checking it costs no look-up. */
  knows(id: string, tokenHash: string): boolean {
    return this.#tokens.has(`${id} ${tokenHash}`);
  }

  /** True when `tokenHash` was verified on some table by this node (limits may key on it). */
  isVerified(tokenHash: string): boolean {
    return this.#verified.has(tokenHash);
  }

  /** True when the database holds table `id` (negative answers are cached). */
  async exists(id: string): Promise<boolean> {
    if (this.#inMemory(id)) return true;
    if (this.#unknownTables.has(id)) return false;
    if ((await this.#store.version(id)) !== null) return true;
    this.#unknownTables.add(id);
    return false;
  }

  /** True when table `id` is known to be gone (a cached negative answer). */
  isGone(id: string): boolean {
    return this.#unknownTables.has(id);
  }

  /** Remembers that table `id` is gone from the database. */
  markGone(id: string): void {
    this.#unknownTables.add(id);
  }

  /** Forgets the tokens of `ids` and remembers them as gone (tables removed by the cleanup). */
  forget(ids: readonly string[]): void {
    const gone = new Set(ids);
    for (const id of ids) this.#unknownTables.add(id);
    this.#tokens.deleteWhere((key) => gone.has(key.slice(0, key.indexOf(' '))));
  }
}
