/**
 * The page words the service's errors from code and params in its own language, a seat as the person at it, and
 * falls back to the service's message only for a problem it does not know: the pure parts (no browser).
 */
import { describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { serviceErrorText } from '../../src/entries/i18n.js';
import { ct } from '../../src/client/i18n/catalog.js';
import { refusalText } from '../../src/client/flow.logic.js';
import { misdealText } from '../../src/client/misdeal.js';
import { serviceErrorLine, serviceErrorOf } from '../../src/client/service-error.js';
import { TableApiError, failureLine, httpTableApi } from '../../src/client/table-api.js';
import { failureText } from '../../src/client/ui/Lobby.js';

const names = { west: 'Μαρία', south: 'Ana' };

describe('service errors on the page', () => {
  it('reads an error body, and words it in the page’s language from its params', async () => {
    const body = { error: { code: 'HAND_IN_PLAY', message: 'hand 1 is in play (Courtesy pass); …', params: { problem: 'handInPlay', hand: 1, phase: 'courtesy' } } };
    const fetcher = (async () => new Response(JSON.stringify(body), { status: 409 })) as typeof fetch;
    const failure = await httpTableApi('t1', 'tok', { fetcher }).next().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TableApiError);
    expect((failure as TableApiError).params).toEqual(body.error.params);
    expect(failureLine('el', failure)).toBe('το χέρι 1 παίζεται (Πέρασμα ευγενείας)· το επόμενο χέρι μοιράζεται όταν τελειώσει');
    expect(failureLine('el', failure)).not.toBe(body.error.message);
    // No body, or a problem this page does not know: the service's words.
    expect(serviceErrorOf(null, 502)).toEqual({ code: 'HTTP_502', message: 'the table answered HTTP 502', params: {} });
    expect(serviceErrorLine('ca', { message: 'as the service said', params: { problem: 'somethingNewer' } })).toBe('as the service said');
    expect(failureLine('ca', new Error('offline'))).toBe('offline');
  });

  it('names a seat as the person at it', () => {
    const taken = { problem: 'nameTaken', field: 'names.north', name: 'μαρία', seat: 'west' };
    expect(serviceErrorLine('el', { message: 'x', params: taken }, names)).toBe(serviceErrorText('el', 'nameTaken', taken, () => 'Μαρία (Δύση)'));
    expect(serviceErrorLine('el', { message: 'x', params: taken }, names)).toContain('Μαρία (Δύση)');
    // The refusal of a live send that was a service error, and the service's own NOT_YOUR_SEAT.
    expect(refusalText('el', { code: 'FORBIDDEN', message: 'only a seat token sends events (this is the spectator token)', params: { problem: 'onlySeatSends', role: 'spectator', action: 'send' } })).toBe(
      serviceErrorText('el', 'onlySeatSends', { role: 'spectator' }),
    );
    expect(refusalText('en', { code: 'NOT_YOUR_SEAT', message: 'x', params: { own: 'south', named: 'west' } }, names)).toBe(ct('en', 'serviceRefusal.NOT_YOUR_SEAT', { own: 'Ana (South)', named: 'Μαρία (West)' }));
  });

  it('the lobby words a refused creation from its params; a name names its seat', () => {
    expect(failureText('el', 'names.south: …', { problem: 'nameTaken', field: 'names.south', name: 'ana', seat: 'east' })).toBe(ct('el', 'lobby.badName', { seat: ct('el', 'seatOf.south') }));
    expect(failureText('sw', 'too many', { problem: 'tooManyCreations', budget: 'creations', max: 30 })).toBe(ct('sw', 'lobby.failed', { message: serviceErrorText('sw', 'tooManyCreations', { max: 30 }) ?? '' }));
  });

  it('the misdeal line names the person who declared or disputed it', () => {
    expect(misdealText('el', { by: 'west', code: 'declarationDisputed' }, names)).toBe(ct('el', 'misdeal.disputedBy', { who: 'Μαρία (Δύση)' }));
    expect(misdealText('en', { by: 'west', code: 'declarationDisputed' }, names)).toBe("East's declaration disputed by Μαρία (West)");
    expect(misdealText('en', { by: 'south', code: 'declared' }, names)).toBe('declared by Ana (South)');
    expect(misdealText('en', { by: null, code: 'wrongCount', counts: { south: 12, north: 14 } }, names)).toBe('wrong tile count: Ana (South) holds 12, North holds 14');
  });
});
