/**
 * Per-seat views (hidden information), built field by field from an allow-list: nothing is deleted from the
 * full state, so a field added to the context later stays private until it is added here on purpose.
 *
 * A seat sees its own rack and its own packet on the table, every seat's tile count, the phase, who still has
 * to act, its own vote and (once the table moved on) whether the Charleston was stopped, its own courtesy offer
 * and the pair's agreed count once both offered, and what joined its rack when the last pass resolved.
 * It never sees another seat's rack or packet, the tiles it forwarded blind, the wall or the seed.
 * A spectator (`null`) sees the phase, the counts, who stopped the Charleston and, while East's declaration is
 * reviewed (R10, `rules.declarationReview`) and once it has been accepted, East's fourteen tiles: public by the
 * rule, as the declared hand lies face up on the table.
 */
import { isNorthShort, tileCount } from './rules/counts.js';
import { agreedCount, pairStatus } from './rules/courtesy.js';
import { REVIEWERS, hasDeclarationReview } from './rules/hand.js';
import { PAIR_SEATS, SEATS, bySeat, pairOf, type Seat } from './seats.js';
import { phaseOfSnapshot, type CharlestonSnapshot } from './snapshot.js';
import { seatArgument, snapshotArgument } from './arguments.js';
import { InputError, describeType, isRecord } from './errors.js';
import { SET_SIZE, faceOf, type TileId } from './tiles.js';
import { PASS_RULES, type CharlestonContext, type MisdealRecord, type Phase } from './types.js';
import type { Locale } from './i18n/catalog.js';
import { promptFor } from './i18n/prompt.js';
import { localeOrWarn, misdealReasonText, t } from './i18n/translate.js';
import type { PublicView, SeatView, TileView, ViewOptions } from './view-types.js';

export type { PublicView, SeatView, TileView, ViewOptions } from './view-types.js';

/**
 * The 152 tile views, made once and frozen: every view shares them (a view is read-only data), so that building
 * a view allocates no object per tile. A server builds four views per accepted event.
 */
const TILE_VIEWS: readonly TileView[] = Array.from({ length: SET_SIZE }, (_, id) => Object.freeze({ id, tile: faceOf(id) }));
const tileView = (id: TileId): TileView => TILE_VIEWS[id] ?? { id, tile: faceOf(id) };

/** A misdeal as a seat sees it (public: every seat sees why the hand is dead), with its sentence rendered. */
function misdealView(misdeal: MisdealRecord, locale: Locale | null): NonNullable<SeatView['misdeal']> {
  const view: NonNullable<SeatView['misdeal']> = { by: misdeal.by, code: misdeal.reason };
  if (locale !== null) view.reason = misdealReasonText(locale, misdeal);
  if (misdeal.counts !== undefined) view.counts = { ...misdeal.counts };
  if (misdeal.text !== undefined) view.text = misdeal.text;
  return view;
}

const AFTER_VOTE: readonly Phase[] = ['secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right', 'courtesy', 'complete'];

/** The seats the table waits for in this phase. */
export function waitingFor(phase: Phase, context: CharlestonContext): Seat[] {
  if (PASS_RULES[phase]) return SEATS.filter((seat) => context.table[seat] === null);
  if (phase === 'stopCheckpoint') return SEATS.filter((seat) => context.votes[seat] === null);
  if (phase === 'declarationReview') return REVIEWERS.filter((seat) => !context.acceptedBy.includes(seat));
  if (phase === 'courtesy') {
    const waiting = SEATS.filter((seat) => {
      const status = pairStatus(context, pairOf(seat));
      if (status === 'offering') return context.offers[seat] === null;
      return status === 'exchanging' && context.table[seat] === null;
    });
    return isNorthShort(context) && !waiting.includes('north') ? [...waiting, 'north'] : waiting;
  }
  return [];
}

/** R10: East's declared hand as everyone sees it while it is reviewed, and once accepted through the review. */
function declarationView(phase: Phase, context: CharlestonContext): PublicView['declaration'] {
  const shown = phase === 'declarationReview' || (phase === 'eastMahjong' && hasDeclarationReview(context));
  return shown ? { tiles: context.racks.east.map(tileView), accepted: [...context.acceptedBy] } : null;
}

/** R7: the seat whose `stop` ended the checkpoint's vote, once the vote is over (at most one seat votes stop). */
function stoppedByOf(phase: Phase, context: CharlestonContext): Seat | null {
  if (!AFTER_VOTE.includes(phase)) return null;
  return SEATS.find((s) => context.votes[s] === 'stop') ?? null;
}

function publicView(seat: Seat | null, phase: Phase, context: CharlestonContext, locale: Locale | null): PublicView {
  const view: PublicView = {
    seat,
    phase,
    hand: context.hand,
    dealer: context.dealer,
    counts: bySeat((s) => tileCount(context, s)),
    declaration: declarationView(phase, context),
    stoppedBy: stoppedByOf(phase, context),
  };
  if (locale !== null) {
    view.locale = locale;
    view.phaseName = t(locale, `phase.${phase}`);
  }
  return view;
}

/**
 * The view of the table for `seat`, or for a spectator (`null`). With `{ locale }` the view also has `locale`,
 * `phaseName` and (for a seat) `prompt` in that language; without it, exactly the fields it always had.
 */
export function viewFor(snapshot: CharlestonSnapshot, seat: null, options?: ViewOptions): PublicView;
export function viewFor(snapshot: CharlestonSnapshot, seat: Seat, options?: ViewOptions): SeatView;
export function viewFor(snapshot: CharlestonSnapshot, seat: Seat | null, options?: ViewOptions): PublicView | SeatView;
export function viewFor(snapshotValue: CharlestonSnapshot, seatValue: Seat | null, options: ViewOptions = {}): PublicView | SeatView {
  const snapshot = snapshotArgument(snapshotValue);
  const seat = seatValue === null ? null : seatArgument(seatValue, 'seat (or null for the public view)');
  if (!isRecord(options)) throw new InputError('options', `must be an object such as { locale: "ca" }, got ${describeType(options)}`);
  if (options.locale !== undefined && typeof options.locale !== 'string') throw new InputError('options.locale', `must be a language tag, got ${describeType(options.locale)}`);
  const phase = phaseOfSnapshot(snapshot);
  const context = snapshot.context;
  const locale = options.locale === undefined ? null : localeOrWarn(options.locale);
  if (seat === null) return publicView(null, phase, context, locale);
  const packet = context.table[seat];
  const pair = pairOf(seat);
  const [first, second] = PAIR_SEATS[pair];
  const courtesyBegun = phase === 'courtesy' || (phase === 'complete' && context.offers[seat] !== null);
  const voteOver = AFTER_VOTE.includes(phase);
  // Object.assign, not a spread into the literal: V8 takes a slow path for that spread, ten times the whole view's cost.
  const view: SeatView = Object.assign(publicView(seat, phase, context, locale), {
    seat,
    rack: context.racks[seat].map(tileView),
    packet: packet === null ? null : { tiles: packet.tiles.map(tileView), blind: packet.blind },
    packetOnTable: bySeat((s) => context.table[s] !== null),
    waitingFor: waitingFor(phase, context),
    vote: context.votes[seat],
    stopped: voteOver ? SEATS.some((s) => context.votes[s] === 'stop') : null,
    courtesy: courtesyBegun
      ? { offer: context.offers[seat], agreed: agreedCount(context, pair), partner: seat === first ? second : first }
      : null,
    received: context.received[seat].map(tileView),
    northShort: isNorthShort(context) && phase !== 'complete',
    misdeal: context.misdeal === null ? null : misdealView(context.misdeal, locale),
  });
  if (locale !== null) view.prompt = promptFor(locale, view);
  return view;
}
