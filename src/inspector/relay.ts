/**
 * What the server remembers of the inspection stream, for pages that connect later, in bounded memory: the latest
 * `@xstate.actor` message of each actor (at most `maxActors`, oldest forgotten first), its latest snapshot, and
 * a ring of the most recent events. Messages are kept as the JSON text sent, serialized once for every page.
 */
import type { WireInspectionEvent } from './protocol.js';

/** Limits of a relay. */
export interface RelayLimits {
  /** Actors remembered (default 200). */
  maxActors?: number;
  /** Recent `@xstate.event` / `@xstate.snapshot` messages remembered (default 400). */
  recent?: number;
}

/** The remembered stream. */
export class InspectionRelay {
  private readonly actors = new Map<string, string>();
  private readonly snapshots = new Map<string, string>();
  private readonly recent: { sessionId: string; text: string }[] = [];
  private readonly maxActors: number;
  private readonly maxRecent: number;
  /** Messages forgotten so far (actors and recent events). */
  forgotten = 0;

  constructor(limits: RelayLimits = {}) {
    this.maxActors = limits.maxActors ?? 200;
    this.maxRecent = limits.recent ?? 400;
  }

  /** Remembers a message; returns its JSON text. */
  add(event: WireInspectionEvent): string {
    const text = JSON.stringify(event);
    const id = event.sessionId;
    if (event.type === '@xstate.actor') {
      this.actors.delete(id);
      this.actors.set(id, text);
      this.snapshots.delete(id);
      while (this.actors.size > this.maxActors) {
        const oldest = this.actors.keys().next().value as string;
        this.forget(oldest);
      }
    } else if (this.actors.has(id) || event.type === '@xstate.event') {
      if (event.type === '@xstate.snapshot') this.snapshots.set(id, text);
      this.recent.push({ sessionId: id, text });
      if (this.recent.length > this.maxRecent) {
        this.recent.shift();
        this.forgotten += 1;
      }
    }
    return text;
  }

  /** Forgets an actor and what it sent. */
  forget(sessionId: string): void {
    if (this.actors.delete(sessionId)) this.forgotten += 1;
    this.snapshots.delete(sessionId);
    for (let i = this.recent.length - 1; i >= 0; i -= 1) if (this.recent[i]?.sessionId === sessionId) this.recent.splice(i, 1);
  }

  /** Number of actors remembered. */
  get actorCount(): number {
    return this.actors.size;
  }

  /** What a new page gets: every actor, the recent events, then each actor's latest snapshot. */
  replay(): string[] {
    return [...this.actors.values(), ...this.recent.map((item) => item.text), ...this.snapshots.values()];
  }
}
