/**
 * The attacker's corpus: malformed, oversized and slow clients, junk over raw sockets, junk events. Each closes
 * at most its own connection or gets a clear error; nothing changes the table; the process stays up and serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS } from '../../src/index.js';
import { RawSocket, frame } from './raw.js';
import { LiveClient, api, createTable, startNode, type Created, type Node } from './support.js';

describe('attacker corpus (pglite)', () => {
  let node: Node;
  let table: Created;
  beforeAll(async () => {
    node = await startNode({
      location: { kind: 'pglite', dir: null },
      live: { helloMillis: 200, maxBufferedBytes: 32 * 1024, rate: { burst: 5000, perSecond: 5000 }, maxInFlight: 64 },
    });
    table = await createTable(node.base, { seed: 31 });
  }, 60_000);
  afterAll(async () => {
    await node.close();
  }, 60_000);

  const livePath = (): string => `/api/tables/${table.id}/live`;
  const ws = (): string => `${node.base.replace('http', 'ws')}${livePath()}`;

  it('closes with 4401 when no hello comes, a bad token, or a send before hello', async () => {
    const silent = new LiveClient(ws());
    await silent.opened;
    expect(await silent.closed).toBe(4401);
    for (const first of [{ type: 'hello', token: 'A'.repeat(32) }, { type: 'hello', token: 42 }, { type: 'hello' }, { type: 'send', id: 1, event: {} }]) {
      const client = new LiveClient(ws());
      await client.opened;
      client.socket.send(JSON.stringify(first));
      expect(await client.closed).toBe(4401);
    }
  });

  it('closes with 1002 for messages that are not JSON hello/send, 1009 over 64 KiB; others are unaffected', async () => {
    const watcher = await LiveClient.connect(node.base, table.id, table.tokens.spectator as string);
    const bad: Array<[string | Buffer, number, boolean?]> = [
      ['not json', 1002],
      ['[1,2,3]', 1002],
      ['{"type":"dance"}', 1002],
      ['null', 1002],
      [Buffer.from([0, 1, 2, 3]), 1002, true],
      [JSON.stringify({ type: 'hello', token: 'x'.repeat(70_000) }), 1009],
    ];
    for (const [data, code, binary] of bad) {
      const client = await LiveClient.connect(node.base, table.id, table.tokens.east as string).catch(() => null);
      if (client === null) throw new Error('connect failed');
      client.socket.send(data, { binary: binary ?? false });
      expect(await client.closed).toBe(code);
    }
    const twice = await LiveClient.connect(node.base, table.id, table.tokens.east as string);
    twice.socket.send(JSON.stringify({ type: 'hello', token: table.tokens.east }));
    expect(await twice.closed).toBe(1002);
    expect(watcher.closeCode).toBeNull();
    await watcher.close();
  });

  it('survives malformed frames over a raw socket (each closes its connection only)', async () => {
    const corpus: Array<[string, Buffer]> = [
      ['unmasked frame', frame('{"type":"hello"}', { masked: false })],
      ['reserved opcode', frame('x', { first: 0x83 })],
      ['RSV1 without extension', frame('x', { first: 0xc1 })],
      ['invalid UTF-8', frame(Buffer.from([0xff, 0xfe, 0xfd]))],
      ['length claim of 2^62', frame('', { claimedLength: 1n << 62n })],
      ['fragmented control frame', frame('', { first: 0x09 })],
      ['continuation without start', frame('abc', { first: 0x80 })],
      ['random bytes', Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 97 + 13) % 256))],
    ];
    for (const [name, bytes] of corpus) {
      const raw = new RawSocket(node.port);
      await raw.upgrade(livePath());
      raw.write(bytes);
      await raw.closed();
      expect(raw.ended, name).toBe(true);
      const code = raw.closeCode();
      if (code !== null) expect([1002, 1009], name).toContain(code);
      // Text that is not UTF-8 is a malformed frame like any other (the contract's 1002, not ws's own 1007).
      if (name === 'invalid UTF-8') expect(code).toBe(1002);
    }
    expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
  });

  it('survives junk HTTP over a raw socket: garbage, huge headers, bad upgrade', async () => {
    const corpus: Array<[string, string | Buffer, RegExp]> = [
      ['garbage', Buffer.from('\x00\x01\x02\x03 garbage \xff\r\n\r\n', 'latin1'), /^HTTP\/1\.1 400/],
      ['header too large', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431/],
      ['bad content-length', 'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}', /^HTTP\/1\.1 400/],
      ['lying content-length', 'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{}', /^HTTP\/1\.1 413/],
      ['upgrade to live without websocket', `GET ${livePath()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, /^HTTP\/1\.1 400/],
      ['upgrade on an unknown table', `GET /api/tables/${'z'.repeat(22)}/live HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`, /^HTTP\/1\.1 404/],
      ['wrong content type', 'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', /^HTTP\/1\.1 4\d\d/],
      ['foreign origin upgrade', `GET ${livePath()} HTTP/1.1\r\nHost: x\r\nOrigin: http://evil.test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`, /^HTTP\/1\.1 403/],
    ];
    for (const [name, bytes, expected] of corpus) {
      const raw = new RawSocket(node.port);
      raw.write(bytes);
      await raw.until(() => /^HTTP\/1\.1 \d{3}/.test(raw.text));
      expect(raw.text, name).toMatch(expected);
      expect(raw.text, name).not.toMatch(/\bat .*\.(ts|js):\d+/);
      raw.socket.destroy();
    }
    expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers framework and parser errors in the service’s error shape: { error: { code, message } }', async () => {
    const corpus: Array<[string, string, number]> = [
      ['bad percent-encoding', 'GET /api/tables/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
      ['path segment over 200 characters', `GET /api/tables/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400],
      ['conflicting Content-Length and Transfer-Encoding', 'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}', 400],
      ['unknown method', 'BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['headers too large', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ];
    for (const [name, request, status] of corpus) {
      const raw = new RawSocket(node.port);
      raw.write(request);
      await raw.closed();
      expect(raw.text, name).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const body = JSON.parse(raw.text.slice(raw.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
      expect(body.error.code, name).toBe('INVALID_INPUT');
      expect(body.error.message.length, name).toBeGreaterThan(10);
    }
    expect((await api(node.base, 'GET', '/healthz')).status).toBe(200);
  });

  it('refuses junk events clearly and changes nothing', async () => {
    const fresh = await createTable(node.base, { seed: 44 });
    const east = await LiveClient.connect(node.base, fresh.id, fresh.tokens.east as string);
    const junk: unknown[] = [null, 7, 'pass', [], {}, { type: 'pass.commit', seat: 'east' }, { type: 'pass.commit', seat: 'east', tiles: ['J', 'J', 'J'] }, { type: 'pass.commit', seat: 'east', tiles: ['ZZ', 1, null] }, { type: 'vote.cast', seat: 'east', vote: 'stop' }, { type: '__proto__', seat: 'east' }, { type: 'hand.redeal', seat: 'south' }];
    for (const event of junk) {
      const result = await east.send(event);
      expect(result.type).toBe('result');
      expect(result.ok).toBe(false);
      expect(typeof result.refusal.code).toBe('string');
      expect(result.version).toBe(0);
    }
    const badId = await east.send.call(east, { type: 'pass.retract', seat: 'east' });
    expect(badId.ok).toBe(false);
    east.socket.send(JSON.stringify({ type: 'send', id: { nested: true }, event: {} }));
    await east.waitFor((f) => f.type === 'error' && f.code === 'INVALID_INPUT');
    east.socket.send(JSON.stringify({ type: 'send', id: 'k', event: {}, key: 'x'.repeat(65) }));
    await east.waitFor((f) => f.type === 'error' && f.id === 'k' && f.code === 'INVALID_INPUT');
    const log = await api(node.base, 'GET', `/api/tables/${fresh.id}/log`, { token: fresh.tokens.admin as string });
    expect(log.body.events).toEqual([]);
    const view = await api(node.base, 'GET', `/api/tables/${fresh.id}`, { token: fresh.tokens.east as string });
    expect(view.body.version).toBe(0);
    const spectator = await LiveClient.connect(node.base, fresh.id, fresh.tokens.spectator as string);
    expect(await spectator.send({ type: 'hand.redeal' })).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    await Promise.all([east.close(), spectator.close()]);
  });

  it('drops a reader that does not read (1013) and keeps serving the others', async () => {
    const fresh = await createTable(node.base, { seed: 45 });
    const slow = new RawSocket(node.port);
    await slow.upgrade(`/api/tables/${fresh.id}/live`);
    slow.write(frame(JSON.stringify({ type: 'hello', token: fresh.tokens.east })));
    await slow.until(() => slow.received.length > 0); // its first view arrived
    slow.socket.pause(); // from now on it reads nothing, but keeps asking for pongs (and views)
    const east = await LiveClient.connect(node.base, fresh.id, fresh.tokens.east as string);
    const before = node.service.master.hub.connections;
    const ping = frame(Buffer.alloc(125, 7), { first: 0x89 });
    const burst = Buffer.concat(Array.from({ length: 512 }, () => ping));
    let pings = 0;
    while (node.service.master.hub.connections === before && pings < 400_000) {
      if (!slow.socket.write(burst)) await new Promise((resolve) => slow.socket.once('drain', resolve));
      pings += 512;
      await east.send({ type: 'pass.retract', seat: 'east' }); // a round trip: the server has read what came before
    }
    expect(node.service.master.hub.connections).toBe(before - 1);
    expect(east.closeCode).toBeNull();
    const tiles = (east.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    expect(await east.send({ type: 'pass.commit', seat: 'east', tiles })).toMatchObject({ ok: true, version: 1 });
    slow.socket.destroy();
    await east.close();
  });

  it('answers RATE_LIMITED on the socket past the per-token budget', async () => {
    const limited = await startNode({ location: { kind: 'pglite', dir: null }, live: { rate: { burst: 3, perSecond: 0.001 } } });
    try {
      const fresh = await createTable(limited.base, { seed: 46 });
      const east = await LiveClient.connect(limited.base, fresh.id, fresh.tokens.east as string);
      const results = [];
      for (let i = 0; i < 5; i += 1) results.push(await east.send({ type: 'pass.retract', seat: 'east' }));
      expect(results.slice(0, 3).map((r) => r.refusal.code)).toEqual(['NOTHING_TO_RETRACT', 'NOTHING_TO_RETRACT', 'NOTHING_TO_RETRACT']);
      expect(results.slice(3).map((r) => r.refusal.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
      expect(results[3]?.refusal).toEqual({ code: 'RATE_LIMITED', message: 'Too many messages: wait a moment and try again.', params: {} });
      const south = await LiveClient.connect(limited.base, fresh.id, fresh.tokens.south as string);
      expect((await south.send({ type: 'pass.retract', seat: 'south' })).refusal.code).toBe('NOTHING_TO_RETRACT');
      await Promise.all([east.close(), south.close()]);
    } finally {
      await limited.close();
    }
  });

  it('still plays after the whole corpus', async () => {
    const health = await api(node.base, 'GET', '/healthz');
    expect(health.body.ok).toBe(true);
    const clients = await Promise.all(SEATS.map((seat) => LiveClient.connect(node.base, table.id, table.tokens[seat] as string)));
    const tiles = (clients[0]?.latest?.view.rack as Array<{ tile: string }>).map((t) => t.tile).filter((t) => t !== 'J').slice(0, 3);
    expect((await clients[0]?.send({ type: 'pass.commit', seat: 'east', tiles }))?.ok).toBe(true);
    await Promise.all(clients.map((client) => client.close()));
  });
});
