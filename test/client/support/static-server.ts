/**
 * A tiny static server for the built client, as the service serves it: `/`, `/t/:id`, `/solo` → index.html,
 * `/assets/*` → the files. Anything under `/api` is answered 404 and counted, so a test can prove that a page
 * made no request to the API. Listens on 127.0.0.1, port 0.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

/** A running static server. */
export interface StaticServer {
  url: string;
  /** Paths of every request that reached `/api`. */
  apiRequests: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8' };

/** Options of {@link serveClient}. */
export interface ServeOptions {
  /** Serve `root` as plain files (`/` is index.html, `/x.js` is x.js) instead of the client's routes. */
  flat?: boolean;
}

/** Serves `root` (a built dist/client, or with `flat` any folder with an index.html). */
export async function serveClient(root: string, options: ServeOptions = {}): Promise<StaticServer> {
  const apiRequests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path.startsWith('/api')) {
      apiRequests.push(path);
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"no service here"}}');
      return;
    }
    const asFile = options.flat === true ? path !== '/' : path.startsWith('/assets/');
    const file = asFile ? normalize(join(root, path)) : join(root, 'index.html');
    if (!file.startsWith(root)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
