/**
 * The page's side requests (`table-api.ts`): the hand's review, the next hand (with the hand the page saw end) and the own
 * name go to the right address with the page's token as a bearer; an error answer becomes an error with its code.
 */
import { describe, expect, it } from 'vitest';
import { TableApiError, httpTableApi } from '../../src/client/table-api.js';

type Call = { url: string; method: string; headers: Record<string, string>; body: string | null };

function fakeFetch(answers: { status: number; body: unknown }[]): { fetcher: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: (init?.body as string | undefined) ?? null });
    const answer = answers.shift() ?? { status: 500, body: null };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, calls };
}

describe('the table requests of a page', () => {
  it('reads the review, asks for the next hand after the hand it saw end, and sets the name, with its token', async () => {
    const review = { passes: [], votes: [{ seat: 'east', vote: 'stop' }], stoppedBy: 'east', courtesy: [], declared: false, accepted: [], misdealBy: null, redeals: 0, phase: 'complete' };
    const { fetcher, calls } = fakeFetch([
      { status: 200, body: { id: 't/1', hand: 1, review } },
      { status: 200, body: { id: 't', version: 44, phase: 'firstCharleston.right', hand: 2 } },
      { status: 200, body: { id: 't', version: 45 } },
    ]);
    const api = httpTableApi('t/1', 'TOKEN', { fetcher });
    expect(await api.readReview(1)).toEqual(review);
    await api.next(1);
    await api.setName?.('Ana');
    expect(calls.map((call) => `${call.method} ${call.url} ${call.body ?? ''}`)).toEqual([
      'GET /api/tables/t%2F1/review?hand=1 ',
      'POST /api/tables/t%2F1/next {"hand":1}',
      'PUT /api/tables/t%2F1/name {"name":"Ana"}',
    ]);
    expect(calls.every((call) => call.headers.authorization === 'Bearer TOKEN')).toBe(true);
  });

  it("turns the service's error into an error with its code (a hand still in play)", async () => {
    const { fetcher } = fakeFetch([{ status: 409, body: { error: { code: 'HAND_IN_PLAY', message: 'hand 1 is in play' } } }, { status: 502, body: null }]);
    const api = httpTableApi('t', 'TOKEN', { fetcher });
    await expect(api.next()).rejects.toEqual(new TableApiError('HAND_IN_PLAY', 'hand 1 is in play'));
    await expect(api.readReview(null)).rejects.toMatchObject({ code: 'HTTP_502' });
  });
});
