/**
 * The page following a table of the table service, read-only, in real headless Chromium, against a small
 * stand-in for the service's fixed API (the real service is tested in its own wing): the page at `/inspect`
 * with its files under `/inspect/` (the relative URLs rewritten as the service does), the live feed
 * `/api/tables/ID/live` (hello with the token, then `view` messages with the public view), and
 * `GET /api/tables/ID/log` with the Bearer token. A real Charleston table is played by bots behind it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildInspector } from '../../scripts/build-inspector.js';
import { createCharleston, phaseOfSnapshot, viewFor, type CharlestonEvent, type Seat } from '../../src/index.js';
import { playHand } from '../../src/entries/bots.js';
import { launchChromium } from './helpers.js';

const TOKEN = 'admin-token-0123456789';
const TABLE = 'T1';
let outdir: string;
let http: Server;
let base: string;
let browser: Browser;
let page: Page;
const helloTokens: unknown[] = [];
const logAuth: (string | undefined)[] = [];

// the recorded game a "player" plays, one event at a time
const moves: { seat: Seat | 'table'; event: CharlestonEvent }[] = [];
playHand({ seed: 21, onEvent: ({ by, event }) => moves.push({ seat: by, event }) });
const table = createCharleston({ seed: 21 });
const log: { version: number; seat: string; event: CharlestonEvent; at: string }[] = [];
const listeners = new Set<WebSocket>();
const viewText = (): string => JSON.stringify({ type: 'view', version: log.length, phase: phaseOfSnapshot(table.getSnapshot()), view: viewFor(table.getSnapshot(), null) });
const play = (count: number): void => {
  for (let i = 0; i < count; i += 1) {
    const move = moves[log.length];
    if (!move) break;
    table.send(move.event);
    log.push({ version: log.length + 1, seat: move.seat, event: move.event, at: `2026-12-01T00:00:${String(log.length).padStart(2, '0')}Z` });
  }
  for (const socket of listeners) socket.send(viewText());
};

beforeAll(async () => {
  outdir = await mkdtemp(join(tmpdir(), 'charleston-inspector-service-'));
  await buildInspector({ outdir });
  const html = (await readFile(join(outdir, 'index.html'), 'utf8')).replace(/(href|src)="(?!\/|https?:)([^"]+)"/g, '$1="/inspect/$2"');
  const js = await readFile(join(outdir, 'main.js'));
  const css = await readFile(join(outdir, 'style.css'));
  http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/inspect') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (path === '/inspect/main.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else if (path === '/inspect/style.css') response.writeHead(200, { 'content-type': 'text/css' }).end(css);
    else if (path === `/api/tables/${TABLE}/log`) {
      logAuth.push(request.headers.authorization);
      if (request.headers.authorization !== `Bearer ${TOKEN}`) response.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"FORBIDDEN"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ events: log }));
    } else response.writeHead(404).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (request, socket, head) => {
    if (request.url !== `/api/tables/${TABLE}/live`) return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.once('message', (data) => {
        const hello = JSON.parse(data.toString()) as { type: string; token?: unknown };
        helloTokens.push(hello.token);
        if (hello.type !== 'hello' || hello.token !== TOKEN) return ws.close(4401, 'bad token');
        listeners.add(ws);
        ws.on('close', () => listeners.delete(ws));
        ws.send(viewText());
      });
    });
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const socket of listeners) socket.terminate();
  await new Promise<void>((done) => (http ? http.close(() => done()) : done()));
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

describe('the page at /inspect#table=ID&token=TOKEN', () => {
  it('follows the live table read-only: the chart with its phase, the public view, the event log', async () => {
    await page.goto(`${base}/inspect#table=${TABLE}&token=${TOKEN}`);
    await page.locator('#chart [data-state-path="firstCharleston.right"][data-active="true"]').waitFor({ timeout: 20_000 });
    expect(helloTokens).toEqual([TOKEN]);
    expect(await page.locator('#connection').getAttribute('data-status')).toBe('open');
    expect(await page.locator('#controls').isHidden()).toBe(true);
    expect(await page.locator('#table-panel').isHidden()).toBe(true);
    play(5);
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 5);
    expect(await page.locator('#log li .type').allTextContents()).toEqual(['pass.commit', 'pass.commit', 'pass.commit', 'pass.commit', 'pass.commit']);
    expect(logAuth.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect(await page.locator('#context').textContent()).toContain('"counts"');
    play(4);
    const phase = phaseOfSnapshot(table.getSnapshot());
    expect(phase).not.toBe('firstCharleston.right');
    await page.waitForFunction((want) => document.querySelector('#current-state')?.getAttribute('data-state') === want, phase);
    expect(await page.locator(`#chart [data-state-path="${phase}"][data-active="true"]`).count()).toBe(1);
    expect(await page.locator('#chart [data-state-path="firstCharleston.right"][data-active]').count()).toBe(0);
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 9);
    play(moves.length);
    const end = phaseOfSnapshot(table.getSnapshot());
    expect(['complete', 'eastMahjong']).toContain(end);
    await page.waitForFunction((want) => document.querySelector('#current-state')?.getAttribute('data-state') === want, end);
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length === n, moves.length);
  }, 60_000);

  it('a wrong token is refused, and the page says so', async () => {
    const other = await browser.newPage();
    await other.goto(`${base}/inspect#table=${TABLE}&token=wrong`);
    await other.waitForFunction(() => document.querySelector('#connection')?.getAttribute('data-status') === 'refused');
    expect(await other.locator('#errors').textContent()).toContain('bad token');
    expect(await other.locator('#chart [data-state-path]').count()).toBe(0);
    await other.close();
  }, 30_000);
});
