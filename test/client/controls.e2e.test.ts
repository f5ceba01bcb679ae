/**
 * The page's controls in real headless Chromium, through a service table and solo practice: a confirm step never
 * outlives the phase it was opened in (two tabs of one seat); keyboard focus never falls to the page's body after a
 * confirm, a cancel or closing the menu; on a phone the control a player needs next is never under the sticky rack.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { chooseTiles } from './support/play.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

const openPage = (url: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> => suite.openPage(url, viewport, { reduceMotion: true });

const createTable = suite.createTable.bind(suite);

const flowOf = async (page: Page): Promise<string> => (await page.locator('[data-flow]').getAttribute('data-flow')) ?? '';

describe('a confirm step', () => {
  it('closes when the table moves on while it is open (another tab of the same seat passed); nothing is sent for the next pass', async () => {
    const table = await createTable({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, { seed: 2020, locale: 'en' });
    const url = `${suite.server.base}/t/${table.id}?lang=en#${table.tokens.east as string}`;
    const tabA = await openPage(url);
    const tabB = await openPage(url);
    for (const tab of [tabA, tabB]) await tab.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    // Tab A chooses three tiles and opens its confirm step.
    await chooseTiles(tabA, 3);
    await tabA.click('[data-action="pass"]');
    await tabA.locator('[data-action="confirm"]').waitFor();
    // Tab B passes other tiles for the same seat; with the bots' packets the table moves to the across pass.
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(5).click();
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(6).click();
    await tabB.locator('[data-tile]:not([data-tile="J"])').nth(7).click();
    await tabB.click('[data-action="pass"]');
    await tabB.click('[data-action="confirm"]');
    await tabA.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    // The phase and the flow state are attributes of the same root, rendered together: the step is gone, no tile is chosen, and the seat has not passed in the across pass (Pass, no take-back).
    expect(await tabA.locator('[data-action="confirm"]').count()).toBe(0);
    expect(await tabA.locator('[data-tile][aria-pressed="true"]').count()).toBe(0);
    expect(await tabA.locator('[data-action="retract"]').count()).toBe(0);
    expect(await tabA.locator('[data-action="pass"]').isDisabled()).toBe(true);
    expect(await flowOf(tabA)).toBe('live.choosing');
  }, 60_000);
});

/** What holds keyboard focus: its `data-action`, `tile` for a rack tile, or the tag name (`BODY` when focus is lost). */
const focusOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active === null) return 'none';
    if (active.hasAttribute('data-tile')) return 'tile';
    return active.getAttribute('data-action') ?? active.tagName;
  });

/** Waits until the page's flow has settled (choosing or waiting) at a version above `version`. */
async function settledAfter(page: Page, version: number): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const root = document.querySelector('[data-flow]');
      const flow = root?.getAttribute('data-flow') ?? '';
      return Number(root?.getAttribute('data-version') ?? '-1') > before && (flow === 'live.choosing' || flow === 'live.waiting');
    },
    version,
    { timeout: 15_000 },
  );
}

const versionNow = async (page: Page): Promise<number> => Number((await page.locator('[data-version]').getAttribute('data-version')) ?? '-1');

describe('keyboard focus', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`never falls to the body after Confirm, Cancel or closing the menu (${name})`, async () => {
      const page = await openPage(`${suite.server.base}/solo?lang=en&seed=2026&botDelay=0`, viewport);
      await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
      await chooseTiles(page, 3);
      // Enter on a rack tile asks to confirm; Cancel (by keyboard) brings focus back to that tile.
      const tile = page.locator('[data-tile]:not([data-tile="J"])').first();
      await tile.focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-action="confirm"]').waitFor();
      expect(await focusOf(page)).toBe('confirm');
      await page.locator('[data-action="cancel"]').focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-action="confirm"]').waitFor({ state: 'detached' });
      expect(await focusOf(page)).toBe('tile');
      // Pass by mouse, Cancel by mouse: back on Pass.
      await page.click('[data-action="pass"]');
      await page.click('[data-action="cancel"]');
      expect(await focusOf(page)).toBe('pass');
      // The menu: Escape closes it and focus is back on its button; so does its Close button.
      await page.click('[data-action="menu"]');
      expect(await focusOf(page)).toBe('misdeal');
      await page.keyboard.press('Escape');
      await page.locator('[data-action="misdeal"]').waitFor({ state: 'detached' });
      expect(await focusOf(page)).toBe('menu');
      // The misdeal's confirm step, cancelled: back on the menu button that opened it.
      await page.click('[data-action="menu"]');
      await page.keyboard.press('Enter');
      await page.locator('[data-action="confirm"]').waitFor();
      await page.locator('[data-action="cancel"]').focus();
      await page.keyboard.press('Enter');
      expect(await focusOf(page)).toBe('menu');
      // Enter on Confirm sends the pass: focus is on the rack's first tile, also once the next pass has opened.
      const version = await versionNow(page);
      await page.click('[data-action="pass"]');
      expect(await focusOf(page)).toBe('confirm');
      await page.keyboard.press('Enter');
      expect(await focusOf(page)).not.toBe('BODY');
      await settledAfter(page, version);
      await page.locator('[data-phase="firstCharleston.across"]').waitFor();
      expect(await focusOf(page)).toBe('tile');
    }, 60_000);
  }
});

describe('keyboard focus at a table of the service', () => {
  it('stays on the rack after Enter on Confirm, also when the tiles it was on leave the rack', async () => {
    const table = await createTable({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, { seed: 2020, locale: 'en' });
    const page = await openPage(`${suite.server.base}/t/${table.id}?lang=en#${table.tokens.east as string}`);
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    // The first three natural tiles: focus goes to the rack's first tile after the send, which is one of them
    // (when the first tile is not a joker), and leaves the rack when the pass resolves.
    await chooseTiles(page, 3);
    await page.click('[data-action="pass"]');
    expect(await focusOf(page)).toBe('confirm');
    await page.keyboard.press('Enter');
    await page.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('[data-flow]')?.getAttribute('data-flow') === 'live.choosing');
    expect(await focusOf(page)).toBe('tile');
  }, 60_000);
});

/** Whether the element at the centre of the action's button is that button (not the sticky rack above it). */
const hitsItself = (page: Page, action: string): Promise<string> =>
  page.evaluate((name) => {
    const button = document.querySelector(`[data-action="${name}"]`);
    if (button === null) return 'absent';
    const box = button.getBoundingClientRect();
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight) return 'off screen';
    const hit = document.elementFromPoint(box.left + box.width / 2, y);
    return hit !== null && (hit === button || button.contains(hit)) ? 'visible' : `covered by ${hit?.closest('[class]')?.className ?? 'nothing'}`;
  }, action);

describe('on a phone, the sticky rack', () => {
  for (const lang of ['en', 'el'] as const) {
    it(`never covers Pass, Hint or Confirm once they are needed (${lang})`, async () => {
      const page = await openPage(`${suite.server.base}/solo?lang=${lang}&seed=2026&botDelay=0`, PHONE);
      for (const phase of ['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left']) {
        await page.locator(`[data-phase="${phase}"][data-flow="live.choosing"]`).waitFor({ timeout: 15_000 });
        // A player who scrolled up to look at the table, then taps tiles in the rack stuck at the bottom.
        await page.evaluate(() => window.scrollTo(0, 0));
        const blind = phase === 'firstCharleston.left';
        if (blind) await page.click('[data-action="blind-1"]');
        await chooseTiles(page, blind ? 2 : 3);
        expect({ phase, pass: await hitsItself(page, 'pass'), hint: await hitsItself(page, 'hint') }).toEqual({ phase, pass: 'visible', hint: 'visible' });
        await page.locator('[data-action="pass"]').dispatchEvent('click');
        await page.locator('[data-action="confirm"]').waitFor();
        expect({ phase, confirm: await hitsItself(page, 'confirm'), cancel: await hitsItself(page, 'cancel') }).toEqual({ phase, confirm: 'visible', cancel: 'visible' });
        const version = await versionNow(page);
        await page.locator('[data-action="confirm"]').dispatchEvent('click');
        await settledAfter(page, version);
      }
    }, 60_000);
  }
});
