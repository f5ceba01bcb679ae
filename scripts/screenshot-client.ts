/**
 * Regenerates the client's pictures in docs/: the lobby after creating a table (client-lobby.png), East's seat
 * on a 390×844 phone with two tiles chosen and the teacher's hint open (client-phone.png), and East's seat on a
 * desktop in the across pass, with the tiles just received and the confirm step (client-desktop.png).
 * The service runs in process on 127.0.0.1 over an in-memory database, with seeded tables.
 * Run: npx tsx scripts/screenshot-client.ts
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startClientService } from '../test/client/support/service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');

// The same service with its freshly built client as the end-to-end tests use (PGlite in memory, 127.0.0.1).
const served = await startClientService();
const { base } = served;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** A seeded table: East a person, three teacher bots. */
async function seededTable(seed: number): Promise<string> {
  const response = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed, locale: 'en', seats: { east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' } }),
  });
  const body = (await response.json()) as { id: string; tokens: { east: string } };
  return `${base}/t/${body.id}#${body.tokens.east}`;
}

async function chooseNaturals(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await page.locator('[data-tile]:not([data-tile="J"])[aria-pressed="false"]').nth(i === 0 ? 2 : 3).click();
}

try {
  const lobby = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await lobby.goto(`${base}/?lang=en`);
  await lobby.selectOption('#seat-south', 'human');
  await lobby.click('[data-action="create"]');
  await lobby.locator('[data-invite="spectator"]').waitFor();
  await lobby.screenshot({ path: join(DOCS, 'client-lobby.png'), fullPage: true });

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(await seededTable(2026));
  await phone.locator('.seat[data-seat="north"] .chip.packet').waitFor({ timeout: 15_000 });
  await chooseNaturals(phone, 2);
  await phone.click('[data-action="hint"]');
  await phone.locator('.hint').waitFor();
  await phone.screenshot({ path: join(DOCS, 'client-phone.png'), fullPage: true });

  const desktop = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await desktop.goto(await seededTable(2027));
  await desktop.locator('.seat .chip.packet').nth(2).waitFor({ timeout: 15_000 });
  await chooseNaturals(desktop, 3);
  await desktop.click('[data-action="pass"]');
  await desktop.click('[data-action="confirm"]');
  await desktop.locator('[data-phase="firstCharleston.across"]').waitFor();
  await desktop.locator('.seat .chip.packet').nth(2).waitFor({ timeout: 15_000 });
  await chooseNaturals(desktop, 3);
  await desktop.click('[data-action="pass"]');
  await desktop.locator('[data-action="confirm"]').waitFor();
  await desktop.screenshot({ path: join(DOCS, 'client-desktop.png') });
  console.log('docs/client-lobby.png, docs/client-phone.png, docs/client-desktop.png written');
} finally {
  await browser.close();
  await served.close();
}
