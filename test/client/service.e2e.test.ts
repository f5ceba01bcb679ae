/**
 * The client through the table service, in real headless Chromium (one browser, a context per person):
 * the lobby creates a table of four people; four pages on four seats (East on a phone) play a whole hand;
 * a page reloaded in the middle of a pass resumes with its packet still on the table; a seat handed to a bot
 * by the admin and back; a spectator watches; a link without a good token says so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { SEATS, refusalMessage, type Seat } from '../../src/index.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { actAndConfirm, chooseTiles, isEnabled, phaseOf, playSeat, versionOf } from './support/play.js';
import { useServiceBrowser, type ServiceTable } from './support/suite.js';

const suite = useServiceBrowser();

const openPage = (url: string, viewport: { width: number; height: number } = DESKTOP, prepare?: (page: Page) => Promise<void>): Promise<Page> =>
  suite.openPage(url, viewport, prepare === undefined ? {} : { prepare });

const createTable = suite.createTable.bind(suite);

const seatUrl = (table: ServiceTable, who: Seat | 'spectator'): string => `${suite.server.base}/t/${table.id}#${table.tokens[who] as string}`;

describe('the client through the service', () => {
  it('creates a table in the lobby; four pages on four seats play a whole hand (East on a phone)', async () => {
    const lobby = await openPage(`${suite.server.base}/`);
    for (const seat of SEATS) await lobby.selectOption(`#seat-${seat}`, 'human');
    await lobby.click('[data-action="create"]');
    await lobby.locator('[data-invite="north"]').waitFor({ timeout: 15_000 });
    const links = Object.fromEntries(
      await Promise.all(SEATS.map(async (seat) => [seat, (await lobby.locator(`[data-invite="${seat}"]`).getAttribute('href')) as string] as const)),
    ) as Record<Seat, string>;
    const admin = (await lobby.locator('[data-token="admin"]').textContent()) ?? '';
    expect(admin.length).toBeGreaterThan(20);
    expect(await lobby.locator('[data-invite="spectator"]').count()).toBe(1);
    for (const seat of SEATS) expect(links[seat]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/[^#?]+\?lang=en#.+/);

    const pages = {} as Record<Seat, Page>;
    for (const seat of SEATS) {
      pages[seat] = await openPage(links[seat], seat === 'east' ? PHONE : DESKTOP);
      await pages[seat].locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    }
    expect(await pages.east.locator('[data-tile]').count()).toBe(14);
    expect(await pages.south.locator('[data-tile]').count()).toBe(13);
    // The table waits for all four at first.
    expect(await pages.north.locator('.waiting-line').getAttribute('data-waiting')).toBe('east south west north');

    const offers: Record<Seat, number> = { east: 3, south: 0, west: 1, north: 2 };
    const logs = await Promise.all(SEATS.map((seat) => playSeat(pages[seat], { vote: 'continue', blind: seat === 'west' ? 2 : 1, offer: offers[seat], timeout: 30_000 })));
    for (const [index, seat] of SEATS.entries()) {
      const log = logs[index];
      expect(await phaseOf(pages[seat]), seat).toBe('complete');
      expect(log?.blindPasses, seat).toBe(2);
      expect(log?.phases.at(-1)).toBe('complete');
    }
    // East and West agreed on 1 (the lower offer); South and North on 0, so they exchange nothing.
    expect(logs[0]?.courtesy).toBe(1);
    expect(logs[2]?.courtesy).toBe(1);
    expect(logs[1]?.courtesy).toBeNull();
    expect(logs[3]?.courtesy).toBeNull();
    expect(await pages.east.locator('[data-tile]').count()).toBe(14);
    expect(await pages.west.locator('[data-tile]').count()).toBe(13);

    const id = new URL(links.east).pathname.split('/')[2] as string;
    const state = await suite.server.api('GET', `/api/tables/${id}`, { token: admin });
    expect(state.body.phase).toBe('complete');
    for (const seat of SEATS) await expect.poll(() => versionOf(pages[seat])).toBe(state.body.version);
    const log = await suite.server.api('GET', `/api/tables/${id}/log`, { token: admin });
    const events = log.body.events as Array<{ seat: Seat | null; event: { type: string } }>;
    expect(events.length).toBe(state.body.version);
    // Six passes of four packets, four votes, four offers and two courtesy packets, all sent by the pages.
    expect(events.filter((entry) => entry.event.type === 'pass.commit').length).toBe(24);
    expect(events.filter((entry) => entry.event.type === 'vote.cast').length).toBe(4);
    expect(events.filter((entry) => entry.event.type === 'courtesy.offer').length).toBe(4);
    expect(events.filter((entry) => entry.event.type === 'courtesy.commit').length).toBe(2);
  }, 180_000);

  it('resumes a page reloaded in the middle of a pass, its packet still face down on the table', async () => {
    const table = await createTable({ east: 'human', south: 'human', west: 'teacher', north: 'teacher' }, { seed: 31 });
    const east = await openPage(seatUrl(table, 'east'));
    const south = await openPage(seatUrl(table, 'south'));
    await east.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    await south.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    const chosen = await chooseTiles(east, 3);
    await actAndConfirm(east, 'pass');
    await east.locator('[data-action="retract"]:enabled').waitFor();
    const version = await versionOf(east);

    await east.reload();
    await east.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await versionOf(east)).toBe(version);
    expect(await east.locator('[data-action="retract"]').isEnabled()).toBe(true);
    expect(await isEnabled(east, 'pass')).toBe(false);
    expect(await east.locator('[data-tile]').count()).toBe(11);
    expect((await east.locator('.packet .tile').evaluateAll((tiles) => tiles.length))).toBe(3);
    expect(await east.locator('.seat[data-seat="east"] .seat-count').textContent()).toBe('14 tiles');
    expect(chosen.length).toBe(3);
    // Until the table has passed, East may take the packet back (and pass again).
    await east.click('[data-action="retract"]');
    // The button is disabled as soon as the retract is sent and gone once the view says there is nothing to take
    // back (a control that is not shown is not enabled); the rack grows back when the next view arrives.
    await expect.poll(() => isEnabled(east, 'retract'), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => east.locator('[data-tile]').count(), { timeout: 15_000 }).toBe(14);
    await chooseTiles(east, 3);
    await actAndConfirm(east, 'pass');
    await east.locator('[data-action="retract"]:enabled').waitFor({ timeout: 15_000 });
    // The table still waits for South alone; when South passes, both pages move on.
    expect(await east.locator('.waiting-line').getAttribute('data-waiting')).toBe('south');
    await chooseTiles(south, 3);
    await actAndConfirm(south, 'pass');
    await east.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    await south.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    // The three tiles received joined the rack, marked as new.
    expect(await east.locator('[data-tile][data-new]').count()).toBe(3);
    expect(await east.locator('[data-tile]').count()).toBe(14);
  }, 90_000);

  it('reconnects after the connection drops, keeps the choice, and a pass cut off in flight is applied once', async () => {
    const table = await createTable({ east: 'human', south: 'human', west: 'teacher', north: 'teacher' }, { seed: 36 });
    const east = await openPage(seatUrl(table, 'east'));
    await east.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    const cut = (): void => {
      // Every live connection of the service is cut, as a phone losing its network would see it.
      suite.server.cutLiveConnections();
    };
    await chooseTiles(east, 3);
    await east.click('[data-action="pass"]');
    // Off the network until the page has been looked at (a cut alone is mended before a slow test reads it).
    suite.server.goOffline();
    await east.locator('[data-flow="reconnecting"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => east.locator('.status').textContent()).toBe('Connection lost: reconnecting…');
    // The last view stays on screen; back on line, the three chosen tiles are still chosen.
    expect(await east.locator('[data-tile]').count()).toBe(14);
    suite.server.goOnline();
    await east.locator('[data-flow="live.choosing"]').waitFor({ timeout: 15_000 });
    expect(await east.locator('[data-tile][aria-pressed="true"]').count()).toBe(3);

    // Cut again just after confirming: whether or not the send got through, it is applied exactly once.
    await east.click('[data-action="pass"]');
    await east.click('[data-action="confirm"]');
    cut();
    await east.locator('[data-action="retract"]:enabled').waitFor({ timeout: 20_000 });
    await east.locator('[data-flow="live.waiting"]').waitFor({ timeout: 15_000 });
    const log = await suite.server.api('GET', `/api/tables/${table.id}/log`, { token: table.tokens.admin as string });
    const commits = (log.body.events as Array<{ seat: Seat | null; event: { type: string } }>).filter((entry) => entry.seat === 'east' && entry.event.type === 'pass.commit');
    expect(commits.length).toBe(1);
    expect(await east.locator('[data-tile]').count()).toBe(11);
  }, 60_000);

  it('hands a seat to a bot (admin) and back: the bot plays it, then the person plays on with the same link', async () => {
    const table = await createTable({ east: 'human', south: 'human', west: 'teacher', north: 'teacher' }, { seed: 32 });
    const admin = table.tokens.admin as string;
    const east = await openPage(seatUrl(table, 'east'));
    const south = await openPage(seatUrl(table, 'south'));
    await south.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    await east.locator('.seat[data-seat="south"].held').waitFor();

    const toBot = await suite.server.api('PUT', `/api/tables/${table.id}/seats/south`, { token: admin, body: { player: 'teacher' } });
    expect(toBot.status).toBe(200);
    // The bot passes for South: East sees South's packet on the table, South's page sees its own packet.
    await east.locator('.seat[data-seat="south"] [data-packet-of]').waitFor({ timeout: 15_000 });
    await south.locator('.packet .tile').first().waitFor({ timeout: 15_000 });
    expect(await south.locator('[data-tile]').count()).toBe(10);

    const back = await suite.server.api('PUT', `/api/tables/${table.id}/seats/south`, { token: admin, body: { player: 'human' } });
    expect(back.status).toBe(200);
    await chooseTiles(east, 3);
    await actAndConfirm(east, 'pass');
    await south.locator('[data-phase="firstCharleston.across"]').waitFor({ timeout: 15_000 });
    // Now South is a person again: the table waits for South, and South's own page passes.
    await east.locator('.seat[data-seat="south"].held').waitFor({ timeout: 15_000 });
    expect(await south.locator('[data-action="pass"]').isDisabled()).toBe(true);
    await chooseTiles(south, 3);
    expect(await south.locator('[data-action="pass"]').isEnabled()).toBe(true);
    await actAndConfirm(south, 'pass');
    await east.locator('.seat[data-seat="south"] [data-packet-of]').waitFor({ timeout: 15_000 });
    expect(await south.locator('[role="alert"]').textContent()).toBe('');
  }, 90_000);

  it("offers only what the service's actions allow, shows its refusal in the page's language, and lets a short North draw", async () => {
    // The table accepts only one winning hand, which East does not hold: the service's actions for East say so,
    // and East's page does not offer the declaration (the client no longer guesses legality from its view).
    const winning = ['1B', '1B', '1B', '2B', '2B', '2B', '3B', '3B', '3B', '4B', '4B', '4B', '5B', '5B'];
    const table = await createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 34, locale: 'el', rules: { winningHands: [winning] } });
    const east = await openPage(seatUrl(table, 'east'));
    await east.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    await east.locator('[data-action="pass"]').waitFor({ timeout: 15_000 });
    expect(await isEnabled(east, 'declare')).toBe(false);
    expect(await east.locator('[data-action="declare"]').count()).toBe(0);
    expect(await east.locator('.phase-name').textContent()).toBe('Πρώτο Charleston: Δεξιά');

    // A refusal of the service comes with its code and params: South's page (in Catalan, at a Greek table) renders
    // it in the page's language. The page offers only legal moves, so the test makes the packet wrong on its way
    // out (two tiles where the pass needs three); the service refuses it and the page says so in Catalan.
    const south = await openPage(`${suite.server.base}/t/${table.id}?lang=ca#${table.tokens.south as string}`, DESKTOP, async (page) => {
      await page.routeWebSocket(/\/live$/, (ws) => {
        const upstream = ws.connectToServer();
        ws.onMessage((message) => {
          const data = JSON.parse(String(message)) as { type: string; event?: { type: string; tiles?: string[] } };
          if (data.type === 'send' && data.event?.type === 'pass.commit' && data.event.tiles !== undefined) data.event.tiles = data.event.tiles.slice(0, 2);
          upstream.send(JSON.stringify(data));
        });
      });
    });
    await south.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    await chooseTiles(south, 3);
    await actAndConfirm(south, 'pass');
    const catalan = refusalMessage('ca', 'WRONG_PACKET_SIZE', { expected: 3, actual: 2 });
    expect(catalan).not.toBe(refusalMessage('el', 'WRONG_PACKET_SIZE', { expected: 3, actual: 2 }));
    await expect.poll(() => south.locator('[role="alert"]').textContent(), { timeout: 15_000 }).toBe(catalan);
    expect(await phaseOf(south)).toBe('firstCharleston.right');
    expect(await isEnabled(south, 'retract')).toBe(false);

    // North dealt 12 tiles: its page offers the draw (and only North's), the prompt says so, the draw makes 13.
    const deal = { east: winning, south: ['6B', '6B', '6B', '6B', '7B', '7B', '7B', '7B', '8B', '8B', '8B', '8B', '9B'], west: ['1C', '1C', '1C', '1C', '2C', '2C', '2C', '2C', '3C', '3C', '3C', '3C', '4C'], north: ['1D', '1D', '1D', '1D', '2D', '2D', '2D', '2D', '3D', '3D', '3D', '3D'] };
    const short = await createTable({ east: 'teacher', south: 'teacher', west: 'teacher', north: 'human' }, { seed: 35, deal });
    const north = await openPage(`${suite.server.base}/t/${short.id}?lang=en#${short.tokens.north as string}`, PHONE);
    await north.locator('[data-action="draw"]:enabled').waitFor({ timeout: 15_000 });
    expect(await north.locator('.prompt').textContent()).toMatch(/^You hold 12 tiles: draw the missing tile from the wall\./);
    expect(await north.locator('[data-tile]').count()).toBe(12);
    await north.click('[data-action="draw"]');
    // Disabled once the draw is sent, gone once North is not short; the 13th tile arrives with the next view.
    await expect.poll(() => isEnabled(north, 'draw'), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => north.locator('[data-tile]').count(), { timeout: 15_000 }).toBe(13);
    expect(await north.locator('.seat[data-seat="north"] .seat-count').textContent()).toBe('13 tiles');
  }, 60_000);

  it('runs the lobby on a phone in Swahili: a table with its links, nothing wider than the screen', async () => {
    const lobby = await openPage(`${suite.server.base}/?lang=sw`, PHONE);
    expect(await lobby.locator('h1').textContent()).toBe('Cheza Charleston');
    await lobby.selectOption('#seat-south', 'human');
    await lobby.selectOption('#seat-west', 'random');
    await lobby.click('[data-action="create"]');
    await lobby.locator('[data-invite="spectator"]').waitFor({ timeout: 15_000 });
    expect(await lobby.locator('[data-invite]').count()).toBe(3);
    expect(await lobby.locator('[data-invite-item="east"] .invite-title').textContent()).toBe('Kiti Mashariki');
    expect(await lobby.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const seat = await openPage((await lobby.locator('[data-invite="south"]').getAttribute('href')) as string, PHONE);
    await seat.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await seat.locator('.phase-name').textContent()).toBe('Charleston ya kwanza: Kulia');
    expect(await seat.locator('[data-action="pass"]').textContent()).toBe('Pitisha');
    expect(await seat.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }, 60_000);

  it('lets a spectator watch without a rack, and says so when a link has no good token', async () => {
    const table = await createTable({ east: 'teacher', south: 'human', west: 'teacher', north: 'teacher' }, { seed: 33, locale: 'el' });
    const watcher = await openPage(seatUrl(table, 'spectator'));
    await watcher.locator('[data-phase="firstCharleston.right"]').waitFor({ timeout: 15_000 });
    expect(await watcher.locator('[data-tile]').count()).toBe(0);
    // No ?lang: the page speaks the table's language.
    expect(await watcher.locator('.status').textContent()).toBe('Παρακολουθείς αυτό το τραπέζι.');
    expect(await watcher.locator('.seat').count()).toBe(4);

    const bad = await openPage(`${suite.server.base}/t/${table.id}?lang=en#not-a-token-of-this-table`);
    await expect.poll(() => bad.locator('.status').textContent(), { timeout: 15_000 }).toContain('The table does not know this link');
    const none = await openPage(`${suite.server.base}/t/${table.id}`);
    await expect.poll(() => none.locator('[role="alert"]').textContent()).toContain('This link has no seat token');
  }, 60_000);
});
