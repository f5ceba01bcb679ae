/**
 * A bounded log: the newest `capacity` entries, a running index and a count of the entries that fell out.
 * Memory stays constant however long the inspector runs; pages receive new entries as appends.
 */

/** A ring of log entries that carry their own running `index`. */
export class LogRing<T extends { index: number } = import('./protocol.js').LogEntry> {
  private readonly items: T[] = [];
  private head = 0;
  private count = 0;
  /** Entries pushed out of the ring so far. */
  dropped = 0;

  /** @param capacity entries kept (at least 1). */
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`log capacity must be a positive integer, got ${capacity}`);
  }

  /** The index the next entry gets. */
  get nextIndex(): number {
    return this.dropped + this.count;
  }

  /** Entries currently held. */
  get size(): number {
    return this.count;
  }

  /** Adds an entry, dropping the oldest when full. */
  push(entry: T): void {
    if (this.count < this.capacity) {
      this.items.push(entry);
      this.count += 1;
      return;
    }
    this.items[this.head] = entry;
    this.head = (this.head + 1) % this.capacity;
    this.dropped += 1;
  }

  /** The entries held, oldest first. */
  entries(): T[] {
    return this.count < this.capacity ? [...this.items] : [...this.items.slice(this.head), ...this.items.slice(0, this.head)];
  }
}
