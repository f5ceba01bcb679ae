/**
 * Solo practice: the engine runs in the page (the library embedded as a client embeds it) with the person at
 * East and teacher bots at the other seats. No request leaves the page: the table, the bots and the views are
 * all here. Bots act one move at a time on a short timer (the host's timer, not the engine's), so the person
 * sees who the table waits for. The page keeps the hand's first table and its accepted events, so the end of a hand
 * shows the same review as a table of the service (the engine replays them: `charleston-engine/review`), and
 * "next hand" deals a new hand in the page (the person stays East).
 * With a {@link SoloStore} the device keeps the hand (the device is the host: the engine's `persist` after every
 * accepted event and every deal) and the next start continues it exactly; a saved value that cannot be read or
 * restored gives a fresh deal.
 * East's declaration is shown to the bots for review (`rules.declarationReview`); the bots accept it.
 * With a card of winning hands the engine checks East's declaration against it (`isWinningHand`), the page works out
 * the person's closest hands after every move (as the service does for a seat's view), and the review of a finished
 * hand says how far each seat came toward its closest hand.
 */
import { fromCallback } from 'xstate';
import {
  SEATS,
  createCharleston,
  legalActions,
  persist,
  viewFor,
  type CharlestonEngine,
  type Seat,
} from '../index.js';
import { teacherStrategy } from '../entries/bots.js';
import type { FlowInput } from './flow.machine.js';
import { reviewHand } from '../entries/review.js';
import { restore } from '../entries/persist.js';
import { decodeSolo, encodeSolo, type SoloStore } from './solo-store.js';
import type { TableApi } from './table-api.js';
import type { TableInfo } from './table-info.js';
import type { TransportCommand, TransportReport } from './transport.js';
import { cardValidator, type Card } from '../entries/card.js';
import { closestFor } from './card.js';
import type { PageReview } from './review.js';

/** How solo practice is set up. */
export interface SoloOptions {
  /** The deal's seed (a replayable deal); by default the engine's unpredictable one. */
  seed?: number;
  /** The person's seat (East by default). */
  seat?: Seat;
  /** Milliseconds between two bot moves (default 60; 0 acts at the next turn of the event loop). */
  botDelay?: number;
  /** Called with the table once it exists (for the page's own tools, e.g. an inspector). */
  onTable?: (table: CharlestonEngine) => void;
  /** The page's side of the table (its log, the next hand), shared with the page's {@link TableApi}. */
  host?: SoloHost;
  /** The device's storage: the hand is saved there and continued from it (absent: nothing is kept). */
  store?: SoloStore | null;
}

/** What solo practice keeps beside the table: the current table's first state and events, and the next hand. */
export interface SoloHost {
  /** The current table as it was dealt (`persist`), or null before the first deal. */
  initial: string | null;
  /** The current table's accepted events, in order. */
  events: object[];
  /** Events accepted by the tables before the current one (the page's versions go on counting). */
  earlier: number;
  /** Hands dealt by the tables before the current one (each table counts its own deals, redeals included). */
  before: number;
  /** Deals the next hand (set by the running transport). */
  next: (() => void) | null;
  /** The card of winning hands the page plays with, or null. */
  card: Card | null;
}

/** A new solo host, playing with `card` (none by default). */
export function createSoloHost(card: Card | null = null): SoloHost {
  return { initial: null, events: [], earlier: 0, before: 0, next: null, card };
}

/** The engine's options for a card: its validator as `isWinningHand` (none without a card). */
function cardOptions(card: Card | null): { isWinningHand?: (rack: readonly string[]) => boolean } {
  return card === null ? {} : { isWinningHand: cardValidator(card) };
}


/**
 * The review of the hand made in the page; with a card, each seat's progress from its dealt rack to its rack at the
 * end (the hand's events replayed on its first table).
 */
export function soloReview(host: SoloHost): PageReview {
  if (host.initial === null) throw new Error('no hand has been dealt');
  // The engine's review, with the card when there is one: it replays the hand and says each seat's progress.
  return reviewHand(host.initial, host.events, host.card === null ? cardOptions(null) : { ...cardOptions(host.card), card: host.card });
}

/** The page's {@link TableApi} in solo practice: the review made in the page, the next hand dealt in the page. */
export function soloTableApi(host: SoloHost): TableApi {
  return {
    dealPassesRight: false,
    readReview: () => {
      try {
        return Promise.resolve(soloReview(host));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    next: () => {
      if (host.next === null) return Promise.reject(new Error('the table is not running'));
      host.next();
      return Promise.resolve();
    },
  };
}

/**
 * A solo table: East's declaration is shown to the other seats for review (`rules.declarationReview`); the bots
 * accept. With a card, the declaration is checked against it.
 */
export function createSoloTable(seed: number | undefined, card: Card | null = null): CharlestonEngine {
  const rules = { rules: { declarationReview: true }, ...cardOptions(card) };
  return createCharleston(seed === undefined ? rules : { seed, ...rules });
}

/** The next bot move at this table: a bot seat the table waits for, and the teacher's event for it. */
export function nextBotMove(table: CharlestonEngine, person: Seat): { seat: Seat; event: NonNullable<ReturnType<typeof teacherStrategy.act>> } | null {
  const snapshot = table.getSnapshot();
  for (const seat of SEATS) {
    if (seat === person) continue;
    const event = teacherStrategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), () => 0);
    if (event !== null) return { seat, event };
  }
  return null;
}

/** The transport of solo practice, for the flow machine. */
export function soloTransport(options: SoloOptions = {}) {
  return fromCallback<TransportCommand, FlowInput, TransportReport>(({ sendBack, receive }) => {
    const person = options.seat ?? 'east';
    const host = options.host ?? createSoloHost();
    const store = options.store ?? null;
    const seed = options.seed ?? null;
    let version = 0;
    /** A new table's first state, kept for the review of its hand. */
    const dealt = (): void => {
      host.earlier += host.events.length;
      host.initial = persist(table);
      host.events = [];
    };
    /** The hand saved on the device, continued; null when there is none, or it cannot be restored. */
    const resume = (): CharlestonEngine | null => {
      const saved = decodeSolo(store?.load() ?? null, seed);
      if (saved === null) return null;
      try {
        const restored = restore(saved.table, cardOptions(host.card));
        Object.assign(host, { initial: saved.initial, events: saved.events.map((event) => ({ ...event })), earlier: saved.earlier, before: saved.before });
        version = saved.version;
        return restored;
      } catch {
        return null;
      }
    };
    const save = (): void => {
      if (store === null || host.initial === null) return;
      store.save(encodeSolo({ seed, table: persist(table), initial: host.initial, events: host.events, earlier: host.earlier, before: host.before, version }));
    };
    // Without a seed the engine draws an unpredictable one from the platform's cryptographic source; a chosen seed
    // gives the next hands the seeds that follow it.
    const resumed = resume();
    let table = resumed ?? createSoloTable(options.seed, host.card);
    if (resumed === null) {
      store?.clear();
      dealt();
      version = host.earlier;
      save();
    }
    options.onTable?.(table);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    /** The hand number in solo practice: every deal counts, a redeal too (as the engine's own `hand`). */
    const handNow = (): number => host.before + viewFor(table.getSnapshot(), person).hand;
    const record = (event: object): void => {
      version += 1;
      host.events.push({ ...event });
      save();
    };

    // The same shape as the service's view messages: the seat's view and its legal actions at that version (the
    // core's `legalActions`, as the service computes its `actions`), so the flow reads both transports alike.
    const report = (): void => {
      const snapshot = table.getSnapshot();
      const view = viewFor(snapshot, person);
      const card = host.card === null ? {} : { card: { hands: host.card.hands.length }, closest: closestFor(host.card, view.rack.map((tile) => tile.tile)) };
      sendBack({
        type: 'transport.view',
        version,
        view,
        legal: legalActions(snapshot, person),
        table: { hand: handNow(), seat: person, names: {}, clock: null, notice: null, waitingFor: null, joining: [], packetOnTable: null, chosenDeal: false, receivedAt: 0, ...card } satisfies TableInfo,
      });
    };
    const schedule = (): void => {
      if (timer !== null || stopped) return;
      timer = setTimeout(() => {
        timer = null;
        const move = nextBotMove(table, person);
        if (move === null) return;
        if (table.send(move.event).ok) record(move.event);
        report();
        schedule();
      }, options.botDelay ?? 60);
    };

    receive((command) => {
      const result = table.send(command.event);
      if (result.ok) {
        record(command.event);
        sendBack({ type: 'transport.result', id: command.id, ok: true });
      } else {
        sendBack({ type: 'transport.result', id: command.id, ok: false, refusal: result.refusal });
      }
      report();
      schedule();
    });
    host.next = () => {
      if (stopped) return;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      host.before = handNow();
      table.stop();
      table = createSoloTable(options.seed === undefined ? undefined : (options.seed + host.before) >>> 0, host.card);
      options.onTable?.(table);
      dealt();
      version += 1;
      save();
      report();
      schedule();
    };
    report();
    schedule();
    return () => {
      stopped = true;
      host.next = null;
      if (timer !== null) clearTimeout(timer);
      table.stop();
    };
  });
}
