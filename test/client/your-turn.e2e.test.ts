/**
 * "Your turn", noticed, in real headless Chromium at four seats of one table of the service (`charleston serve`):
 * the tab title says "● Your pass" for exactly the seats the table waits for; a decision that becomes a seat's
 * vibrates once (observed by replacing `navigator.vibrate` in the page) and plays a tone (an `AudioContext`
 * replaced in the page) only where the menu's sound toggle is on; the toggle is remembered across a reload. The
 * title in the four languages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../src/index.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { actAndConfirm, chooseTiles, waitUntilSettled } from './support/play.js';
import { recordSignals, signalsOf } from './support/signals.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

const YOUR_PASS = '● Your pass — Charleston';

async function passFrom(page: Page): Promise<void> {
  await chooseTiles(page, 3);
  await actAndConfirm(page, 'pass');
  await waitUntilSettled(page);
}

describe('your turn, noticed', () => {
  it('the title changes for the seats being waited for only; one vibration a decision; the tone only with the toggle on, remembered', async () => {
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 2020, locale: 'en' });
    const pages = {} as Record<Seat, Page>;
    for (const seat of SEATS) {
      pages[seat] = await suite.openPage(`${suite.server.base}/t/${table.id}?lang=en#${table.tokens[seat] as string}`, seat === 'east' ? PHONE : DESKTOP, { reduceMotion: true, prepare: recordSignals });
    }
    for (const seat of SEATS) await pages[seat].locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    // Everyone owes the first pass: every title says so. The first view is the page just opened: no signal.
    for (const seat of SEATS) {
      await expect.poll(() => pages[seat].title()).toBe(YOUR_PASS);
      expect(await signalsOf(pages[seat])).toEqual({ vibrate: 0, oscillators: 0 });
    }
    // The sound toggle: in the menu, off by default; East switches it on.
    await pages.east.click('[data-action="menu"]');
    expect(await pages.east.locator('[data-action="sound"]').getAttribute('aria-pressed')).toBe('false');
    await pages.east.click('[data-action="sound"]');
    expect(await pages.east.locator('[data-action="sound"]').getAttribute('aria-pressed')).toBe('true');
    await pages.east.keyboard.press('Escape');

    // East, South and West pass: their titles go back to plain, North's still says it is its pass.
    for (const seat of ['east', 'south', 'west'] as const) {
      await passFrom(pages[seat]);
      await expect.poll(() => pages[seat].title()).toBe('Charleston');
    }
    await expect.poll(() => pages.north.title()).toBe(YOUR_PASS);
    for (const seat of SEATS) expect((await signalsOf(pages[seat])).vibrate).toBe(0);

    // North passes: the pass resolves, the next one is everyone's. Each page vibrates once; only East's sounds.
    await passFrom(pages.north);
    for (const seat of SEATS) {
      await pages[seat].locator('[data-phase="firstCharleston.across"]').waitFor();
      await expect.poll(() => pages[seat].title()).toBe(YOUR_PASS);
      await expect.poll(async () => (await signalsOf(pages[seat])).vibrate).toBe(1);
    }
    expect((await signalsOf(pages.east)).oscillators).toBe(2);
    for (const seat of ['south', 'west', 'north'] as const) expect((await signalsOf(pages[seat])).oscillators).toBe(0);

    // East passes and takes it back: the same decision again, nothing new to signal.
    await chooseTiles(pages.east, 3);
    await actAndConfirm(pages.east, 'pass');
    await waitUntilSettled(pages.east);
    await expect.poll(() => pages.east.title()).toBe('Charleston');
    await pages.east.click('[data-action="retract"]');
    await waitUntilSettled(pages.east);
    await expect.poll(() => pages.east.title()).toBe(YOUR_PASS);
    expect(await signalsOf(pages.east)).toEqual({ vibrate: 1, oscillators: 2 });

    // A reload keeps the toggle (remembered on the device) and signals nothing for the decision already open.
    await pages.east.reload();
    await pages.east.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    await pages.east.click('[data-action="menu"]');
    expect(await pages.east.locator('[data-action="sound"]').getAttribute('aria-pressed')).toBe('true');
    expect(await signalsOf(pages.east)).toEqual({ vibrate: 0, oscillators: 0 });
    for (const seat of SEATS) await pages[seat].context().close();
  }, 120_000);

  it('says so in the page language: en, ca, sw, el', async () => {
    const expected = { en: YOUR_PASS, ca: '● Et toca passar — Charleston', sw: '● Zamu yako kupitisha — Charleston', el: '● Σειρά σου να περάσεις — Charleston' };
    const page = await suite.openPage(`${suite.server.base}/solo?lang=en&seed=7&botDelay=0`, PHONE, { reduceMotion: true });
    for (const [locale, title] of Object.entries(expected)) {
      await page.goto(`${suite.server.base}/solo?lang=${locale}&seed=7&botDelay=0`);
      await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.title()).toBe(title);
    }
    // The language picker changes it in place too.
    await page.selectOption('header select', 'ca');
    await expect.poll(() => page.title()).toBe(expected.ca);
    await page.context().close();
  }, 60_000);
});
