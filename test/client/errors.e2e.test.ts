/**
 * Errors are data to the last screen, in real headless Chromium: at a table whose language is English, a Greek
 * page shows a service error (a name another person has) in Greek, worded from the error's code and params, not
 * the service's English sentence; and the misdeal line of a disputed declaration names the person who disputed it
 * as every other line does ("Μαρία (Δύση)").
 */
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { serviceErrorText } from '../../src/entries/i18n.js';
import { ct } from '../../src/client/i18n/catalog.js';
import { seatLabel } from '../../src/client/table-info.js';
import { useServiceBrowser } from './support/suite.js';

const suite = useServiceBrowser();

describe('a Greek page at an English table', () => {
  it('words the misdeal line and a refused name from codes and params, naming the person', async () => {
    const names = { east: 'Ana', west: 'Μαρία' };
    const table = await suite.createTable({ east: 'human', south: 'human', west: 'human', north: 'human' }, { seed: 7, locale: 'en', rules: { declarationReview: true }, names });
    const send = async (seat: 'east' | 'west', event: Record<string, unknown>): Promise<void> => {
      const reply = await suite.server.api('POST', `/api/tables/${table.id}/events`, { token: table.tokens[seat] as string, body: { event } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    };
    // East declares a winning opening hand; West disputes it: the hand is a misdeal declared by West.
    await send('east', { type: 'hand.declareMahjong', seat: 'east' });
    await send('west', { type: 'misdeal.declare', seat: 'west' });

    const page = await suite.openPage(`${suite.server.base}/t/${table.id}?lang=el#${table.tokens.south}`, undefined, { reduceMotion: true });
    await page.locator('[data-phase="misdeal"]').waitFor({ timeout: 20_000 });
    const westPerson = seatLabel('el', 'west', names);
    expect(westPerson).toBe('Μαρία (Δύση)');
    const note = await page.locator('.misdeal-note').textContent();
    expect(note).toBe(ct('el', 'misdeal.disputedBy', { who: westPerson }));

    // South takes West's name (another case): the service refuses it in English; the page says it in Greek.
    await page.fill('#own-name', 'μαρία');
    await page.click('[data-action="set-name"]');
    const params = { problem: 'nameInUse', field: 'name', name: 'μαρία', seat: 'west' };
    const expected = ct('el', 'name.failed', { message: serviceErrorText('el', 'nameInUse', params, (seat) => seatLabel('el', seat, names)) ?? '' });
    await page.getByText(expected).waitFor({ timeout: 10_000 });
    expect(expected).toContain('«μαρία»');
    const english = serviceErrorText('en', 'nameInUse', params) ?? '';
    expect(await page.getByText(english).count()).toBe(0);
  }, 120_000);
});
