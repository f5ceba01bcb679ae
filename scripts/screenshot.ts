/**
 * Regenerates the inspector's screenshots in docs/: `inspector.png` (desktop, 1440×900) and `inspector-phone.png`
 * (390×844, the state and the log first) on a seeded bot table mid-Charleston, `inspector-phone-chart.png` (the
 * chart, a tap away), and `inspector-app.png`: the browser example (a traffic light invoking a child) with its
 * context and the sequence view. Run: npm run build && npx tsx scripts/screenshot.ts
 */
import { chromium, type Page } from 'playwright-core';
import { serveExample } from '../examples/inspect-browser/serve.mjs';
import { startInspectorServer } from '../src/inspector/server.js';

const STEPS = 10;
const server = await startInspectorServer({ session: { source: { kind: 'bots', seed: 2026 } } });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** Opens the page and waits until the chart is drawn and the table has `cursor` events applied. */
async function ready(page: Page, cursor: number): Promise<void> {
  await page.goto(server.url);
  await page.locator('#chart [data-state-path="firstCharleston.right"]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForFunction((n) => document.querySelector('#cursor')?.getAttribute('data-cursor') === String(n), cursor);
  await page.waitForFunction(() => document.querySelector('#chart g.state[data-active="true"]') !== null);
}

try {
  const desk = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await ready(desk, 0);
  for (let i = 1; i <= STEPS; i += 1) {
    await desk.click('#step');
    await desk.waitForFunction((n) => document.querySelector('#cursor')?.getAttribute('data-cursor') === String(n), i);
  }
  await desk.locator('#log li[data-type="pass.commit"]').nth(9).click();
  await desk.click('#live');
  await desk.waitForFunction(() => document.querySelector('#moment')?.hasAttribute('hidden') === true);
  await desk.screenshot({ path: 'docs/inspector.png' });

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await ready(phone, STEPS);
  await phone.screenshot({ path: 'docs/inspector-phone.png' });
  await phone.click('nav.tabs button[data-tab="chart"]');
  await phone.locator('#chart-panel').waitFor({ state: 'visible' });
  await phone.waitForFunction(() => Number(document.querySelector('#chart')?.getAttribute('data-scale') ?? 0) > 0);
  await phone.screenshot({ path: 'docs/inspector-phone-chart.png' });
  console.log(`docs/inspector.png, docs/inspector-phone.png, docs/inspector-phone-chart.png: ${server.session?.service.phase ?? '?'} after ${STEPS} events`);

  // a browser app: the example opens this inspector (without a table) as a popup
  const bare = await startInspectorServer({});
  const example = await serveExample();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const app = await context.newPage();
    const opened = context.waitForEvent('page');
    await app.goto(`${example.url}?inspector=${encodeURIComponent(bare.url)}`);
    const popup = await opened;
    await popup.locator('#chart [data-state-path="green"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    for (const id of ['car', 'car', 'timer', 'timer', 'hurry']) await app.click(`#${id}`);
    await popup.waitForFunction(() => document.querySelector('#current-state')?.getAttribute('data-state') === 'red.stopped');
    await popup.waitForFunction(() => document.querySelectorAll('#log li').length === 5 && (document.querySelector('#context')?.textContent ?? '').includes('"cars": 2'));
    await popup.waitForFunction(() => [...document.querySelectorAll('#sequence .message-type')].some((node) => node.textContent === 'HURRY'));
    await popup.screenshot({ path: 'docs/inspector-app.png' });
    console.log('docs/inspector-app.png: the traffic light in red, its crossing hurried');
  } finally {
    await example.close();
    await bare.close();
  }
} finally {
  await browser.close();
  await server.close();
}
