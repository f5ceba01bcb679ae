/**
 * Regenerates the client's pictures in docs/: the lobby after creating a table (client-lobby.png), and a whole solo
 * hand phase by phase at 390×844 (client-phone-*.png) and 1440×900 (client-desktop-*.png): each phase as it
 * opens, the packets chosen in the first right, the blind left and the courtesy pass, the table menu with the
 * misdeal, the misdeal itself and East's declaration. client-phone.png and client-desktop.png are the two the
 * guide shows first. Motion is reduced, so no picture catches a tile mid-slide.
 * The service runs in process on 127.0.0.1 over an in-memory database (the lobby); solo needs no server.
 * Run: npx tsx scripts/screenshot-client.ts
 */
import { copyFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startClientService } from '../test/client/support/service.js';
import { walkHand } from '../test/client/support/walk.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

/** A phase as a file name part: `firstCharleston.right` → `first-right`. */
const slug = (phase: string): string => phase.replace('Charleston.', '-').replace(/([A-Z])/g, '-$1').toLowerCase();

// The same service with its freshly built client as the end-to-end tests use (PGlite in memory, 127.0.0.1).
const served = await startClientService();
const { base } = served;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const written: string[] = [];

/**
 * Takes a picture. A phase as it opens is shown from the top of the page (the table); a chosen packet as the
 * player sees it, where the page scrolled to bring the next control into view above the sticky rack.
 */
async function shoot(page: Page, name: string, from: 'top' | 'where the page is' = 'top'): Promise<void> {
  await page.evaluate(async (top) => {
    if (top) window.scrollTo(0, 0);
    await document.fonts.ready;
  }, from === 'top');
  await page.screenshot({ path: join(DOCS, name) });
  written.push(`docs/${name}`);
}

async function solo(size: keyof typeof SIZES, query: string): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}/solo?lang=en&${query}`);
  await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
  return page;
}

try {
  const lobby = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await lobby.goto(`${base}/?lang=en`);
  await lobby.selectOption('#seat-south', 'human');
  await lobby.click('[data-action="create"]');
  await lobby.locator('[data-invite="spectator"]').waitFor();
  await lobby.screenshot({ path: join(DOCS, 'client-lobby.png'), fullPage: true });
  written.push('docs/client-lobby.png');

  for (const size of ['phone', 'desktop'] as const) {
    const page = await solo(size, 'seed=2026&botDelay=0');
    await walkHand(page, async ({ phase, moment }) => {
      if (moment === 'start') await shoot(page, `client-${size}-${slug(phase)}.png`);
      else if (phase === 'firstCharleston.right') {
        await page.click('[data-action="hint"]');
        await page.locator('.hint').waitFor();
        await shoot(page, `client-${size}-${slug(phase)}-chosen.png`, 'where the page is');
        await page.click('[data-action="hint"]');
      } else if (phase === 'firstCharleston.left' || phase === 'courtesy') await shoot(page, `client-${size}-${slug(phase)}-chosen.png`, 'where the page is');
    });
    await page.context().close();

    const menu = await solo(size, 'seed=9&botDelay=0');
    await menu.click('[data-action="menu"]');
    await shoot(menu, `client-${size}-menu.png`);
    await menu.click('[data-action="misdeal"]');
    await menu.click('[data-action="confirm"]');
    await menu.locator('[data-phase="misdeal"]').waitFor();
    await shoot(menu, `client-${size}-misdeal.png`);
    await menu.context().close();

    const declare = await solo(size, 'seed=7&botDelay=60000');
    await declare.click('[data-action="declare"]');
    await declare.click('[data-action="confirm"]');
    // East's declaration goes to the others for review (solo tables review it; the bots accept after their delay).
    await declare.locator('[data-phase="declarationReview"]').waitFor();
    await shoot(declare, `client-${size}-east-mahjong.png`);
    await declare.context().close();
  }
  // The guide's first two pictures: choosing the first pass on a phone (with the hint), the across pass on a desktop.
  await copyFile(join(DOCS, 'client-phone-first-right-chosen.png'), join(DOCS, 'client-phone.png'));
  await copyFile(join(DOCS, 'client-desktop-first-across.png'), join(DOCS, 'client-desktop.png'));
  console.log([...written, 'docs/client-phone.png', 'docs/client-desktop.png'].join('\n'));
} finally {
  await browser.close();
  await served.close();
}
