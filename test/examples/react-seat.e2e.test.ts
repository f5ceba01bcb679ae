/**
 * The React example (examples/react-seat/) in real headless Chromium: East's rack as buttons, a pass of two tiles
 * refused with the engine's message in the alert, a pass of three accepted (the rack shrinks to eleven and the pass
 * button turns off while the packet is on the table).
 */
import { build } from 'esbuild';
import { launchChromium } from '../client/support/browser.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let browser: Browser;
let bundle = '';

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: [
        "import { createElement } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        "import { App } from './examples/react-seat/App.tsx';",
        "createRoot(document.getElementById('root')).render(createElement(App, { options: { seed: 2026 } }));",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'tsx',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    jsx: 'automatic',
    alias: { 'charleston-engine': './src/index.ts' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]?.text ?? '';
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('examples/react-seat', () => {
  it('shows the rack, refuses a short pass with the engine’s message, accepts three tiles', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setContent(`<!doctype html><html><body><div id="root"></div><script type="module">${bundle.replaceAll('</script', '<\\/script')}</script></body></html>`);
    const tiles = page.locator('button[data-tile]');
    await tiles.first().waitFor({ timeout: 20_000 });
    expect(await tiles.count()).toBe(14);
    expect(await page.locator('section').getAttribute('data-phase')).toBe('firstCharleston.right');
    const pass = page.locator('[data-action="pass"]');
    expect(await pass.isEnabled()).toBe(true);

    await page.click('button[data-tile="GD"]');
    await page.click('button[data-tile="WD"]');
    expect(await page.locator('button[data-tile][aria-pressed="true"]').count()).toBe(2);
    await pass.click();
    await page.locator('[role="alert"]', { hasText: 'This packet must hold exactly 3' }).waitFor({ timeout: 10_000 });
    expect(await tiles.count()).toBe(14); // refused: nothing changed

    await page.click('button[data-tile="F"]');
    await pass.click();
    await page.waitForFunction(() => document.querySelectorAll('button[data-tile]').length === 11, undefined, { timeout: 10_000 });
    expect(await page.locator('[role="alert"]').textContent()).toBe('');
    expect(await pass.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
