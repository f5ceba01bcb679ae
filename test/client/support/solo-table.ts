/**
 * The setting of the table's browser files (table.e2e and table-desktop.e2e, split so two workers share the walks):
 * the built client (`dist/client`, from `npm run build`) served by the static server, the worker's Chromium;
 * a solo page per test in a context of its own. And the walk they share: a whole solo hand phase by phase, at each
 * step only the phase's controls, nothing cut off, every tile named, no horizontal overflow, and no serious or
 * critical axe-core finding at the start of each step.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeFindings } from './axe.js';
import { useBuiltClient } from './suite.js';
import { cutText, unnamedTiles, visibleControls, walkHand, type WalkStep } from './walk.js';

/** The desktop size of the table's files. */
export const WIDE = { width: 1440, height: 900 } as const;

/** The file's browser and solo pages. */
export interface SoloTable {
  /** The file's Chromium (after `beforeAll`). */
  readonly browser: Browser;
  /** Opens `/solo?query` in a new context (reduced motion) and waits for the first pass. */
  openSolo(query: string, viewport: { width: number; height: number }): Promise<Page>;
}

/** Registers the file's `beforeAll` / `afterAll` (support/suite.ts `useBuiltClient`): the built client served, and a browser. */
export function useSoloTable(): SoloTable {
  const client = useBuiltClient();
  return {
    get browser(): Browser {
      return client.browser;
    },
    async openSolo(query, viewport) {
      const context = await client.browser.newContext({ viewport, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`${client.server.url}/solo?${query}`);
      await page.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
      return page;
    },
  };
}

/** The `data-action`s each step shows (the hint too, where the teacher has one; the menu while a misdeal is legal). */
function expectedActions(step: WalkStep): string[] {
  const blind = step.phase === 'firstCharleston.left' || step.phase === 'secondCharleston.right' ? ['blind-0', 'blind-1', 'blind-2', 'blind-3'] : [];
  // A finished hand offers the next one (a test hook of docs/client.md).
  if (step.phase === 'complete') return ['next-hand'];
  if (step.phase === 'stopCheckpoint') return ['hint', 'menu', 'vote-continue', 'vote-stop'];
  if (step.phase === 'courtesy') return step.moment === 'start' ? ['hint', 'menu', 'offer-0', 'offer-1', 'offer-2', 'offer-3'] : ['give', 'hint', 'menu'];
  return [...blind, 'hint', 'menu', 'pass'].sort();
}

/** Plays a solo hand (seed 2026) at `viewport` in `locale`, checking each step as the file header says. */
export async function walkChecked(table: SoloTable, viewport: { width: number; height: number }, locale: string): Promise<void> {
  const page = await table.openSolo(`seed=2026&botDelay=0&lang=${locale}`, viewport);
  const counts: string[] = [];
  const phases = await walkHand(page, async (step) => {
    const controls = await visibleControls(page);
    counts.push(`${step.phase}/${step.moment}: ${controls.total} (${controls.actions.join(' ')})`);
    expect(controls.actions, `${step.phase} ${step.moment}`).toEqual(expectedActions(step));
    // Nothing shown is disabled but the packet's button while the packet is not full.
    expect(controls.disabled.filter((action) => action !== 'pass' && action !== 'give'), `${step.phase} ${step.moment}`).toEqual([]);
    expect(await cutText(page), `${step.phase} ${step.moment}`).toEqual([]);
    expect(await unnamedTiles(page), `${step.phase} ${step.moment}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'horizontal overflow').toBeLessThanOrEqual(viewport.width);
    if (step.moment === 'start') expect(await axeFindings(page), `${step.phase}`).toEqual([]);
  });
  expect(phases.at(-1)).toBe('complete');
  expect(counts.length).toBeGreaterThan(12);
  if (locale === 'en') console.log(`controls at ${viewport.width}×${viewport.height}:\n${counts.join('\n')}`);
  await page.context().close();
}
