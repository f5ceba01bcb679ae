/**
 * Live connections per table and the fan-out of views. After every change each connection gets exactly its
 * token's view: a seat's own view, or the public view for spectators and admins. A view is built once per seat
 * and version and serialized once, however many connections watch it.
 */
import { SEATS, legalActions, phaseOfSnapshot, viewFor, waitingFor, type Seat } from '../index.js';
import type { Role } from './auth.js';
import type { CachedTable } from './cache.js';
import { shownDeadlines, type Deadlines } from './clock.js';
import { seatAfter } from './hands.js';
import { joiningSeats } from './joining.js';
import type { Names } from './names.js';
import { closestOf } from './table-card.js';

/** One live connection as the hub sees it. */
export interface Listener {
  readonly role: Role;
  /** Sends one text frame; the connection decides what to do with a slow reader. */
  send(text: string): void;
}

/** The seat a role plays at the table's current hand: a seat token's person's seat now, else null. */
export function seatOfRole(role: Role, hand: number): Seat | null {
  return role.role === 'seat' ? seatAfter(role.home, hand - 1) : null;
}

/** Names by the seat each person sits at now (they are stored by each person's first-hand seat). */
export function namesNow(names: Names, hand: number): Names {
  const out: Names = {};
  for (const home of SEATS) {
    const name = names[home];
    if (name !== undefined) out[seatAfter(home, hand - 1)] = name;
  }
  return out;
}

/**
 * The table's clock as a view shows it: the seconds per decision, whether it runs (it waits for every person to
 * open their link: joining.ts), the deadlines of the seats waited for, the server's time.
 */
export interface ClockView {
  seconds: number;
  started: boolean;
  deadlines: Deadlines;
  now: number;
}

/**
 * The body of a table for a role at the table's current version, built field by field: `{ version, phase, view,
 * hand, seat, names, clock, notice, waitingFor, joining, packetOnTable }`, plus `actions` (the seat's legal actions
 * at that version) for a seat token. `view` is the engine's view for the seat now (a seat token) or its public view;
 * `hand` counts the table's deals (`POST …/next`); `seat` is a seat token's seat now (null for other roles);
 * `names` are by seat now; `clock` is null without one; `waitingFor` and `packetOnTable` say who the table waits
 * for and which packets lie face down (no face: the watch page shows them); `joining` the seats (now) whose people
 * have not opened their link yet while the clock waits for them; `chosenDeal` is true when the table's creator chose
 * the deal (a seed or explicit racks: they can know every rack); `card` is `{ hands }` (how many hands, never the
 * text) on a table with a card, else null, and a seat's `view` then carries `closest`, the closest hands of that
 * seat's own rack (up to three `{ index, section, text, missing }`). The GET route and the live `view` message share
 * it; `now` is the server's time (epoch ms).
 */
export function tableBody(table: CachedTable, role: Role, now: number): Record<string, unknown> {
  const snapshot = table.snapshot;
  const phase = phaseOfSnapshot(snapshot);
  const seat = seatOfRole(role, table.deal);
  const seatView = viewFor(snapshot, seat, { locale: table.locale });
  // A seat's own closest hands on a table with a card (its own rack only: the public view has none).
  const view = table.card !== null && seat !== null ? Object.assign(seatView, { closest: closestOf(table.card.card, snapshot, seat) }) : seatView;
  // A seat's view already says whom the table waits for (the same function of the same snapshot): not computed twice.
  const waiting = 'waitingFor' in seatView ? seatView.waitingFor : waitingFor(phase, snapshot.context);
  const packets = snapshot.context.table;
  const clock: ClockView | null = table.clock === null ? null : { seconds: table.clock, started: table.clockStarted, deadlines: shownDeadlines(table.deadlines, waiting), now };
  const body: Record<string, unknown> = {
    version: table.version,
    phase,
    view,
    hand: table.deal,
    seat,
    names: namesNow(table.names, table.deal),
    clock,
    notice: table.notice,
    waitingFor: waiting,
    joining: joiningSeats(table),
    packetOnTable: { east: packets.east !== null, south: packets.south !== null, west: packets.west !== null, north: packets.north !== null },
    chosenDeal: table.chosenDeal,
    card: table.card === null ? null : { hands: table.card.card.hands.length },
  };
  if (seat !== null) body.actions = legalActions(snapshot, seat);
  return body;
}

/** The `view` message for a role at the table's current version. */
export function viewMessage(table: CachedTable, role: Role, now: number): string {
  // One object with the type first, serialized once: no second copy of the text (a slice joined to a prefix is
  // flattened again when the socket encodes it), and no spread into a literal (V8's slow path, see views.ts).
  return JSON.stringify(Object.assign({ type: 'view' }, tableBody(table, role, now)));
}

/** The live connections of every table on this node. */
export class Hub {
  readonly #now: () => number;
  readonly #byTable = new Map<string, Set<Listener>>();
  /** The highest version each table's listeners were sent. */
  readonly #sent = new Map<string, number>();

  /** `now` is the service's time source (epoch ms): a view with a clock says when it was built. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

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
   * The `view` message for one connection that just said hello: built for it alone (with a clock, its `clock.now`
   * is the time now). Texts are not kept between versions: a table's latest texts would stay in memory for as long
   * as its seats think, which is what makes the young-generation collector copy and promote them.
   */
  viewText(table: CachedTable, role: Role): string {
    return viewMessage(table, role, this.#now());
  }

  /** Sends the table's views to its connections, once per version. */
  publish(table: CachedTable): void {
    const set = this.#byTable.get(table.id);
    if (set === undefined) return;
    if ((this.#sent.get(table.id) ?? -1) >= table.version) return;
    this.#sent.set(table.id, table.version);
    // One serialized message per role and version, shared by that role's connections, dropped once sent.
    const texts = new Map<string, string>();
    for (const listener of [...set]) {
      const key = seatOfRole(listener.role, table.deal) ?? 'public';
      let text = texts.get(key);
      if (text === undefined) {
        text = viewMessage(table, listener.role, this.#now());
        texts.set(key, text);
      }
      listener.send(text);
    }
  }
}
