/**
 * Why a hand is dead, in the page's language: a seat's view carries the misdeal's code (`wrongCount`, `declared`,
 * `declarationDisputed`), the wrong counts, the seat that declared it and the words a person typed when declaring
 * it (if any); the view's own `reason` sentence is in the table's language and is not shown (save for a code newer
 * than this page's engine). Every code is worded with the core's catalog keys (`misdeal.*`), as the core's own
 * renderer (`misdealReasonText`, not on the public entries) words them. Free text is shown as text
 * (React escapes it).
 */
import { SEATS, t, type Locale, type MisdealReason, type SeatView } from '../index.js';

/** A misdeal as a seat's view carries it. */
export type MisdealView = NonNullable<SeatView['misdeal']>;

/** The wrong counts of a `wrongCount` misdeal ("North holds 12, …"), in `locale`. */
function wrongCounts(locale: Locale, misdeal: MisdealView): string {
  const counts = misdeal.counts ?? {};
  const held = SEATS.flatMap((seat) => {
    const count = counts[seat];
    return count === undefined ? [] : [t(locale, 'misdeal.holds', { seat, count })];
  });
  return t(locale, 'misdeal.wrongCount', { counts: held.join(', ') });
}

/**
 * A code newer than this page's engine (from a newer service): the sentence as the table worded it is all there is.
 * Typed `never`, so that a code added to the core's `MisdealReason` fails the type check until it is worded here.
 */
function newerCode(_code: never, tableSentence: string): string {
  return tableSentence;
}

/** The misdeal's reason in `locale`: the declaring person's own words, else the wording of its code. */
export function misdealText(locale: Locale, misdeal: MisdealView): string {
  if (misdeal.text !== undefined && misdeal.text.trim() !== '') return misdeal.text;
  const code: MisdealReason = misdeal.code;
  switch (code) {
    case 'wrongCount':
      return wrongCounts(locale, misdeal);
    case 'declared':
    case 'declarationDisputed':
      // Both are declared by a seat; a view without it (never from the engine) shows the counts' wording, as the core does.
      return misdeal.by === null ? wrongCounts(locale, misdeal) : t(locale, `misdeal.${code}`, { seat: misdeal.by });
    default:
      return newerCode(code, misdeal.reason);
  }
}
