/**
 * The inspector page following a real table of the table service (`bin/charleston.js serve`, started by the
 * client's test support) stays live: at every version of two hands, the admin's page and a spectator's page show
 * the table's phase in the state badge and, in the context panel, the same public view that
 * `GET /api/tables/:id` gives the spectator token; the admin's event list counts the log's rows, the spectator's
 * the views it was sent. The table is played through the API with each seat's own token (moves read from the
 * seat's view), one event at a time, and each version is checked before the next event is sent.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../client/support/browser.js';
import { startClientService, type ClientService } from '../client/support/service.js';
import { moveFromView } from '../server/support.js';

const SEATS = ['east', 'south', 'west', 'north'] as const;
const ENDED = new Set(['complete', 'eastMahjong']);

let service: ClientService;
let browser: Browser;

beforeAll(async () => {
  service = await startClientService();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

/** What a page shows: the state badge, the context panel (parsed), the event count. */
interface Shown {
  state: string | null;
  context: unknown;
  count: number;
}

/**
 * Waits until `page`'s context panel shows `view` and its event list counts `count` (at most 10 s: the admin's
 * log is read after the view arrives), then reads what the page shows.
 */
async function shownWhen(page: Page, view: unknown, count: number): Promise<Shown> {
  await page
    .waitForFunction(
      ({ text, count }) => {
        try {
          return JSON.stringify(JSON.parse(document.querySelector('#context')?.textContent ?? '')) === text && document.querySelector('#log-count')?.textContent === String(count);
        } catch {
          return false;
        }
      },
      { text: JSON.stringify(view), count },
      { timeout: 10_000 },
    )
    .catch(() => undefined); // the assertions below say what differs
  return page.evaluate(() => {
    let context: unknown = null;
    try {
      context = JSON.parse(document.querySelector('#context')?.textContent ?? '');
    } catch {
      context = document.querySelector('#context')?.textContent ?? null;
    }
    return { state: document.querySelector('#current-state')?.getAttribute('data-state') ?? null, context, count: Number(document.querySelector('#log-count')?.textContent ?? '-1') };
  });
}

describe('the inspector following a service table', () => {
  it('shows every version of two hands in its context panel, badge and event count (admin and spectator)', async () => {
    const created = await service.api('POST', '/api/tables', { body: { seed: 11 } });
    expect(created.status).toBe(201);
    const id = created.body['id'] as string;
    const tokens = created.body['tokens'] as Record<'admin' | 'spectator' | (typeof SEATS)[number], string>;
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const spectator = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${service.base}/inspect#table=${id}&token=${tokens.admin}`);
    await spectator.goto(`${service.base}/inspect#table=${id}&token=${tokens.spectator}&role=spectator`);

    let viewsSent = 0;
    let checked = 0;
    const check = async (): Promise<string> => {
      const publicView = await service.api('GET', `/api/tables/${id}`, { token: tokens.spectator });
      expect(publicView.status).toBe(200);
      const { version, phase, view } = publicView.body as { version: number; phase: string; view: unknown };
      viewsSent += 1;
      const [byAdmin, bySpectator] = await Promise.all([shownWhen(admin, view, version), shownWhen(spectator, view, viewsSent)]);
      expect({ version, ...byAdmin }).toEqual({ version, state: phase, context: view, count: version });
      expect({ version, ...bySpectator }).toEqual({ version, state: phase, context: view, count: viewsSent });
      checked += 1;
      return phase;
    };

    for (const hand of [1, 2]) {
      if (hand === 2) {
        const next = await service.api('POST', `/api/tables/${id}/next`, { token: tokens.admin });
        expect(next.status).toBe(200);
      }
      let phase = await check();
      for (let turn = 0; turn < 200 && !ENDED.has(phase); turn += 1) {
        let sent = false;
        for (const seat of SEATS) {
          const mine = await service.api('GET', `/api/tables/${id}`, { token: tokens[seat] });
          const move = moveFromView(mine.body['view'] as Record<string, unknown>);
          if (move === null) continue;
          const reply = await service.api('POST', `/api/tables/${id}/events`, { token: tokens[seat], body: { event: move } });
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          sent = true;
          phase = await check();
          break;
        }
        expect(sent, `someone can move in ${phase}`).toBe(true);
      }
      expect(ENDED.has(phase), `hand ${hand} ended`).toBe(true);
    }
    expect(checked).toBeGreaterThan(40);
    await admin.close();
    await spectator.close();
  }, 240_000);
});
