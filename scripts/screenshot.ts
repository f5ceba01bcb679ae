/**
 * Regenerates docs/inspector.png: the inspector on a seeded bot table, mid-Charleston (first left pass with
 * packets on the table). Run: npm run build && npx tsx scripts/screenshot.ts
 */
import { chromium } from 'playwright-core';
import { startInspectorServer } from '../src/inspector/server.js';

const STEPS = 10;
const server = await startInspectorServer({ session: { source: { kind: 'bots', seed: 2026 } } });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(server.url);
  await page.locator('#chart [data-state="firstCharleston.right"].active').waitFor({ timeout: 20_000 });
  for (let i = 1; i <= STEPS; i += 1) {
    await page.click('#step');
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length === n, i);
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'docs/inspector.png' });
  console.log(`docs/inspector.png: ${server.session.service.phase} after ${STEPS} events`);
} finally {
  await browser.close();
  await server.close();
}
