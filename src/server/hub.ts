/**
 * Live connections per table and the fan-out of views. After every change each connection gets exactly its
 * token's view: a seat's own view, or the public view for spectators and admins. A view is built once per seat
 * and version and serialized once, however many connections watch it.
 */
import { legalActions, phaseOfSnapshot, viewFor, type Seat } from '../index.js';
import type { Role } from './auth.js';
import type { CachedTable } from './cache.js';

/** One live connection as the hub sees it. */
export interface Listener {
  readonly role: Role;
  /** Sends one text frame; the connection decides what to do with a slow reader. */
  send(text: string): void;
}

/**
 * The body of a table for a role at the table's current version: `{ version, phase, view }`, plus `actions`
 * (the seat's legal actions at that version) for a seat token. The GET route and the live `view` message share it.
 */
export function tableBody(table: CachedTable, role: Role): Record<string, unknown> {
  const snapshot = table.snapshot;
  const seat: Seat | null = role.role === 'seat' ? role.seat : null;
  const body: Record<string, unknown> = { version: table.version, phase: phaseOfSnapshot(snapshot), view: viewFor(snapshot, seat, { locale: table.locale }) };
  if (seat !== null) body.actions = legalActions(snapshot, seat);
  return body;
}

/** The `view` message for a role at the table's current version. */
export function viewMessage(table: CachedTable, role: Role): string {
  // The body's own text after the type (no spread into a new object: V8's slow path, see views.ts).
  return `{"type":"view",${JSON.stringify(tableBody(table, role)).slice(1)}`;
}

/** The live connections of every table on this node. */
export class Hub {
  readonly #byTable = new Map<string, Set<Listener>>();
  /** The highest version each table's listeners were sent. */
  readonly #sent = new Map<string, number>();
  /** The serialized view messages of each table's latest published version, by seat or 'public'. */
  readonly #texts = new Map<string, { version: number; texts: Map<string, string> }>();

  /** Adds a connection; returns the function that removes it. */
  add(tableId: string, listener: Listener): () => void {
    let set = this.#byTable.get(tableId);
    if (set === undefined) {
      set = new Set();
      this.#byTable.set(tableId, set);
    }
    set.add(listener);
    return () => {
      const current = this.#byTable.get(tableId);
      if (current === undefined) return;
      current.delete(listener);
      if (current.size === 0) {
        this.#byTable.delete(tableId);
        this.#sent.delete(tableId);
        this.#texts.delete(tableId);
      }
    };
  }

  /** True when the table has live connections here. */
  has(tableId: string): boolean {
    return this.#byTable.has(tableId);
  }

  /** The ids of the tables with live connections here. */
  tableIds(): string[] {
    return [...this.#byTable.keys()];
  }

  /** Live connections on this node. */
  get connections(): number {
    let count = 0;
    for (const set of this.#byTable.values()) count += set.size;
    return count;
  }

  /**
   * The `view` message for `role` at the table's version: built and serialized once per role and version, then
   * shared by every connection (those already there when it is published and those that say hello later).
   */
  viewText(table: CachedTable, role: Role): string {
    let cached = this.#texts.get(table.id);
    if (cached === undefined || cached.version !== table.version) {
      if (cached !== undefined && cached.version > table.version) return viewMessage(table, role); // an older table object
      cached = { version: table.version, texts: new Map() };
      if (this.#byTable.has(table.id)) this.#texts.set(table.id, cached);
    }
    const key = role.role === 'seat' ? role.seat : 'public';
    let text = cached.texts.get(key);
    if (text === undefined) {
      text = viewMessage(table, role);
      cached.texts.set(key, text);
    }
    return text;
  }

  /** Sends the table's views to its connections, once per version. */
  publish(table: CachedTable): void {
    const set = this.#byTable.get(table.id);
    if (set === undefined) return;
    if ((this.#sent.get(table.id) ?? -1) >= table.version) return;
    this.#sent.set(table.id, table.version);
    for (const listener of [...set]) listener.send(this.viewText(table, listener.role));
  }
}
