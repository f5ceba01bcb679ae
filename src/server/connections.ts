/**
 * Bounds on the node's TCP connections, whatever they carry (HTTP requests, keep-alive, WebSockets): at most
 * `maxPerAddress` from one client address and `maxConnections` in all. A connection over either bound is closed
 * at once, before a byte of it is read, so a client that opens thousands of connections and trickles into each
 * holds at most its share of the node's file handles. Behind a balancer (`--trust-proxy`), every connection
 * comes from the balancer's own address: the per-address bound is then the balancer's job and only the total
 * applies here (the live route still caps sockets per forwarded address).
 */
import type { Server, Socket } from 'node:net';

/** The bounds; every field has a safe default in `app.ts`. */
export interface ConnectionLimits {
  /** Connections open at once on this node (default 20,000). */
  maxConnections: number;
  /** Connections open at once from one client address (default 512; off behind a trusted balancer). */
  maxPerAddress: number;
}

/** Counts a server's connections per address and closes those over the bounds; returns the live count. */
export function boundConnections(server: Server, limits: ConnectionLimits, perAddress: boolean): { readonly open: number } {
  const byAddress = new Map<string, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = byAddress.get(address) ?? 0;
    if (open >= limits.maxConnections || (perAddress && fromAddress >= limits.maxPerAddress)) {
      socket.destroy();
      return;
    }
    open += 1;
    byAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left <= 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
  });
  return {
    get open() {
      return open;
    },
  };
}
