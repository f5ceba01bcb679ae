/**
 * The card in real headless Chromium, from the built client served as files (no service): solo practice with the
 * practice card lists the person's closest hands (`data-closest`) at 390 and 1440 px, keeps the choice across a
 * reload, and shows each seat's progress (`data-progress`) at the end of the hand; the lobby's picker shows a pasted
 * card's problem at its line and column in the page's language, refuses to create the table until it reads, and the
 * request it then sends carries `card` (answered here by a fake service with page.route).
 */
import { describe, expect, it } from 'vitest';
import { PHONE } from './support/browser.js';
import { waitUntilSettled } from './support/play.js';
import { useBuiltClient } from './support/suite.js';
import { walkHand } from './support/walk.js';

const WIDE = { width: 1440, height: 900 } as const;
const client = useBuiltClient();

describe('solo practice with a card', () => {
  it('lists the closest hands at 390 and 1440 px, keeps the choice across a reload, and shows the progress at the end', async () => {
    const context = await client.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${client.server.url}/solo?lang=en&seed=2026&botDelay=0`);
    await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-closest]').count()).toBe(0);
    expect(await page.locator('[data-card="none"]').isChecked()).toBe(true);

    await page.locator('[data-card="practice"]').check();
    await page.locator('[data-closest] li').first().waitFor({ timeout: 15_000 });
    await waitUntilSettled(page);
    const phone = await page.locator('[data-closest] li').allTextContents();
    expect(phone).toHaveLength(3);
    for (const line of phone) expect(line).toMatch(/\(.+\) · (\d+ tiles? away|this is the hand)$/);
    expect(await page.locator('[data-closest]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.setViewportSize(WIDE);
    expect(await page.locator('[data-closest]').isVisible()).toBe(true);
    expect(await page.locator('[data-closest] li').allTextContents()).toEqual(phone);
    const box = await page.locator('[data-closest]').boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= WIDE.width).toBe(true);

    await page.reload();
    await page.locator('[data-closest] li').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-card="practice"]').isChecked()).toBe(true);
    expect(await page.locator('[data-closest] li').allTextContents()).toEqual(phone);

    const phases = await walkHand(page, async () => undefined);
    expect(phases.at(-1)).toBe('complete');
    await page.locator('[data-review="loaded"]').waitFor();
    const progress = await page.locator('[data-progress] li').allTextContents();
    expect(progress).toHaveLength(4);
    for (const line of progress) expect(line).toMatch(/^(You|East|South|West|North).*: from \d+ tiles? away to (\d+|the hand itself): .+ \(.+\)$/);
    await context.close();
  }, 180_000);
});

describe('the lobby card picker', () => {
  it('shows a pasted card’s problem at its line and column in Greek, and sends the card once it reads', async () => {
    const context = await client.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const bodies: unknown[] = [];
    await page.route('**/api/tables', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ id: 'abc', tokens: { east: 'tok-east', spectator: 'tok-spec' } }) });
    });
    await page.goto(`${client.server.url}/?lang=el`);
    await page.locator('[data-card="own"]').check();
    await page.locator('[data-card-text]').fill('FF 2222a 4444a 6666a\nFF 2222a 44q4a 6666a');
    await page.locator('[data-card-problem]').waitFor();
    expect(await page.locator('[data-card-problem]').getAttribute('data-card-problem')).toMatch(/^2:\d+$/);
    expect(await page.locator('[data-card-problem]').textContent()).toMatch(/^Γραμμή 2, στήλη \d+: /);
    expect(await page.locator('[data-action="create"]').isDisabled()).toBe(true);

    const card = '# mine\nFF 2222a 4444a 6666a\nFF 2222a 4444b 6666c';
    await page.locator('[data-card-text]').fill(card);
    expect(await page.locator('[data-card-problem]').count()).toBe(0);
    expect(await page.locator('#lobby-card-status').textContent()).toBe('Η κάρτα διαβάζεται: 2 χέρια.');
    await page.locator('[data-action="create"]').click();
    await page.locator('[data-action="new-table"]').waitFor();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ locale: 'el', card });

    await page.locator('[data-action="new-table"]').click();
    await page.locator('[data-card="practice"]').check();
    await page.locator('[data-action="create"]').click();
    await page.locator('[data-action="new-table"]').waitFor();
    expect(bodies[1]).toMatchObject({ card: 'practice' });
    await page.locator('[data-action="new-table"]').click();
    await page.locator('[data-card="none"]').check();
    await page.locator('[data-action="create"]').click();
    await page.locator('[data-action="new-table"]').waitFor();
    expect(bodies[2]).not.toHaveProperty('card');
    await context.close();
  }, 60_000);
});
