/**
 * Nothing covers anything: East's page of a served table, at 390 × 844 and 1440 × 900, in en, ca, sw and el, at every
 * phase of a hand (the first Charleston with three packets down, the stop checkpoint, the second Charleston, the
 * courtesy pass, the end of the hand with its review; and on a second table East's declaration under review and the
 * misdeal it becomes, with South's page in sw and el too). At each, the boxes of the seat plaques, the face-down racks and packet stacks, the arrow's
 * words, every control and every rack tile are measured pairwise: no two intersect by more than 1 px, and none
 * leaves the viewport horizontally; a plaque's text is not cut off. At the end of a hand on a desktop the final rack
 * stays beside the review, both on the first screen. The table is played through the API with each seat's token;
 * the pages only show it.
 * (Set CHARLESTON_SHOTS=DIR to keep a screenshot of each page at each phase.)
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/index.js';
import { moveFromView } from '../server/support.js';
import { useServiceBrowser, type ServiceTable } from './support/suite.js';

const suite = useServiceBrowser();
const SEATS: readonly Seat[] = ['east', 'south', 'west', 'north'];
const LOCALES = ['en', 'ca', 'sw', 'el'] as const;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const SHOTS = process.env.CHARLESTON_SHOTS;

interface Shown {
  page: Page;
  name: string;
  width: number;
}

/** A box that overlaps another, or leaves the screen, as the page measured it. */
interface Problem {
  what: string;
}

/**
 * Measured in the page, scrolled to its end (so the phone's docked rack rests in its place): every box of the
 * kinds above, and the pairs of them that intersect by more than 1 px (an element and one inside it aside).
 */
function measure(): Problem[] {
  const tolerance = 1;
  const groups: [string, string][] = [
    ['plaque', '.plaque'],
    ['backs', '.backs'],
    ['packet', '.stack'],
    ['arrow', '.direction-word, .arrow-to'],
    ['control', 'button:not([data-tile]), select, input, a[href]'],
    ['tile', '.rack [data-tile]'],
  ];
  window.scrollTo(0, document.documentElement.scrollHeight);
  const boxes: { kind: string; node: Element; rect: DOMRect; label: string }[] = [];
  for (const [kind, selector] of groups) {
    for (const node of document.querySelectorAll(selector)) {
      if (node.closest('.menu-panel, [hidden]')) continue;
      const rect = node.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1 || getComputedStyle(node).visibility === 'hidden') continue;
      const text = (node.getAttribute('data-action') ?? node.getAttribute('data-tile') ?? node.textContent ?? '').trim().slice(0, 30);
      boxes.push({ kind, node, rect, label: `${kind} "${text}"` });
    }
  }
  const problems: Problem[] = [];
  const width = document.documentElement.clientWidth;
  for (const box of boxes) {
    if (box.kind === 'plaque' && box.node.scrollWidth > box.node.clientWidth + tolerance) problems.push({ what: `${box.label} is cut off (${box.node.scrollWidth} px of text in ${box.node.clientWidth})` });
    if (box.rect.left < -tolerance || box.rect.right > width + tolerance) problems.push({ what: `${box.label} leaves the screen (${Math.round(box.rect.left)}..${Math.round(box.rect.right)} of ${width})` });
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i] as (typeof boxes)[number];
      const b = boxes[j] as (typeof boxes)[number];
      if (a.node.contains(b.node) || b.node.contains(a.node)) continue;
      const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (x > tolerance && y > tolerance) problems.push({ what: `${a.label} and ${b.label} overlap by ${Math.round(x)}×${Math.round(y)} px` });
    }
  }
  return problems;
}

/** Opens `seat`'s page in the languages given (default: all four) at both sizes. */
async function openSeat(table: ServiceTable, seat: Seat, locales: readonly string[] = LOCALES): Promise<Shown[]> {
  const shown: Shown[] = [];
  for (const viewport of VIEWPORTS) {
    for (const locale of locales) {
      const page = await suite.openPage(`${suite.server.base}/t/${table.id}?lang=${locale}#${table.tokens[seat]}`, viewport, { reduceMotion: true });
      shown.push({ page, name: `${seat === 'east' ? '' : `${seat}-`}${locale}-${viewport.width}`, width: viewport.width });
    }
  }
  return shown;
}

/** Waits until every page shows `version`, then measures each; returns its problems, named. */
async function check(pages: readonly Shown[], version: number, phase: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { page, name } of pages) {
    await page.locator(`[data-version="${version}"]`).waitFor({ timeout: 20_000 });
    if (phase === 'complete' || phase === 'eastMahjong') await page.locator('[data-review="loaded"]').waitFor({ timeout: 20_000 });
    for (const problem of await page.evaluate(measure)) problems.push(`${name} ${phase}: ${problem.what}`);
    if (SHOTS !== undefined) {
      await mkdir(SHOTS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${phase}.png`, fullPage: true });
    }
  }
  return problems;
}

/** Plays the table through the API (each seat's own token). */
function player(table: ServiceTable) {
  const api = suite.server.api.bind(suite.server);
  const token = (seat: Seat): string => table.tokens[seat] as string;
  return {
    async state(): Promise<{ version: number; phase: string }> {
      const body = await api('GET', `/api/tables/${table.id}`, { token: table.tokens.spectator as string });
      return { version: body.body['version'] as number, phase: body.body['phase'] as string };
    },
    async send(seat: Seat, event: Record<string, unknown>): Promise<void> {
      const reply = await api('POST', `/api/tables/${table.id}/events`, { token: token(seat), body: { event } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    },
    /** The move the seat's own view suggests (a pass of its first naturals, a vote to continue, a courtesy of 1). */
    async moveOf(seat: Seat): Promise<Record<string, unknown> | null> {
      const mine = await api('GET', `/api/tables/${table.id}`, { token: token(seat) });
      return moveFromView(mine.body['view'] as Record<string, unknown>);
    },
  };
}

describe('nothing covers anything on the table', () => {
  it('at every phase of a hand, in four languages, on a phone and a desktop; the final rack beside the review', async () => {
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 23, names: { south: 'Κωνσταντίνος', west: 'Wanjiru', north: 'Núria' } });
    const pages = await openSeat(table, 'east');
    const play = player(table);
    const problems: string[] = [];
    const seen = new Set<string>();
    let { version, phase } = await play.state();
    for (let turn = 0; turn < 200 && phase !== 'complete' && phase !== 'eastMahjong'; turn += 1) {
      // the others move first, so their packets lie on the table while East still chooses
      const order: Seat[] = ['south', 'west', 'north', 'east'];
      let moved = false;
      for (const seat of order) {
        const move = await play.moveOf(seat);
        if (move === null) continue;
        if (seat === 'east' && !seen.has(phase)) {
          seen.add(phase);
          problems.push(...(await check(pages, version, phase)));
        }
        await play.send(seat, move);
        moved = true;
        ({ version, phase } = await play.state());
        break;
      }
      expect(moved, `someone can move in ${phase}`).toBe(true);
    }
    problems.push(...(await check(pages, version, phase)));
    expect([...seen]).toEqual(expect.arrayContaining(['firstCharleston.right', 'stopCheckpoint', 'secondCharleston.left', 'courtesy']));
    expect(problems).toEqual([]);

    // the end of the hand on a desktop: the final rack beside the review, both on the first screen
    for (const { page, name, width } of pages) {
      if (width < 900) continue;
      await page.evaluate(() => window.scrollTo(0, 0));
      const rack = await page.locator('.rack').boundingBox();
      const review = await page.locator('[data-review]').first().boundingBox();
      expect(rack, name).not.toBeNull();
      expect(review, name).not.toBeNull();
      if (rack === null || review === null) continue;
      const sideBySide = rack.x + rack.width <= review.x + 1 || review.x + review.width <= rack.x + 1;
      expect({ name, sideBySide, rackOnScreen: rack.y + rack.height <= 900, reviewOnScreen: review.y < 900 }).toEqual({ name, sideBySide: true, rackOnScreen: true, reviewOnScreen: true });
    }
  }, 300_000);

  it("East's declaration under review and the misdeal it becomes", async () => {
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 17 });
    // South's page too: the seats that review East's hand have controls of their own
    const pages = [...(await openSeat(table, 'east')), ...(await openSeat(table, 'south', ['sw', 'el']))];
    const play = player(table);
    await play.send('east', { type: 'hand.declareMahjong', seat: 'east' });
    let state = await play.state();
    expect(state.phase).toBe('declarationReview');
    const problems = await check(pages, state.version, state.phase);
    await play.send('west', { type: 'misdeal.declare', seat: 'west' });
    state = await play.state();
    expect(state.phase).toBe('misdeal');
    problems.push(...(await check(pages, state.version, state.phase)));
    expect(problems).toEqual([]);
  }, 180_000);
});
