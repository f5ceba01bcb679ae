/**
 * Which browser pages may open the inspector's WebSockets: only a page this server served. The Origin must be
 * this Host, and the Host a loopback name or the bound address (so a rebound DNS name of another site cannot
 * reach the table).
 */
import type { IncomingMessage } from 'node:http';

/** True when the request comes from a page this server served. */
export function isOwnPage(request: IncomingMessage, boundHost: string): boolean {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (typeof origin !== 'string' || typeof host !== 'string') return false;
  const hostname = host.replace(/:\d+$/, '');
  const known = ['127.0.0.1', 'localhost', '[::1]', boundHost, `[${boundHost}]`];
  return known.includes(hostname) && (origin === `http://${host}` || origin === `https://${host}`);
}
