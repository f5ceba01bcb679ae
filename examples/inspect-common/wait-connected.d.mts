/** Waits (up to `ms`) until a `createWebSocketInspector` inspector is connected; resolves true once it is. */
export function waitConnected(inspector: { adapter?: unknown }, ms?: number): Promise<boolean>;
