/**
 * Which table a request concerns, for the language of its error: a route marks the request once the table is known
 * (its token verified, or a creation's `locale` read), and the error handler words any error after that in the
 * table's language. An error before that (a bad token, no such table) is in English.
 */
import type { FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../entries/i18n.js';

const tables = new WeakMap<FastifyRequest, string>();
const locales = new WeakMap<FastifyRequest, Locale>();

/** Marks `request` as concerning table `id` (its token is verified). */
export function concernsTable(request: FastifyRequest, id: string): void {
  tables.set(request, id);
}

/** Marks `request` as concerning a table in `locale` (a creation whose `locale` is valid). */
export function concernsLocale(request: FastifyRequest, locale: Locale): void {
  locales.set(request, locale);
}

/** What a request's error is worded for: a locale already known, a table whose locale to look up, or nothing. */
export function errorConcern(request: FastifyRequest): { locale: Locale } | { table: string } | null {
  const locale = locales.get(request);
  if (locale !== undefined) return { locale };
  const table = tables.get(request);
  if (table !== undefined) return { table };
  // A creation refused by its schema: its body's locale, when that is one (the route never ran to mark it).
  const body = request.body as { locale?: unknown } | null | undefined;
  if (request.method === 'POST' && request.routeOptions.url === '/api/tables' && isLocale(body?.locale)) return { locale: body.locale };
  return null;
}
