/**
 * Why a hand is dead, in the page's language: a seat's view carries the misdeal's code (`wrongCount`, `declared`,
 * `declarationDisputed`), the wrong counts, the seat that declared it and the words a person typed when declaring
 * it (if any). The page words it from those, naming each seat as the person at it ("Μαρία (Δύση)") where the table
 * has a name; the view's own `reason` sentence (there only when the view was made in a language) is shown only for
 * a code newer than this page's engine. Free text is shown as text (React escapes it).
 */
import { SEATS, t, type Seat, type SeatView } from '../index.js';
import { misdealText as engineMisdealText, type Locale } from '../entries/i18n.js';
import { ct } from './i18n/catalog.js';
import { seatLabel } from './table-info.js';

/** A misdeal as a seat's view carries it. */
export type MisdealView = NonNullable<SeatView['misdeal']>;

/**
 * The misdeal's reason in `locale`: the declaring person's own words, else the wording of its code with every seat
 * named by `names` (the person's name and the seat, or the seat alone).
 */
export function misdealText(locale: Locale, misdeal: MisdealView, names: Partial<Record<Seat, string>> = {}): string {
  const own = misdeal.text;
  if (own !== undefined && own.trim() !== '') return own;
  const who = (seat: Seat): string => seatLabel(locale, seat, names);
  if (misdeal.code === 'declared' && misdeal.by !== null) return ct(locale, 'misdeal.declaredBy', { who: who(misdeal.by) });
  if (misdeal.code === 'declarationDisputed' && misdeal.by !== null) return ct(locale, 'misdeal.disputedBy', { who: who(misdeal.by) });
  if (misdeal.code === 'wrongCount') {
    const counts = misdeal.counts ?? {};
    const held = SEATS.flatMap((seat) => (counts[seat] === undefined ? [] : [ct(locale, 'misdeal.holdsBy', { who: who(seat), count: counts[seat] })]));
    return t(locale, 'misdeal.wrongCount', { counts: held.join(', ') });
  }
  try {
    return engineMisdealText(locale, misdeal);
  } catch {
    // A code newer than this page's engine (from a newer service): the table's own sentence is all there is.
    return misdeal.reason ?? misdeal.code;
  }
}
