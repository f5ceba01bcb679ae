/**
 * Readable everywhere, in real headless Chromium: pan by dragging, zoom with the wheel, a two-finger pinch and
 * the buttons, fit; at 390×844 the state and the log come first and the chart is a tap away, drawn at a
 * readable scale; edge labels do not overlap each other or the state boxes' titles.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInspectorServer, type InspectorServer } from '../../src/inspector/server.js';
import { launchChromium } from './helpers.js';

let server: InspectorServer;
let browser: Browser;

beforeAll(async () => {
  server = await startInspectorServer({ session: { source: { kind: 'bots', seed: 2026 } } });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The chart's transform: translate x, y and scale. */
async function view(page: Page): Promise<{ x: number; y: number; scale: number }> {
  const transform = await page.locator('#chart-content').evaluate((node) => (node as HTMLElement).style.transform);
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(transform);
  if (!match) throw new Error(`no transform: ${transform}`);
  return { x: Number(match[1]), y: Number(match[2]), scale: Number(match[3]) };
}

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.locator('#chart [data-state-path="firstCharleston.right"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
}

describe('pan and zoom', () => {
  it('drags, wheels, pinches and fits', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page);
    const box = await page.locator('#chart').boundingBox();
    if (!box) throw new Error('no chart box');
    const start = await view(page);
    // drag pans
    await page.mouse.move(box.x + 200, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 260, box.y + 150, { steps: 4 });
    await page.mouse.up();
    const dragged = await view(page);
    expect(dragged.x - start.x).toBeCloseTo(60, 0);
    expect(dragged.y - start.y).toBeCloseTo(-50, 0);
    expect(dragged.scale).toBe(start.scale);
    // the wheel zooms about the pointer: the point under it stays put
    const px = box.x + 300;
    const py = box.y + 300;
    await page.mouse.move(px, py);
    const underBefore = { x: (300 - dragged.x) / dragged.scale, y: (300 - dragged.y) / dragged.scale };
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((s) => Number(document.querySelector('#chart')?.getAttribute('data-scale')) > s, dragged.scale);
    const zoomed = await view(page);
    expect(zoomed.scale).toBeGreaterThan(dragged.scale);
    expect((300 - zoomed.x) / zoomed.scale).toBeCloseTo(underBefore.x, 0);
    expect((300 - zoomed.y) / zoomed.scale).toBeCloseTo(underBefore.y, 0);
    // buttons
    await page.click('#zoom-out');
    expect((await view(page)).scale).toBeCloseTo(zoomed.scale * 0.8, 2);
    await page.click('#zoom-in');
    expect((await view(page)).scale).toBeCloseTo(zoomed.scale, 2);
    await page.click('#zoom-reset');
    expect((await view(page)).scale).toBe(1);
    await page.click('#zoom-fit');
    const fitted = await view(page);
    const svg = await page.locator('#chart svg').evaluate((node) => ({ w: Number(node.getAttribute('width')), h: Number(node.getAttribute('height')) }));
    expect(svg.w * fitted.scale).toBeLessThanOrEqual(box.width);
    expect(svg.h * fitted.scale).toBeLessThanOrEqual(box.height);
    await page.close();
  }, 60_000);

  it('pinches with two fingers', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await open(page);
    await page.click('nav.tabs button[data-tab="chart"]');
    await page.locator('#chart').waitFor({ state: 'visible' });
    const box = await page.locator('#chart').boundingBox();
    if (!box) throw new Error('no chart box');
    const before = await view(page);
    const client: CDPSession = await context.newCDPSession(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const touch = (spread: number): { x: number; y: number; id: number }[] => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touch(30) });
    for (const spread of [45, 60, 75, 90]) await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: touch(spread) });
    await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const after = await view(page);
    expect(after.scale / before.scale).toBeCloseTo(3, 0);
    await context.close();
  }, 60_000);
});

describe('at 390×844', () => {
  it('shows the state and the log first, the chart a tap away at a readable scale', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await open(page);
    for (let i = 0; i < 3; i += 1) await page.click('#step');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 3);
    expect(await page.locator('#current-state').isVisible()).toBe(true);
    expect(await page.locator('#log-panel').isVisible()).toBe(true);
    expect(await page.locator('#chart-panel').isVisible()).toBe(false);
    // every control is on screen
    for (const id of ['reset', 'back', 'play', 'step']) {
      const b = await page.locator(`#${id}`).boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844, id).toBe(true);
    }
    const log = await page.locator('#log-panel').boundingBox();
    expect(log?.width).toBeGreaterThan(350);
    await page.click('nav.tabs button[data-tab="chart"]');
    await page.locator('#chart-panel').waitFor({ state: 'visible' });
    expect(await page.locator('#log-panel').isVisible()).toBe(false);
    const chart = await page.locator('#chart').boundingBox();
    expect(chart?.height).toBeGreaterThan(400);
    expect((await view(page)).scale).toBeGreaterThanOrEqual(0.55);
    // the active state is in view
    const active = await page.locator('#chart g.state.leaf[data-active="true"] > rect.box').boundingBox();
    expect(active && chart && active.x >= chart.x && active.x + active.width <= chart.x + chart.width + 1 && active.y >= chart.y && active.y + active.height <= chart.y + chart.height).toBe(true);
    await page.close();
  }, 60_000);
});

describe('labels', () => {
  it('edge labels overlap neither each other, nor the text in state boxes, nor other edges’ lines', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await open(page);
    const boxes = await page.$$eval('#chart svg', ([svg]) => {
      const rect = (node: Element): { x: number; y: number; w: number; h: number } => {
        const r = node as SVGRectElement;
        return { x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')), w: Number(r.getAttribute('width')), h: Number(r.getAttribute('height')) };
      };
      const labels = [...(svg?.querySelectorAll('.edge-label rect.label-bg') ?? [])].map(rect);
      const titles = [...(svg?.querySelectorAll('g.state > text.name, g.state > text.action-line') ?? [])].map((node) => {
        const b = (node as SVGTextElement).getBBox();
        return { x: b.x, y: b.y, w: b.width, h: b.height };
      });
      // the segments of every edge line, with the edge's identity (a label may sit on its own edge)
      const segments = [...(svg?.querySelectorAll('g.edge') ?? [])].flatMap((group) =>
        [...group.querySelectorAll('polyline')].flatMap((line) => {
          const points = (line.getAttribute('points') ?? '').split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
          return points.slice(1).map((end, i) => ({ key: `${group.getAttribute('data-source')}|${group.getAttribute('data-event')}`, a: points[i] as [number, number], b: end }));
        }),
      );
      const labelKeys = [...(svg?.querySelectorAll('.edge-label') ?? [])].map((group) => `${group.getAttribute('data-source')}|${group.getAttribute('data-event')}`);
      return { labels, titles, segments, labelKeys };
    });
    const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a): boolean => a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
    expect(boxes.labels.length).toBeGreaterThanOrEqual(20);
    const pairs: string[] = [];
    boxes.labels.forEach((a, i) => boxes.labels.slice(i + 1).forEach((b, j) => overlap(a, b) && pairs.push(`label ${i}/${i + j + 1}`)));
    boxes.labels.forEach((a, i) => boxes.titles.forEach((t, j) => overlap(a, t) && pairs.push(`label ${i}/title ${j}`)));
    // nor any other edge's line (orthogonal segments: their bounding box is the segment)
    boxes.labels.forEach((label, i) => {
      for (const { key, a, b } of boxes.segments) {
        if (key === boxes.labelKeys[i]) continue;
        const segment = { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), w: Math.abs(a[0] - b[0]) || 0.01, h: Math.abs(a[1] - b[1]) || 0.01 };
        if (overlap(label, segment)) pairs.push(`label ${i}/line ${key}`);
      }
    });
    expect(boxes.segments.length).toBeGreaterThan(40);
    expect(pairs).toEqual([]);
    await page.close();
  }, 60_000);
});
