/**
 * Who may read which part of a table's log, and in what form. A hand in play hides every face: while it is in
 * play, its passes and courtesy packets show their seat and count only (built field by field from an allow-list,
 * never by deleting tiles), and only the admin token (and the operator) read it at all. Once a hand has ended
 * (complete, East's hand, a misdeal; any earlier hand of the table, dealt before the last `next`; or any deal before
 * the last redeal), every token of the table may read that hand in full: the review of who passed what. Each entry
 * says its `hand` (1-based, counts next deals). The operator, whoever runs the service, reads everything.
 *
 * A choice still open is shown as who made it, never what it was: while the stop vote is open (the table is at the
 * stop checkpoint now) a `vote.cast` row has its seat and no `vote`; while the courtesy pass is played a
 * `courtesy.offer` row has no `count` (a seat's own view never shows its partner's offer, only the pair's agreed
 * count once both have offered). Once the vote is over (the table has moved on, and who stopped is public) the votes
 * show in full, and the offers once the hand has ended. What counts is the table now, as for the phase.
 */
import { SEATS, type Phase, type Seat } from '../index.js';
import type { EventRow } from './storage/queries.js';

/** Who reads the log: the service's operator, the table's admin token, or any other token of the table. */
export type LogReader = 'operator' | 'admin' | 'member';

/** Phases in which the hand has ended. */
const ENDED: ReadonlySet<string> = new Set(['complete', 'eastMahjong', 'misdeal']);

/** Longest free text of an event (a misdeal's reason) the log shows. */
const MAX_TEXT = 200;

/** The choices of the deal in play that are still open now, as the table stands (see {@link openChoices}). */
export interface OpenChoices {
  /** True while the stop vote is open: a vote is shown as who voted, not how. */
  voteOpen: boolean;
  /** The seats of the courtesy pairs still offering: an offer is shown as who offered, not how many. */
  offering: readonly Seat[];
}

/** Nothing open: every vote and offer of the deal may be shown. */
export const NOTHING_OPEN: OpenChoices = { voteOpen: false, offering: [] };

/**
 * What is still open at a table in `phase`: the stop vote at the checkpoint; in the courtesy pass, every seat's
 * offer. A seat's own view shows its offer and, once its pair has offered, the pair's count (the lower offer), never
 * the partner's offer itself: so no offer's count is shown while the courtesy pass is played, only who offered.
 */
export function openChoices(phase: Phase): OpenChoices {
  return { voteOpen: phase === 'stopCheckpoint', offering: phase === 'courtesy' ? SEATS : [] };
}

/**
 * An event of a hand in play, with no face: its type, seat, and for a packet the count of its tiles; a vote or a
 * courtesy offer only once it is no longer open (`open`).
 */
export function facelessEvent(event: unknown, open: OpenChoices = NOTHING_OPEN): Record<string, unknown> {
  const source = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { type: source.type };
  if (typeof source.seat === 'string') out.seat = source.seat;
  const hideVote = source.type === 'vote.cast' && open.voteOpen;
  const hideOffer = source.type === 'courtesy.offer' && (typeof source.seat !== 'string' || open.offering.includes(source.seat as Seat));
  if (typeof source.vote === 'string' && !hideVote) out.vote = source.vote;
  if (typeof source.count === 'number' && !hideOffer) out.count = source.count;
  if (Array.isArray(source.tiles)) out.count = source.tiles.length;
  if (typeof source.blind === 'number') out.blind = source.blind;
  if (typeof source.reason === 'string') out.reason = source.reason.slice(0, MAX_TEXT);
  return out;
}

/**
 * The log as `reader` may read it, given the table's phase, hand and open choices now ({@link openChoices});
 * `hidden` is true when faces were withheld.
 */
export function logFor(events: readonly EventRow[], phase: Phase, reader: LogReader, hand: number, open: OpenChoices = NOTHING_OPEN): { events: EventRow[]; hidden: boolean } {
  if (reader === 'operator' || ENDED.has(phase)) return { events: [...events], hidden: false };
  // Events of earlier hands, and of this hand up to its last redeal, belong to deals that ended; the rest to the
  // deal in play (the `table.next` row that dealt it included: it holds no face).
  let lastRedeal = 0;
  for (const row of events) {
    const type = (row.event as { type?: unknown } | null)?.type;
    if (row.hand < hand || type === 'hand.redeal' || type === 'table.next') lastRedeal = row.version;
  }
  const ended = events.filter((row) => row.version <= lastRedeal);
  if (reader === 'member') return { events: ended, hidden: true };
  return { events: [...ended, ...events.filter((row) => row.version > lastRedeal).map((row) => ({ ...row, event: facelessEvent(row.event, open) }))], hidden: true };
}
