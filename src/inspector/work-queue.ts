/**
 * One queue for the messages of every page, handled in order a few at a time with the event loop turning between
 * batches: a burst of expensive work from one page (each step back replays the timeline) cannot hold up every
 * other connection at once. Each sender may have a bounded number of messages waiting.
 */

/** What handling one item cost: 1 for cheap work; a whole batch for a replay. */
export type Cost = number;

/** A bounded FIFO of work per sender, drained in batches of `budget` cost per turn of the event loop. */
export class WorkQueue<S, T> {
  private readonly items: { sender: S; item: T }[] = [];
  private readonly waiting = new Map<S, number>();
  private scheduled = false;
  private stopped = false;

  /**
   * @param handle does the work of one item and says what it cost
   * @param perSender items one sender may have waiting
   * @param budget cost handled per turn of the event loop
   */
  constructor(
    private readonly handle: (sender: S, item: T) => Cost,
    readonly perSender = 256,
    private readonly budget = 64,
  ) {}

  /** Queues an item; false (nothing queued) when the sender already has `perSender` waiting. */
  push(sender: S, item: T): boolean {
    const count = this.waiting.get(sender) ?? 0;
    if (count >= this.perSender) return false;
    this.waiting.set(sender, count + 1);
    this.items.push({ sender, item });
    this.schedule();
    return true;
  }

  /** Drops what a sender has waiting (it went away). */
  forget(sender: S): void {
    if (!this.waiting.delete(sender)) return;
    const kept = this.items.filter((entry) => entry.sender !== sender);
    this.items.splice(0, this.items.length, ...kept);
  }

  /** Stops handling (the server is closing). */
  stop(): void {
    this.stopped = true;
    this.items.length = 0;
    this.waiting.clear();
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => this.drain());
  }

  private drain(): void {
    this.scheduled = false;
    let left = this.budget;
    while (left > 0 && !this.stopped) {
      const next = this.items.shift();
      if (next === undefined) break;
      const count = (this.waiting.get(next.sender) ?? 1) - 1;
      if (count > 0) this.waiting.set(next.sender, count);
      else this.waiting.delete(next.sender);
      left -= this.handle(next.sender, next.item);
    }
    if (this.items.length > 0) this.schedule();
  }
}
