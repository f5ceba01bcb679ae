/**
 * The tarpit: a client over a limit waits before it hears so. A 429, a live refusal for a full token or an
 * exhausted budget of failed checks is answered only after `millis`, and a live connection that sends faster than
 * its budget is not read for a while (TCP back-pressure holds its next frames in the network, not in memory).
 * A client that keeps a bounded number of requests in flight, which is every real client and every loop of an
 * attacker's that waits for answers, is thereby slowed to a few attempts a second per socket, and the node spends
 * its time on the players instead of on refusals.
 *
 * Bounded: at most `maxHeld` answers wait at once; beyond that an answer leaves at once (the node never holds more
 * than that many timers or sockets for the tarpit). `release()` lets every held answer go (shutdown).
 */

/** Options of {@link Tarpit}. */
export interface TarpitOptions {
  /** How long an answer over a limit waits (default 1,000 ms; 0 turns the tarpit off). */
  millis: number;
  /** Most answers held at once (default 4,096). */
  maxHeld: number;
}

/** Default tarpit: one second, at most 4,096 answers held. */
export const DEFAULT_TARPIT: TarpitOptions = { millis: 1_000, maxHeld: 4_096 };

/** Holds answers over a limit for a while (see the module comment). */
export class Tarpit {
  readonly #options: TarpitOptions;
  readonly #held = new Map<NodeJS.Timeout, () => void>();

  constructor(options: TarpitOptions = DEFAULT_TARPIT) {
    this.#options = options;
  }

  /** Answers held right now. */
  get held(): number {
    return this.#held.size;
  }

  /**
   * Resolves after the tarpit's delay (`millis`, or `scale` × `millis` capped at 5 × `millis`), or at once when the
   * tarpit is off or full. Resolves to true when the answer was held.
   */
  hold(scale = 1): Promise<boolean> {
    const millis = Math.min(this.#options.millis * Math.max(0, scale), this.#options.millis * 5);
    if (millis <= 0 || this.#held.size >= this.#options.maxHeld) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#held.delete(timer);
        resolve(true);
      }, millis);
      timer.unref();
      this.#held.set(timer, () => resolve(true));
    });
  }

  /** Lets every held answer go now. */
  release(): void {
    for (const [timer, resolve] of this.#held) {
      clearTimeout(timer);
      resolve();
    }
    this.#held.clear();
  }
}
