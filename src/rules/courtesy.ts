/**
 * The courtesy pass (R9): two independent pairs, east–west and south–north. Each seat offers 0–3 once; the
 * pair's count is the lower offer; each seat then commits exactly that many tiles; when both have
 * committed the pair exchanges. A count of 0 ends the pair's courtesy with no exchange.
 */
import { PAIR_SEATS, pairOf, withSeat, type Pair, type Seat } from '../seats.js';
import { withTiles } from '../tiles.js';
import type { Tile } from '../tiles.js';
import type { CharlestonContext, NotNowReason, Phase, RefusalData } from '../types.js';
import { isNorthShort } from './counts.js';
import { checkPacketTiles } from './pass.js';
import { refuse } from './refuse.js';

/** Largest courtesy offer. */
export const MAX_COURTESY = 3;

/** Where a pair stands: both still to offer, agreed on a count > 0 and exchanging, or done. */
export type PairStatus = 'offering' | 'exchanging' | 'done';

/** The pair's agreed count (the lower offer), or null until both have offered. */
export function agreedCount(context: CharlestonContext, pair: Pair): number | null {
  const { offers } = context;
  const offerA = pair === 'eastWest' ? offers.east : offers.south;
  const offerB = pair === 'eastWest' ? offers.west : offers.north;
  return offerA === null || offerB === null ? null : Math.min(offerA, offerB);
}

/** Where the pair stands in its courtesy pass. */
export function pairStatus(context: CharlestonContext, pair: Pair): PairStatus {
  const count = agreedCount(context, pair);
  if (count === null) return 'offering';
  return count === 0 || context.exchanged[pair] ? 'done' : 'exchanging';
}

/** True when both pairs are done and North is not short: the hand is complete (R9, R11). */
export function isCourtesyOver(context: CharlestonContext): boolean {
  return pairStatus(context, 'eastWest') === 'done' && pairStatus(context, 'southNorth') === 'done' && !isNorthShort(context);
}

const PAIR_DONE: NotNowReason = 'pairCourtesyOver';

/**
 * Order: NOT_NOW, ALREADY_OFFERED, COURTESY_COUNT_OUT_OF_RANGE. `status` is where the seat's pair stands when the
 * caller holds it (the statechart's guard: the pair state it sits in); without it, it is read from the context
 * ({@link pairStatus}).
 */
export function checkOffer(
  context: CharlestonContext,
  offer: { seat: Seat; count: number },
  inCourtesy: boolean,
  phase: Phase,
  status: PairStatus = pairStatus(context, pairOf(offer.seat)),
): RefusalData | null {
  if (!inCourtesy) return refuse('NOT_NOW', { phase, why: 'offersAfterCharleston' });
  if (status === 'done') return refuse('NOT_NOW', { phase, why: PAIR_DONE });
  if (context.offers[offer.seat] !== null) return refuse('ALREADY_OFFERED');
  if (offer.count < 0 || offer.count > MAX_COURTESY) return refuse('COURTESY_COUNT_OUT_OF_RANGE', { count: offer.count });
  return null;
}

/**
 * Order: NOT_NOW, COURTESY_NOT_AGREED, ALREADY_COMMITTED, WRONG_PACKET_SIZE, JOKER_NOT_PASSABLE, TILE_NOT_IN_RACK.
 * `status` as for {@link checkOffer}.
 */
export function checkCourtesyCommit(
  context: CharlestonContext,
  commit: { seat: Seat; tiles: readonly Tile[] },
  inCourtesy: boolean,
  phase: Phase,
  status: PairStatus = pairStatus(context, pairOf(commit.seat)),
): RefusalData | null {
  if (!inCourtesy) return refuse('NOT_NOW', { phase, why: 'packetsAfterCharleston' });
  const pair = pairOf(commit.seat);
  if (status === 'done') return refuse('NOT_NOW', { phase, why: PAIR_DONE });
  if (status === 'offering') return refuse('COURTESY_NOT_AGREED');
  if (context.table[commit.seat] !== null) return refuse('ALREADY_COMMITTED');
  const count = agreedCount(context, pair) ?? 0;
  return checkPacketTiles(context.racks[commit.seat], commit.tiles, count);
}

/** True when both seats of the pair have their courtesy packet on the table. */
export function hasPairCommitted(context: CharlestonContext, pair: Pair): boolean {
  const { table } = context;
  return pair === 'eastWest' ? table.east !== null && table.west !== null : table.south !== null && table.north !== null;
}

/** Exchanges the pair's courtesy packets: each goes to the partner's rack. */
export function exchangeCourtesy(
  context: CharlestonContext,
  pair: Pair,
): Pick<CharlestonContext, 'racks' | 'table' | 'received' | 'exchanged'> {
  const [a, b] = PAIR_SEATS[pair];
  const packetA = context.table[a]?.tiles ?? [];
  const packetB = context.table[b]?.tiles ?? [];
  // Each per-seat object is built whole (one shape, like `withSeat`), not spread and overwritten by computed keys.
  const racks = withSeat(context.racks, a, withTiles(context.racks[a], packetB));
  return {
    racks: withSeat(racks, b, withTiles(context.racks[b], packetA)),
    table: withSeat(withSeat(context.table, a, null), b, null),
    received: withSeat(withSeat(context.received, a, packetB), b, packetA),
    exchanged: pair === 'eastWest' ? { eastWest: true, southNorth: context.exchanged.southNorth } : { eastWest: context.exchanged.eastWest, southNorth: true },
  };
}
