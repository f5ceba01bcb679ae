/**
 * The inspector page: one store fed by the page's WebSocket (`charleston inspect`) and by `postMessage` from an
 * external XState v5 app (`createBrowserInspector({ url })`); the statechart of the chosen root actor with its
 * active states, the event log, the table panel and the session controls.
 */
import type { ControlMessage } from '../protocol.js';
import { SEATS, type Seat } from '../../seats.js';
import { resolveLocale, t } from '../../i18n/translate.js';
import '../../i18n/locales.js'; // the page's language picker offers every language
import { label, type LabelKey } from './labels.js';
import type { CharlestonEvent } from '../../types.js';
import { buildChart, currentPath, highlight, layoutChart, renderChart, type Measure } from './graph.js';
import { linesFromEvents, linesFromTable, renderLog } from './log.js';
import { parseAllowList, startWindowReceiver } from './receiver.js';
import { TablePanel } from './render-table.js';
import { connectSocket } from './socket.js';
import { Store, type ActorRecord } from './store.js';

const params = new URLSearchParams(window.location.search);
const seatParam = params.get('seat');
const seat = seatParam !== null && (SEATS as readonly string[]).includes(seatParam) ? seatParam : null;
const allow = parseAllowList(params.get('allow'));
const { locale, warning: localeWarning } = resolveLocale(params.get('lang') ?? undefined);
if (localeWarning !== undefined) console.warn(`charleston inspector: ${localeWarning}`);

function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`#${id} missing from index.html`);
  return node as T;
}

const ui = {
  connection: byId<HTMLSpanElement>('connection'),
  windowStatus: byId<HTMLSpanElement>('window-status'),
  actorPicker: byId<HTMLSelectElement>('actor-picker'),
  current: byId<HTMLSpanElement>('current-state'),
  chart: byId<HTMLDivElement>('chart'),
  chartInfo: byId<HTMLSpanElement>('chart-info'),
  zoom: byId<HTMLSelectElement>('zoom'),
  log: byId<HTMLOListElement>('log'),
  logCount: byId<HTMLSpanElement>('log-count'),
  table: byId<HTMLElement>('table-panel'),
  errors: byId<HTMLDivElement>('errors'),
  controls: byId<HTMLDivElement>('controls'),
  cursor: byId<HTMLSpanElement>('cursor'),
  seatPicker: byId<HTMLSelectElement>('seat-picker'),
  langPicker: byId<HTMLSelectElement>('lang-picker'),
};

// ---------------------------------------------------------------- language (?lang=en|ca|sw|el)

/** Translates the static labels of index.html (`data-i18n`, `data-i18n-title`) and the seat names. */
function translatePage(): void {
  document.documentElement.lang = locale;
  document.title = label(locale, 'title');
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) node.textContent = label(locale, node.dataset['i18n'] as LabelKey);
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-title]')) node.title = label(locale, node.dataset['i18nTitle'] as LabelKey);
  if (locale !== 'en') {
    for (const option of ui.seatPicker.options) {
      if ((SEATS as readonly string[]).includes(option.value)) option.textContent = t(locale, `seat.${option.value as Seat}`);
    }
  }
}
translatePage();
ui.langPicker.value = locale;
ui.langPicker.addEventListener('change', () => {
  const next = new URLSearchParams(window.location.search);
  if (ui.langPicker.value === 'en') next.delete('lang');
  else next.set('lang', ui.langPicker.value);
  const query = next.toString();
  window.location.search = query ? `?${query}` : '';
});

const store = new Store();

// ---------------------------------------------------------------- sources

const socket = connectSocket(store, seat, () => schedule());
const receiver = startWindowReceiver(store, allow, () => schedule());

function sendEvent(event: CharlestonEvent): boolean {
  const ok = socket.send({ type: 'charleston.send', event });
  if (!ok) store.addError(label(locale, 'notConnectedSend'));
  return ok;
}

function control(action: ControlMessage['action']): void {
  if (!socket.send({ type: 'charleston.control', action })) store.addError(label(locale, 'notConnected'));
}

const tablePanel = new TablePanel(ui.table, { send: sendEvent, locale });

// ---------------------------------------------------------------- controls

for (const action of ['play', 'pause', 'step', 'back', 'reset'] as const) {
  byId<HTMLButtonElement>(action).addEventListener('click', () => control(action));
}
ui.seatPicker.value = seat ?? 'all';
ui.seatPicker.addEventListener('change', () => {
  const next = new URLSearchParams(window.location.search);
  if (ui.seatPicker.value === 'all') next.delete('seat');
  else next.set('seat', ui.seatPicker.value);
  const query = next.toString();
  window.location.search = query ? `?${query}` : '';
});
ui.actorPicker.addEventListener('change', () => {
  store.pin(ui.actorPicker.value === '' ? null : ui.actorPicker.value);
});
ui.zoom.addEventListener('change', () => {
  applyZoom();
  scrollToActive(true);
});
new ResizeObserver(() => applyZoom()).observe(ui.chart);
ui.errors.addEventListener('click', (event) => {
  if ((event.target as HTMLElement).closest('button.dismiss')) store.clearErrors();
});

// ---------------------------------------------------------------- chart

const canvas = document.createElement('canvas');
const context2d = canvas.getContext('2d');
const measure: Measure = (text, font) => {
  if (!context2d) return text.length * 7;
  context2d.font = font;
  return context2d.measureText(text).width;
};

interface Drawn {
  definition: string;
  svg: SVGSVGElement;
}
let drawn: Drawn | null = null;
let laying: string | null = null;

function drawChart(actor: ActorRecord | undefined): void {
  const definition = actor?.definition;
  if (definition === undefined) {
    if (drawn || ui.chart.childElementCount === 0 || !ui.chart.querySelector('.placeholder')) {
      drawn = null;
      laying = null;
      const note = document.createElement('p');
      note.className = 'placeholder';
      note.textContent = actor ? label(locale, 'noDefinition', { name: actor.name }) : label(locale, 'waitingMachine');
      ui.chart.replaceChildren(note);
    }
    return;
  }
  if (drawn?.definition === definition || laying === definition) return;
  laying = definition;
  let chart: ReturnType<typeof buildChart>;
  try {
    chart = buildChart(definition);
  } catch (error) {
    laying = null;
    drawn = null;
    const note = document.createElement('p');
    note.className = 'placeholder error';
    note.textContent = label(locale, 'cannotDraw', { error: error instanceof Error ? error.message : String(error) });
    ui.chart.replaceChildren(note);
    return;
  }
  layoutChart(chart, measure, Math.max(400, ui.chart.clientWidth - 16)).then(
    (layout) => {
      if (laying !== definition) return;
      laying = null;
      const svg = renderChart(layout);
      drawn = { definition, svg };
      ui.chart.replaceChildren(svg);
      applyZoom();
      lastActive = '';
      ui.chart.dataset['layout'] = String(Number(ui.chart.dataset['layout'] ?? '0') + 1);
      schedule();
    },
    (error: unknown) => {
      if (laying !== definition) return;
      laying = null;
      const note = document.createElement('p');
      note.className = 'placeholder error';
      note.textContent = label(locale, 'layoutFailed', { error: error instanceof Error ? error.message : String(error) });
      ui.chart.replaceChildren(note);
    },
  );
}

/** Scales the drawn chart: fit width (at most 100%), fit all, or a fixed zoom. */
function applyZoom(): void {
  if (!drawn) return;
  const [, , w = 0, h = 0] = (drawn.svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const cw = Math.max(100, ui.chart.clientWidth - 16);
  const ch = Math.max(100, ui.chart.clientHeight - 16);
  const mode = ui.zoom.value;
  const scale = mode === 'width' ? Math.min(1, cw / w) : mode === 'all' ? Math.min(1, cw / w, ch / h) : Number(mode) || 1;
  drawn.svg.setAttribute('width', String(Math.floor(w * scale)));
  drawn.svg.setAttribute('height', String(Math.floor(h * scale)));
  ui.chart.dataset['scale'] = scale.toFixed(2);
}

let lastActive = '';
/** Brings the active leaf states into view when they change (or when forced). */
function scrollToActive(force = false): void {
  if (!drawn) return;
  const leaves = [...drawn.svg.querySelectorAll<SVGGElement>('g.state.leaf.active')];
  const key = leaves.map((leaf) => leaf.getAttribute('data-state')).join('|');
  if (!force && key === lastActive) return;
  lastActive = key;
  if (leaves.length === 0) return;
  const box = ui.chart.getBoundingClientRect();
  const rects = leaves.map((leaf) => leaf.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  if (top < box.top || bottom > box.bottom) ui.chart.scrollTop += (top + bottom) / 2 - (box.top + box.bottom) / 2;
  if (left < box.left || right > box.right) ui.chart.scrollLeft += (left + right) / 2 - (box.left + box.right) / 2;
}

// ---------------------------------------------------------------- render

// Renders once per burst of messages, in a task of its own: a MessageChannel task is not throttled like
// setTimeout in a background window (the popup often is one while the app is used).
let scheduled = false;
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  scheduled = false;
  render();
};
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  tick.port2.postMessage(null);
}
store.subscribe(schedule);

const STATUS_TEXT: Record<typeof socket.status, string> = {
  connecting: label(locale, 'status.connecting'),
  open: label(locale, 'status.open'),
  closed: label(locale, 'status.closed'),
  unavailable: label(locale, 'status.unavailable'),
};

function renderActorPicker(current: ActorRecord | undefined): void {
  const roots = store.roots();
  const options: HTMLOptionElement[] = [];
  const follow = document.createElement('option');
  follow.value = '';
  follow.textContent = label(locale, roots.length > 0 ? 'newestRoot' : 'noActors');
  options.push(follow);
  roots.forEach((actor, index) => {
    const option = document.createElement('option');
    option.value = actor.sessionId;
    option.textContent = `${actor.name} #${index + 1} (${label(locale, actor.source === 'socket' ? 'sourceServer' : 'sourceApp')}${actor.snapshot?.status && actor.snapshot.status !== 'active' ? `, ${actor.snapshot.status}` : ''})`;
    options.push(option);
  });
  const signature = options.map((option) => `${option.value}=${option.textContent}`).join('|');
  if (ui.actorPicker.dataset['signature'] !== signature) {
    ui.actorPicker.replaceChildren(...options);
    ui.actorPicker.dataset['signature'] = signature;
  }
  ui.actorPicker.value = store.pinned ?? '';
  ui.actorPicker.disabled = roots.length === 0;
  ui.actorPicker.title = current ? label(locale, 'drawing', { name: current.name, id: current.sessionId }) : '';
}

function render(): void {
  const table = store.table;
  const actor = store.current();

  ui.connection.textContent = STATUS_TEXT[socket.status];
  ui.connection.dataset['status'] = socket.status;
  const windowParts: string[] = [];
  if (receiver.announced) windowParts.push(receiver.accepted > 0 ? label(locale, 'appConnected', { count: receiver.accepted }) : label(locale, 'waitingApp'));
  if (receiver.ignored > 0) windowParts.push(label(locale, 'ignored', { count: receiver.ignored }));
  ui.windowStatus.textContent = windowParts.join(' · ');
  ui.windowStatus.dataset['ignored'] = String(receiver.ignored);
  ui.windowStatus.dataset['accepted'] = String(receiver.accepted);
  ui.windowStatus.hidden = windowParts.length === 0;

  renderActorPicker(actor);
  drawChart(actor);

  const value = actor?.snapshot?.value ?? table?.value;
  if (drawn && value !== undefined) {
    highlight(drawn.svg, value);
    scrollToActive();
  }
  const path = value === undefined ? '' : currentPath(value);
  ui.current.textContent = path || '—';
  ui.current.setAttribute('data-state', path);
  ui.current.dataset['status'] = actor?.snapshot?.status ?? '';
  ui.chartInfo.textContent = actor ? `${actor.name}${actor.snapshot?.status && actor.snapshot.status !== 'active' ? ` (${actor.snapshot.status})` : ''}` : '';

  document.body.classList.toggle('has-table', table !== null);
  tablePanelRender();

  const lines = table ? linesFromTable(table.log) : actor ? linesFromEvents(actor.events) : [];
  const logSignature = table ? `t:${table.cursor}:${table.log.length}:${table.log[table.log.length - 1]?.index ?? ''}:${store.version}` : `a:${actor?.sessionId ?? ''}:${actor?.events.length ?? 0}`;
  if (ui.log.dataset['signature'] !== logSignature) {
    renderLog(ui.log, lines, locale);
    ui.log.dataset['signature'] = logSignature;
  }
  ui.logCount.textContent = `${lines.length}`;

  const live = socket.status === 'open' && table !== null;
  ui.controls.hidden = table === null;
  for (const button of ui.controls.querySelectorAll('button')) button.disabled = !live;
  if (table) {
    byId<HTMLButtonElement>('play').disabled = !live || table.playing;
    byId<HTMLButtonElement>('pause').disabled = !live || !table.playing;
    byId<HTMLButtonElement>('back').disabled = !live || table.cursor <= 0;
    ui.cursor.textContent = `${table.cursor} / ${table.total}`;
    ui.cursor.dataset['cursor'] = String(table.cursor);
    ui.cursor.dataset['total'] = String(table.total);
  }
  const errors = store.errors;
  ui.errors.hidden = errors.length === 0;
  if (errors.length > 0) {
    const items = errors.map((message) => {
      const item = document.createElement('div');
      item.className = 'error';
      item.textContent = message;
      return item;
    });
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'dismiss';
    dismiss.textContent = label(locale, 'dismiss');
    ui.errors.replaceChildren(...items, dismiss);
  }
}

let lastTable: unknown = undefined;
function tablePanelRender(): void {
  if (store.table === lastTable) return;
  lastTable = store.table;
  tablePanel.render(store.table);
}

render();
