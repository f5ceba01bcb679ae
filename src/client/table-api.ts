/**
 * What a table page asks the table besides playing: the review of the finished hand (made by the table),
 * the next hand (`POST /api/tables/:id/next`), the person's own name (`PUT /api/tables/:id/name`). Over HTTP with
 * the page's token as `Authorization: Bearer` (tokens never travel in URLs); solo practice supplies its own.
 */
import { parseReview, type HandReview } from './review.js';

/** The table's side requests of a page. */
export interface TableApi {
  /** The review of hand `hand` (the current one when null), once it has ended. */
  readReview(hand: number | null): Promise<HandReview>;
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

/** An error the service answered with: its code (`HAND_IN_PLAY`, `INVALID_INPUT` …) and message. */
export class TableApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TableApiError';
  }
}

async function answer(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: { code?: unknown; message?: unknown } }).error : null;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`;
  const message = typeof error?.message === 'string' ? error.message : `the table answered HTTP ${response.status}`;
  throw new TableApiError(code, message);
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
