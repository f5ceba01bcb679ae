/**
 * The table service for the client's browser tests: one node on 127.0.0.1 (port 0) over an in-memory PGlite,
 * serving a client built into a temporary folder; and a small JSON caller for the API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient } from '../../../scripts/build-client.js';
import { buildInspector } from '../../../scripts/build-inspector.js';
import { createService, type Service } from '../../../src/server/app.js';

/** A running service with the client. */
export interface ClientService {
  base: string;
  service: Service;
  /** Calls the API; returns status and parsed body. */
  api(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Builds the client (and with `inspector`, the inspector page at /inspect) and starts a service that serves it. */
export async function startClientService(options: { inspector?: boolean } = {}): Promise<ClientService> {
  const dist = await mkdtemp(join(tmpdir(), 'charleston-client-svc-'));
  await buildClient({ outdir: join(dist, 'client') });
  if (options.inspector === true) await buildInspector({ outdir: join(dist, 'inspector') });
  const service = await createService({ location: { kind: 'pglite', dir: null }, distDir: dist });
  await service.app.listen({ host: '127.0.0.1', port: 0 });
  const address = service.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the service has no address');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    base,
    service,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async close() {
      await service.close();
      await rm(dist, { recursive: true, force: true });
    },
  };
}
