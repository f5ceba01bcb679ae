/**
 * The service's errors as data: each error names its `problem` (a key of these catalogs) and carries the params its
 * sentence is made from, so the service words it in a table's language and a client in its reader's. Not part of
 * the core entry (it reaches wings through `charleston-engine/i18n`); browser-safe.
 */
import type { Locale, MessageKey } from '../catalog.js';
import { t } from '../translate.js';
import { SEATS } from '../../seats.js';
import { PHASES } from '../../phase.js';
import { ca } from './ca.js';
import { el } from './el.js';
import { en, type ServiceProblem } from './en.js';
import { sw } from './sw.js';

export type { ServiceProblem } from './en.js';

/** The catalogs of service errors by locale (the same keys and placeholders in each). */
export const SERVICE_ERROR_CATALOGS: Readonly<Record<Locale, Readonly<Record<ServiceProblem, string>>>> = { en, ca, sw, el };

/** An error's params: `problem` names the sentence, the rest are its data (plain strings and numbers). */
export type ServiceErrorParams = { problem: ServiceProblem } & Record<string, string | number>;

/** True when `value` is a problem these catalogs word. */
export function isServiceProblem(value: unknown): value is ServiceProblem {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(en, value);
}

/** How a seat is named in a sentence (a client passes its own, "Μαρία (Δύση)"); by default the seat's name. */
export type SeatWording = (seat: (typeof SEATS)[number]) => string;

const isSeatName = (value: unknown): value is (typeof SEATS)[number] => typeof value === 'string' && (SEATS as readonly string[]).includes(value);
const isPhaseName = (value: unknown): boolean => typeof value === 'string' && (PHASES as readonly string[]).includes(value);

/**
 * The sentence of `problem` in `locale`, filled from `params`: a `{seat}` that holds a seat is worded by `seat`
 * (default: the seat's name in the language), a `{phase}` by the phase's name; a missing param stays as its
 * placeholder. A `problem` these catalogs do not know gives null (the caller shows the service's own message).
 */
export function serviceErrorText(locale: Locale, problem: unknown, params: Readonly<Record<string, unknown>> = {}, seat?: SeatWording): string | null {
  if (!isServiceProblem(problem)) return null;
  const template = (SERVICE_ERROR_CATALOGS[locale] ?? en)[problem];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    if (name === 'seat' && isSeatName(value)) return seat === undefined ? t(locale, `seat.${value}`) : seat(value);
    if (name === 'phase' && isPhaseName(value)) return t(locale, `phase.${String(value)}` as MessageKey);
    return String(value);
  });
}
