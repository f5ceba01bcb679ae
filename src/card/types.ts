/** The data of a card: its hands as written, and the closest hands to a rack. */

/** One hand of a card, as written. */
export interface CardHand {
  /** Its place on the card, from 0, in the order written. */
  index: number;
  /** The section it is under (`""` before the first section line). */
  section: string;
  /** Its groups, separated by single spaces (the comment left off). */
  text: string;
  /** True when its comment says `concealed` (kept as data; the Charleston does not use it). */
  concealed: boolean;
}

/** A parsed card: its hands in the order written. */
export interface Card {
  /** The hands, `index` 0, 1, 2 … */
  readonly hands: readonly CardHand[];
}

/** A hand of the card and how far a rack is from it. */
export interface ClosestHand {
  /** The hand's place on the card, from 0. */
  index: number;
  /** The hand's section. */
  section: string;
  /** The hand as written. */
  text: string;
  /** How many of the hand's 14 tiles the rack cannot supply (0: the rack is the hand). */
  missing: number;
}
