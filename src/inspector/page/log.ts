/**
 * How the page writes events, refusals and phases in a few words, in its language (used by the events list and
 * the table panel).
 */
import { PHASES, REFUSAL_CODES, refusalMessage, t, type Locale, type Phase, type RefusalCode } from '../../index.js';
import type { EventObject } from './store.js';

/** A refusal as a log row shows it. */
export interface RefusalLike {
  code: string;
  message: string | undefined;
  params?: Readonly<Record<string, string | number>>;
}

/** The payload of an event in a few words: tiles, blind, vote, count, reason; other fields as compact JSON. */
export function eventDetail(event: EventObject): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === 'type' || key === 'seat' || key === 'refusal' || key === 'refusedType') continue;
    if (key === 'tiles' && Array.isArray(value)) parts.push(value.map(String).join(' ') || '(none)');
    else if (key === 'blind') parts.push(`blind ${String(value)}`);
    else if (key === 'vote') parts.push(String(value));
    else if (key === 'count') parts.push(`count ${String(value)}`);
    else if (key === 'reason') parts.push(`“${String(value)}”`);
    else {
      let json = JSON.stringify(value) ?? String(value);
      if (json.length > 60) json = `${json.slice(0, 59)}…`;
      parts.push(`${key}: ${json}`);
    }
  }
  return parts.join(' · ');
}

/**
 * A refusal's message in the page's language: an engine refusal (a known code with its params) is rendered from
 * the catalogs; anything else (another app's refusal, a redacted one) keeps the message it came with.
 */
export function refusalText(refusal: RefusalLike, locale: Locale): string | undefined {
  if (refusal.params === undefined || !(REFUSAL_CODES as readonly string[]).includes(refusal.code)) return refusal.message;
  return refusalMessage(locale, refusal.code as RefusalCode, refusal.params);
}

/** A phase in the page's language (English keeps the id; an unknown value is shown as it is). */
export function phaseText(phase: string, locale: Locale): string {
  return locale !== 'en' && (PHASES as readonly string[]).includes(phase) ? t(locale, `phase.${phase as Phase}`) : phase;
}
