/**
 * Walks a solo hand phase by phase through the fixed hooks, stopping at each step for the caller (to count
 * controls, run checks, take a screenshot): every pass (blind 1 in the end passes), the checkpoint (continue), the
 * courtesy offer (2) and packet, and the end. Also the page checks every step shares: what is on screen.
 */
import type { Page } from 'playwright-core';
import { readState, waitForChange, waitUntilSettled } from './play.js';

const PASSES = ['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left', 'secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right'];

/** A step of the walk: the phase and what the page is about to do (`start`: nothing chosen yet; `chosen`: a full packet chosen). */
export interface WalkStep {
  phase: string;
  moment: 'start' | 'chosen';
}

/** Chooses the first `count` natural tiles not chosen yet. */
async function choose(page: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) await page.locator('[data-tile]:not([data-tile="J"])[aria-pressed="false"]').first().click();
}

/** Walks the hand to `complete`, calling `visit` at each step; returns the phases seen. */
export async function walkHand(page: Page, visit: (step: WalkStep) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  for (let move = 0; move < 60; move += 1) {
    await waitUntilSettled(page);
    const state = await readState(page);
    const { phase } = state;
    // Present controls: pass and give are shown (disabled) before the packet is full.
    const enabled = (await visibleControls(page)).actions;
    const fresh = seen.at(-1) !== phase;
    if (fresh) seen.push(phase);
    if (phase === 'complete') {
      await visit({ phase, moment: 'start' });
      return seen;
    }
    if (PASSES.includes(phase) && enabled.includes('pass')) {
      await visit({ phase, moment: 'start' });
      const blind = enabled.includes('blind-1') ? 1 : 0;
      if (blind > 0) await page.click('[data-action="blind-1"]');
      await choose(page, 3 - blind);
      await visit({ phase, moment: 'chosen' });
      await page.click('[data-action="pass"]');
      await page.click('[data-action="confirm"]');
    } else if (phase === 'stopCheckpoint' && enabled.includes('vote-continue')) {
      await visit({ phase, moment: 'start' });
      await page.click('[data-action="vote-continue"]');
    } else if (phase === 'courtesy' && enabled.includes('offer-2')) {
      await visit({ phase, moment: 'start' });
      await page.click('[data-action="offer-2"]');
    } else if (phase === 'courtesy' && enabled.includes('give')) {
      await choose(page, state.agreed ?? 0);
      await visit({ phase, moment: 'chosen' });
      await page.click('[data-action="give"]');
      await page.click('[data-action="confirm"]');
    } else {
      await waitForChange(page, state.version);
      continue;
    }
    await waitForChange(page, state.version);
  }
  throw new Error(`the walk did not reach the end: ${seen.join(', ')}`);
}

/** The controls a person sees: visible buttons, selects and links (tiles included), and their `data-action`s. */
export function visibleControls(page: Page): Promise<{ total: number; actions: string[]; disabled: string[] }> {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('button, select, a[href]')].filter((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    });
    return {
      total: shown.length,
      actions: shown.map((element) => element.getAttribute('data-action')).filter((action): action is string => action !== null).sort(),
      disabled: shown.filter((element) => (element as HTMLButtonElement).disabled).map((element) => element.getAttribute('data-action') ?? element.getAttribute('data-tile') ?? element.tagName),
    };
  });
}

/**
 * Text that does not fit: an element whose own text overflows its box where the box clips (overflow other than
 * visible, or an ellipsis), text that runs past the screen's edges, and words drawn on a tile face that run past it.
 */
export function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element instanceof SVGElement) continue;
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (own.length === 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
      const name = `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').trim().slice(0, 40)}`;
      if (clips && element.tagName !== 'SELECT' && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) cut.push(name);
      for (const node of own) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.width > 0 && (text.left < -1 || text.right > width + 1)) cut.push(`${name} (off screen)`);
      }
    }
    for (const text of document.querySelectorAll<SVGTextElement>('svg.tile-art text')) {
      const bbox = text.getBBox();
      if (bbox.x < -0.5 || bbox.x + bbox.width > 60.5) cut.push(`tile text: ${text.textContent ?? ''}`);
    }
    return cut;
  });
}

/** Tile buttons (rack and slots) without an accessible name. */
export function unnamedTiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-tile], [data-slot], .tile[role="img"], .back[role="img"]')]
      .filter((element) => (element.getAttribute('aria-label') ?? '').trim() === '')
      .map((element) => element.outerHTML.slice(0, 80)),
  );
}
