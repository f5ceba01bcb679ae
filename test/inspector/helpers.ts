/**
 * Helpers for the inspector's tests: page-like and app-like WebSocket clients that collect messages and wait on
 * conditions (never on a fixed delay), a raw-socket WebSocket handshake for hand-made frames, and Chromium.
 */
import { connect as netConnect, type Socket } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium as launchTestChromium } from '../client/support/browser.js';
import WebSocket from 'ws';
import type { InspectorServer } from '../../src/inspector/server.js';

/** A connected client and what it received. */
export interface Client {
  ws: WebSocket;
  messages: Array<{ type: string; [key: string]: unknown }>;
  /** Resolves once `predicate` holds for the messages received (checked on each message). */
  until(predicate: (messages: Client['messages']) => boolean, what?: string): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

function client(ws: WebSocket): Promise<Client> {
  const messages: Client['messages'] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as Client['messages'][number]);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const until: Client['until'] = (predicate, what = 'a condition') =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (predicate(messages)) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      ws.once('close', () => {
        if (waiters.delete(check)) reject(new Error(`closed before ${what}`));
      });
      check();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, until, closed }));
    ws.once('error', reject);
  });
}

/** Opens a page-like WebSocket (`/ws`, with the page's own Origin unless told otherwise). */
export function connectPage(server: InspectorServer, origin?: string): Promise<Client> {
  const base = server.url.replace(/\/$/, '');
  return client(new WebSocket(`${base.replace('http', 'ws')}/ws`, { origin: origin ?? base }));
}

/** Opens an app-like WebSocket at `/inspect` (no Origin, as a Node app). */
export function connectApp(server: InspectorServer, origin?: string): Promise<Client> {
  return client(new WebSocket(server.inspectUrl, origin === undefined ? {} : { origin }));
}

/** The messages of one type. */
export const ofType = <T = Record<string, unknown>>(messages: Client['messages'], type: string): T[] => messages.filter((m) => m.type === type) as T[];

/** A raw TCP socket after a successful WebSocket handshake at `path` (no Origin: an app). */
export async function rawHandshake(server: InspectorServer, path = '/inspect', headers: Record<string, string> = {}): Promise<{ socket: Socket; response: string }> {
  const { hostname, port } = new URL(server.url);
  const socket = netConnect({ host: hostname, port: Number(port) });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const extra = Object.entries(headers).map(([key, value]) => `${key}: ${value}\r\n`).join('');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
  const response = await new Promise<string>((resolve) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
  });
  return { socket, response };
}

/** A client-to-server frame: masked unless told otherwise. */
export function frame(opcode: number, payload: Buffer, options: { fin?: boolean; rsv?: number; masked?: boolean; lengthOverride?: number } = {}): Buffer {
  const { fin = true, rsv = 0, masked = true } = options;
  const length = options.lengthOverride ?? payload.length;
  const head: number[] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const maskBit = masked ? 0x80 : 0;
  if (length < 126) head.push(maskBit | length);
  else if (length < 65536) head.push(maskBit | 126, length >> 8, length & 0xff);
  else {
    head.push(maskBit | 127, 0, 0, 0, 0);
    head.push((length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] as number)));
  return Buffer.concat([Buffer.from(head), mask, body]);
}

/** Launches the tests' headless Chromium (test/client/support/browser.ts), with `extraArgs` after the house's. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return launchTestChromium({ extraArgs });
}


/** Resolves once `condition()` holds, checking on each turn of the event loop (at most `turns` times). */
export async function eventually(condition: () => boolean, what: string, turns = 100_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error(`never: ${what}`);
}
