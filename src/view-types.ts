/**
 * The shapes of the per-seat views (`viewFor` in `views.ts` builds them): types only, so that the prompt
 * (`i18n/prompt.ts`) and the bots can name a view without importing the module that builds it.
 */
import type { Locale } from './i18n/catalog.js';
import type { BySeat, Seat } from './seats.js';
import type { Tile, TileId } from './tiles.js';
import type { MisdealReason, Phase, Vote } from './types.js';

/** A physical tile as a view shows it: its id (to follow it) and its face. */
export interface TileView {
  id: TileId;
  tile: Tile;
}

/** What everybody at the table, and a spectator, may see. */
export interface PublicView {
  seat: Seat | null;
  phase: Phase;
  hand: number;
  dealer: 'east';
  /** Each seat's tile count: rack plus its packet face down on the table (R11). */
  counts: BySeat<number>;
  /**
   * R10 with `rules.declarationReview`: East's declared hand, face up for everyone (East's fourteen tiles, sorted)
   * and the seats that have accepted it, in `declarationReview` and in `eastMahjong` reached through it; null
   * otherwise.
   */
  declaration: { tiles: TileView[]; accepted: Seat[] } | null;
  /** Once the stop checkpoint's vote is over: the seat whose `stop` ended it, or null (nobody stopped, or before). */
  stoppedBy: Seat | null;
  /** With `{ locale }` only: the locale the text fields are in. */
  locale?: Locale;
  /** With `{ locale }` only: the phase's name in that language ("Primer Charleston: Dreta"). */
  phaseName?: string;
}

/** Options of {@link viewFor}. */
export interface ViewOptions {
  /** Adds localized text fields (`locale`, `phaseName`, and for a seat `prompt`); unknown → English with a warning. */
  locale?: string;
}

/** What one seat may see. */
export interface SeatView extends PublicView {
  seat: Seat;
  /** The seat's own rack, sorted. */
  rack: TileView[];
  /** The seat's own packet on the table (its own tiles only; blind tiles are not its to see). */
  packet: { tiles: TileView[]; blind: number } | null;
  /** Which seats have a packet face down on the table (not what is in it). */
  packetOnTable: BySeat<boolean>;
  /** The seats the table is waiting for (not what they will choose). */
  waitingFor: Seat[];
  /** The seat's own vote at the stop checkpoint. */
  vote: Vote | null;
  /** Once the vote is over: whether the second Charleston was stopped; null before. */
  stopped: boolean | null;
  /** The courtesy pass from this seat's side, once it has begun. */
  courtesy: { offer: number | null; agreed: number | null; partner: Seat } | null;
  /** What joined the seat's rack when the last pass or exchange resolved (never the tiles it forwarded blind). */
  received: TileView[];
  /** True while North holds 12 and may draw (R11); public, as counts are. */
  northShort: boolean;
  /**
   * Why the hand is dead, in a misdeal: who declared it (null: the engine found a wrong count), the reason's code
   * and data, and, with `{ locale }` only, `reason`, the sentence to show: the declaring person's own words when
   * they typed any, otherwise the code's wording in that language. Without a locale the view carries no sentence:
   * a client words it from `code`, `by`, `counts` and `text` (`misdealText` of `charleston-engine/i18n`).
   */
  misdeal: { by: Seat | null; code: MisdealReason; counts?: Partial<BySeat<number>>; text?: string; reason?: string } | null;
  /** With `{ locale }` only: what this seat should do now, in that language. */
  prompt?: string;
}

