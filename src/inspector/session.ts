/**
 * An inspector session: one Charleston table driven step by step from a script or a recorded bot game, that can
 * play, pause, step forward and back, and take events from the page.
 *
 * The timeline (`moves`) holds the events that make the table what it is; the cursor says how many are applied.
 * A refused event from the page changes nothing on the table, so it is logged but not added to the timeline:
 * junk sent by a page costs one log line, not a longer replay. Stepping back rebuilds the table with inspection
 * muted and replays the moves before the cursor (time in proportion to those moves), then announces the table's
 * state once. The log is a ring ({@link LogRing}) that pages receive as appends.
 */
import {
  createCharleston,
  legalActions,
  viewFor,
  SEATS,
  type BySeat,
  type CharlestonOptions,
  type CharlestonEngine,
  type Seat,
} from '../index.js';
import { playHand, type Strategy } from '../entries/bots.js';
import type { Script } from '../entries/scripts.js';
import { isRecord, own, scriptSetup } from './adapters.js';
import { LogRing } from './log-ring.js';
import type { LogEntry, TableMessage } from './protocol.js';

/** Where a session's events come from. */
export type SessionSource =
  | { kind: 'script'; script: Script; label: string }
  | { kind: 'bots'; seed: number; strategies?: Partial<BySeat<Strategy>> };

/**
 * Events the timeline holds at most by default: a hand needs far fewer, and a step back replays at most this many
 * (under 0.1 s measured); accepted page events past it are refused.
 */
export const MAX_TIMELINE = 2000;

/** Options of a session. */
export interface SessionOptions {
  source: SessionSource;
  /** Called for every table the session builds, before it is used: returns its inspection observer. */
  inspect?: (table: 'live') => CharlestonOptions['inspect'];
  /** Mutes (true) or unmutes (false) the inspection stream around a replay. */
  mute?: (muted: boolean) => void;
  /** Called after a rebuild with the new table, so the stream can announce its state once. */
  onRebuilt?: (service: CharlestonEngine, cursor: number) => void;
  /** Called after anything changed (an event applied, a rebuild, play or pause). */
  onChange?: () => void;
  /** Called with each new log entry. */
  onLog?: (entry: LogEntry) => void;
  /** Called for each event applied going forward (not for replays when stepping back). */
  onApplied?: (entry: LogEntry, service: CharlestonEngine) => void;
  /** Milliseconds between events while playing (default 700). */
  intervalMs?: number;
  /** Log entries kept (default 500). */
  logCapacity?: number;
  /** Events the timeline holds at most (default {@link MAX_TIMELINE}). */
  maxTimeline?: number;
}

/** A running session. */
export interface InspectorSession {
  readonly service: CharlestonEngine;
  readonly cursor: number;
  readonly total: number;
  readonly playing: boolean;
  readonly log: LogRing;
  step(): boolean;
  back(): void;
  reset(): void;
  play(): void;
  pause(): void;
  /** Applies an event from the page at the cursor (an accepted one drops the planned events after it). */
  send(event: unknown): LogEntry;
  /** The table message (every seat's view, the public view, legal actions, the cursor). */
  tableMessage(): TableMessage;
  dispose(): void;
}

/** Characters of an event's JSON a log line keeps; a larger event is logged by its type and size only. */
const MAX_LOGGED_EVENT = 2000;

/** The event as a log line may show it (an object with a string type, whatever was sent), bounded in size. */
function asLogEvent(event: unknown): LogEntry['event'] {
  let text: string;
  try {
    text = JSON.stringify(event) ?? String(event);
  } catch {
    text = String(event);
  }
  const type = isRecord(event) && typeof own(event, 'type') === 'string' ? (own(event, 'type') as string).slice(0, 100) : undefined;
  if (text.length > MAX_LOGGED_EVENT) return { type: type ?? '(malformed)', truncated: true, size: text.length };
  if (type !== undefined) return { ...(event as Record<string, unknown>), type };
  return { type: '(malformed)', value: text };
}

/** What applying an event came to (a table's send result, or the session's own refusal). */
type Outcome = { ok: true } | { ok: false; refusal: { code: string; message: string; params?: Readonly<Record<string, string | number>> } };

/** An event the session will apply, and who sends it. */
interface PlannedMove {
  by: Seat | 'table' | 'page';
  event: unknown;
}

const seatOf = (event: unknown): Seat | undefined => {
  if (!isRecord(event)) return undefined;
  const seat = own(event, 'seat');
  return (SEATS as readonly unknown[]).includes(seat) ? (seat as Seat) : undefined;
};

/** Creates a session and its first table. */
export function createInspectorSession(options: SessionOptions): InspectorSession {
  const { source } = options;
  const setup: CharlestonOptions = source.kind === 'script' ? scriptSetup(source.script) : { seed: source.seed };
  const moves: PlannedMove[] = [];
  if (source.kind === 'script') {
    for (const step of source.script.steps) if (step.send !== undefined) moves.push({ by: 'table', event: step.send });
  } else {
    const strategies = source.strategies ?? {};
    playHand({ seed: source.seed, strategies, maxEvents: options.maxTimeline ?? MAX_TIMELINE, onEvent: ({ by, event }) => moves.push({ by, event }) });
  }
  const log = new LogRing(options.logCapacity ?? 500);
  const maxTimeline = options.maxTimeline ?? MAX_TIMELINE;
  const fresh = (): CharlestonEngine => {
    const inspect = options.inspect?.('live');
    return createCharleston(inspect ? { ...setup, inspect } : setup);
  };
  let service = fresh();
  let cursor = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  const record = (move: PlannedMove, result: Outcome): LogEntry => {
    const entry: LogEntry = {
      index: log.nextIndex,
      kind: 'event',
      by: move.by === 'table' ? (seatOf(move.event) ?? 'table') : move.by,
      event: asLogEvent(move.event),
      ok: result.ok,
      phase: service.phase,
      cursor,
    };
    if (!result.ok) {
      const { code, message, params } = result.refusal;
      entry.refusal = params === undefined ? { code, message } : { code, message, params };
    }
    log.push(entry);
    options.onLog?.(entry);
    options.onApplied?.(entry, service);
    return entry;
  };
  const note = (kind: 'back' | 'reset', text: string): void => {
    const entry: LogEntry = { index: log.nextIndex, kind, by: 'page', event: { type: `inspector.${kind}`, text }, ok: true, phase: service.phase, cursor };
    log.push(entry);
    options.onLog?.(entry);
  };
  const changed = (): void => options.onChange?.();
  /** A new table with the first `to` moves applied, inspection muted while it replays. */
  const rebuild = (to: number): void => {
    options.mute?.(true);
    try {
      service.stop();
      service = fresh();
      for (const move of moves.slice(0, to)) service.send(move.event);
      cursor = to;
    } finally {
      options.mute?.(false);
    }
    options.onRebuilt?.(service, cursor);
  };
  const pause = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const step = (): boolean => {
    const move = moves[cursor];
    if (move === undefined) {
      pause();
      changed();
      return false;
    }
    const result = service.send(move.event);
    cursor += 1;
    record(move, result);
    changed();
    return true;
  };

  return {
    get service() {
      return service;
    },
    get cursor() {
      return cursor;
    },
    get total() {
      return moves.length;
    },
    get playing() {
      return timer !== null;
    },
    log,
    step,
    back() {
      pause();
      if (cursor > 0) {
        rebuild(cursor - 1);
        note('back', `back to ${cursor}`);
      }
      changed();
    },
    reset() {
      pause();
      rebuild(0);
      note('reset', 'reset');
      changed();
    },
    play() {
      if (timer !== null) return;
      timer = setInterval(() => {
        if (!step()) pause();
      }, options.intervalMs ?? 700);
      changed();
    },
    pause() {
      pause();
      changed();
    },
    send(event) {
      pause();
      const move: PlannedMove = { by: seatOf(event) ?? 'page', event };
      if (cursor >= maxTimeline) {
        const entry = record(move, { ok: false, refusal: { code: 'INSPECTOR_TIMELINE_FULL', message: `the session holds at most ${maxTimeline} events: step back or reset` } });
        changed();
        return entry;
      }
      const result = service.send(event);
      if (result.ok) {
        moves.length = cursor;
        moves.push(move);
        cursor += 1;
      }
      const entry = record(move, result);
      changed();
      return entry;
    },
    tableMessage() {
      const snapshot = service.getSnapshot();
      const views: TableMessage['views'] = {};
      const legal: TableMessage['legal'] = {};
      for (const seat of SEATS) {
        views[seat] = viewFor(snapshot, seat);
        legal[seat] = legalActions(snapshot, seat);
      }
      return {
        type: 'charleston.table',
        mode: 'all',
        phase: service.phase,
        value: snapshot.value,
        views,
        public: viewFor(snapshot, null),
        legal,
        cursor,
        total: moves.length,
        playing: timer !== null,
        source: source.kind === 'script' ? `script: ${source.label}` : `bots, seed ${source.seed}`,
      };
    },
    dispose() {
      pause();
      service.stop();
    },
  };
}
