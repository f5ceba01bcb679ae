#!/usr/bin/env node
/**
 * Serves the browser example on 127.0.0.1: `node examples/inspect-browser/serve.mjs [port] [inspectorUrl]`.
 * Bundles app.mjs with esbuild (xstate and @statelyai/inspect included) and prints the app's address; open it,
 * allow the popup, and the inspector shows the app. Also exported as {@link serveExample} for the tests.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Starts the example's server; resolves with its address and a close function. */
export async function serveExample(port = 0) {
  const bundle = await build({
    entryPoints: [join(HERE, 'app.mjs')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  const js = bundle.outputFiles[0].text;
  const html = await readFile(join(HERE, 'index.html'));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
    else if (path === '/' || path === '/index.html') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end('not found');
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invoked) {
  const port = Number(process.argv[2] ?? 8124);
  const inspector = process.argv[3] ?? 'http://127.0.0.1:8123/';
  const { url } = await serveExample(port);
  console.log(`open ${url}?inspector=${encodeURIComponent(inspector)}`);
}
