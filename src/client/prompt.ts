/**
 * What the seat should do now, in the page's language, from its own view (the engine's prompt sentences,
 * rendered with the core's `t`; the server's view carries the table's language, the page may speak another).
 * A phase the page's engine does not know yet (a newer service's, such as East's declaration in review) gets the
 * client's own sentence, or none, instead of breaking the page.
 */
import type { Locale, SeatView } from '../index.js';
import { promptFor } from '../entries/i18n.js';
import { isInReview } from './flow.logic.js';
import { ct } from './i18n/catalog.js';

/** The seat's prompt; a short North is told to draw first. */
export function seatPrompt(locale: Locale, view: SeatView): string {
  try {
    return promptFor(locale, view);
  } catch {
    if (isInReview(view)) return ct(locale, view.seat === 'east' ? 'review.waitingOthers' : 'review.ask');
    return '';
  }
}
