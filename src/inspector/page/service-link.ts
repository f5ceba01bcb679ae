/**
 * Follows a table of the table service, read-only, when the page is opened as `/inspect#table=ID&token=TOKEN`
 * (the fragment never reaches a server log). It opens the service's live feed `/api/tables/ID/live`, says
 * `{ type: 'hello', token }`, and takes `{ type: 'view', version, phase, view }` messages (the admin token gets
 * the public view); after each new version it reads `GET /api/tables/ID/log` (Bearer token) for the event log.
 * The chart is the Charleston machine built into the page, with the table's phase highlighted; the context panel
 * shows the latest view. Views may arrive out of order: an older version than the one shown is ignored. A
 * spectator's link (`&role=spectator`, as `charleston serve --demo` prints it) follows the views only (the log is
 * the admin's): its event list has a row per view it was sent (`table.view`, with its version, phase and hand).
 * The views received are kept by version (bounded), so a log row or a view row can show the table at its moment.
 */
import { charlestonMachine, type Locale } from '../../index.js';
import { label } from './labels.js';
import type { EventObject, SnapshotLike, Store } from './store.js';

/** What the fragment says. */
export interface ServiceTarget {
  table: string;
  token: string;
  /** `role=spectator` in the fragment: the token cannot read the log, so the page does not ask for it. */
  spectator?: true;
}

/** Reads `#table=ID&token=TOKEN`; undefined when the page is not following a service table. */
export function serviceTarget(hash: string): ServiceTarget | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const table = params.get('table');
  const token = params.get('token');
  if (!table || !token || !/^[\w-]{1,128}$/.test(table)) return undefined;
  return params.get('role') === 'spectator' ? { table, token, spectator: true } : { table, token };
}

/** The Charleston machine's definition as `@statelyai/inspect` would send it (functions by name). */
export function charlestonDefinition(): string {
  // A composite guard (`and([...])`) keeps its parts, so the chart can name them.
  return JSON.stringify(charlestonMachine.config, (_key, value: unknown) => {
    if (typeof value !== 'function') return value;
    const { name, guards } = value as { name?: string; guards?: unknown };
    return Array.isArray(guards) ? { type: name ?? 'inline', guards } : { type: name ?? 'inline' };
  });
}

/** A phase (`firstCharleston.left`) as a state value (`{ firstCharleston: 'left' }`). */
export function phaseValue(phase: string): unknown {
  const parts = phase.split('.');
  let value: unknown = parts.pop() ?? phase;
  while (parts.length > 0) value = { [parts.pop() as string]: value };
  return value;
}

/** The status of the link, for the page's header. */
export interface ServiceLink {
  readonly status: 'connecting' | 'open' | 'closed' | 'refused';
  readonly version: number;
  readonly actorId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A view of the live feed, as the page keeps it. */
export interface ViewAt {
  version: number;
  phase: string;
  hand: number | undefined;
  snapshot: SnapshotLike;
}

/** Views kept by version for the events' moments. */
const MAX_VIEWS = 1000;

/** Reads a `view` message of the live feed; undefined for anything else. */
export function parseViewMessage(data: unknown): ViewAt | undefined {
  if (!isRecord(data) || data['type'] !== 'view' || typeof data['phase'] !== 'string' || typeof data['version'] !== 'number') return undefined;
  const hand = typeof data['hand'] === 'number' ? data['hand'] : undefined;
  return { version: data['version'], phase: data['phase'], hand, snapshot: { value: phaseValue(data['phase']), context: data['view'], status: 'active' } };
}

/** A spectator's row for a view it was sent. */
export function viewRow(view: ViewAt): { event: EventObject; snapshot: SnapshotLike } {
  return { event: { type: 'table.view', version: view.version, phase: view.phase, ...(view.hand === undefined ? {} : { hand: view.hand }) }, snapshot: view.snapshot };
}

/** Connects to the service (reconnecting a few times) and feeds the store. */
export function followServiceTable(target: ServiceTarget, store: Store, onStatus: () => void, locale: Locale = 'en'): ServiceLink {
  const actorId = `service:${target.table}`;
  const definition = charlestonDefinition();
  const link = { status: 'connecting' as ServiceLink['status'], version: -1, actorId };
  const base = new URL('/', window.location.href);
  const wsUrl = `${base.protocol === 'https:' ? 'wss' : 'ws'}://${base.host}/api/tables/${encodeURIComponent(target.table)}/live`;
  let fetching = false;
  let fetchedVersion = -1;
  let retries = 0;
  /** The views received, oldest first, by version (the spectator's event rows; the admin's log rows' moments). */
  const views: ViewAt[] = [];
  const snapshotOf = (version: unknown): SnapshotLike | undefined => (typeof version === 'number' ? views.find((view) => view.version === version)?.snapshot : undefined);

  const readLog = async (): Promise<void> => {
    if (target.spectator === true) return;
    if (fetching || fetchedVersion >= link.version) return;
    fetching = true;
    const wanted = link.version;
    try {
      const response = await fetch(new URL(`/api/tables/${encodeURIComponent(target.table)}/log`, base), { headers: { authorization: `Bearer ${target.token}` } });
      if (!response.ok) {
        store.addError(label(locale, 'serviceLogRefused', { status: response.status }));
        return;
      }
      const body: unknown = await response.json();
      const events = isRecord(body) && Array.isArray(body['events']) ? body['events'] : [];
      const rows: { event: EventObject; snapshot?: SnapshotLike }[] = [];
      for (const item of events) {
        if (!isRecord(item) || !isRecord(item['event']) || typeof item['event']['type'] !== 'string') continue;
        const event = { ...(item['event'] as EventObject) };
        if (typeof item['seat'] === 'string' && event['seat'] === undefined) event['seat'] = item['seat'];
        const row = { event: { ...event, ...(typeof item['version'] === 'number' ? { version: item['version'] } : {}), ...(typeof item['at'] === 'string' || typeof item['at'] === 'number' ? { at: item['at'] } : {}) } };
        const snapshot = snapshotOf(item['version']);
        rows.push(snapshot === undefined ? row : { ...row, snapshot });
      }
      fetchedVersion = wanted;
      store.setServiceEvents(actorId, rows);
    } catch (error) {
      store.addError(label(locale, 'serviceLogFailed', { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      fetching = false;
      if (link.version > fetchedVersion && link.status === 'open') void readLog();
    }
  };

  const open = (): void => {
    const socket = new WebSocket(wsUrl);
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'hello', token: target.token }));
      link.status = 'open';
      retries = 0;
      onStatus();
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!isRecord(data)) return;
      const view = parseViewMessage(data);
      if (view !== undefined) {
        // a late view of an older version (another node's, or a reconnect's) does not take the page back
        if (view.version <= link.version) return;
        link.version = view.version;
        views.push(view);
        if (views.length > MAX_VIEWS) views.splice(0, views.length - MAX_VIEWS);
        store.setServiceTable(actorId, `table ${target.table}`, definition, view.snapshot.value, view.snapshot.context);
        if (target.spectator === true) store.addServiceEvent(actorId, viewRow(view));
        else void readLog();
      } else if (data['type'] === 'error' && typeof data['message'] === 'string') {
        store.addError(label(locale, 'serviceSaid', { message: data['message'] }));
      }
    });
    socket.addEventListener('close', (event: CloseEvent) => {
      const refused = event.code === 4401 || event.code === 1008 || event.code === 4403 || event.code === 4404;
      link.status = refused ? 'refused' : 'closed';
      if (refused) store.addError(label(locale, 'serviceClosed', { reason: event.reason || event.code }));
      else if (retries < 5) {
        retries += 1;
        link.status = 'connecting';
        setTimeout(open, 1000 * retries);
      }
      onStatus();
    });
  };
  open();
  return link;
}
