/**
 * The origin allow-list: a browser may call from the service's own origin or from one listed with
 * `--allow-origin`; any other page's request (HTTP or WebSocket upgrade) gets 403. Requests without an `Origin`
 * header (curl, servers) are not browsers and pass.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from './errors.js';

/** True when the request's origin may call the API. */
export function isAllowedOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** Adds the origin check and CORS headers for allowed cross-origin callers (with preflight). */
export function installOriginCheck(app: FastifyInstance, allowed: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    // A WebSocket upgrade is checked by the live route itself (an error here would leave the upgrade hanging).
    if (request.headers.upgrade?.toLowerCase() === 'websocket' && /^\/api\/tables\/[^/?]+\/live(\?|$)/.test(request.url)) return undefined;
    if (!isAllowedOrigin(request, allowed)) throw new ServiceError('FORBIDDEN', 'originNotAllowed', { origin: String(request.headers.origin).slice(0, 100) });
    const origin = request.headers.origin;
    if (origin !== undefined && allowed.has(origin)) {
      void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        return reply
          .header('access-control-allow-methods', 'GET, POST, PUT, OPTIONS')
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-max-age', '600')
          .code(204)
          .send();
      }
    }
    return undefined;
  });
}
