/**
 * The inspector page's language picker, in real headless Chromium: `?lang=el` translates the page's labels, the
 * table panel (phase name, seat names, prompts) and the refusal messages in the log (rendered from code and
 * params; the code itself stays); the chart keeps the machine's state ids. An unknown `?lang=` shows English.
 */
import '../../src/i18n/locales.js';
import { readFileSync } from 'node:fs';
import { launchChromium } from '../client/support/browser.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { parseScriptText } from '../../src/script/script.js';

const script = parseScriptText(readFileSync('examples/full-charleston.json', 'utf8'));

let server: InspectorServer;
let browser: Browser;

beforeAll(async () => {
  server = await startInspectorServer({ session: { source: { kind: 'script', script, label: 'full-charleston' } } });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the inspector page in another language', () => {
  it('?lang=el: labels, table panel and refusal messages in Greek; state ids unchanged', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}?lang=el`);
    await page.locator('#chart [data-state="firstCharleston.right"].active').waitFor({ timeout: 20_000 });
    expect(await page.locator('html').getAttribute('lang')).toBe('el');
    expect(await page.locator('#lang-picker').inputValue()).toBe('el');
    expect(await page.locator('#step').textContent()).toBe('Βήμα ▶');
    expect(await page.locator('#current-state').getAttribute('data-state')).toBe('firstCharleston.right');
    await page.locator('#table-panel .table-head .phase b').waitFor();
    expect(await page.locator('#table-panel .table-head .phase b').textContent()).toBe('Πρώτο Charleston: Δεξιά');
    expect(await page.locator('#table-panel .seat-name').first().textContent()).toBe('Ανατολή');
    expect(await page.locator('#table-panel .prompt').first().textContent()).toBe('Πέρασε τρία πλακίδια στον παίκτη στα δεξιά σου.');
    expect(await page.locator('#mnemonic').textContent()).toContain('Δεξιά, Απέναντι, Αριστερά');
    await page.click('#step'); // the first step is the refused joker
    const refused = page.locator('#log li.refused').first();
    await refused.waitFor({ timeout: 10_000 });
    expect(await refused.locator('.code').textContent()).toBe('JOKER_NOT_PASSABLE');
    expect(await refused.locator('.message').textContent()).toBe('Οι τζόκερ δεν περνιούνται ποτέ: ο τζόκερ γυρίζει πίσω στο ράφι σου· διάλεξε ένα φυσικό πλακίδιο.');
    await page.close();
  }, 60_000);

  it('the picker reloads the page with ?lang=; an unknown ?lang= shows English', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}?lang=fr`);
    await page.locator('#table-panel .table-head').waitFor({ timeout: 20_000 });
    expect(await page.locator('#step').textContent()).toBe('Step ▶');
    expect(await page.locator('#lang-picker').inputValue()).toBe('en');
    await Promise.all([page.waitForURL(/lang=ca/), page.selectOption('#lang-picker', 'ca')]);
    await page.locator('#table-panel .table-head').waitFor({ timeout: 20_000 });
    expect(await page.locator('#step').textContent()).toBe('Pas ▶');
    expect(await page.locator('#table-panel .prompt').first().textContent()).toContain('Passa tres fitxes');
    await page.close();
  }, 60_000);
});
