/**
 * Solo practice in real headless Chromium (the built client served as files, no service): a reload in the middle of
 * a hand shows the same rack, phase and version (the device keeps the hand with the engine's `persist`), with a
 * chosen seed and without; `data-action="new-hand"` deals another, which a reload keeps; a corrupt saved value gives
 * a fresh hand, not a broken page. And messages leave: the joker's refusal goes at the next tap and when the hint
 * opens; nothing reaches an API.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser.js';
import { actAndConfirm, chooseTiles, phaseOf, versionOf, waitUntilSettled } from './support/play.js';
import { useBuiltClient } from './support/suite.js';

const client = useBuiltClient();

/** What each page reported itself (page errors, console errors: at most 20), for the message when it shows no phase. */
const reports = new WeakMap<Page, string[]>();

/**
 * Waits for the page to show a phase; when it shows none within 15 s, fails with what the page reported and the start
 * of its body (two full runs saw a solo page show none: once on a first load, once after a reload; loads by hand
 * have not reproduced it).
 */
async function phaseShown(page: Page, what: string): Promise<void> {
  await page.locator('[data-phase]:not([data-phase=""])').waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`no phase ${what}: ${String(error)}; the page said ${JSON.stringify(reports.get(page) ?? [])}; its body began ${JSON.stringify((await page.content()).slice(0, 300))}`);
  });
}

async function openSolo(query: string): Promise<Page> {
  const context = await client.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const reported: string[] = [];
  reports.set(page, reported);
  page.on('pageerror', (error) => {
    if (reported.length < 20) reported.push(String(error));
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && reported.length < 20) reported.push(message.text());
  });
  page.on('requestfailed', (request) => {
    if (reported.length < 20) reported.push(`${request.url()} failed: ${request.failure()?.errorText ?? ''}`);
  });
  await page.goto(`${client.server.url}/solo?${query}`);
  await phaseShown(page, `on /solo?${query}`);
  await waitUntilSettled(page);
  return page;
}

/** What a reload must show again. */
async function tableOf(page: Page): Promise<{ rack: string[]; phase: string; version: number; hand: string }> {
  return {
    rack: await page.locator('[data-tile]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tile') ?? '')),
    phase: await phaseOf(page),
    version: await versionOf(page),
    hand: (await page.locator('h1 .hand').textContent()) ?? '',
  };
}

/** Waits until the table waits for East alone (the bots have moved). */
const eastsTurn = (page: Page) => page.locator('.waiting-line[data-waiting="east"]').waitFor({ timeout: 15_000 });

async function reloaded(page: Page): Promise<void> {
  await page.reload();
  await phaseShown(page, `after a reload of ${page.url()}`);
  await waitUntilSettled(page);
}

describe('solo practice resumes', () => {
  it('a reload mid-hand shows the same rack, phase and version; new-hand deals another, kept too', async () => {
    const page = await openSolo('lang=en&seed=7&botDelay=0');
    await eastsTurn(page);
    await chooseTiles(page, 3);
    await actAndConfirm(page, 'pass');
    await page.locator('[data-phase="firstCharleston.across"]').waitFor();
    await eastsTurn(page);
    const before = await tableOf(page);
    expect(before.version).toBeGreaterThan(4);
    await reloaded(page);
    expect(await tableOf(page)).toEqual(before);

    // New hand sits in the ⋯ menu, out of the way of a mistaken tap.
    await page.click('[data-action="menu"]');
    await page.click('[data-action="new-hand"]');
    await page.locator('[data-phase="firstCharleston.right"]').waitFor();
    await eastsTurn(page);
    const next = await tableOf(page);
    expect(next.hand).toContain('Hand 2');
    expect(next.version).toBeGreaterThan(before.version);
    await reloaded(page);
    expect(await tableOf(page)).toEqual(next);
    expect(client.server.apiRequests).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('without a seed too; a corrupt saved value gives a fresh hand, never a broken page', async () => {
    const page = await openSolo('lang=en&botDelay=0');
    await eastsTurn(page);
    const dealt = await tableOf(page);
    await reloaded(page);
    expect(await tableOf(page)).toEqual(dealt);
    for (const bad of ['{"format":"charleston-solo/1","seed":null,"table":"{\\"format\\"', 'not json', '{"format":"charleston-solo/0"}']) {
      await page.evaluate((text) => window.localStorage.setItem('charleston.solo', text), bad);
      await reloaded(page);
      expect(await phaseOf(page)).toBe('firstCharleston.right');
      expect(await versionOf(page)).toBeLessThanOrEqual(3);
      // A fresh deal (East's fourteen tiles), not the saved one.
      expect(await page.locator('[data-tile]').count()).toBe(14);
      expect((await tableOf(page)).rack).not.toEqual(dealt.rack);
      expect(await page.locator('[role="alert"]').first().textContent()).toBe('');
    }
    await page.context().close();
  }, 90_000);
});

describe('messages leave when their moment has passed', () => {
  it('the joker refusal goes at the next tap, and when the hint opens', async () => {
    const page = await openSolo('lang=en&seed=7&botDelay=0');
    await eastsTurn(page);
    const alert = page.locator('[role="alert"]');
    expect(await alert.count()).toBe(1);
    await page.locator('[data-tile="J"]').first().click();
    await expect.poll(() => alert.textContent()).toContain('Jokers can never be passed');
    await page.locator('[data-tile]:not([data-tile="J"])').first().click();
    await expect.poll(() => alert.textContent()).toBe('');
    await page.locator('[data-tile="J"]').first().click();
    await expect.poll(() => alert.textContent()).toContain('Jokers can never be passed');
    await page.click('[data-action="hint"]');
    await page.locator('.hint').waitFor();
    await expect.poll(() => alert.textContent()).toBe('');
    await page.context().close();
  }, 60_000);
});
