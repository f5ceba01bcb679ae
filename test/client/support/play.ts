/**
 * Playing a seat's page as a person does, through the fixed test hooks only (`data-phase`, `data-version`,
 * `data-tile` with `aria-pressed`, `data-action`, the confirm step, `role="alert"`).
 */
import type { Page } from 'playwright-core';

/** The page's phase (`data-phase` of the root). */
export async function phaseOf(page: Page): Promise<string> {
  return (await page.locator('[data-phase]').first().getAttribute('data-phase')) ?? '';
}

/** The page's view version. */
export async function versionOf(page: Page): Promise<number> {
  return Number((await page.locator('[data-version]').first().getAttribute('data-version')) ?? '-1');
}

/** True when the action's button is enabled. */
export async function isEnabled(page: Page, action: string): Promise<boolean> {
  const button = page.locator(`[data-action="${action}"]`);
  return (await button.count()) > 0 && (await button.isEnabled());
}

/** Chooses `count` natural tiles that are not chosen yet (skipping jokers), by clicking them. */
export async function chooseTiles(page: Page, count: number): Promise<string[]> {
  const tiles = page.locator('[data-tile]:not([data-tile="J"])[aria-pressed="false"]');
  const chosen: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const tile = tiles.first();
    chosen.push((await tile.getAttribute('data-tile')) ?? '');
    await tile.click();
  }
  return chosen;
}

/** Clicks an action, then the page's confirm button if it asks. */
export async function actAndConfirm(page: Page, action: string): Promise<void> {
  await page.click(`[data-action="${action}"]`);
  await page.click('[data-action="confirm"]');
}

/** Waits until the page shows a version above `version` or a phase other than `phase`. */
export async function waitForChange(page: Page, version: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (before) => Number(document.querySelector('[data-version]')?.getAttribute('data-version') ?? '-1') > before,
    version,
    { timeout },
  );
}

const PASSES = ['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left', 'secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right'];

/** What one seat did in a hand, for the test's assertions. */
export interface SeatLog {
  phases: string[];
  blindPasses: number;
  courtesy: number | null;
}

/** Options of {@link playSeat}. */
export interface PlaySeatOptions {
  /** Vote to continue (default) or stop at the checkpoint. */
  vote?: 'continue' | 'stop';
  /** Blind count in the two end passes (default 1). */
  blind?: number;
  /** Courtesy offer (default 2). */
  offer?: number;
  /** Stop once the page reaches this phase (default: complete). */
  until?: string;
  timeout?: number;
}

/**
 * Plays the page's seat until the hand is complete: three tiles a pass (a blind pass in the end passes), the
 * vote, a courtesy offer and packet. Waits on the page's own hooks between moves; bounded in moves.
 */
export async function playSeat(page: Page, options: PlaySeatOptions = {}): Promise<SeatLog> {
  const until = options.until ?? 'complete';
  const log: SeatLog = { phases: [], blindPasses: 0, courtesy: null };
  for (let move = 0; move < 60; move += 1) {
    const phase = await phaseOf(page);
    if (log.phases.at(-1) !== phase) log.phases.push(phase);
    if (phase === until || phase === 'complete') return log;
    const version = await versionOf(page);
    if (PASSES.includes(phase) && (await page.locator('[data-tile][aria-pressed]').count()) > 0 && !(await isEnabled(page, 'retract'))) {
      const blind = (await page.locator('[data-action="blind-0"]').count()) > 0 ? (options.blind ?? 1) : 0;
      if (blind > 0) {
        await page.click(`[data-action="blind-${blind}"]`);
        log.blindPasses += 1;
      }
      await chooseTiles(page, 3 - blind);
      await actAndConfirm(page, 'pass');
    } else if (phase === 'stopCheckpoint' && (await isEnabled(page, `vote-${options.vote ?? 'continue'}`))) {
      await page.click(`[data-action="vote-${options.vote ?? 'continue'}"]`);
    } else if (phase === 'courtesy' && (await isEnabled(page, `offer-${options.offer ?? 2}`))) {
      await page.click(`[data-action="offer-${options.offer ?? 2}"]`);
    } else if (phase === 'courtesy' && (await page.locator('[data-agreed]').count()) > 0 && Number(await page.locator('[data-agreed]').getAttribute('data-agreed')) > 0 && !(await isEnabled(page, 'retract')) && (await page.locator('[data-tile][aria-pressed="true"]').count()) === 0 && log.courtesy === null) {
      const count = Number(await page.locator('[data-agreed]').getAttribute('data-agreed'));
      await chooseTiles(page, count);
      await page.waitForFunction(() => !(document.querySelector('[data-action="give"]') as HTMLButtonElement | null)?.disabled);
      await actAndConfirm(page, 'give');
      log.courtesy = count;
    }
    await waitForChange(page, version, options.timeout);
  }
  throw new Error(`the hand did not end: ${JSON.stringify(log)}`);
}
