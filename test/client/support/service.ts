/**
 * The table service for the client's browser tests, started as an operator starts it: `node bin/charleston.js
 * serve --port 0 --db pglite:memory` (a child process), serving the client and the inspector page that `npm run
 * build` put in dist/ (`npm test` builds first; after changing the client, build again before running one file).
 * A test worker starts one such node on first use and keeps it for every file it runs (their module graph is the
 * worker's); it is stopped when the worker ends. Each file reaches it through a TCP relay of its own on 127.0.0.1,
 * which can cut every live connection at once, as a phone losing its network would, and which connects to the node
 * from a loopback address of its own (127.0.0.2, 127.0.0.3, …): the node keys its limits (requests and tables per
 * minute, failed token checks, connections) on the address, so each file has budgets of its own, as it had with a
 * node of its own. And a small JSON caller for the API.
 */
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startChild, type ChildNode } from '../../server/child.js';
import { atWorkerExit } from '../../support/worker-exit.js';

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
  /** Closes the relay (and with it every connection of the file); the node stays for the worker's next file. */
  close(): Promise<void>;
}

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

/** A relay on 127.0.0.1 to `port` (connecting from `localAddress`) that knows which of its connections carry a WebSocket. */
async function startRelay(port: number, localAddress: string): Promise<{ port: number; cutLive(): void; setOffline(offline: boolean): void; close(): Promise<void> }> {
  const pairs = new Set<{ client: Socket; upstream: Socket; live: boolean }>();
  let offline = false;
  const server = createServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = connect({ port, host: '127.0.0.1', localAddress });
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

/** The worker's node, started on first use. */
let shared: Promise<ChildNode> | null = null;
/** How many relays this worker made: the next one connects from the loopback address after theirs. */
let relays = 0;

/** The worker's `charleston serve` node: started now if there is none yet, or if it has exited. */
async function workerNode(): Promise<ChildNode> {
  const running = await shared?.catch(() => null);
  if (running !== null && running !== undefined && running.process.exitCode === null && running.process.signalCode === null) return running;
  shared = startChild('pglite:memory', ['--log-level', 'warn']);
  shared.catch(() => undefined);
  const node = await shared;
  atWorkerExit(() => node.process.kill('SIGTERM'));
  return node;
}

/**
 * The worker's `charleston serve` over an in-memory database with the built client and inspector, behind a relay of
 * the caller's own.
 */
export async function startClientService(): Promise<ClientService> {
  for (const page of ['client/index.html', 'inspector']) {
    if (!existsSync(`${DIST}${page}`)) throw new Error(`dist/${page} is missing: run npm run build first (npm test does)`);
  }
  const node = await workerNode();
  relays += 1;
  const relay = await startRelay(Number(new URL(node.base).port), `127.0.${Math.floor(relays / 250)}.${(relays % 250) + 1}`);
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
    },
  };
}
