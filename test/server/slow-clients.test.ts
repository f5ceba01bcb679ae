/**
 * Clients that hold connections without finishing a request: a body that trickles in is cut with 408 once the
 * request's time is up, no client address may hold more than its share of the node's connections, and a
 * shutdown finishes even while a request is still arriving. Every wait here is for an event (a reply, a close),
 * with the limits set short; no test sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawSocket } from './raw.js';
import { api, createTable, startNode, type Node } from './support.js';

/** Headers of a POST whose body is announced at 100 bytes; the caller sends fewer. */
const partialPost = 'POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';

/** Resolves once the node has parsed the headers of a request (it is then in flight, not idle). */
function nextRequest(node: Node): Promise<void> {
  return new Promise((resolve) => node.service.app.server.once('request', () => resolve()));
}

describe('a request that never finishes arriving (pglite)', () => {
  let node: Node;
  beforeAll(async () => {
    // Long enough that the healthz request below is parsed in time even on a loaded machine (its headers fall
    // under the same bound: at 300 ms a CI run once saw healthz itself cut with 408), short enough to wait for.
    node = await startNode({ location: { kind: 'pglite', dir: null }, requestMillis: 3_000 });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  it('is cut with 408 once its time is up; the node serves others meanwhile', async () => {
    const slow = new RawSocket(node.port);
    const parsed = nextRequest(node);
    slow.write(partialPost);
    await parsed;
    expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
    await slow.closed();
    expect(slow.text).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('connections from one address (pglite)', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({ location: { kind: 'pglite', dir: null }, connections: { maxPerAddress: 3 } });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  /** Opens a raw connection and asks for /healthz on it; resolves once it was answered or closed. */
  const healthz = async (): Promise<RawSocket> => {
    const socket = new RawSocket(node.port);
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await socket.until(() => socket.text.includes('"ok":true'));
    return socket;
  };

  it('over the bound, a connection is closed at once, unread; one is taken again when another closes', async () => {
    const held = [await healthz(), await healthz(), await healthz()];
    // The three are served and stay open (keep-alive).
    for (const socket of held) expect(socket.ended).toBe(false);
    const fourth = await healthz();
    expect(fourth.ended).toBe(true);
    expect(fourth.text).toBe('');
    const released = held.pop() as RawSocket;
    released.socket.end();
    await released.closed();
    // The node counts the close when its side of the socket closes, which may come a moment after the client's:
    // a connection refused meanwhile is closed at once, so asking again is bounded by events, not by time.
    let again = await healthz();
    for (let attempt = 0; attempt < 100 && again.ended; attempt += 1) again = await healthz();
    expect(again.ended).toBe(false);
    expect(again.text).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of [...held, again]) socket.socket.destroy();
  });
});

describe('shutdown with a request still arriving (pglite)', () => {
  it('close() finishes: the trickling request is cut after the close time, the database is closed', async () => {
    const node = await startNode({ location: { kind: 'pglite', dir: null }, requestMillis: 60_000, closeMillis: 200 });
    const slow = new RawSocket(node.port);
    const parsed = nextRequest(node);
    slow.write(partialPost);
    await parsed;
    await node.close();
    await slow.closed();
    // Cut, not answered: the request never arrived whole, so nothing was read or decided for it.
    expect(slow.text).toBe('');
    expect(node.service.app.server.listening).toBe(false);
  }, 60_000);

  it('a request that arrives on a kept-alive connection once the shutdown began gets 503 in the service’s shape', async () => {
    const node = await startNode({ location: { kind: 'pglite', dir: null }, closeMillis: 200 });
    const table = await createTable(node.base, { seed: 5 });
    const raw = new RawSocket(node.port);
    const body = JSON.stringify({ event: { type: 'vote.cast', seat: 'east', vote: 'continue' } });
    const parsed = nextRequest(node);
    raw.write(`POST /api/tables/${table.id}/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${table.tokens.east}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await parsed;
    // The HTTP server starts closing (fastify's own 503 would answer from here on) while that request is in flight.
    const server = node.service.app.server;
    const serverClose = server.close.bind(server);
    const serverClosing = new Promise<void>((resolve) => {
      server.close = ((callback?: (error?: Error) => void) => {
        resolve();
        return serverClose(callback);
      }) as typeof server.close;
    });
    const closed = node.close();
    await serverClosing;
    raw.write(`${body.slice(5)}GET /api/tables/${table.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${table.tokens.east}\r\n\r\n`);
    await raw.closed();
    await closed;
    const replies = raw.text.split(/(?=HTTP\/1\.1 )/).filter((part) => part.startsWith('HTTP/1.1'));
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) {
      const json = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { ok?: unknown; error?: { code?: unknown } };
      // In flight before the close, or refused after it: either the table's answer or the service's error shape.
      if (reply.startsWith('HTTP/1.1 503')) expect(json.error?.code, reply.slice(0, 60)).toBe('UNAVAILABLE');
      else expect(typeof json.ok, reply.slice(0, 60)).toBe('boolean');
    }
    // Both requests were answered: the one in flight, and the one that came after the close began.
    expect(replies).toHaveLength(2);
  }, 60_000);
});
