/**
 * Why a hand is dead, in the page's language: a seat's view carries the misdeal's code (`wrongCount`, `declared`,
 * `declarationDisputed`), the wrong counts, the seat that declared it and the words a person typed when declaring
 * it (if any). The engine's `misdealText` words it from those; the view's own `reason` sentence is in the table's
 * language and is shown only for a code newer than this page's engine. Free text is shown as text (React escapes it).
 */
import type { SeatView } from '../index.js';
import { misdealText as engineMisdealText, type Locale } from '../entries/i18n.js';

/** A misdeal as a seat's view carries it. */
export type MisdealView = NonNullable<SeatView['misdeal']>;

/** The misdeal's reason in `locale`: the declaring person's own words, else the wording of its code. */
export function misdealText(locale: Locale, misdeal: MisdealView): string {
  try {
    return engineMisdealText(locale, misdeal);
  } catch {
    // A code newer than this page's engine (from a newer service): the table's own sentence is all there is.
    return misdeal.text !== undefined && misdeal.text.trim() !== '' ? misdeal.text : misdeal.reason;
  }
}
