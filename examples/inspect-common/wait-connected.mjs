/**
 * Waits (up to `ms`) until a `createWebSocketInspector` inspector is connected. Until then the inspector keeps
 * only its last 200 events (the first, with the machine's definition, would be lost in a burst), so an app that
 * starts with many events should wait for it.
 */
export function waitConnected(inspector, ms = 5000) {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (inspector.adapter?.status === 'open' || Date.now() - started > ms) resolve(inspector.adapter?.status === 'open');
      else setTimeout(check, 20);
    };
    check();
  });
}
