/**
 * Bounded memory for the service's caches: a set and a map that forget their least recently used entries once
 * they hold `max`, so that no client can grow them without limit (unknown ids, unknown tokens, buckets).
 */

/** A map that keeps at most `max` entries, forgetting the least recently used first. */
export class BoundedMap<K, V> {
  readonly #max: number;
  readonly #entries = new Map<K, V>();

  constructor(max: number) {
    this.#max = Math.max(1, max);
  }

  /** The value of `key` (and marks it as recently used), or undefined. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Sets `key`, forgetting the oldest entry when full. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
  }

  /** True when `key` is held (without marking it used). */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Forgets every key for which `test` is true. */
  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (test(key, value)) this.#entries.delete(key);
  }

  /** How many entries are held. */
  get size(): number {
    return this.#entries.size;
  }
}

/** A set that keeps at most `max` members, forgetting the least recently added first. */
export class BoundedSet<K> {
  readonly #map: BoundedMap<K, true>;

  constructor(max: number) {
    this.#map = new BoundedMap(max);
  }

  /** Adds `key`. */
  add(key: K): void {
    this.#map.set(key, true);
  }

  /** True when `key` is a member. */
  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Removes `key`. */
  delete(key: K): void {
    this.#map.delete(key);
  }

  /** How many members. */
  get size(): number {
    return this.#map.size;
  }
}
