/**
 * Messages that leave when their moment has passed. The table's notice ("Time ran out for South…") belongs to the
 * decision at which the page first showed it: it goes at the next one (a new phase or hand). A refusal goes at the
 * person's next tap or when the hint opens (the flow machine clears it). Neither stays on the end screen.
 * Pure: plain data in, plain data out.
 */
import type { NoticeInfo } from './table-info.js';

/** When the page first showed a notice: which notice, and the hand and phase on the table then. */
export interface NoticeMoment {
  key: string;
  hand: number;
  phase: string;
}

/** A notice's identity (its seat, hand and version): the same notice sent again is not a new one. */
export function noticeKey(notice: NoticeInfo | null): string | null {
  return notice === null ? null : `${notice.seat}:${notice.hand ?? ''}:${notice.version ?? ''}`;
}

/**
 * The moment of the notice at this view: kept while it is the same notice, a new moment (this view's hand and phase)
 * for a new one, null without one.
 */
export function noticeMoment(previous: NoticeMoment | null, key: string | null, view: { hand: number; phase: string } | null): NoticeMoment | null {
  if (key === null || view === null) return null;
  if (previous !== null && previous.key === key) return previous;
  return { key, hand: view.hand, phase: view.phase };
}

/** True while the notice's moment lasts: the same hand and phase as when it was first shown, and not the end of a hand. */
export function noticeShown(moment: NoticeMoment | null, view: { hand: number; phase: string } | null, ended: boolean): boolean {
  return moment !== null && view !== null && !ended && moment.hand === view.hand && moment.phase === view.phase;
}

/** The refusal to show: none on the end screen (the hand is over; nothing is left to refuse). */
export function alertShown(alert: string | null, ended: boolean): string | null {
  return ended ? null : alert;
}
