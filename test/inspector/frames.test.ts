/**
 * The attacker's frame corpus, over raw TCP sockets on 127.0.0.1: malformed WebSocket frames (unmasked, RSV bits,
 * invalid UTF-8, bad opcodes, oversized or lying lengths, bad control frames, broken fragmentation, truncation)
 * and malformed HTTP. Each one closes only its own connection: the server keeps serving, a page connected
 * throughout keeps receiving, and the bad connections are counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { connectApp, connectPage, frame, ofType, rawHandshake, type Client } from './helpers.js';
import { fakePageDir } from './page-dir.js';
import { connect as netConnect } from 'node:net';

let server: InspectorServer;
let watcher: Client;
beforeAll(async () => {
  server = await startInspectorServer({ staticDir: fakePageDir(), session: { source: { kind: 'bots', seed: 5 } } });
  watcher = await connectPage(server);
});
afterAll(async () => {
  watcher.ws.close();
  await server.close();
});

const TEXT = 0x1;
const BINARY = 0x2;
const CLOSE = 0x8;
const PING = 0x9;
const text = (value: string): Buffer => Buffer.from(value, 'utf8');

/** name → bytes sent after a good handshake (the connection must end). */
const CORPUS: Array<[string, () => Buffer[]]> = [
  ['unmasked frame', () => [frame(TEXT, text('{"type":"x"}'), { masked: false })]],
  ['RSV1 bit without an extension', () => [frame(TEXT, text('{}'), { rsv: 4 })]],
  ['RSV2 and RSV3 bits', () => [frame(TEXT, text('{}'), { rsv: 3 })]],
  ['invalid UTF-8 in a text frame', () => [frame(TEXT, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))]],
  ['oversized message (2 MiB)', () => [frame(TEXT, Buffer.alloc(2 * 1024 * 1024, 0x61))]],
  ['length field of 2^32 bytes, nothing after', () => [frame(BINARY, Buffer.alloc(0), { lengthOverride: 2 ** 32 - 1 })]],
  ['reserved data opcode 0x3', () => [frame(0x3, text('x'))]],
  ['reserved control opcode 0xB', () => [frame(0xb, text('x'))]],
  ['control frame longer than 125 bytes', () => [frame(PING, Buffer.alloc(200, 1))]],
  ['fragmented control frame', () => [frame(PING, text('p'), { fin: false })]],
  ['continuation without a first fragment', () => [frame(0x0, text('orphan'))]],
  ['new message inside a fragmented one', () => [frame(TEXT, text('{"a":'), { fin: false }), frame(TEXT, text('1}'))]],
  ['close frame with an invalid code', () => [frame(CLOSE, Buffer.from([0x03, 0xe7]))]],
  ['close frame with invalid UTF-8 reason', () => [frame(CLOSE, Buffer.from([0x03, 0xe8, 0xff, 0xff]))]],
  ['fragments adding up past the limit', () => [frame(TEXT, Buffer.alloc(700 * 1024, 0x61), { fin: false }), frame(0x0, Buffer.alloc(700 * 1024, 0x61))]],
];

/** Sends the bytes, then resolves once the server has ended the connection. */
async function attack(path: string, bytes: Buffer[], headers: Record<string, string> = {}): Promise<string> {
  const { socket, response } = await rawHandshake(server, path, headers);
  expect(response).toMatch(/^HTTP\/1\.1 101/);
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  for (const chunk of bytes) socket.write(chunk);
  await ended;
  return response;
}

describe('malformed frames close that connection only', () => {
  for (const [name, bytes] of CORPUS) {
    it(`/inspect: ${name}`, async () => {
      const before = server.stats().badFrames;
      await attack('/inspect', bytes());
      expect(server.stats().badFrames).toBe(before + 1);
      expect((await fetch(server.url)).status).toBe(200);
    });
  }

  it('/ws: a page message over 64 KiB, and an unmasked frame, from a page origin', async () => {
    const base = server.url.replace(/\/$/, '');
    await attack('/ws', [frame(TEXT, Buffer.alloc(65 * 1024, 0x61))], { Origin: base });
    await attack('/ws', [frame(TEXT, text('{}'), { masked: false })], { Origin: base });
  });

  it('a truncated frame: the client goes away mid-frame', async () => {
    const { socket } = await rawHandshake(server, '/inspect');
    const whole = frame(TEXT, Buffer.alloc(100, 0x61));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.end(whole.subarray(0, 12));
    await closed;
    const app = await connectApp(server);
    app.ws.close();
  });

  it('malformed HTTP gets 400 and an unknown upgrade path 404, without harm', async () => {
    const { hostname, port } = new URL(server.url);
    const reply = await new Promise<string>((resolve) => {
      const socket = netConnect({ host: hostname, port: Number(port) });
      let data = '';
      socket.on('error', () => undefined);
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('close', () => resolve(data));
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\x00\x01\r\n\r\n');
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const { response } = await rawHandshake(server, '/nowhere').catch(() => ({ response: '' }));
    expect(response).toMatch(/^HTTP\/1\.1 404/);
  });

  it('after the whole corpus the server still serves, and the page connected throughout still receives', async () => {
    expect(watcher.ws.readyState).toBe(watcher.ws.OPEN);
    const count = watcher.messages.length;
    watcher.ws.send(JSON.stringify({ type: 'charleston.control', action: 'step' }));
    await watcher.until((m) => m.length > count && ofType(m.slice(count), 'charleston.table').length > 0);
    expect(server.stats().badFrames).toBeGreaterThanOrEqual(CORPUS.length + 2);
    const page = await connectPage(server);
    await page.until((m) => m.some((x) => x.type === 'charleston.hello'));
    page.ws.close();
  });
});
