/**
 * The setting the client's service e2e files share: one service and one Chromium for the file, a browser context
 * per page opened (each person's own cookies and storage), everything closed after the file's tests.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Seat } from '../../../src/index.js';
import { DESKTOP, launchChromium } from './browser.js';
import { startClientService, type ClientService } from './service.js';
import { serveClient, type StaticServer } from './static-server.js';

/** How a page is opened. */
export interface OpenOptions {
  /** Ask the page for reduced motion (no transitions to wait out). */
  reduceMotion?: boolean;
  /** Runs on the new page before it loads `url` (e.g. an init script). */
  prepare?: (page: Page) => Promise<void>;
}

/** A table made through the API: its id and its tokens (a token per human seat, the spectator's and admin's). */
export interface ServiceTable {
  id: string;
  tokens: Partial<Record<Seat | 'spectator' | 'admin', string>>;
}

/** The file's service and pages. */
export interface ServiceBrowser {
  /** The running service (after `beforeAll`). */
  readonly server: ClientService;
  /** Creates a table with who plays each seat and any other fields of the request (seed, locale, clock…). */
  createTable(seats: Record<Seat, 'human' | 'teacher' | 'random'>, extra?: Record<string, unknown>): Promise<ServiceTable>;
  /** Opens `url` in a new context of the file's browser. */
  openPage(url: string, viewport?: { width: number; height: number }, options?: OpenOptions): Promise<Page>;
}

/**
 * Registers the file's `beforeAll` / `afterAll`: a service (`charleston serve`, with the built pages) and a browser
 * (the full Chromium with `fullChromium`, else the headless shell when installed: support/browser.ts).
 */
export function useServiceBrowser(options: { fullChromium?: boolean } = {}): ServiceBrowser {
  let server: ClientService | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    // Both at once: the browser starts while the service opens its database.
    const [started, launched] = await Promise.allSettled([startClientService(), launchChromium({ full: options.fullChromium === true })]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  }, 90_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
  });
  return {
    get server(): ClientService {
      if (server === undefined) throw new Error('the service is not started yet (use it inside a test)');
      return server;
    },
    async createTable(seats, extra = {}) {
      if (server === undefined) throw new Error('the service is not started yet (use it inside a test)');
      const reply = await server.api('POST', '/api/tables', { body: { seats, ...extra } });
      expect(reply.status).toBe(201);
      return reply.body as unknown as ServiceTable;
    },
    async openPage(url, viewport = DESKTOP, open = {}) {
      if (browser === undefined) throw new Error('the browser is not launched yet (use it inside a test)');
      const context = await browser.newContext(open.reduceMotion === true ? { viewport, reducedMotion: 'reduce' } : { viewport });
      contexts.push(context);
      const page = await context.newPage();
      await open.prepare?.(page);
      await page.goto(url);
      return page;
    },
  };
}

/** The built client (`dist/client`, from `npm run build`) served as static files, and one Chromium. */
export interface BuiltClient {
  /** The static server (after `beforeAll`): its `url`, and the API requests it was sent. */
  readonly server: StaticServer;
  /** The file's browser (after `beforeAll`). */
  readonly browser: Browser;
}

/** Registers the file's `beforeAll` / `afterAll` for pages that need no service (solo practice, the lobby's checks). */
export function useBuiltClient(): BuiltClient {
  const dist = fileURLToPath(new URL('../../../dist/client/', import.meta.url));
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(`${dist}index.html`)) throw new Error('dist/client is missing: run npm run build first (npm test does)');
    server = await serveClient(dist);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server(): StaticServer {
      if (server === undefined) throw new Error('the client is not served yet (use it inside a test)');
      return server;
    },
    get browser(): Browser {
      if (browser === undefined) throw new Error('the browser is not launched yet (use it inside a test)');
      return browser;
    },
  };
}
