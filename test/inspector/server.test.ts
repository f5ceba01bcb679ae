/**
 * The inspector server without a browser: static files, origin checks, the session controls over the
 * WebSocket, and seat mode receiving only that seat's view.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import type { ServerMessage, TableMessage } from '../../src/inspector/protocol.js';

const staticDir = mkdtempSync(join(tmpdir(), 'inspector-page-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>inspector</title>');
writeFileSync(join(staticDir, 'main.js'), 'console.log(1)');
writeFileSync(join(staticDir, 'style.css'), 'body{}');

let server: InspectorServer;
beforeAll(async () => {
  server = await startInspectorServer({ staticDir, session: { source: { kind: 'bots', seed: 11 } } });
});
afterAll(async () => server.close());

/** Opens a page-like WebSocket and collects messages. */
async function connect(query = '', origin?: string): Promise<{ ws: WebSocket; messages: ServerMessage[] }> {
  const base = server.url.replace(/\/$/, '');
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`, { origin: origin ?? base });
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages };
}

const settle = (ms = 150): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const lastTable = (messages: ServerMessage[]): TableMessage =>
  messages.filter((m): m is TableMessage => m.type === 'charleston.table').at(-1) as TableMessage;

describe('inspector server', () => {
  it('serves the page files and nothing else', async () => {
    expect((await fetch(server.url)).status).toBe(200);
    expect(await (await fetch(`${server.url}main.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}index.html`, { method: 'POST' })).status).toBe(404);
  });

  it('binds to 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('refuses a WebSocket from another origin', async () => {
    await expect(connect('', 'http://evil.example')).rejects.toThrow(/403/);
  });

  it('steps, goes back and resets the session over the WebSocket, replaying the inspection stream', async () => {
    const { ws, messages } = await connect();
    for (let i = 0; i < 6; i += 1) ws.send(JSON.stringify({ type: 'charleston.control', action: 'step' }));
    await settle();
    expect(lastTable(messages).cursor).toBe(6);
    expect(lastTable(messages).log).toHaveLength(6);
    expect(messages.some((m) => m.type === '@xstate.actor' && typeof m.definition === 'string' && m.definition.includes('firstCharleston'))).toBe(true);
    const eventsBefore = messages.filter((m) => m.type === '@xstate.event').length;
    ws.send(JSON.stringify({ type: 'charleston.control', action: 'back' }));
    await settle();
    expect(lastTable(messages).cursor).toBe(5);
    // Going back rebuilt the table: a new actor and the five events replayed.
    expect(messages.filter((m) => m.type === '@xstate.actor').length).toBeGreaterThanOrEqual(2);
    expect(messages.filter((m) => m.type === '@xstate.event').length).toBeGreaterThan(eventsBefore + 5);
    ws.send(JSON.stringify({ type: 'charleston.control', action: 'reset' }));
    await settle();
    expect(lastTable(messages).cursor).toBe(0);
    ws.send(JSON.stringify({ type: 'charleston.control', action: 'fly' }));
    ws.send('not json');
    await settle();
    expect(messages.filter((m) => m.type === 'charleston.error').length).toBe(2);
    ws.close();
  });

  it('logs a refused event from the page with its code', async () => {
    const { ws, messages } = await connect();
    ws.send(JSON.stringify({ type: 'charleston.control', action: 'reset' }));
    ws.send(JSON.stringify({ type: 'charleston.send', event: { type: 'vote.cast', seat: 'east', vote: 'stop' } }));
    await settle();
    const table = lastTable(messages);
    expect(table.log.at(-1)).toMatchObject({ ok: false, refusal: { code: 'NOT_NOW' } });
    const refused = messages.find((m) => m.type === '@xstate.event' && m.event?.type === 'engine.refused');
    expect((refused as { event?: unknown } | undefined)?.event).toMatchObject({ refusal: { code: 'NOT_NOW' }, refusedType: 'vote.cast', seat: 'east' });
    ws.close();
  });

  it('in seat mode sends only that seat’s view, and refuses events for other seats', async () => {
    const all = await connect();
    all.ws.send(JSON.stringify({ type: 'charleston.control', action: 'reset' }));
    await settle();
    const { ws, messages } = await connect('?seat=west');
    for (let i = 0; i < 8; i += 1) ws.send(JSON.stringify({ type: 'charleston.control', action: 'step' }));
    ws.send(JSON.stringify({ type: 'charleston.send', event: { type: 'pass.retract', seat: 'east' } }));
    await settle();
    const table = lastTable(messages);
    expect(Object.keys(table.views)).toEqual(['west']);
    expect(Object.keys(table.legal)).toEqual(['west']);
    const text = JSON.stringify(messages);
    expect(text).not.toContain('"racks"');
    expect(text).not.toContain('"wall"');
    expect(text).not.toContain('"seed"');
    for (const message of messages) {
      if (message.type === '@xstate.event' || message.type === '@xstate.snapshot') {
        const event = message.event as { seat?: string; tiles?: unknown } | undefined;
        if (event?.seat && event.seat !== 'west') expect(event.tiles).toBeUndefined();
      }
      if ((message.type === '@xstate.snapshot' || message.type === '@xstate.actor') && message.snapshot?.context) {
        expect((message.snapshot.context as { seat?: string }).seat).toBe('west');
      }
    }
    for (const entry of table.log) {
      if (entry.event.seat !== 'west') expect(entry.event.tiles).toBeUndefined();
    }
    expect(messages.some((m) => m.type === 'charleston.error' && /cannot send for east/.test(m.message))).toBe(true);
    ws.close();
    all.ws.close();
  });
});
