/**
 * The cached health check behind `/healthz`: one check of the database serves every caller for a second.
 */
import type { DbHealth, DbKind } from './storage/db.js';
import type { TableStore } from './storage/store.js';

/** How long one health check's answer serves `/healthz` (see `HealthCheck.health`). */
export const HEALTH_FRESH_MILLIS = 1_000;

/** What `/healthz` reports: the kind of database, whether it answers, whether the change listener is connected. */
export type Health = { db: DbKind } & DbHealth;

/** One node's health check, shared by every caller while it is fresh. */
export class HealthCheck {
  readonly #store: Pick<TableStore, 'health' | 'kind'>;
  readonly #now: () => number;
  /** The health check in flight or last answered, and when it was asked. */
  #last: { asked: number; answer: Promise<Health> } | null = null;

  /** `store` is asked; `now` (epoch milliseconds) says when. */
  constructor(store: Pick<TableStore, 'health' | 'kind'>, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /**
   * What `/healthz` reports. One check serves every caller for {@link HEALTH_FRESH_MILLIS} from when it was asked
   * (and while it is in flight): however often and from however many addresses `/healthz` is asked, the database
   * answers at most about one trivial query a second from this node.
   */
  health(): Promise<Health> {
    const now = this.#now();
    const last = this.#last;
    if (last !== null && now - last.asked < HEALTH_FRESH_MILLIS && now >= last.asked) return last.answer;
    const answer = this.#store.health().then((health) => ({ db: this.#store.kind, ...health }));
    this.#last = { asked: now, answer };
    return answer;
  }
}
