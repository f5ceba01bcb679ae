/**
 * The work in flight on this node (sends, bot turns, clocks, refreshes), run under each table's lock and tracked
 * with what it is, so that a shutdown stops taking new work, waits for what is in flight within a bound, and names
 * what it gives up on.
 */
import { KeyedMutex } from './mutex.js';
import type { TimeSource } from './clock.js';

/** The work of one node: a lock per table, the work in flight, and whether the node is closing. */
export class WorkTracker {
  readonly #mutex = new KeyedMutex();
  /** Work in flight and what each one is, so a shutdown can wait for it and name what it gives up on. */
  readonly #pending = new Map<Promise<unknown>, string>();
  /** What stops the timers of this node's runners (bots, clocks) when a drain begins. */
  readonly #stops: Array<() => void> = [];
  readonly #time: TimeSource;
  #closing = false;

  /** `time` measures the bound of a drain. */
  constructor(time: TimeSource) {
    this.#time = time;
  }

  /** True once a drain began: nothing new starts. */
  get closing(): boolean {
    return this.#closing;
  }

  /** Registers what a drain calls first to stop timers that would start new work. */
  onDrain(stop: () => void): void {
    this.#stops.push(stop);
  }

  /** True while work for table `id` is queued or running under its lock. */
  isLocked(id: string): boolean {
    return this.#mutex.has(id);
  }

  /** Runs `work` under table `id`'s lock, tracked (as `what`) so that a shutdown waits for it. */
  locked<T>(id: string, work: () => Promise<T>, what = `work on table ${id}`): Promise<T> {
    const run = this.#mutex.run(id, work);
    this.track(run, what);
    return run;
  }

  /** Tracks `work` (as `what`) until it settles. */
  track(work: Promise<unknown>, what: string): void {
    this.#pending.set(work, what);
    void work.then(
      () => this.#pending.delete(work),
      () => this.#pending.delete(work),
    );
  }

  /**
   * Stops taking new work and resolves when everything in flight has settled, or once `boundMillis` have passed on
   * the time source (default: no bound). What is still in flight then is abandoned: a warning names it, and the
   * returned list says what it was (empty when everything settled).
   */
  async drain(boundMillis = Infinity): Promise<string[]> {
    this.#closing = true;
    for (const stop of this.#stops) stop();
    let late = false;
    let wake = (): void => undefined;
    const timeUp = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const cancel = Number.isFinite(boundMillis)
      ? this.#time.setTimer(Math.max(0, boundMillis), () => {
          late = true;
          wake();
        })
      : () => undefined;
    try {
      // Work in flight may start more of its own (a send's commit wakes the bots, which see the node closing and stop),
      // so look again until nothing is left; nothing new starts from outside once closing.
      while (this.#pending.size > 0 && !late) await Promise.race([Promise.allSettled([...this.#pending.keys()]), timeUp]);
    } finally {
      cancel();
    }
    const abandoned = [...this.#pending.values()];
    if (abandoned.length > 0) process.emitWarning(`charleston: shutdown: gave up after ${boundMillis} ms waiting for ${describeWork(abandoned)}; abandoned`);
    return abandoned;
  }
}

/** "2 × a refresh of table A, the bots of table B": what a shutdown abandoned, each kind once with its count. */
export function describeWork(what: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of what) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, count]) => (count === 1 ? item : `${count} × ${item}`)).join(', ');
}
