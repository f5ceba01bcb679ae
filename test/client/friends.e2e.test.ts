/**
 * A table for friends in real headless Chromium, through the pages' fixed hooks: the end of a hand shows its review
 * (`data-review`) and deals the next one (`data-action="next-hand"`) — in solo practice, and at a table of the service,
 * where the review is read from the table's real log once the hand has ended; names typed in the lobby; the lobby's
 * copy button and QR codes; the watch page with no rack.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { axeFindings } from './support/axe.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useServiceBrowser } from './support/suite.js';
import { playSeat } from './support/play.js';
import { walkHand } from './support/walk.js';

const suite = useServiceBrowser();

const openPage = (url: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> => suite.openPage(url, viewport, { reduceMotion: true });


/** What the review element says: the passes it lists and the packets of each. */
function reviewOf(page: Page): Promise<{ passes: string[]; packets: number[] }> {
  return page.evaluate(() => {
    const sections = [...document.querySelectorAll('[data-review] [data-pass]')];
    return { passes: sections.map((node) => node.getAttribute('data-pass') ?? ''), packets: sections.map((node) => node.querySelectorAll('.review-packet').length) };
  });
}

describe('the end of a hand', () => {
  it('solo: shows who passed what, then deals the next hand at the same page', async () => {
    const page = await openPage(`${suite.server.base}/solo?lang=en&seed=2026&botDelay=0`, PHONE);
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    const phases = await walkHand(page, async () => undefined);
    expect(phases.at(-1)).toBe('complete');
    await page.locator('[data-review="loaded"]').waitFor();
    const review = await reviewOf(page);
    expect(review.passes.slice(0, 3)).toEqual(['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left']);
    expect(review.packets.slice(0, 3)).toEqual([4, 4, 4]);
    expect(review.passes.at(-1)).toBe('courtesy');
    expect(await axeFindings(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const version = Number(await page.locator('[data-version]').getAttribute('data-version'));
    await page.click('[data-action="next-hand"]');
    await page.locator('[data-phase="firstCharleston.right"]').waitFor();
    expect(Number(await page.locator('[data-version]').getAttribute('data-version'))).toBeGreaterThan(version);
    expect(await page.locator('h1').textContent()).toContain('Hand 2');
    expect(await page.locator('[data-review]').count()).toBe(0);
    expect(await page.locator('[data-action="next-hand"]').count()).toBe(0);
  }, 120_000);

  it('a seat of the service: reads the ended hand from the table log and offers the next hand; a watcher sees the review without the button', async () => {
    const created = await suite.server.api('POST', '/api/tables', { body: { seats: { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, seed: 2020, locale: 'en', names: { east: 'Ana' } } });
    expect(created.status).toBe(201);
    const { id, tokens } = created.body as { id: string; tokens: Record<string, string> };
    const page = await openPage(`${suite.server.base}/t/${id}?lang=en#${tokens.east}`);
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-review]').count()).toBe(0);
    expect(await page.locator('[data-action="next-hand"]').count()).toBe(0);
    expect(await page.locator('[data-seat-label]').textContent()).toBe('You are Ana (East)');
    const phases = await walkHand(page, async () => undefined);
    expect(phases.at(-1)).toBe('complete');
    await page.locator('[data-review="loaded"]').waitFor();
    const review = await reviewOf(page);
    expect(review.passes.slice(0, 3)).toEqual(['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left']);
    expect(review.packets.every((count, index) => review.passes[index] === 'courtesy' || count === 4)).toBe(true);
    expect(await page.locator('[data-action="next-hand"]').isEnabled()).toBe(true);
    // The names of the review come from the real log: each of the first right's packets goes to the seat on the right.
    const firstRight = await page.locator('[data-pass="firstCharleston.right"] .review-packet').evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('data-from')}>${node.getAttribute('data-to')}`));
    expect(firstRight).toEqual(['east>south', 'south>west', 'west>north', 'north>east']);

    const watcher = await openPage(`${suite.server.base}/t/${id}?lang=en#${tokens.spectator}`, PHONE);
    await watcher.locator('[data-review="loaded"]').waitFor({ timeout: 15_000 });
    expect(await watcher.locator('[data-action="next-hand"]').count()).toBe(0);
    expect(await watcher.locator('[data-tile]').count()).toBe(0);
    expect(await watcher.locator('#own-name').count()).toBe(0);

    // The next hand: the deal passes to the right, so Ana, who was East, is now North on the same link.
    await page.click('[data-action="next-hand"]');
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-seat-label]').textContent()).toBe('You are Ana (North)');
    expect(await page.locator('[data-seat-label]').getAttribute('data-seat-label')).toBe('north');
    expect(await page.locator('h1').textContent()).toContain('Hand 2');
    expect(await page.locator('[data-seat="north"].me').count()).toBe(1);
    await watcher.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await watcher.locator('[data-review]').count()).toBe(0);
  }, 180_000);
});

describe('the review on a phone', () => {
  it('keeps a blind count beside its tiles, writes "nothing" at the size of the line, and sets who stopped apart from the votes', async () => {
    const page = await openPage(`${suite.server.base}/solo?lang=en&seed=2026&botDelay=0`, PHONE);
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    // East forwards all three blind in the first left (a packet of nothing), stops at the checkpoint, offers none.
    await playSeat(page, { vote: 'stop', blind: 3, offer: 0, timeout: 30_000 });
    await page.locator('[data-review="loaded"]').waitFor({ timeout: 15_000 });
    const layout = await page.evaluate(() => {
      const packets = [...document.querySelectorAll('[data-review] .review-packet')];
      // Each count forwarded unseen starts no further left than its packet's tiles: it never wraps under the sender.
      const blindUnderSender = packets.filter((packet) => {
        const blind = packet.querySelector('.review-blind');
        const who = packet.querySelector('.review-who');
        if (blind === null || who === null) return false;
        return blind.getBoundingClientRect().left < who.getBoundingClientRect().right;
      }).length;
      const blinds = packets.filter((packet) => packet.querySelector('.review-blind') !== null).length;
      // The element whose own text is "nothing", against the sender's size on the same line.
      const nothing = [...document.querySelectorAll('[data-review] .review-packet *')].find((node) => [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent === 'nothing'));
      const whoSize = getComputedStyle(document.querySelector('[data-review] .review-who') as Element).fontSize;
      const votes = document.querySelector('[data-review] .review-votes') as HTMLElement | null;
      return { blinds, blindUnderSender, nothing: nothing === undefined ? null : getComputedStyle(nothing).fontSize, whoSize, votes: votes?.innerText ?? '' };
    });
    expect(layout.blinds).toBeGreaterThan(0);
    // The list of votes ends with a full stop; who stopped is a sentence on its own line.
    const votesRead = /: (stop|continue)\.\n(East|South|West|North) stopped the second Charleston\.$/.test(layout.votes);
    expect({ blindUnderSender: layout.blindUnderSender, nothing: layout.nothing, votesRead }).toEqual({ blindUnderSender: 0, nothing: layout.whoSize, votesRead: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 120_000);
});

describe('the lobby for friends', () => {
  it('takes names and a clock, and gives each link a copy button and a QR code drawn as SVG', async () => {
    const page = await openPage(`${suite.server.base}/?lang=en`, PHONE);
    let asked: Record<string, unknown> | null = null;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/tables')) asked = JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
    });
    await page.selectOption('#seat-south', 'human');
    await page.fill('#name-east', '  Ana <b>  ');
    await page.fill('#name-south', 'Κώστας');
    await page.selectOption('#clock', '60');
    await page.click('[data-action="create"]');
    await page.locator('[data-invite="spectator"]').waitFor();
    expect(asked).toMatchObject({ names: { east: 'Ana <b>', south: 'Κώστας' }, clock: 60 });
    expect(await page.locator('[data-invite-item="east"] .invite-title').textContent()).toBe('Ana <b> at East');
    // QR codes open on demand, drawn as SVG.
    expect(await page.locator('[data-invite-item] svg.qr').count()).toBe(0);
    for (const item of ['east', 'south', 'spectator']) await page.click(`[data-invite-item="${item}"] [data-action="qr"]`);
    expect(await page.locator('[data-invite-item] svg.qr').count()).toBe(3);
    // Links use the page's own origin.
    const link = await page.locator('[data-invite="east"]').textContent();
    expect(link?.startsWith(`${suite.server.base}/t/`)).toBe(true);
    // Without clipboard permission in a headless page, copying selects the link instead (or copies it).
    await page.click('[data-invite-item="east"] [data-action="copy"]');
    await page.waitForFunction(() => (document.querySelector('[data-invite-item="east"] [aria-live]')?.textContent ?? '') !== '');
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    const said = await page.locator('[data-invite-item="east"] [aria-live]').textContent();
    expect(said === 'Copied' || selected === link).toBe(true);
    expect(await page.locator('.lan code').allTextContents()).toEqual(['npm run serve -- --host 0.0.0.0', 'npx charleston serve --host 0.0.0.0']);
    expect(await page.locator('.invites .note').textContent()).toContain('127.0.0.1');
    expect(await axeFindings(page)).toEqual([]);
    // The service took the names: South's link opens a page that names its person.
    const south = await openPage((await page.locator('[data-invite="south"]').getAttribute('href')) ?? '', PHONE);
    await expect.poll(() => south.locator('[data-seat-label]').textContent(), { timeout: 15_000 }).toBe('You are Κώστας (South)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }, 60_000);
});
