/**
 * A fair table for friends, as four people play it: four Chromium pages, one per person, each on its own link.
 *
 * - Two hands in a row through one table: the first ends, every page shows the review, one person deals the next
 *   hand, and the deal has passed to the right (the person who was South is now East, on the same link); the
 *   second hand is played to its end too. West stops the second Charleston in the first hand and every page says so.
 * - While a hand is in play the creator's admin link gets no face of another seat's tile through the log, the table
 *   body, its live messages or the inspector; once the hand has ended every link reads the whole hand.
 * - East's declaration under review: disputed by one seat it is a misdeal; accepted by the three it is East's win.
 *
 * Driven through the fixed hooks only (data-phase, data-tile, data-action, data-review); bounded waits on the
 * pages' own state, no fixed sleeps.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SEATS, type Seat } from '../../src/index.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { phaseOf, playSeat } from './support/play.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

const NAMES: Record<Seat, string> = { east: 'Ana', south: 'Κώστας', west: 'Wanjiru', north: 'Núria' };
/** Every tile code of the set: a face found in a text is one of these, quoted. */
const FACES = [
  ...['B', 'C', 'D'].flatMap((suit) => Array.from({ length: 9 }, (_, i) => `${i + 1}${suit}`)),
  'N', 'E', 'S', 'W', 'RD', 'GD', 'WD', 'F', 'J',
];

const openPage = (url: string, viewport: { width: number; height: number }): Promise<Page> => suite.openPage(url, viewport, { reduceMotion: true });

interface Table {
  id: string;
  tokens: Record<Seat | 'admin' | 'spectator', string>;
}

async function createTable(seed: number): Promise<Table> {
  const created = await suite.server.api('POST', '/api/tables', { body: { seed, locale: 'en', names: NAMES } });
  expect(created.status).toBe(201);
  return created.body as unknown as Table;
}

/** One page per person (the first link on a phone), each waiting for its first view. */
async function openSeats(table: Table): Promise<Record<Seat, Page>> {
  const pages = {} as Record<Seat, Page>;
  for (const seat of SEATS) {
    pages[seat] = await openPage(`${suite.server.base}/t/${table.id}?lang=en#${table.tokens[seat]}`, seat === 'east' ? PHONE : DESKTOP);
    await pages[seat].locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 20_000 });
  }
  return pages;
}

/** The tile faces quoted in `text` ("…\"3B\"…"), a seat's own rack aside. */
function facesIn(text: string): string[] {
  return FACES.filter((face) => text.includes(`"${face}"`));
}

/** The admin's live connection, collecting every frame it is sent. */
function adminSocket(table: Table): Promise<{ frames: string[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${suite.server.base.replace('http', 'ws')}/api/tables/${table.id}/live`);
    const frames: string[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token: table.tokens.admin })));
    socket.on('message', (data) => {
      frames.push(data.toString());
      if (frames.length === 1) resolve({ frames, close: () => socket.close() });
    });
    socket.on('error', reject);
  });
}

/**
 * What the admin token can read of a table with hand `hand` in play: that hand's part of the log (earlier hands have
 * ended and are readable in full), and the table's body; asserts no face in either.
 */
async function adminSeesNoFace(table: Table, hand: number): Promise<number> {
  const log = await suite.server.api('GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin });
  expect(log.status).toBe(200);
  const inPlay = (log.body.events as Array<{ hand: number }>).filter((entry) => entry.hand === hand);
  expect(facesIn(JSON.stringify(inPlay)), 'faces in the admin log of the hand in play').toEqual([]);
  const body = await suite.server.api('GET', `/api/tables/${table.id}`, { token: table.tokens.admin });
  expect(body.status).toBe(200);
  expect(facesIn(JSON.stringify(body.body)), 'faces in the admin body of a hand in play').toEqual([]);
  return 2;
}

/** The "You are …" line of a page, once it has settled on `expected`. */
async function seatLabel(page: Page): Promise<string | null> {
  return page.locator('[data-seat-label]').getAttribute('data-seat-label');
}

describe('a fair table for friends, four pages', () => {
  it('plays two hands in a row through one table; the deal passes to the right; the admin never sees a face in play', async () => {
    const table = await createTable(4242);
    const pages = await openSeats(table);
    const admin = await adminSocket(table);
    let routesChecked = 0;
    try {
      for (const seat of SEATS) expect(await seatLabel(pages[seat])).toBe(seat);
      routesChecked += await adminSeesNoFace(table, 1);

      // Hand 1, its first two passes; then the creator opens the inspector with the admin link, mid-hand.
      await Promise.all(SEATS.map((seat) => playSeat(pages[seat], { blind: 1, until: 'firstCharleston.left', timeout: 30_000 })));
      const inspector = await openPage(`${suite.server.base}/inspect#table=${table.id}&token=${table.tokens.admin}`, DESKTOP);
      await inspector.locator('#chart [data-state-path="firstCharleston.left"][data-active="true"]').waitFor({ state: 'attached', timeout: 20_000 });
      await inspector.waitForFunction(() => document.querySelectorAll('#log li').length >= 8, undefined, { timeout: 20_000 });
      const shown = await inspector.evaluate(() => `${document.querySelector('#log')?.textContent ?? ''}\n${document.querySelector('#context')?.textContent ?? ''}`);
      expect(shown).toContain('pass.commit');
      // A suited tile or a dragon, as the inspector would print a face (winds are left out: they are also seat letters).
      expect(shown.match(/\b(?:[1-9][BCD]|RD|GD|WD)\b/g) ?? [], 'faces in the inspector with the admin link mid-hand').toEqual([]);
      routesChecked += 1;

      // The rest of hand 1: West stops the second Charleston; everyone else would continue.
      const first = await Promise.all(SEATS.map((seat) => playSeat(pages[seat], { vote: seat === 'west' ? 'stop' : 'continue', blind: 1, offer: 1, timeout: 30_000 })));
      for (const [index, seat] of SEATS.entries()) {
        expect(await phaseOf(pages[seat]), seat).toBe('complete');
        // The checkpoint lasts from the left pass's resolution to West's stop vote: West reads it (it votes there),
        // while another page, reading its state only between its own moves, may find the table already in courtesy.
        if (seat === 'west') expect(first[index]?.phases).toContain('stopCheckpoint');
        expect(first[index]?.phases).toContain('courtesy');
        expect(first[index]?.phases).not.toContain('secondCharleston.left');
        // Who stopped, said on every page, with the person's name.
        await expect.poll(() => pages[seat].locator('[data-stopped-by]').textContent()).toContain(`${NAMES.west} (West)`);
        // The review of the ended hand, read from the real log, and the button for the next hand.
        await pages[seat].locator('[data-review="loaded"]').waitFor({ timeout: 20_000 });
        expect(await pages[seat].locator('[data-review] [data-pass="firstCharleston.right"] .review-packet').count()).toBe(4);
        expect(await pages[seat].locator('[data-action="next-hand"]').isEnabled()).toBe(true);
      }
      // During the hand the admin's live messages carried no face; once it has ended every link reads it in full.
      expect(admin.frames.length).toBeGreaterThan(10);
      for (const frame of admin.frames) {
        const parsed = JSON.parse(frame) as { phase?: string };
        if (parsed.phase !== 'complete') expect(facesIn(frame), `faces in an admin frame of ${parsed.phase}`).toEqual([]);
      }
      for (const seat of SEATS) {
        const log = await suite.server.api('GET', `/api/tables/${table.id}/log`, { token: table.tokens[seat] });
        expect(log.status).toBe(200);
        expect(facesIn(JSON.stringify(log.body)).length, `${seat} reads the ended hand in full`).toBeGreaterThan(0);
      }

      // Hand 2: one person deals it; on every link the person sits one seat to the left (South is now East).
      await pages.north.click('[data-action="next-hand"]');
      const moved: Record<Seat, Seat> = { east: 'north', south: 'east', west: 'south', north: 'west' };
      for (const seat of SEATS) {
        await pages[seat].locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 20_000 });
        await expect.poll(() => seatLabel(pages[seat]), { timeout: 20_000 }).toBe(moved[seat]);
        expect(await pages[seat].locator('[data-seat-label]').textContent()).toContain(NAMES[seat]);
        expect(await pages[seat].locator('h1').textContent()).toContain('Hand 2');
        expect(await pages[seat].locator('[data-review]').count()).toBe(0);
      }
      // The new East (the person who was South) holds fourteen tiles.
      expect(await pages.south.locator('[data-tile]').count()).toBe(14);
      expect(await pages.east.locator('[data-tile]').count()).toBe(13);
      routesChecked += await adminSeesNoFace(table, 2);
      const framesBefore = admin.frames.length;

      const second = await Promise.all(SEATS.map((seat) => playSeat(pages[seat], { vote: 'continue', blind: 0, offer: 0, timeout: 30_000 })));
      for (const [index, seat] of SEATS.entries()) {
        expect(await phaseOf(pages[seat]), seat).toBe('complete');
        expect(second[index]?.phases).toContain('secondCharleston.right');
        await pages[seat].locator('[data-review="loaded"]').waitFor({ timeout: 20_000 });
      }
      for (const frame of admin.frames.slice(framesBefore)) {
        const parsed = JSON.parse(frame) as { phase?: string };
        if (parsed.phase !== 'complete') expect(facesIn(frame), `faces in an admin frame of hand 2, ${parsed.phase}`).toEqual([]);
      }
      // The table keeps both hands' logs, each entry with its hand.
      const log = await suite.server.api('GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin });
      const hands = new Set((log.body.events as Array<{ hand: number }>).map((entry) => entry.hand));
      expect([...hands].sort()).toEqual([1, 2]);
      console.log(`fair table: ${admin.frames.length} admin frames and ${routesChecked} admin routes checked during play, 0 faces`);
    } finally {
      admin.close();
    }
  }, 300_000);

  it("East's declaration under review: disputed by one seat it is a misdeal; accepted by all three it is East's win", async () => {
    for (const outcome of ['dispute', 'accept'] as const) {
      const table = await createTable(outcome === 'dispute' ? 17 : 18);
      const pages = await openSeats(table);
      await pages.east.click('[data-action="declare"]');
      if ((await pages.east.locator('[data-action="confirm"]').count()) > 0) await pages.east.click('[data-action="confirm"]');
      for (const seat of SEATS) {
        await pages[seat].locator('[data-phase="declarationReview"]').waitFor({ timeout: 20_000 });
        // East's fourteen tiles are shown to everyone (outside the rack: no data-tile hook for them).
        await pages[seat].locator('[data-declaration]').waitFor();
      }
      expect(await pages.east.locator('[data-action="accept"]').count()).toBe(0);
      if (outcome === 'dispute') {
        await pages.west.click('[data-action="dispute"]');
        await pages.west.click('[data-action="confirm"]');
        for (const seat of SEATS) await pages[seat].locator('[data-phase="misdeal"]').waitFor({ timeout: 20_000 });
      } else {
        for (const seat of ['south', 'west', 'north'] as const) await pages[seat].click('[data-action="accept"]');
        for (const seat of SEATS) await pages[seat].locator('[data-phase="eastMahjong"]').waitFor({ timeout: 20_000 });
        await pages.south.locator('[data-review="loaded"]').waitFor({ timeout: 20_000 });
      }
      const body = await suite.server.api('GET', `/api/tables/${table.id}`, { token: table.tokens.spectator });
      expect(body.body.phase).toBe(outcome === 'dispute' ? 'misdeal' : 'eastMahjong');
    }
  }, 240_000);
});
