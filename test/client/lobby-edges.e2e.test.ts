/**
 * The lobby's edges in real headless Chromium, on a 390×844 phone and a 1440×900 desktop: the network note gives the
 * commands that work from a clone and from an installed package; after creating a table the invites replace the form
 * and "new table" brings it back; an opened QR code lies inside the viewport; every invite link's text is its href
 * (the language included); and the lobby stays free of serious axe-core findings.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { ct } from '../../src/client/i18n/catalog.js';
import { axeFindings } from './support/axe.js';
import { PHONE } from './support/browser.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();
const WIDE = { width: 1440, height: 900 } as const;


describe('the lobby edges', () => {
  it.each([
    ['phone', PHONE, 'el'],
    ['desktop', WIDE, 'ca'],
  ] as const)('on a %s: commands, invites replacing the form, QR codes in view, links that read as they go', async (_name, viewport, locale) => {
    const page = await suite.openPage(`${suite.server.base}/?lang=${locale}`, viewport, { reduceMotion: true });
    await page.locator('form.create').waitFor();
    expect(await page.locator('.lan code').allTextContents()).toEqual(['npm run serve -- --host 0.0.0.0', 'npx charleston serve --host 0.0.0.0']);
    expect(await page.locator('.lan .lan-where').allTextContents()).toEqual([ct(locale, 'lobby.lanClone'), ct(locale, 'lobby.lanPackage')]);
    for (const seat of ['south', 'west', 'north']) await page.selectOption(`#seat-${seat}`, 'human');
    await page.click('[data-action="create"]');
    await page.locator('[data-invite="spectator"]').waitFor({ timeout: 15_000 });
    // The invites replaced the form.
    expect(await page.locator('form.create').count()).toBe(0);
    expect(await page.locator('[data-action="create"]').count()).toBe(0);
    // Every invite link's text is exactly its href, with the lobby's language in it.
    const links = await page.locator('.invites a').evaluateAll((anchors) => anchors.map((anchor) => ({ text: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })));
    expect(links).toHaveLength(5);
    for (const { text, href } of links) {
      expect(text).toBe(href);
      expect(href).toMatch(new RegExp(`^${suite.server.base}/t/[^?#]+\\?lang=${locale}#.+`));
    }
    expect(await axeFindings(page)).toEqual([]);
    // Each QR code, once opened, lies inside the viewport (the last invite's sits lowest on the page).
    for (const item of ['east', 'north', 'spectator']) {
      await page.click(`[data-invite-item="${item}"] [data-action="qr"]`);
      const qr = page.locator(`[data-invite-item="${item}"] svg.qr`);
      await qr.waitFor();
      await expect
        .poll(async () => {
          const box = await qr.boundingBox();
          return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
        }, { timeout: 5_000 })
        .toBe(true);
    }
    expect(await page.locator(`[data-invite-item="spectator"] svg.qr`).getAttribute('aria-label')).toBe(ct(locale, 'lobby.qrWatch'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // "New table" brings the form back, with the choices kept, and the invites go.
    await page.click('[data-action="new-table"]');
    await page.locator('form.create').waitFor();
    expect(await page.locator('[data-invite]').count()).toBe(0);
    expect(await page.inputValue('#seat-north')).toBe('human');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('seat-east');
    expect(await axeFindings(page)).toEqual([]);
  }, 60_000);
});
