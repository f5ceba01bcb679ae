/**
 * `charleston inspect` as a real process: with no script and no seed it serves only the inspector (no table),
 * prints where pages and Node apps connect, relays an app at /inspect, and stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/** Starts the CLI; resolves with its printed page and app addresses and the process. */
function start(...args: string[]): Promise<{ page: string; app: string; child: ReturnType<typeof spawn>; out: () => string }> {
  const child = spawn(process.execPath, ['bin/charleston.js', 'inspect', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const page = /Charleston inspector: (http:\/\/\S+)/.exec(out)?.[1];
      const app = /url: '(ws:\/\/[^']+)'/.exec(out)?.[1];
      if (page && app && out.includes('Ctrl-C')) resolve({ page, app, child, out: () => out });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const messages = (url: string, origin?: string): Promise<{ ws: WebSocket; first: Promise<unknown> }> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { origin });
    const first = new Promise<unknown>((done) => ws.once('message', (data) => done(JSON.parse(data.toString()))));
    ws.once('open', () => resolve({ ws, first }));
    ws.once('error', reject);
  });

describe('charleston inspect without a table', () => {
  it('serves only the inspector for your own apps, and stops on SIGTERM', async () => {
    const { page, app, child, out } = await start('--port', '0');
    expect(out()).toContain('no table: only your own apps are inspected');
    expect(page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(app).toBe(`${page.replace('http', 'ws')}inspect`);
    expect((await fetch(page)).status).toBe(200);
    const base = page.replace(/\/$/, '');
    const pageSocket = await messages(`${base.replace('http', 'ws')}/ws`, base);
    expect(await pageSocket.first).toEqual({ type: 'charleston.hello', session: false });
    const relayed = new Promise<unknown>((done) => pageSocket.ws.on('message', (data) => done(JSON.parse(data.toString()))));
    const appSocket = await messages(app);
    appSocket.ws.send(JSON.stringify({ type: '@xstate.actor', _version: '0.7.2', sessionId: 'x:0', name: 'm', definition: '{"id":"m"}' }));
    expect(await relayed).toMatchObject({ type: '@xstate.actor', sessionId: 'n1:x:0', name: 'm' });
    pageSocket.ws.close();
    appSocket.ws.close();
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);

  it('refuses --autoplay without a table', async () => {
    const child = spawn(process.execPath, ['bin/charleston.js', 'inspect', '--autoplay'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
    expect(code).toBe(2);
    expect(err).toContain('--autoplay needs a table');
  }, 30_000);
});
