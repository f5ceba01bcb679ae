/**
 * Pictures of "a table for friends" at 390×844 (phone) and 1280×800 (desktop), in docs/client-friends-*.png: the
 * lobby with names, a clock, copy buttons and QR codes; a seat with names, the countdown and a clock notice; who
 * stopped the second Charleston; East's declaration in review from South's page; the end of a hand with its review;
 * the watch page.
 * The service runs in process (PGlite in memory, 127.0.0.1) with the client of this tree; tables are created with
 * names and a clock, East's declaration is made through the API. Two things cannot be waited for in a picture run —
 * a clock that runs out (its notice) and names of bot seats — so the script adds them to the live messages in the
 * browser (`page.routeWebSocket`) in the contract's shape, only where the service sent none.
 * Run: npx tsx scripts/screenshot-friends.ts [--only NAME]
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startClientService } from '../test/client/support/service.js';
import { walkHand } from '../test/client/support/walk.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs');
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Size = keyof typeof SIZES;
const NAMES = { east: 'Ana', south: 'Kofi', west: 'Ελένη', north: 'Jordi' };
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

type Message = Record<string, unknown> & { view?: Record<string, unknown> };
/** Adds what the contract's service sends and this tree's does not; `extra` may change the message further. */
type Augment = (message: Message) => void;

const served = await startClientService();
const { base, api } = served;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const written: string[] = [];

async function shoot(page: Page, name: string, fullPage = false, at?: string): Promise<void> {
  await page.evaluate(async (selector) => {
    if (selector === undefined) window.scrollTo(0, 0);
    else document.querySelector(selector)?.scrollIntoView({ block: 'start' });
    await document.fonts.ready;
  }, at);
  await page.screenshot({ path: join(DOCS, name), fullPage });
  written.push(`docs/${name}`);
}

/** The table fields of §6 a live message gets when the service does not send them. */
function tableFields(message: Message, options: { clock?: number; notice?: boolean } = {}): void {
  const view = message.view ?? {};
  const now = Date.now();
  const waiting = Array.isArray(view.waitingFor) ? (view.waitingFor as string[]) : [];
  message.hand ??= 1;
  message.seat ??= typeof view.seat === 'string' ? view.seat : null;
  message.names ??= NAMES;
  if (options.clock !== undefined) {
    message.clock ??= { seconds: options.clock, deadlines: Object.fromEntries(waiting.map((seat, index) => [seat, now + (options.clock as number) * 1000 - 17_000 - index * 9_000])), now };
  }
  if (options.notice === true) message.notice ??= { code: 'CLOCK_RAN_OUT', seat: 'north', hand: 1, version: 3 };
  if (view.stopped === true) view.stoppedBy ??= 'west';
}

async function seatPage(size: Size, link: string, augment: Augment): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.routeWebSocket(/\/api\/tables\/[^/]+\/live$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((data) => {
      if (typeof data !== 'string') return socket.send(data);
      const message = JSON.parse(data) as Message;
      if (message.type === 'view') augment(message);
      socket.send(JSON.stringify(message));
    });
  });
  await page.goto(link);
  await page.locator('[data-phase]:not([data-phase=""])').waitFor({ timeout: 15_000 });
  return { page, context };
}

async function createTable(seats: Record<string, string>, seed: number, clock?: number): Promise<{ id: string; tokens: Record<string, string> }> {
  const names = Object.fromEntries(Object.entries(NAMES).filter(([seat]) => seats[seat] === 'human'));
  const created = await api('POST', '/api/tables', { body: { seats, seed, locale: 'en', names, ...(clock === undefined ? {} : { clock }) } });
  if (created.status !== 201) throw new Error(`table not created: ${JSON.stringify(created.body)}`);
  return created.body as unknown as { id: string; tokens: Record<string, string> };
}

try {
  for (const size of ['phone', 'desktop'] as const) {
    if (only === undefined || only === 'lobby') {
      const context = await browser.newContext({ viewport: SIZES[size], reducedMotion: 'reduce' });
      const lobby = await context.newPage();
      // A service without names or a clock refuses them (400): the request is sent again without them.
      await lobby.route('**/api/tables', async (route) => {
        const first = await route.fetch();
        if (first.status() !== 400) return route.fulfill({ response: first });
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        delete body.names;
        delete body.clock;
        return route.fulfill({ response: await route.fetch({ postData: JSON.stringify(body) }) });
      });
      await lobby.goto(`${base}/?lang=en`);
      await lobby.selectOption('#seat-south', 'human');
      await lobby.selectOption('#seat-west', 'human');
      await lobby.fill('#name-east', 'Ana');
      await lobby.fill('#name-south', 'Kofi');
      await lobby.fill('#name-west', 'Ελένη');
      await lobby.selectOption('#clock', '60');
      await shoot(lobby, `client-friends-${size}-lobby.png`, true);
      await lobby.click('[data-action="create"]');
      await lobby.locator('[data-invite="spectator"]').waitFor();
      await shoot(lobby, `client-friends-${size}-invites.png`, true);
      await context.close();
    }

    if (only === undefined || only === 'hand') {
      // East is a person, the others teacher bots: a seat with names, the countdown and a notice; who stopped; the end.
      const table = await createTable({ east: 'human', south: 'teacher', west: 'teacher', north: 'teacher' }, 2020, 600);
      const { page, context } = await seatPage(size, `${base}/t/${table.id}?lang=en#${table.tokens.east}`, (message) => tableFields(message, { clock: 60, notice: true }));
      let stoppedShot = false;
      await walkHand(page, async ({ phase, moment }) => {
        if (phase === 'firstCharleston.across' && moment === 'start') await shoot(page, `client-friends-${size}-seat.png`);
        if (!stoppedShot && moment === 'start' && (phase === 'courtesy' || phase === 'secondCharleston.left') && (await page.locator('.stopped-by').count()) > 0) {
          stoppedShot = true;
          await shoot(page, `client-friends-${size}-stopped.png`);
        }
      });
      await page.locator('[data-review="loaded"]').waitFor({ timeout: 15_000 });
      await shoot(page, `client-friends-${size}-end.png`, false, size === 'phone' ? '.end-of-hand' : undefined);
      await shoot(page, `client-friends-${size}-review.png`, false, '.review');
      await context.close();
    }

    if (only === undefined || only === 'stop') {
      // Four people: the first Charleston played through the API, West stops at the checkpoint; East's page.
      const table = await createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, 31);
      for (let pass = 0; pass < 3; pass += 1) {
        for (const seat of ['east', 'south', 'west', 'north']) {
          const tiles = await firstTiles(table, seat);
          await api('POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event: { type: 'pass.commit', seat, tiles } } });
        }
      }
      await api('POST', `/api/tables/${table.id}/events`, { token: table.tokens.west as string, body: { event: { type: 'vote.cast', seat: 'west', vote: 'stop' } } });
      const { page, context } = await seatPage(size, `${base}/t/${table.id}?lang=en#${table.tokens.east}`, (message) => tableFields(message, { clock: 60 }));
      await page.locator('.stopped-by').waitFor();
      await shoot(page, `client-friends-${size}-stopped.png`);
      await context.close();
    }

    if (only === undefined || only === 'review') {
      // South's page while the others look at East's declared hand (a table without a card reviews it).
      const table = await createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, 77);
      await api('POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'hand.declareMahjong', seat: 'east' } } });
      await api('POST', `/api/tables/${table.id}/events`, { token: table.tokens.north as string, body: { event: { type: 'declaration.accept', seat: 'north' } } });
      const { page, context } = await seatPage(size, `${base}/t/${table.id}?lang=en#${table.tokens.south}`, (message) => tableFields(message));
      await page.locator('[data-action="accept"]').waitFor();
      await shoot(page, `client-friends-${size}-declaration.png`);
      await page.click('[data-action="dispute"]');
      await page.locator('[data-action="confirm"]').waitFor();
      await shoot(page, `client-friends-${size}-dispute.png`);
      await context.close();
    }

    if (only === undefined || only === 'watch') {
      // The watch page: counts, who is waited for, packets face down, the clock; no rack.
      const table = await createTable({ east: 'human', south: 'human', west: 'teacher', north: 'teacher' }, 5, 120);
      // South never opens the link here: the admin starts the clock, so the watch page shows it running.
      await api('POST', `/api/tables/${table.id}/start`, { token: table.tokens.admin as string });
      await api('POST', `/api/tables/${table.id}/events`, { token: table.tokens.east as string, body: { event: { type: 'pass.commit', seat: 'east', tiles: await firstTiles(table, 'east') } } });
      const { page, context } = await seatPage(size, `${base}/t/${table.id}?lang=en#${table.tokens.spectator}`, (message) => {
        tableFields(message, { clock: 60 });
      });
      await page.locator('.waiting-line').waitFor();
      await shoot(page, `client-friends-${size}-watch.png`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await served.close();
}

/** Three natural tiles of a seat's rack. */
async function firstTiles(table: { id: string; tokens: Record<string, string> }, seat: string): Promise<string[]> {
  const body = await api('GET', `/api/tables/${table.id}`, { token: table.tokens[seat] as string });
  return (body.body.view as { rack: { tile: string }[] }).rack
    .map((tile) => tile.tile)
    .filter((tile) => tile !== 'J')
    .slice(0, 3);
}

console.log(written.join('\n'));
