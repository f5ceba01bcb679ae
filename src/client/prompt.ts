/**
 * What the seat should do now, in the page's language, from its own view (the engine's prompt sentences,
 * rendered with the core's `t`; the server's view carries the table's language, the page may speak another).
 */
import type { Locale, SeatView } from '../index.js';
import { promptFor } from '../entries/i18n.js';

/** The seat's prompt; a short North is told to draw first. */
export function seatPrompt(locale: Locale, view: SeatView): string {
  return promptFor(locale, view);
}
