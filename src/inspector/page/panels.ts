/**
 * The generic panels for the selected actor: its events (click one to see that moment), the payload of the
 * chosen event, the context (live, or at the chosen moment), and a sequence view of the events exchanged between
 * the actor, its parent and its children.
 */
import type { Locale } from '../../index.js';
import { label } from './labels.js';
import { eventDetail, refusalText } from './log.js';
import type { ActorRecord, LoggedEvent, Store } from './store.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rows rendered at most in the events list (the newest). */
const MAX_ROWS = 400;
/** Messages drawn at most in the sequence view (the newest). */
const MAX_ARROWS = 40;
/** Characters of JSON shown at most in a viewer. */
const MAX_JSON = 20_000;

function span(parent: HTMLElement, className: string, content: string): void {
  const node = document.createElement('span');
  node.className = className;
  node.textContent = content;
  parent.appendChild(node);
}

/** Pretty JSON, cut at {@link MAX_JSON} characters. */
export function jsonText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}\n… (${text.length - MAX_JSON} more characters)` : text;
}

/** The events list of an actor: one `<li data-seq>` per event (without `xstate.init`), newest last. */
export function renderEvents(list: HTMLOListElement, actor: ActorRecord | undefined, moment: number | null, locale: Locale): number {
  const scroller = list.parentElement;
  const atBottom = !scroller || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  const events = (actor?.events ?? []).filter((entry) => entry.event.type !== 'xstate.init');
  const fragment = document.createDocumentFragment();
  const offset = Math.max(0, events.length - MAX_ROWS);
  events.slice(offset).forEach((entry, index) => {
    const { event } = entry;
    const item = document.createElement('li');
    const refused = event.type === 'engine.refused';
    item.className = `entry${refused ? ' refused' : ''}${entry.seq === moment ? ' moment' : ''}${event.type.startsWith('inspector.') ? ' control' : ''}`;
    item.dataset['seq'] = String(entry.seq);
    item.dataset['type'] = event.type;
    item.tabIndex = 0;
    item.setAttribute('role', 'button');
    span(item, 'idx', String((actor?.dropped ?? 0) + offset + index + 1));
    const shownType = refused && typeof event['refusedType'] === 'string' ? event['refusedType'] : event.type;
    span(item, 'type', shownType);
    if (typeof event['seat'] === 'string') span(item, `seat seat-${event['seat']}`, event['seat']);
    if (refused && isRecord(event['refusal'])) {
      const refusal = event['refusal'];
      const code = typeof refusal['code'] === 'string' ? refusal['code'] : 'REFUSED';
      span(item, 'code', code);
      const params = isRecord(refusal['params']) ? (refusal['params'] as Record<string, string | number>) : undefined;
      const message = refusalText({ code, message: typeof refusal['message'] === 'string' ? refusal['message'] : undefined, ...(params ? { params } : {}) }, locale);
      if (message) span(item, 'message', message);
    } else {
      const detail = eventDetail(event);
      if (detail) span(item, 'detail', detail);
    }
    if (entry.sourceId !== undefined) span(item, 'by', label(locale, 'by', { who: entry.sourceId }));
    fragment.appendChild(item);
  });
  list.replaceChildren(fragment);
  if (atBottom && scroller && moment === null) scroller.scrollTop = scroller.scrollHeight;
  return events.length;
}

/** The payload viewer: the chosen event, else the latest one. */
export function renderPayload(target: HTMLElement, entry: LoggedEvent | undefined): void {
  target.textContent = entry ? jsonText(entry.event) : '—';
}

/** The context viewer: the snapshot's context (at the moment, or live). */
export function renderContext(target: HTMLElement, context: unknown): void {
  target.textContent = context === undefined ? '—' : jsonText(context);
}

const SVG = 'http://www.w3.org/2000/svg';
function el<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, parent: Element): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  parent.appendChild(node);
  return node;
}

/**
 * The sequence view: a lifeline per actor (the selected one, its parent, its children) and an arrow per event
 * one of them sent to another, newest last. Returns the number of arrows drawn.
 */
export function renderSequence(target: HTMLElement, store: Store, actor: ActorRecord | undefined, locale: Locale): number {
  if (!actor) {
    target.replaceChildren();
    return 0;
  }
  const family = [actor.parentId !== undefined ? store.actors.get(actor.parentId) : undefined, actor, ...[...store.actors.values()].filter((other) => other.parentId === actor.sessionId)].filter(
    (member): member is ActorRecord => member !== undefined,
  );
  const ids = family.map((member) => member.sessionId);
  const messages: { from: number; to: number; type: string; seq: number }[] = [];
  for (const member of family) {
    for (const entry of member.events) {
      const from = entry.sourceId === undefined ? -1 : ids.indexOf(entry.sourceId);
      if (from >= 0 && from !== ids.indexOf(member.sessionId)) messages.push({ from, to: ids.indexOf(member.sessionId), type: entry.event.type, seq: entry.seq });
    }
  }
  messages.sort((a, b) => a.seq - b.seq);
  const shown = messages.slice(-MAX_ARROWS);
  if (family.length < 2) {
    const note = document.createElement('p');
    note.className = 'muted';
    note.textContent = label(locale, 'noFamily');
    target.replaceChildren(note);
    return 0;
  }
  const lane = 170;
  const rowHeight = 22;
  const width = lane * family.length;
  const height = 34 + rowHeight * shown.length + 10;
  const svg = el('svg', { class: 'sequence', width, height, viewBox: `0 0 ${width} ${height}` }, document.createElement('div'));
  family.forEach((member, index) => {
    const x = lane * index + lane / 2;
    el('line', { x1: x, y1: 24, x2: x, y2: height, class: 'lifeline' }, svg);
    const title = el('text', { x, y: 15, 'text-anchor': 'middle', class: `actor-name${member === actor ? ' selected' : ''}` }, svg);
    title.textContent = `${member.name} (${member.sessionId})`;
  });
  shown.forEach((message, row) => {
    const y = 40 + row * rowHeight;
    const x1 = lane * message.from + lane / 2;
    const x2 = lane * message.to + lane / 2;
    const group = el('g', { class: 'message', 'data-seq': message.seq }, svg);
    el('line', { x1, y1: y, x2: x2 + (x2 > x1 ? -4 : 4), y2: y, class: 'arrow', 'marker-end': 'url(#seq-arrow)' }, group);
    const text = el('text', { x: (x1 + x2) / 2, y: y - 4, 'text-anchor': 'middle', class: 'message-type' }, group);
    text.textContent = message.type;
  });
  const defs = el('defs', {}, svg);
  const marker = el('marker', { id: 'seq-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' }, defs);
  el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }, marker);
  target.replaceChildren(svg);
  target.dataset['messages'] = String(messages.length);
  return shown.length;
}
