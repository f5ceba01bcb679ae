/**
 * The client's own flow machine drawn live in the project's inspector, like any XState app: the solo page opened
 * with `?inspect=<inspector URL>` opens the inspector page (`createBrowserInspector`), which draws the
 * `charlestonClient` machine and follows it from choosing to confirming and back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../scripts/build-client.js';
import { buildInspector } from '../../scripts/build-inspector.js';
import { DESKTOP, launchChromium } from './support/browser.js';
import { serveClient, type StaticServer } from './support/static-server.js';

let dir: string;
let client: StaticServer;
let inspector: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'charleston-client-inspect-'));
  await buildClient({ outdir: join(dir, 'client') });
  await buildInspector({ outdir: join(dir, 'inspector') });
  client = await serveClient(join(dir, 'client'));
  // The inspector page is an index.html with its files beside it: the same tiny server serves it.
  inspector = await serveClient(join(dir, 'inspector'), { flat: true });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await client?.close();
  await inspector?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const current = (popup: Page): Promise<string | null> => popup.locator('#current-state').getAttribute('data-state');

describe('the client flow in the inspector', () => {
  it('is drawn and followed live', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const opened = context.waitForEvent('page');
    await page.goto(`${client.url}/solo?seed=7&botDelay=0&inspect=${encodeURIComponent(`${inspector.url}/`)}`);
    const popup = await opened;
    await popup.locator('#chart svg[data-machine="charlestonClient"]').waitFor({ timeout: 20_000 });
    for (const path of ['connecting', 'live', 'live.choosing', 'live.confirming', 'live.sending', 'live.waiting', 'reconnecting', 'failed']) {
      expect(await popup.locator(`#chart [data-state="${path}"]`).count(), path).toBe(1);
    }
    await page.locator('[data-phase="firstCharleston.right"]').waitFor();
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'live.choosing', undefined, { timeout: 10_000 });
    for (let i = 0; i < 3; i += 1) await page.locator('[data-tile]:not([data-tile="J"])[aria-pressed="false"]').first().click();
    await page.click('[data-action="pass"]');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'live.confirming', undefined, { timeout: 10_000 });
    expect(await current(popup)).toBe('live.confirming');
    await page.click('[data-action="cancel"]');
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'live.choosing', undefined, { timeout: 10_000 });
    const types = await popup.locator('#log li .type').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['tile.toggle', 'act', 'cancel']));
    await context.close();
  }, 60_000);
});
