/**
 * The setting the client's service e2e files share: one service and one Chromium for the file, a browser context
 * per page opened (each person's own cookies and storage), everything closed after the file's tests.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { DESKTOP, launchChromium } from './browser.js';
import { startClientService, type ClientService } from './service.js';

/** How a page is opened. */
export interface OpenOptions {
  /** Ask the page for reduced motion (no transitions to wait out). */
  reduceMotion?: boolean;
  /** Runs on the new page before it loads `url` (e.g. an init script). */
  prepare?: (page: Page) => Promise<void>;
}

/** The file's service and pages. */
export interface ServiceBrowser {
  /** The running service (after `beforeAll`). */
  readonly server: ClientService;
  /** Opens `url` in a new context of the file's browser. */
  openPage(url: string, viewport?: { width: number; height: number }, options?: OpenOptions): Promise<Page>;
}

/** Registers the file's `beforeAll` / `afterAll`: a service (with the inspector page if asked) and a browser. */
export function useServiceBrowser(options: { inspector?: boolean } = {}): ServiceBrowser {
  let server: ClientService | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startClientService(options);
    browser = await launchChromium();
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
