/**
 * Receives inspection events by `postMessage` from an external XState v5 app that called
 * `createBrowserInspector({ url: <this page> })` (popup via `window.open`, or an iframe).
 *
 * After `load` and a tick the page announces `{ type: '@statelyai.connected' }` to its opener (or parent when
 * framed), once: the app's adapter then flushes its buffer (announcing earlier loses the buffered
 * `@xstate.actor` in iframe mode). A message is accepted only when it comes from that window AND from an allowed
 * origin: same-origin, a loopback origin, or one listed in `?allow=a,b`. Everything else is counted and ignored.
 */
import { looksLikeInspectionEvent, parseInspectionEvent, type Store } from './store.js';

const LOOPBACK = [/^https?:\/\/127\.0\.0\.1(:\d+)?$/, /^https?:\/\/localhost(:\d+)?$/, /^http:\/\/\[::1\](:\d+)?$/];

/** True for `http(s)://127.0.0.1:*`, `http(s)://localhost:*` and `http://[::1]:*`. */
export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK.some((pattern) => pattern.test(origin));
}

/** The `?allow=` list: origins, comma separated (trailing slashes dropped). */
export function parseAllowList(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0);
}

/** True when messages from `origin` may be read. */
export function isAllowedOrigin(origin: string, ownOrigin: string, allow: readonly string[]): boolean {
  if (origin === ownOrigin && origin !== 'null') return true;
  return isLoopbackOrigin(origin) || allow.includes(origin);
}

/** The window an app that inspects us lives in: the opener, or the parent when framed. */
export function appWindow(win: Window): Window | null {
  if (win.self !== win.top) return win.parent;
  const opener: unknown = win.opener;
  return opener ? (opener as Window) : null;
}

/** What the window receiver counted, for the page's status line. */
export interface WindowReceiver {
  /** Messages ignored (wrong window or origin). */
  readonly ignored: number;
  /** Messages accepted. */
  readonly accepted: number;
  /** True once the page announced itself to an app window. */
  readonly announced: boolean;
}

/** Starts listening; `onChange` is called when the counters change. */
export function startWindowReceiver(store: Store, allow: readonly string[], onChange: () => void): WindowReceiver {
  const state = { ignored: 0, accepted: 0, announced: false };
  const target = appWindow(window);
  window.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!looksLikeInspectionEvent(data)) return;
    const fromApp = target !== null && event.source === target;
    if (!fromApp || !isAllowedOrigin(event.origin, window.location.origin, allow)) {
      state.ignored += 1;
      onChange();
      return;
    }
    const message = parseInspectionEvent(data);
    if (!message) return;
    state.accepted += 1;
    store.ingest(message, 'window');
  });
  const announce = (): void => {
    setTimeout(() => {
      if (!target || state.announced) return;
      state.announced = true;
      try {
        target.postMessage({ type: '@statelyai.connected' }, '*');
      } catch {
        // the opener went away
      }
      onChange();
    }, 0);
  };
  if (document.readyState === 'complete') announce();
  else window.addEventListener('load', announce, { once: true });
  return state;
}
