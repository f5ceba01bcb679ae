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
  /** Bytes of recent messages remembered at most (default 8 MiB). */
  recentBytes?: number;
  /** Bytes of actor messages (definitions) remembered at most (default 32 MiB). */
  actorBytes?: number;
}

/** The remembered stream. */
export class InspectionRelay {
  private readonly actors = new Map<string, string>();
  private readonly snapshots = new Map<string, string>();
  private readonly recent: { sessionId: string; text: string }[] = [];
  private readonly maxActors: number;
  private readonly maxRecent: number;
  private readonly maxRecentBytes: number;
  private readonly maxActorBytes: number;
  private recentBytes = 0;
  private actorBytes = 0;
  /** Messages forgotten so far (actors and recent events). */
  forgotten = 0;

  constructor(limits: RelayLimits = {}) {
    this.maxActors = limits.maxActors ?? 200;
    this.maxRecent = limits.recent ?? 400;
    this.maxRecentBytes = limits.recentBytes ?? 8 * 1024 * 1024;
    this.maxActorBytes = limits.actorBytes ?? 32 * 1024 * 1024;
  }

  /** Bytes of text remembered (actors and recent events). */
  get bytes(): number {
    return this.actorBytes + this.recentBytes;
  }

  /** Remembers a message; returns its JSON text. */
  add(event: WireInspectionEvent): string {
    const text = JSON.stringify(event);
    const id = event.sessionId;
    if (event.type === '@xstate.actor') {
      this.forgetActorText(id);
      this.actors.set(id, text);
      this.actorBytes += text.length;
      this.snapshots.delete(id);
      while (this.actors.size > 1 && (this.actors.size > this.maxActors || this.actorBytes > this.maxActorBytes)) {
        const oldest = this.actors.keys().next().value as string;
        this.forget(oldest);
      }
    } else if (this.actors.has(id) || event.type === '@xstate.event') {
      if (event.type === '@xstate.snapshot') this.snapshots.set(id, text);
      this.recent.push({ sessionId: id, text });
      this.recentBytes += text.length;
      while (this.recent.length > 0 && (this.recent.length > this.maxRecent || this.recentBytes > this.maxRecentBytes)) {
        const dropped = this.recent.shift();
        this.recentBytes -= dropped?.text.length ?? 0;
        this.forgotten += 1;
      }
    }
    return text;
  }

  private forgetActorText(sessionId: string): boolean {
    const text = this.actors.get(sessionId);
    if (text === undefined) return false;
    this.actorBytes -= text.length;
    this.actors.delete(sessionId);
    return true;
  }

  /** Forgets an actor and what it sent. */
  forget(sessionId: string): void {
    if (this.forgetActorText(sessionId)) this.forgotten += 1;
    this.snapshots.delete(sessionId);
    const kept = this.recent.filter((item) => item.sessionId !== sessionId);
    this.recentBytes = kept.reduce((sum, item) => sum + item.text.length, 0);
    this.recent.splice(0, this.recent.length, ...kept);
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
