/**
 * An inspector session: a table driven step by step from a script or by four bots, that can play, pause,
 * step forward and back, and take events from the page. Stepping back rebuilds the table from the start and
 * replays the events before the cursor, so the inspection stream (and the page's log) replays too.
 */
import { createBotDriver, botRandom, playHand, withDefaults } from '../bots/table.js';
import type { Strategy } from '../bots/strategy.js';
import { isRecord, own } from '../errors.js';
import { legalActions } from '../legal.js';
import { SEATS, isSeat, type BySeat, type Seat } from '../seats.js';
import { createCharleston, type CharlestonOptions, type CharlestonService, type InspectOption } from '../service.js';
import { scriptSetup, type Script } from '../script/script.js';
import { viewFor } from '../views.js';
import type { LogEntry, TableMessage } from './protocol.js';

/** Where a session's events come from. */
export type SessionSource =
  | { kind: 'script'; script: Script; label: string }
  | { kind: 'bots'; seed: number; strategies?: Partial<BySeat<Strategy>> };

/** Options of a session. */
export interface SessionOptions {
  source: SessionSource;
  /** The inspection observer every new table gets. */
  inspect?: InspectOption;
  /** Called after anything changed (an event applied, a rebuild, play or pause). */
  onChange?: () => void;
  /** Called for each event applied going forward (not for replays when stepping back). */
  onApplied?: (entry: LogEntry, service: CharlestonService) => void;
  /** Milliseconds between events while playing (default 700). */
  intervalMs?: number;
}

/** A running session. */
export interface InspectorSession {
  readonly service: CharlestonService;
  readonly cursor: number;
  readonly total: number;
  readonly playing: boolean;
  step(): boolean;
  back(): void;
  reset(): void;
  play(): void;
  pause(): void;
  /** Applies an event from the page at the cursor (the planned events after it are dropped). */
  send(event: unknown): LogEntry;
  /** The table message for a page in `mode`. */
  tableMessage(mode: 'all' | Seat): TableMessage;
  dispose(): void;
}

/** The event as a log line may show it (an object with a string type, whatever was sent). */
function asLogEvent(event: unknown): LogEntry['event'] {
  if (isRecord(event) && typeof own(event, 'type') === 'string') return { ...event, type: own(event, 'type') as string };
  return { type: '(malformed)', value: JSON.stringify(event) ?? String(event) };
}

/** What a page in seat mode may see of a log entry: other seats' events show only their type and seat. */
export function redactEntry(entry: LogEntry, seat: Seat): LogEntry {
  const eventSeat = own(entry.event, 'seat');
  if (eventSeat === seat || entry.by === 'table' || !isSeat(eventSeat)) return entry;
  const redacted: LogEntry = { ...entry, event: { type: entry.event.type, seat: eventSeat } };
  if (entry.refusal) redacted.refusal = { code: entry.refusal.code };
  return redacted;
}

/** An event the session will apply, and who sends it. */
interface PlannedMove {
  by: Seat | 'table' | 'page';
  event: unknown;
}

/** Creates a session and its first table. */
export function createInspectorSession(options: SessionOptions): InspectorSession {
  const { source } = options;
  const setup: CharlestonOptions = source.kind === 'script' ? scriptSetup(source.script) : { seed: source.seed };
  const moves: PlannedMove[] = [];
  if (source.kind === 'script') {
    for (const step of source.script.steps) if (step.send !== undefined) moves.push({ by: 'table', event: step.send });
  } else {
    playHand({ seed: source.seed, strategies: withDefaults(source.strategies), onEvent: ({ by, event }) => moves.push({ by, event }) });
  }
  const driver =
    source.kind === 'bots' ? createBotDriver(withDefaults(source.strategies), botRandom(source.seed ^ 0x5eed)) : null;

  const fresh = (): CharlestonService => createCharleston(options.inspect ? { ...setup, inspect: options.inspect } : setup);
  let service = fresh();
  let log: LogEntry[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;

  const apply = (move: PlannedMove, quiet: boolean): LogEntry => {
    const result = service.send(move.event);
    const entry: LogEntry = {
      index: log.length,
      by: move.by === 'table' && isRecord(move.event) && isSeat(own(move.event, 'seat')) ? (own(move.event, 'seat') as Seat) : move.by,
      event: asLogEvent(move.event),
      ok: result.ok,
      phase: service.phase,
    };
    if (!result.ok) {
      const { code, message, params } = result.refusal;
      entry.refusal = params === undefined ? { code, message } : { code, message, params };
    }
    log.push(entry);
    if (!quiet) options.onApplied?.(entry, service);
    return entry;
  };
  const changed = (): void => options.onChange?.();
  const rebuild = (cursor: number): void => {
    service.stop();
    service = fresh();
    log = [];
    for (const move of moves.slice(0, cursor)) apply(move, true);
  };
  const pause = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const step = (): boolean => {
    if (log.length >= moves.length) {
      const move = driver?.(service) ?? null;
      if (move === null) {
        pause();
        changed();
        return false;
      }
      moves.push(move);
    }
    apply(moves[log.length] as PlannedMove, false);
    changed();
    return true;
  };

  return {
    get service() {
      return service;
    },
    get cursor() {
      return log.length;
    },
    get total() {
      return Math.max(moves.length, log.length);
    },
    get playing() {
      return timer !== null;
    },
    step,
    back() {
      pause();
      if (log.length > 0) rebuild(log.length - 1);
      changed();
    },
    reset() {
      pause();
      rebuild(0);
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
      moves.length = log.length;
      const by = isRecord(event) && isSeat(own(event, 'seat')) ? (own(event, 'seat') as Seat) : 'page';
      moves.push({ by, event });
      const entry = apply({ by, event }, false);
      changed();
      return entry;
    },
    tableMessage(mode) {
      const snapshot = service.getSnapshot();
      const seats = mode === 'all' ? SEATS : [mode];
      const views: TableMessage['views'] = {};
      const legal: TableMessage['legal'] = {};
      for (const seat of seats) {
        views[seat] = viewFor(snapshot, seat);
        legal[seat] = legalActions(snapshot, seat);
      }
      return {
        type: 'charleston.table',
        mode,
        phase: service.phase,
        value: snapshot.value,
        views,
        public: viewFor(snapshot, null),
        legal,
        cursor: log.length,
        total: Math.max(moves.length, log.length),
        playing: timer !== null,
        source: source.kind === 'script' ? `script: ${source.label}` : `bots, seed ${source.seed}`,
        log: mode === 'all' ? log : log.map((entry) => redactEntry(entry, mode)),
      };
    },
    dispose() {
      pause();
      service.stop();
    },
  };
}
