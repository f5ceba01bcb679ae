/**
 * The event log (`#log`, one `<li>` per entry, newest last). From inspection events: every event delivered to
 * the drawn actor but `xstate.init`; `engine.refused` is shown as a refusal of its `refusedType`. With a server
 * session the log comes from the `charleston.table` message instead (stepping back replays the session).
 */
import { PHASES, REFUSAL_CODES, refusalMessage, t, type Locale, type Phase, type RefusalCode } from '../../index.js';
import type { LogEntry } from '../protocol.js';
import { label } from './labels.js';
import type { EventObject, LoggedEvent } from './store.js';

/** One line of the log, whatever its source. */
export interface LogLine {
  index: number;
  type: string;
  seat: string | undefined;
  by: string | undefined;
  detail: string;
  refusal: { code: string; message: string | undefined; params?: Readonly<Record<string, string | number>> } | null;
  phase: string | undefined;
}

/** Lines rendered at most (the newest). */
const MAX_LINES = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payload of an event in a few words: tiles, blind, vote, count, reason; other fields as compact JSON. */
export function eventDetail(event: EventObject): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === 'type' || key === 'seat' || key === 'refusal' || key === 'refusedType') continue;
    if (key === 'tiles' && Array.isArray(value)) parts.push(value.map(String).join(' ') || '(none)');
    else if (key === 'blind') parts.push(`blind ${String(value)}`);
    else if (key === 'vote') parts.push(String(value));
    else if (key === 'count') parts.push(`count ${String(value)}`);
    else if (key === 'reason') parts.push(`“${String(value)}”`);
    else {
      let json = JSON.stringify(value) ?? String(value);
      if (json.length > 60) json = `${json.slice(0, 59)}…`;
      parts.push(`${key}: ${json}`);
    }
  }
  return parts.join(' · ');
}

function refusalOf(value: unknown): LogLine['refusal'] {
  if (!isRecord(value)) return null;
  const code = typeof value['code'] === 'string' ? value['code'] : 'REFUSED';
  const refusal: NonNullable<LogLine['refusal']> = { code, message: typeof value['message'] === 'string' ? value['message'] : undefined };
  const params = value['params'];
  if (isRecord(params) && Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number')) {
    refusal.params = params as Record<string, string | number>;
  }
  return refusal;
}

/**
 * A refusal's message in the page's language: an engine refusal (a known code with its params) is rendered from
 * the catalogs; anything else (another app's refusal, a redacted one) keeps the message it came with.
 */
export function refusalText(refusal: NonNullable<LogLine['refusal']>, locale: Locale): string | undefined {
  if (refusal.params === undefined || !(REFUSAL_CODES as readonly string[]).includes(refusal.code)) return refusal.message;
  return refusalMessage(locale, refusal.code as RefusalCode, refusal.params);
}

/** A phase in the page's language (English keeps the id; an unknown value is shown as it is). */
export function phaseText(phase: string, locale: Locale): string {
  return locale !== 'en' && (PHASES as readonly string[]).includes(phase) ? t(locale, `phase.${phase as Phase}`) : phase;
}

/** Log lines from inspection events (without `xstate.init`). */
export function linesFromEvents(events: readonly LoggedEvent[]): LogLine[] {
  const lines: LogLine[] = [];
  for (const { event } of events) {
    if (event.type === 'xstate.init') continue;
    const seat = typeof event['seat'] === 'string' ? event['seat'] : undefined;
    if (event.type === 'engine.refused') {
      const refusedType = typeof event['refusedType'] === 'string' ? event['refusedType'] : 'engine.refused';
      lines.push({ index: lines.length + 1, type: refusedType, seat, by: undefined, detail: '', refusal: refusalOf(event['refusal']) ?? { code: 'REFUSED', message: undefined }, phase: undefined });
      continue;
    }
    lines.push({ index: lines.length + 1, type: event.type, seat, by: undefined, detail: eventDetail(event), refusal: null, phase: undefined });
  }
  return lines;
}

/** Log lines from the server's session log. */
export function linesFromTable(log: readonly LogEntry[]): LogLine[] {
  return log.map((entry) => {
    const event = entry.event;
    const seat = typeof event['seat'] === 'string' ? event['seat'] : undefined;
    return {
      index: entry.index,
      type: event.type,
      seat,
      by: entry.by === seat ? undefined : entry.by,
      detail: eventDetail(event),
      refusal: entry.ok ? null : (refusalOf(entry.refusal) ?? { code: 'REFUSED', message: undefined }),
      phase: entry.phase,
    };
  });
}

function span(parent: HTMLElement, className: string, content: string): void {
  const node = document.createElement('span');
  node.className = className;
  node.textContent = content;
  parent.appendChild(node);
}

/** Replaces the list's entries; keeps the view scrolled to the newest entry if it was there. */
export function renderLog(list: HTMLOListElement, lines: readonly LogLine[], locale: Locale = 'en'): void {
  const scroller = list.parentElement;
  const atBottom = !scroller || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  const shown = lines.slice(-MAX_LINES);
  const fragment = document.createDocumentFragment();
  for (const line of shown) {
    const item = document.createElement('li');
    item.className = line.refusal ? 'entry refused' : 'entry';
    item.dataset['type'] = line.type;
    if (line.seat) item.dataset['seat'] = line.seat;
    span(item, 'idx', String(line.index));
    span(item, 'type', line.type);
    if (line.seat) span(item, `seat seat-${line.seat}`, line.seat);
    if (line.by) span(item, 'by', label(locale, 'by', { who: line.by }));
    if (line.detail) span(item, 'detail', line.detail);
    if (line.refusal) {
      span(item, 'code', line.refusal.code);
      const message = refusalText(line.refusal, locale);
      if (message) span(item, 'message', message);
    }
    if (line.phase) span(item, 'phase', `→ ${phaseText(line.phase, locale)}`);
    fragment.appendChild(item);
  }
  list.replaceChildren(fragment);
  if (atBottom && scroller) scroller.scrollTop = scroller.scrollHeight;
}
