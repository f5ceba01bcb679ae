/**
 * Static pages from a fixed allow-list: the player client (`dist/client/`, when it has been built) at `/`,
 * `/t/:id`, `/solo` and `/assets/*`, and the inspector page (`dist/inspector/`) at `/inspect`. Files are read
 * once per start and held in memory; a name outside the list is a 404, so no path ever reaches the file system.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
};

const MAX_FILE = 8 * 1024 * 1024;

function readAllowed(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (TYPES[extname(name)] !== undefined && statSync(path).isFile() && statSync(path).size <= MAX_FILE) files.set(name, readFileSync(path));
  }
  return files;
}

/** Serves the built client and inspector pages found under `distDir`. */
export function registerStatic(app: FastifyInstance, distDir: string): { client: boolean; inspector: boolean } {
  const client = readAllowed(join(distDir, 'client'));
  const assets = readAllowed(join(distDir, 'client', 'assets'));
  const inspector = readAllowed(join(distDir, 'inspector'));
  const clientIndex = client.get('index.html');
  if (clientIndex !== undefined) {
    for (const path of ['/', '/t/:id', '/solo']) app.get(path, async (_request, reply) => reply.type(TYPES['.html'] as string).send(clientIndex));
    app.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
      const body = assets.get(request.params.file);
      if (body === undefined) return reply.callNotFound();
      return reply.type(TYPES[extname(request.params.file)] as string).header('cache-control', 'public, max-age=3600').send(body);
    });
  }
  const inspectorIndex = inspector.get('index.html');
  if (inspectorIndex !== undefined) {
    // The page refers to its files relatively; served at /inspect (no trailing slash) they must name /inspect/.
    const html = inspectorIndex.toString('utf8').replace(/(href|src)="(?!\/|https?:)([^"]+)"/g, '$1="/inspect/$2"');
    for (const path of ['/inspect', '/inspect/']) app.get(path, async (_request, reply) => reply.type(TYPES['.html'] as string).send(html));
    app.get<{ Params: { file: string } }>('/inspect/:file', async (request, reply) => {
      const body = request.params.file === 'index.html' ? undefined : inspector.get(request.params.file);
      if (body === undefined) return reply.callNotFound();
      return reply.type(TYPES[extname(request.params.file)] as string).send(body);
    });
  }
  return { client: clientIndex !== undefined, inspector: inspectorIndex !== undefined };
}
