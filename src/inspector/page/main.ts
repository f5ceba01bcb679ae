/**
 * The inspector page: one store fed by the page's WebSocket (`charleston inspect`: its table and Node apps), by
 * `postMessage` from a browser app (`createBrowserInspector({ url })`), or by the table service's live feed
 * (`#table=ID&token=TOKEN`). It shows the selected actor's statechart with its active states, its events (click
 * one to see that moment), the event's payload, the context, a sequence view with its parent and children, and
 * for the session's own table the table panel and the session controls.
 */
import { resolveLocale, type CharlestonEvent } from '../../index.js';
import '../../i18n/locales.js'; // the page's language picker offers every language (the package's locales entry)
import type { ControlMessage } from '../protocol.js';
import { buildChart, currentPath, highlight, layoutChart, renderChart, type Measure } from './graph.js';
import { label, type LabelKey } from './labels.js';
import { renderContext, renderEvents, renderPayload, renderSequence } from './panels.js';
import { PanZoom } from './panzoom.js';
import { parseAllowList, startWindowReceiver } from './receiver.js';
import { TablePanel } from './render-table.js';
import { followServiceTable, serviceTarget, type ServiceLink } from './service-link.js';
import { connectSocket, type SocketLink } from './socket.js';
import { Store, TABLE_ACTOR, type ActorRecord, type SnapshotLike } from './store.js';

const params = new URLSearchParams(window.location.search);
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
  moment: byId<HTMLDivElement>('moment'),
  momentText: byId<HTMLSpanElement>('moment-text'),
  chart: byId<HTMLDivElement>('chart'),
  chartContent: byId<HTMLDivElement>('chart-content'),
  chartInfo: byId<HTMLSpanElement>('chart-info'),
  log: byId<HTMLOListElement>('log'),
  logCount: byId<HTMLSpanElement>('log-count'),
  payload: byId<HTMLPreElement>('payload'),
  context: byId<HTMLPreElement>('context'),
  contextWhen: byId<HTMLSpanElement>('context-when'),
  sequence: byId<HTMLDivElement>('sequence'),
  table: byId<HTMLElement>('table-panel'),
  errors: byId<HTMLDivElement>('errors'),
  controls: byId<HTMLDivElement>('controls'),
  cursor: byId<HTMLSpanElement>('cursor'),
  langPicker: byId<HTMLSelectElement>('lang-picker'),
};

// ---------------------------------------------------------------- language (?lang=en|ca|sw|el)

function translatePage(): void {
  document.documentElement.lang = locale;
  document.title = label(locale, 'title');
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]')) node.textContent = label(locale, node.dataset['i18n'] as LabelKey);
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-title]')) node.title = label(locale, node.dataset['i18nTitle'] as LabelKey);
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

const target = serviceTarget(window.location.hash);
const service: ServiceLink | null = target ? followServiceTable(target, store, () => schedule(), locale) : null;
// At /inspect the page is served by the table service, which has no inspection socket: without a table in the
// fragment it says how to follow one and asks for nothing.
const onService = window.location.pathname.startsWith('/inspect');
const socket: SocketLink | null = target || onService ? null : connectSocket(store, () => schedule());
const logHint = document.querySelector<HTMLElement>('#log-panel .hint');
if (target?.spectator && logHint) logHint.textContent = label(locale, 'spectatorNoLog');
const receiver = startWindowReceiver(store, allow, () => schedule());
if (service) store.pin(service.actorId);
if (params.has('seat')) store.addError(label(locale, 'seatModeGone'));

function sendEvent(event: CharlestonEvent): boolean {
  const ok = socket?.send({ type: 'charleston.send', event }) ?? false;
  if (!ok) store.addError(label(locale, 'notConnectedSend'));
  return ok;
}

function control(action: ControlMessage['action']): void {
  if (!socket?.send({ type: 'charleston.control', action })) store.addError(label(locale, 'notConnected'));
}

const tablePanel = new TablePanel(ui.table, { send: sendEvent, locale });

// ---------------------------------------------------------------- controls and tabs

for (const action of ['play', 'pause', 'step', 'back', 'reset'] as const) {
  byId<HTMLButtonElement>(action).addEventListener('click', () => control(action));
}
ui.actorPicker.addEventListener('change', () => store.pin(ui.actorPicker.value === '' ? null : ui.actorPicker.value));
ui.errors.addEventListener('click', (event) => {
  if ((event.target as HTMLElement).closest('button.dismiss')) store.clearErrors();
});
const chooseRow = (event: Event): void => {
  const row = (event.target as HTMLElement).closest<HTMLElement>('li[data-seq]');
  if (!row) return;
  const seq = Number(row.dataset['seq']);
  store.travel(store.moment === seq ? null : seq);
};
ui.log.addEventListener('click', chooseRow);
ui.log.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    chooseRow(event);
  }
});
byId<HTMLButtonElement>('live').addEventListener('click', () => store.travel(null));

function showTab(tab: string): void {
  document.body.dataset['tab'] = tab;
  for (const button of document.querySelectorAll<HTMLButtonElement>('nav.tabs button[data-tab]')) button.setAttribute('aria-selected', String(button.dataset['tab'] === tab));
  if (tab === 'chart') requestAnimationFrame(() => fitChart());
}
for (const button of document.querySelectorAll<HTMLButtonElement>('nav.tabs button[data-tab]')) button.addEventListener('click', () => showTab(button.dataset['tab'] ?? 'now'));
showTab('now');

// ---------------------------------------------------------------- chart

const canvas = document.createElement('canvas');
const context2d = canvas.getContext('2d');
const measure: Measure = (text, font) => {
  if (!context2d) return text.length * 7;
  context2d.font = font;
  return context2d.measureText(text).width;
};
const panzoom = new PanZoom(ui.chart, ui.chartContent);
byId<HTMLButtonElement>('zoom-in').addEventListener('click', () => panzoom.zoomBy(1.25));
byId<HTMLButtonElement>('zoom-out').addEventListener('click', () => panzoom.zoomBy(0.8));
byId<HTMLButtonElement>('zoom-fit').addEventListener('click', () => panzoom.fit('all'));
byId<HTMLButtonElement>('zoom-reset').addEventListener('click', () => {
  panzoom.zoomTo(1);
  revealActive(true);
});

interface Drawn {
  definition: string;
  svg: SVGSVGElement;
  width: number;
  height: number;
}
let drawn: Drawn | null = null;
let laying: string | null = null;
let lastActive = '';

/**
 * The readable first view: the chart's width, not smaller than 55 %, with the active states in view; on a phone
 * (a viewport under 600 px) the chart at 1:1 centred on the active states, so its text stays readable.
 */
function fitChart(): void {
  if (!drawn) return;
  panzoom.fit('width', ui.chart.clientWidth < 600 ? 1 : 0.55);
  revealActive(true);
}

function placeholder(text: string, error = false): void {
  drawn = null;
  const note = document.createElement('p');
  note.className = error ? 'placeholder error' : 'placeholder';
  note.textContent = text;
  ui.chartContent.replaceChildren(note);
  ui.chartContent.style.transform = '';
}

function drawChart(actor: ActorRecord | undefined): void {
  const definition = actor?.definition;
  if (definition === undefined) {
    laying = null;
    if (drawn || !ui.chartContent.querySelector('.placeholder')) placeholder(actor ? label(locale, 'noDefinition', { name: actor.name }) : label(locale, onService && !target ? 'followTable' : 'waitingMachine'));
    return;
  }
  if (drawn?.definition === definition || laying === definition) return;
  laying = definition;
  let chart: ReturnType<typeof buildChart>;
  try {
    chart = buildChart(definition);
  } catch (error) {
    laying = null;
    placeholder(label(locale, 'cannotDraw', { error: error instanceof Error ? error.message : String(error) }), true);
    return;
  }
  layoutChart(chart, measure, Math.max(400, ui.chart.clientWidth - 16)).then(
    (layout) => {
      if (laying !== definition) return;
      laying = null;
      const svg = renderChart(layout);
      const width = Number(svg.getAttribute('width'));
      const height = Number(svg.getAttribute('height'));
      drawn = { definition, svg, width, height };
      ui.chartContent.replaceChildren(svg);
      panzoom.setSize(width, height);
      lastActive = '';
      ui.chart.dataset['layout'] = String(Number(ui.chart.dataset['layout'] ?? '0') + 1);
      render();
      fitChart();
    },
    (error: unknown) => {
      if (laying !== definition) return;
      laying = null;
      placeholder(label(locale, 'layoutFailed', { error: error instanceof Error ? error.message : String(error) }), true);
    },
  );
}

/** Pans to the active leaf states when they change (or when forced). */
function revealActive(force = false): void {
  if (!drawn) return;
  const leaves = [...drawn.svg.querySelectorAll<SVGGElement>('g.state.leaf.active')];
  const key = leaves.map((leaf) => leaf.getAttribute('data-state')).join('|');
  if (!force && key === lastActive) return;
  lastActive = key;
  const boxes = leaves.map((leaf) => leaf.querySelector('rect.box')).filter((rect): rect is SVGRectElement => rect !== null);
  if (boxes.length === 0) return;
  const num = (rect: SVGRectElement, name: string): number => Number(rect.getAttribute(name) ?? 0);
  const x = Math.min(...boxes.map((r) => num(r, 'x')));
  const y = Math.min(...boxes.map((r) => num(r, 'y')));
  const right = Math.max(...boxes.map((r) => num(r, 'x') + num(r, 'width')));
  const bottom = Math.max(...boxes.map((r) => num(r, 'y') + num(r, 'height')));
  panzoom.reveal({ x, y, width: right - x, height: bottom - y });
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

function connectionText(): { text: string; status: string } {
  if (service) return { text: label(locale, `service.${service.status}`), status: service.status };
  const status = socket?.status ?? 'unavailable';
  if (status === 'open' && !store.hasSession) return { text: label(locale, 'status.relay'), status: 'open' };
  return { text: label(locale, `status.${status}`), status };
}

function renderActorPicker(current: ActorRecord | undefined): void {
  const ordered = store.ordered();
  const options: HTMLOptionElement[] = [];
  const follow = document.createElement('option');
  follow.value = '';
  follow.textContent = label(locale, ordered.length > 0 ? 'followActive' : 'noActors');
  options.push(follow);
  for (const { actor, depth } of ordered) {
    const option = document.createElement('option');
    option.value = actor.sessionId;
    const where = label(locale, actor.source === 'window' ? 'sourceApp' : actor.source === 'service' ? 'sourceService' : Store.isApp(actor) ? 'sourceNode' : 'sourceServer');
    const status = actor.snapshot?.status && actor.snapshot.status !== 'active' ? `, ${actor.snapshot.status}` : '';
    option.textContent = `${'\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '↳ ' : ''}${actor.name} · ${actor.sessionId} (${where}${status})`;
    options.push(option);
  }
  const signature = options.map((option) => `${option.value}=${option.textContent}`).join('|');
  if (ui.actorPicker.dataset['signature'] !== signature) {
    ui.actorPicker.replaceChildren(...options);
    ui.actorPicker.dataset['signature'] = signature;
  }
  ui.actorPicker.value = store.pinned ?? '';
  ui.actorPicker.disabled = ordered.length === 0;
  ui.actorPicker.dataset['current'] = current?.sessionId ?? '';
  ui.actorPicker.title = current ? label(locale, 'drawing', { name: current.name, id: current.sessionId }) : '';
}

/** The snapshot whose context the panel shows. */
let shownSnapshot: SnapshotLike | undefined;

function render(): void {
  const actor = store.current();
  const moment = store.momentOf(actor);
  const connection = connectionText();
  ui.connection.textContent = connection.text;
  ui.connection.dataset['status'] = connection.status;
  const windowParts: string[] = [];
  if (receiver.announced) windowParts.push(receiver.accepted > 0 ? label(locale, 'appConnected', { count: receiver.accepted }) : label(locale, 'waitingApp'));
  if (receiver.ignored > 0) windowParts.push(label(locale, 'ignored', { count: receiver.ignored }));
  ui.windowStatus.textContent = windowParts.join(' · ');
  ui.windowStatus.dataset['ignored'] = String(receiver.ignored);
  ui.windowStatus.dataset['accepted'] = String(receiver.accepted);
  ui.windowStatus.hidden = windowParts.length === 0;

  renderActorPicker(actor);
  drawChart(actor);

  const snapshot = (actor && moment ? store.snapshotAt(actor, moment) : undefined) ?? actor?.snapshot;
  const value = snapshot?.value;
  if (drawn && value !== undefined) {
    highlight(drawn.svg, value);
    revealActive();
  }
  const path = value === undefined ? '' : currentPath(value);
  ui.current.textContent = path || '—';
  ui.current.setAttribute('data-state', path);
  ui.current.dataset['status'] = actor?.snapshot?.status ?? '';
  ui.chartInfo.textContent = actor ? `${actor.name}${actor.snapshot?.status && actor.snapshot.status !== 'active' ? ` (${actor.snapshot.status})` : ''}` : '';
  document.body.classList.toggle('at-moment', moment !== undefined);
  ui.moment.hidden = moment === undefined;
  if (moment) ui.momentText.textContent = label(locale, 'viewingMoment', { type: moment.event.type });
  ui.chart.dataset['moment'] = moment ? String(moment.seq) : '';

  const isTable = actor?.sessionId === TABLE_ACTOR && store.table !== null;
  document.body.classList.toggle('has-table', isTable);
  ui.table.hidden = !isTable;
  if (isTable) tablePanelRender();

  const logSignature = `${actor?.sessionId ?? ''}:${actor?.events.length ?? 0}:${actor?.events.at(-1)?.seq ?? ''}:${actor?.events.at(-1)?.snapshot ? 1 : 0}:${store.moment ?? ''}`;
  if (ui.log.dataset['signature'] !== logSignature) {
    const count = renderEvents(ui.log, actor, store.moment, locale);
    ui.log.dataset['signature'] = logSignature;
    ui.logCount.textContent = String(count + (actor?.dropped ?? 0));
    renderPayload(ui.payload, moment ?? actor?.events.at(-1));
    renderSequence(ui.sequence, store, actor, locale);
  }
  // the context follows every snapshot, also one that came without a new event (a followed table's next view)
  if (snapshot !== shownSnapshot || ui.context.dataset['signature'] !== logSignature) {
    shownSnapshot = snapshot;
    ui.context.dataset['signature'] = logSignature;
    renderContext(ui.context, snapshot?.context);
    ui.contextWhen.textContent = moment ? label(locale, 'atMoment') : label(locale, 'live');
  }

  const live = socket?.status === 'open' && store.table !== null;
  ui.controls.hidden = !isTable;
  for (const button of ui.controls.querySelectorAll('button')) button.disabled = !live;
  const table = store.table;
  if (table && isTable) {
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
