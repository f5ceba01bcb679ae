/**
 * The page's routes, read from the location: `/` the lobby, `/t/ID` a seat's page with the token in the URL
 * fragment (`/t/ID#TOKEN`, so it never reaches a server log), `/solo` solo practice. `?lang=xx` picks the
 * page's language; `/solo?seed=N` replays a chosen deal.
 */
import { isLocale, type Locale } from '../index.js';

/** A parsed route. */
export type Route =
  | { kind: 'lobby' }
  | { kind: 'seat'; id: string; token: string | null }
  | { kind: 'solo'; seed: number | null }
  | { kind: 'notFound'; path: string };

const TABLE = /^\/t\/([A-Za-z0-9_-]{1,128})\/?$/;

/** The route of a path and fragment. */
export function parseRoute(pathname: string, hash: string, search = ''): Route {
  if (pathname === '/' || pathname === '') return { kind: 'lobby' };
  if (pathname === '/solo' || pathname === '/solo/') {
    const raw = new URLSearchParams(search).get('seed');
    const seed = raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) <= 0xffff_ffff ? Number(raw) : null;
    return { kind: 'solo', seed };
  }
  const match = TABLE.exec(pathname);
  if (match) {
    const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
    const token = fragment.startsWith('token=') ? fragment.slice('token='.length) : fragment;
    return { kind: 'seat', id: match[1] as string, token: token === '' ? null : decodeURIComponent(token) };
  }
  return { kind: 'notFound', path: pathname };
}

/** The language the address asks for (`?lang=`), or null. */
export function askedLocale(search: string): Locale | null {
  const asked = new URLSearchParams(search).get('lang');
  return asked !== null && isLocale(asked) ? asked : null;
}

/** The browser's first supported language, or null. */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return null;
}

/** The link of a seat's page. */
export function seatLink(origin: string, id: string, token: string): string {
  return `${origin}/t/${encodeURIComponent(id)}#${encodeURIComponent(token)}`;
}
