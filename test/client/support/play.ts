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

/** Waits until the page's own flow is not sending (its last event answered) nor connecting. */
export async function waitUntilSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => {
    const flow = document.querySelector('[data-flow]')?.getAttribute('data-flow') ?? '';
    return flow === 'live.choosing' || flow === 'live.waiting' || flow === 'failed';
  }, undefined, { timeout });
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

/** The page's state, read at once: phase, version, flow state, enabled actions, the agreed courtesy count. */
export interface PageState {
  phase: string;
  version: number;
  flow: string;
  enabled: string[];
  agreed: number | null;
}

/** Reads {@link PageState} in one evaluation, so its parts belong together. */
export function readState(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-phase]');
    const agreed = document.querySelector('[data-agreed]')?.getAttribute('data-agreed');
    return {
      phase: root?.getAttribute('data-phase') ?? '',
      version: Number(document.querySelector('[data-version]')?.getAttribute('data-version') || '-1'),
      flow: document.querySelector('[data-flow]')?.getAttribute('data-flow') ?? '',
      enabled: [...document.querySelectorAll<HTMLButtonElement>('button[data-action]')].filter((button) => !button.disabled).map((button) => button.getAttribute('data-action') ?? ''),
      agreed: agreed === undefined || agreed === null ? null : Number(agreed),
    };
  });
}

/**
 * Plays the page's seat until the hand is complete: three tiles a pass (a blind pass in the end passes), the
 * vote, a courtesy offer and packet. Each move is decided on one reading of the page; if the table moved on
 * while the move was being made (another seat's event resolved the pass), the move is dropped and the page is
 * read again. Waits on the page's own hooks between moves; bounded in moves.
 */
export async function playSeat(page: Page, options: PlaySeatOptions = {}): Promise<SeatLog> {
  const until = options.until ?? 'complete';
  const log: SeatLog = { phases: [], blindPasses: 0, courtesy: null };
  const vote = options.vote ?? 'continue';
  const offer = options.offer ?? 2;
  for (let move = 0; move < 80; move += 1) {
    await waitUntilSettled(page, options.timeout);
    const state = await readState(page);
    const { phase, enabled } = state;
    if (log.phases.at(-1) !== phase) log.phases.push(phase);
    if (phase === until || phase === 'complete') return log;
    let acted = false;
    try {
      if (PASSES.includes(phase) && enabled.includes('hint') && !enabled.includes('retract')) {
        const blind = enabled.includes('blind-0') ? (options.blind ?? 1) : 0;
        if (blind > 0) await page.click(`[data-action="blind-${blind}"]`, { timeout: 5_000 });
        await chooseTiles(page, 3 - blind);
        await page.click('[data-action="pass"]', { timeout: 5_000 });
        await page.click('[data-action="confirm"]', { timeout: 5_000 });
        if (blind > 0) log.blindPasses += 1;
        acted = true;
      } else if (phase === 'stopCheckpoint' && enabled.includes(`vote-${vote}`)) {
        await page.click(`[data-action="vote-${vote}"]`, { timeout: 5_000 });
        acted = true;
      } else if (phase === 'courtesy' && enabled.includes(`offer-${offer}`)) {
        await page.click(`[data-action="offer-${offer}"]`, { timeout: 5_000 });
        acted = true;
      } else if (phase === 'courtesy' && state.agreed !== null && state.agreed > 0 && log.courtesy === null && enabled.includes('hint') && !enabled.includes('retract')) {
        await chooseTiles(page, state.agreed);
        await page.click('[data-action="give"]', { timeout: 5_000 });
        await page.click('[data-action="confirm"]', { timeout: 5_000 });
        log.courtesy = state.agreed;
        acted = true;
      }
    } catch (error) {
      // The move could not be made: fine only if the table moved on meanwhile.
      if ((await versionOf(page)) === state.version) throw error;
      const chosen = page.locator('[data-tile][aria-pressed="true"]');
      while ((await chosen.count()) > 0) await chosen.first().click();
      if ((await page.locator('[data-action="cancel"]').count()) > 0) await page.click('[data-action="cancel"]');
      continue;
    }
    if (acted || state.flow === 'live.waiting' || state.flow === 'live.choosing') await waitForChange(page, state.version, options.timeout);
  }
  throw new Error(`the hand did not end: ${JSON.stringify(log)}`);
}
