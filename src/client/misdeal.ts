/**
 * Why a hand is dead, in the page's language: a seat's view carries the misdeal's code (`wrongCount`, `declared`),
 * the wrong counts, and the words a person typed when declaring it (if any); the view's own `reason` sentence is in
 * the table's language and is not shown. Free text is shown as text (React escapes it).
 */
import { SEATS, t, type Locale, type SeatView } from '../index.js';

/** A misdeal as a seat's view carries it. */
export type MisdealView = NonNullable<SeatView['misdeal']>;

/** The misdeal's reason in `locale`: the declaring person's own words, else the wording of its code. */
export function misdealText(locale: Locale, misdeal: MisdealView): string {
  if (misdeal.text !== undefined && misdeal.text.trim() !== '') return misdeal.text;
  if (misdeal.code === 'declared' && misdeal.by !== null) return t(locale, 'misdeal.declared', { seat: misdeal.by });
  if (misdeal.code !== 'wrongCount') return misdeal.reason;
  const counts = misdeal.counts ?? {};
  const held = SEATS.flatMap((seat) => {
    const count = counts[seat];
    return count === undefined ? [] : [t(locale, 'misdeal.holds', { seat, count })];
  });
  return t(locale, 'misdeal.wrongCount', { counts: held.join(', ') });
}
