/** A time source a test moves by hand (the table master's injected `time`): no test waits on the wall clock. */
import type { TimeSource } from '../../src/server/clock.js';

/** A time source the test moves by hand: `advance` runs every timer that falls due, in order. */
export class TestTime implements TimeSource {
  current = 1_700_000_000_000;
  readonly #timers = new Set<{ at: number; run: () => void }>();
  now(): number {
    return this.current;
  }
  setTimer(millis: number, run: () => void): () => void {
    const timer = { at: this.current + millis, run };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }
  /** Moves the time on by `millis` and runs the timers that fell due. */
  advance(millis: number): void {
    this.current += millis;
    for (const timer of [...this.#timers].sort((a, b) => a.at - b.at)) {
      if (timer.at > this.current || !this.#timers.delete(timer)) continue;
      timer.run();
    }
  }
}
