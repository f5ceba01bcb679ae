/** A keyed FIFO lock: work for one key runs one at a time on this node, other keys run freely. */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier `run` for `key` has settled. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }

  /** True while work for `key` is queued or running. */
  has(key: string): boolean {
    return this.#tails.has(key);
  }

  /** How many keys have work queued. */
  get size(): number {
    return this.#tails.size;
  }
}
