/**
 * The live connections' heartbeat, spread over its interval. Each connection is pinged once per interval and
 * dropped when it has not answered its previous ping by then, as before; but the connections are dealt into slices
 * (round robin, as they open) and one slice is pinged per tick, so that a node never writes thousands of pings in
 * one turn of its event loop. One timer for all of them: at 4,000 connections, pinging all at once held the event
 * loop for about 180 ms every 30 s, and every event in flight waited for it (the paced bench's worst tail).
 */

/** What the heartbeat needs of a connection (a `ws` WebSocket has both). */
export interface Pingable {
  ping(): void;
  terminate(): void;
}

/** About how often a slice is pinged: 4 ticks a second, whatever the interval. */
const TICK_MILLIS = 250;

/** The most slices of an interval (at the default 30 s: 120 slices, 250 ms apart). */
const MAX_SLICES = 120;

export class Heartbeat<S extends Pingable> {
  readonly #slices: Array<Set<S>>;
  readonly #slotOf = new Map<S, number>();
  /** Connections that have not answered their last ping. */
  readonly #waiting = new Set<S>();
  #nextSlot = 0;
  #tick = 0;
  #timer: ReturnType<typeof setInterval> | null;

  /** Starts the timer: every connection is pinged once per `intervalMillis`. */
  constructor(intervalMillis: number) {
    const count = Math.max(1, Math.min(MAX_SLICES, Math.round(intervalMillis / TICK_MILLIS)));
    this.#slices = Array.from({ length: count }, () => new Set<S>());
    this.#timer = setInterval(() => this.tick(), intervalMillis / count);
    this.#timer.unref?.();
  }

  /** How many slices an interval has (one is pinged per tick). */
  get slices(): number {
    return this.#slices.length;
  }

  /** Adds a connection to the next slice in turn. */
  add(socket: S): void {
    if (this.#slotOf.has(socket)) return;
    const slot = this.#nextSlot;
    this.#nextSlot = (slot + 1) % this.#slices.length;
    this.#slotOf.set(socket, slot);
    this.#slices[slot]?.add(socket);
  }

  /** Removes a connection (it closed). */
  remove(socket: S): void {
    const slot = this.#slotOf.get(socket);
    if (slot === undefined) return;
    this.#slotOf.delete(socket);
    this.#waiting.delete(socket);
    this.#slices[slot]?.delete(socket);
  }

  /** The connection answered (a pong). */
  alive(socket: S): void {
    this.#waiting.delete(socket);
  }

  /** One tick: the next slice's connections that did not answer their last ping are dropped, the rest pinged. */
  tick(): void {
    const due = this.#slices[this.#tick];
    this.#tick = (this.#tick + 1) % this.#slices.length;
    if (due === undefined) return;
    for (const socket of [...due]) {
      if (this.#waiting.has(socket)) {
        this.remove(socket);
        socket.terminate();
        continue;
      }
      this.#waiting.add(socket);
      socket.ping();
    }
  }

  /** Stops the timer. */
  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}
