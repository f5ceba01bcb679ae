/**
 * The card at a real table, in real headless Chromium against `charleston serve` (one service, one browser, a
 * context per person): the creator chooses the practice card in the lobby's card picker (in Catalan) and creates a
 * table of four people; four pages open the four seat links. Each seat's teacher's hint, opened as a player opens
 * it, aims for one of that seat's closest hands of the practice card, and `data-closest` lists those hands; East's
 * declaration of a rack that is no hand of the card is refused at once (NOT_A_WINNING_HAND, in the table's
 * language) and the hand goes on; the pages play the hand to its end, and each end screen's `data-progress` shows
 * the figures of the table's review (`GET /api/tables/:id/review`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { PRACTICE_CARD, closestHands, parseCard } from '../../src/entries/card.js';
import { SEATS, refusalMessage, type Seat } from '../../src/index.js';
import { progressText, type SeatProgress } from '../../src/client/card.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { actAndConfirm, phaseOf, playSeat, versionOf, waitUntilSettled } from './support/play.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();
const PRACTICE = parseCard(PRACTICE_CARD);
/** The table's language (the lobby's): its links, its hint, its refusals. */
const LOCALE = 'ca';

/**
 * The hand a card hint names: Catalan's "Cap a {hand} ({section}): guarda …" (the hand is written in the card's
 * notation: no parenthesis, no colon). Null when the hint names no hand (a table without a card reasons otherwise).
 */
function handNamedBy(hint: string): string | null {
  return /^Cap a ([^():]+?)(?: \([^)]*\))?: guarda /.exec(hint)?.[1] ?? null;
}

/** The seat's rack as the service holds it (its own token), as tile codes. */
async function rackOf(id: string, token: string): Promise<string[]> {
  const got = await suite.server.api('GET', `/api/tables/${id}`, { token });
  expect(got.status).toBe(200);
  return ((got.body.view as { rack: Array<{ tile: string }> }).rack).map((tile) => tile.tile);
}

describe('a table played with the practice card', () => {
  it('hints toward a card hand, refuses East’s junk declaration at once, and ends with each seat’s progress as the review has it', async () => {
    // The creator, as a person does: four people, the practice card, in Catalan.
    const lobby = await suite.openPage(`${suite.server.base}/?lang=${LOCALE}`, DESKTOP, { reduceMotion: true });
    for (const seat of SEATS) await lobby.selectOption(`#seat-${seat}`, 'human');
    await lobby.locator('[data-card="practice"]').check();
    await lobby.click('[data-action="create"]');
    await lobby.locator('[data-invite="north"]').waitFor({ timeout: 15_000 });
    const links = {} as Record<Seat, string>;
    for (const seat of SEATS) links[seat] = (await lobby.locator(`[data-invite="${seat}"]`).getAttribute('href')) ?? '';
    const watch = (await lobby.locator('[data-invite="spectator"]').getAttribute('href')) ?? '';
    const id = new URL(links.east).pathname.split('/')[2] as string;
    const tokens = Object.fromEntries(SEATS.map((seat) => [seat, new URL(links[seat]).hash.slice(1)])) as Record<Seat, string>;
    const spectator = new URL(watch).hash.slice(1);
    const admin = (await lobby.locator('[data-token="admin"]').textContent()) ?? '';
    // The table knows its card (how many hands, never the text).
    expect((await suite.server.api('GET', `/api/tables/${id}`, { token: spectator })).body.card).toEqual({ hands: PRACTICE.hands.length });

    const pages = {} as Record<Seat, Page>;
    for (const seat of SEATS) {
      pages[seat] = await suite.openPage(links[seat], seat === 'east' ? PHONE : DESKTOP, { reduceMotion: true });
      await pages[seat].locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    }

    // Each seat: the closest hands listed are those of its own rack; the hint, opened and closed again as a player
    // does, names one of them.
    for (const seat of SEATS) {
      const page = pages[seat];
      const closest = closestHands(PRACTICE, await rackOf(id, tokens[seat]), 3);
      await page.locator('[data-closest] li').first().waitFor({ timeout: 15_000 });
      const listed = await page.locator('[data-closest] li').evaluateAll((items) =>
        items.map((item) => ({ index: Number(item.getAttribute('data-hand')), text: item.querySelector('.card-hand')?.textContent ?? '', missing: Number(item.getAttribute('data-missing')) })),
      );
      expect(listed, seat).toEqual(closest.map((hand) => ({ index: hand.index, text: hand.text, missing: hand.missing })));
      await waitUntilSettled(page);
      await page.click('[data-action="hint"]');
      await page.locator('.hint p').waitFor();
      const hint = (await page.locator('.hint p').textContent()) ?? '';
      const named = handNamedBy(hint);
      expect(named, `${seat}'s hint: ${hint}`).not.toBeNull();
      expect(closest.map((hand) => hand.text), `${seat}'s hint: ${hint}`).toContain(named);
      await page.click('[data-action="hint"]');
      await expect.poll(() => page.locator('.hint').count()).toBe(0);
    }

    // East declares its dealt rack (no hand of the card: checked first) from the page's control.
    expect(closestHands(PRACTICE, await rackOf(id, tokens.east), 1)[0]?.missing).toBeGreaterThan(0);
    const before = await suite.server.api('GET', `/api/tables/${id}`, { token: spectator });
    await actAndConfirm(pages.east, 'declare');
    await expect.poll(() => pages.east.locator('[role="alert"]').textContent(), { timeout: 15_000 }).toBe(refusalMessage(LOCALE, 'NOT_A_WINNING_HAND'));
    await waitUntilSettled(pages.east);
    const after = await suite.server.api('GET', `/api/tables/${id}`, { token: spectator });
    expect({ phase: after.body.phase, version: after.body.version }).toEqual({ phase: before.body.phase, version: before.body.version });
    expect(after.body.phase).toBe('firstCharleston.right');
    expect(await phaseOf(pages.east)).toBe('firstCharleston.right');
    const log = await suite.server.api('GET', `/api/tables/${id}/log`, { token: admin });
    expect(log.status).toBe(200);
    expect(log.body.events).toEqual([]);

    // The pages play the hand to its end.
    await Promise.all(SEATS.map((seat) => playSeat(pages[seat], { vote: 'continue', blind: 1, offer: 1, timeout: 30_000 })));
    const ended = await suite.server.api('GET', `/api/tables/${id}`, { token: spectator });
    expect(ended.body.phase).toBe('complete');
    const review = await suite.server.api('GET', `/api/tables/${id}/review`, { token: spectator });
    expect(review.status).toBe(200);
    const progress = (review.body.review as { progress: Record<Seat, SeatProgress> }).progress;
    for (const seat of SEATS) {
      const page = pages[seat];
      await expect.poll(() => versionOf(page)).toBe(ended.body.version);
      await page.locator('[data-review="loaded"]').waitFor({ timeout: 15_000 });
      const shown = await page.locator('[data-progress] li').evaluateAll((items) =>
        items.map((item) => ({ seat: item.getAttribute('data-seat'), from: Number(item.getAttribute('data-from')), to: Number(item.getAttribute('data-to')), text: item.textContent ?? '' })),
      );
      expect(shown.map((line) => line.seat), seat).toEqual([...SEATS]);
      for (const line of shown) {
        const expected = progress[line.seat as Seat];
        expect({ from: line.from, to: line.to }, `${seat} shows ${line.seat}`).toEqual({ from: expected.missingAtDeal, to: expected.missingNow });
        expect(line.text, `${seat} shows ${line.seat}`).toContain(progressText(LOCALE, expected));
        expect(line.text).toContain(expected.hand.text);
      }
    }
  }, 240_000);
});
