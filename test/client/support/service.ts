/**
 * The table service for the client's browser tests, started as an operator starts it: `node bin/charleston.js
 * serve --port 0 --db pglite:memory` (a child process), serving the client and the inspector page that `npm run
 * build` put in dist/ (`npm test` builds first; after changing the client, build again before running one file).
 * The pages reach it through a TCP relay on 127.0.0.1 that can cut every live connection at once, as a phone losing
 * its network would; and a small JSON caller for the API.
 */
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startChild, stopChild } from '../../server/child.js';

/** A running service with the client. */
export interface ClientService {
  /** The address the pages use (the relay in front of the node). */
  base: string;
  /** Calls the API; returns status and parsed body. */
  api(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Cuts every live (WebSocket) connection without a close frame; HTTP requests are not touched. */
  cutLiveConnections(): void;
  /**
   * A phone off the network: cuts every live connection and refuses every new connection (HTTP too) until
   * {@link ClientService.goOnline}, so a page stays in its reconnecting state for as long as the test looks at it.
   */
  goOffline(): void;
  /** Lets connections through again after {@link ClientService.goOffline}. */
  goOnline(): void;
  close(): Promise<void>;
}

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** A relay on 127.0.0.1 to `port` that knows which of its connections carry a WebSocket. */
async function startRelay(port: number): Promise<{ port: number; cutLive(): void; setOffline(offline: boolean): void; close(): Promise<void> }> {
  const pairs = new Set<{ client: Socket; upstream: Socket; live: boolean }>();
  let offline = false;
  const server = createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    const pair = { client, upstream, live: false };
    pairs.add(pair);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('data', (chunk: Buffer) => {
      if (!pair.live && /\r\nupgrade:\s*websocket/i.test(chunk.toString('latin1'))) pair.live = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the relay has no address');
  const cutLive = (): void => {
    for (const pair of [...pairs]) {
      if (!pair.live) continue;
      pair.client.destroy();
      pair.upstream.destroy();
      pairs.delete(pair);
    }
  };
  return {
    port: address.port,
    cutLive,
    setOffline(value) {
      offline = value;
      if (value) cutLive();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/** Starts `charleston serve` over an in-memory database with the built client and inspector, behind a relay. */
export async function startClientService(): Promise<ClientService> {
  for (const page of ['client/index.html', 'inspector']) {
    if (!existsSync(`${DIST}${page}`)) throw new Error(`dist/${page} is missing: run npm run build first (npm test does)`);
  }
  const node = await startChild('pglite:memory', ['--log-level', 'warn']);
  const relay = await startRelay(Number(new URL(node.base).port));
  const base = `http://127.0.0.1:${relay.port}`;
  return {
    base,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    cutLiveConnections: () => relay.cutLive(),
    goOffline: () => relay.setOffline(true),
    goOnline: () => relay.setOffline(false),
    async close() {
      await relay.close();
      await stopChild(node);
    },
  };
}
