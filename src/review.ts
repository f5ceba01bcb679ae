/**
 * The review of a hand (who passed what to whom, the blind counts, what joined each rack, the stop vote, the
 * courtesy exchanges, East's declaration and its answers), computed by replaying the hand's events on the engine
 * from the hand's first persisted table. Nothing here re-implements a rule: which pass a commit belongs to, when a
 * pass resolves, what a blind pass forwards and what joins a rack are read from the engine's snapshots as it plays
 * the log again. A redeal starts the review again: it covers the deal after the hand's last redeal.
 *
 * Given the table's card, the review also says how far each seat's rack was from its closest hand when dealt and
 * at the end (`progress`): the hand closest to the final rack, and that hand's `missing` for both racks.
 *
 * The first table of a hand is secret (its wall and seed), so a review is made where the log is kept (the table
 * service, after the hand) and handed to the players as data.
 */
import { restore, type RestoreOptions } from './persist.js';
import { PAIR_SEATS, PAIRS, SEATS, isSeat, partnerOf, targetOf, type Direction, type Seat } from './seats.js';
import { phaseOfSnapshot } from './engine.js';
import { faceOf, type Tile, type TileId } from './tiles.js';
import { PASS_RULES, isPassPhase, type Phase, type Vote } from './types.js';
import { cardValidator, closestHands } from './card/match.js';
import type { Card } from './card/types.js';
import type { CharlestonSnapshot } from './engine.js';

/** A seat's progress toward its closest hand of the card over the hand. */
export interface SeatProgress {
  /** The card's hand closest to the seat's final rack (the first on the card among equals). */
  hand: { index: number; section: string; text: string };
  /** How many of that hand's tiles the rack dealt to the seat could not supply. */
  missingAtDeal: number;
  /** How many the seat's final rack cannot supply. */
  missingNow: number;
}

/** What a review may be given: the restore's options, and the table's card (for `progress`). */
export interface ReviewOptions extends RestoreOptions {
  /**
   * The table's card: East's declaration is replayed against it (unless `isWinningHand` is given) and the review
   * carries `progress`.
   */
  card?: Card;
}

/** One packet that travelled. */
export interface ReviewPacket {
  from: Seat;
  to: Seat;
  /** The sender's own tiles, as it chose them (faces). */
  tiles: Tile[];
  /** How many arriving tiles the sender forwarded unseen (a blind pass). */
  blind: number;
  /** What joined the receiver's rack from this packet (a receiver passing blind forwards some of it on). */
  received: Tile[];
}

/** One resolved pass of the Charleston. */
export interface ReviewPass {
  /** `firstCharleston.right` … `secondCharleston.right`. */
  phase: Phase;
  direction: Direction;
  /** One packet per seat, in seat order. */
  packets: ReviewPacket[];
}

/** The review of a hand. */
export interface HandReview {
  /** The passes that resolved, in the order they were played. */
  passes: ReviewPass[];
  /** The votes at the checkpoint, in the order cast. */
  votes: { seat: Seat; vote: Vote }[];
  /** The seat whose "stop" ended the checkpoint (R7). */
  stoppedBy: Seat | null;
  /** The courtesy exchanges: one packet per seat of a pair that exchanged, in seat order (R9). */
  courtesy: ReviewPacket[];
  /** East declared a winning opening hand (R10). */
  declared: boolean;
  /** The seats that accepted East's hand, in the order they accepted. */
  accepted: Seat[];
  /** The seat that disputed East's hand or declared a misdeal (R12); null when the hand was not dead. */
  misdealBy: Seat | null;
  /** How many times the hand was dealt again after a misdeal before this deal. */
  redeals: number;
  /** The phase the hand reached at the end of the log. */
  phase: Phase;
  /** Each seat's progress toward its closest hand (only when the review was given the table's card). */
  progress?: Record<Seat, SeatProgress>;
}

/** Why a review could not be made: the log does not replay on the table it was given. */
export class ReviewError extends Error {
  override readonly name = 'ReviewError';
  /** The 0-based index of the event that the engine refused. */
  readonly index: number;

  constructor(index: number, message: string) {
    super(message);
    this.index = index;
  }
}

const faces = (ids: readonly TileId[]): Tile[] => ids.map((id) => faceOf(id));

function emptyReview(phase: Phase, redeals: number): HandReview {
  return { passes: [], votes: [], stoppedBy: null, courtesy: [], declared: false, accepted: [], misdealBy: null, redeals, phase };
}

/** The event's seat, when it names one. */
function seatOf(event: unknown): Seat | null {
  const seat = typeof event === 'object' && event !== null ? (event as { seat?: unknown }).seat : undefined;
  return typeof seat === 'string' && isSeat(seat) ? seat : null;
}

/**
 * The review of one hand: `initial` is the hand's first table as `persist` wrote it, `events` the hand's accepted
 * events in order (rows the table service logs for itself, `table.*`, are skipped). Throws {@link ReviewError} when
 * an event is refused (the log does not belong to that table) and the restore's error when `initial` is not a table.
 */
export function reviewHand(initial: string, events: readonly unknown[], options: ReviewOptions = {}): HandReview {
  const { card, ...restoreOptions } = options;
  if (card !== undefined && restoreOptions.isWinningHand === undefined) restoreOptions.isWinningHand = cardValidator(card);
  const table = restore(initial, restoreOptions);
  try {
    let before = table.getSnapshot();
    /** The deal the review covers (the last redeal's). */
    let dealt = before;
    let review = emptyReview(phaseOfSnapshot(before), 0);
    /** Each seat's packet of the pass or courtesy under way, captured when it was committed. */
    let packets: Partial<Record<Seat, { tiles: Tile[]; blind: number }>> = {};
    events.forEach((event, index) => {
      const type = typeof event === 'object' && event !== null ? (event as { type?: unknown }).type : undefined;
      if (typeof type === 'string' && type.startsWith('table.')) return;
      const result = table.send(event);
      if (!result.ok) throw new ReviewError(index, `event ${index} (${String(type)}) does not replay on this table: ${result.refusal.code}`);
      const after = table.getSnapshot();
      const phaseBefore = phaseOfSnapshot(before);
      const seat = seatOf(event);
      if (type === 'hand.redeal') {
        review = emptyReview(result.phase, review.redeals + 1);
        packets = {};
        dealt = after;
      } else if ((type === 'pass.commit' || type === 'courtesy.commit') && seat !== null) {
        // What the seat put on the table: the accepted event says it (its own tiles and blind count).
        packets[seat] = committedPacket(event);
      } else if (type === 'pass.retract' && seat !== null) {
        delete packets[seat];
      } else if (type === 'vote.cast' && seat !== null) {
        const vote = after.context.votes[seat];
        if (vote !== null) review.votes.push({ seat, vote });
      }
      const rule = isPassPhase(phaseBefore) ? PASS_RULES[phaseBefore] : undefined;
      if (rule !== undefined && type === 'pass.commit' && SEATS.every((each) => after.context.table[each] === null)) {
        // The pass resolved: each packet went to its target, and what joined each rack is the engine's to say.
        review.passes.push({
          phase: phaseBefore,
          direction: rule.direction,
          packets: SEATS.map((from) => {
            const to = targetOf(from, rule.direction);
            const sent = packets[from] ?? { tiles: [], blind: 0 };
            return { from, to, tiles: sent.tiles, blind: sent.blind, received: faces(after.context.received[to]) };
          }),
        });
        packets = {};
      }
      if (type === 'courtesy.commit') {
        for (const pair of PAIRS) {
          if (before.context.exchanged[pair] || !after.context.exchanged[pair]) continue;
          for (const from of PAIR_SEATS[pair]) {
            const to = partnerOf(from);
            const sent = packets[from] ?? { tiles: [], blind: 0 };
            review.courtesy.push({ from, to, tiles: sent.tiles, blind: 0, received: faces(after.context.received[to]) });
            delete packets[from];
          }
        }
        review.courtesy.sort((a, b) => SEATS.indexOf(a.from) - SEATS.indexOf(b.from));
      }
      if (type === 'hand.declareMahjong') review.declared = true;
      review.accepted = [...after.context.acceptedBy];
      if (after.context.misdeal !== null) review.misdealBy = after.context.misdeal.by ?? null;
      review.stoppedBy = review.votes.find((vote) => vote.vote === 'stop')?.seat ?? null;
      review.phase = result.phase;
      before = after;
    });
    if (card !== undefined) review.progress = progressOf(card, dealt, before);
    return review;
  } finally {
    table.stop();
  }
}

/** Each seat's closest hand to its rack in `end`, and that hand's `missing` for its rack in `dealt` and in `end`. */
function progressOf(card: Card, dealt: CharlestonSnapshot, end: CharlestonSnapshot): Record<Seat, SeatProgress> {
  const progress = {} as Record<Seat, SeatProgress>;
  for (const seat of SEATS) {
    const now = faces(end.context.racks[seat]);
    const closest = closestHands(card, now, 1)[0];
    if (closest === undefined) continue; // a parsed card has a hand
    const atDeal = closestHands(card, faces(dealt.context.racks[seat]), card.hands.length).find((hand) => hand.index === closest.index);
    progress[seat] = {
      hand: { index: closest.index, section: closest.section, text: closest.text },
      missingAtDeal: atDeal?.missing ?? closest.missing,
      missingNow: closest.missing,
    };
  }
  return progress;
}

/** The packet an accepted commit put on the table: the tiles it named and its blind count (0 when it named none). */
function committedPacket(event: unknown): { tiles: Tile[]; blind: number } {
  const { tiles, blind } = event as { tiles?: unknown; blind?: unknown };
  return { tiles: Array.isArray(tiles) ? (tiles.filter((tile) => typeof tile === 'string') as Tile[]) : [], blind: typeof blind === 'number' ? blind : 0 };
}
