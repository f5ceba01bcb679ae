/**
 * What a table page asks the table besides playing: the review of the finished hand (made by the table),
 * the next hand (`POST /api/tables/:id/next`), the person's own name (`PUT /api/tables/:id/name`). Over HTTP with
 * the page's token as `Authorization: Bearer` (tokens never travel in URLs); solo practice supplies its own.
 */
import type { Locale, Seat } from '../index.js';
import { parseReview, type PageReview } from './review.js';
import { serviceErrorLine, serviceErrorOf } from './service-error.js';

/** The table's side requests of a page. */
export interface TableApi {
  /** The review of hand `hand` (the current one when null), once it has ended. */
  readReview(hand: number | null): Promise<PageReview>;
  /**
   * Deals the next hand; resolves once the table has accepted (the new hand's view follows on the live socket).
   * `after` is the hand the page saw end: when someone else already dealt the next one, the table answers with it
   * instead of a conflict (two friends pressing at once deal one hand).
   */
  next(after?: number | null): Promise<void>;
  /** The next hand passes the deal to the right (a table of the service); solo practice keeps the person at East. */
  readonly dealPassesRight: boolean;
  /** Sets this person's display name (absent in solo practice; a watcher's page does not offer it). */
  setName?: (name: string) => Promise<void>;
}

/** An error the service answered with: its code (`HAND_IN_PLAY`, `INVALID_INPUT` …), message and params. */
export class TableApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The data the service words the error from (`params.problem` names it); empty when it sent none. */
    readonly params: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'TableApiError';
  }
}

async function answer(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const error = serviceErrorOf(body, response.status);
  throw new TableApiError(error.code, error.message, error.params);
}

/**
 * What failed, in `locale`: a service error worded from its code and params (seats named by the people at them),
 * anything else by its own message.
 */
export function failureLine(locale: Locale, error: unknown, names?: Partial<Record<Seat, string>> | undefined): string {
  if (error instanceof TableApiError) return serviceErrorLine(locale, error, names);
  return error instanceof Error ? error.message : String(error);
}

/** The requests of a page holding `token` at table `id`, through `fetcher` (the browser's `fetch` by default). */
export function httpTableApi(id: string, token: string, options: { fetcher?: typeof fetch } = {}): TableApi {
  const fetcher = options.fetcher ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = `/api/tables/${encodeURIComponent(id)}`;
  const auth = { authorization: `Bearer ${token}` };
  return {
    dealPassesRight: true,
    readReview: async (hand) => parseReview(await answer(await fetcher(`${base}/review${hand === null ? '' : `?hand=${hand}`}`, { headers: auth }))),
    next: async (after) => {
      const body = after === undefined || after === null ? '{}' : JSON.stringify({ hand: after });
      await answer(await fetcher(`${base}/next`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body }));
    },
    setName: async (name: string) => {
      await answer(await fetcher(`${base}/name`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name }) }));
    },
  };
}
