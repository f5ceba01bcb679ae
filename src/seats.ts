/**
 * Seats and directions. Play runs counter-clockwise: east → south → west → north → east.
 * A seat's right is the next seat in that order, its left the previous one, across two away.
 */

/** The four seats, in the order of play. East is the dealer. */
export const SEATS = ['east', 'south', 'west', 'north'] as const;
/** A seat at the table. */
export type Seat = (typeof SEATS)[number];
/** One value per seat. */
export type BySeat<T> = { [S in Seat]: T };

/** The three directions a Charleston packet can travel. */
export const DIRECTIONS = ['right', 'across', 'left'] as const;
/** A pass direction. */
export type Direction = (typeof DIRECTIONS)[number];

/** The two courtesy pairs (R9): opposite seats. */
export const PAIRS = ['eastWest', 'southNorth'] as const;
/** A courtesy pair. */
export type Pair = (typeof PAIRS)[number];
/** The seats of each courtesy pair. */
export const PAIR_SEATS: { readonly [P in Pair]: readonly [Seat, Seat] } = {
  eastWest: ['east', 'west'],
  southNorth: ['south', 'north'],
};

const STEP: { readonly [D in Direction]: number } = { right: 1, across: 2, left: 3 };
/** Each seat's place in {@link SEATS}. */
const SEAT_INDEX: { readonly [S in Seat]: number } = { east: 0, south: 1, west: 2, north: 3 };

/** True when `value` names a seat. */
export function isSeat(value: unknown): value is Seat {
  return value === 'east' || value === 'south' || value === 'west' || value === 'north';
}

/** The seat that receives what `seat` passes in `direction`. */
export function targetOf(seat: Seat, direction: Direction): Seat {
  return SEATS[(SEAT_INDEX[seat] + STEP[direction]) % 4] as Seat;
}

/** The seat whose packet arrives at `seat` when the table passes in `direction`. */
export function sourceOf(seat: Seat, direction: Direction): Seat {
  return SEATS[(SEAT_INDEX[seat] + 4 - STEP[direction]) % 4] as Seat;
}

/** The courtesy pair a seat belongs to. */
export function pairOf(seat: Seat): Pair {
  return seat === 'east' || seat === 'west' ? 'eastWest' : 'southNorth';
}

/** The seat across from `seat` (its courtesy partner). */
export function partnerOf(seat: Seat): Seat {
  return targetOf(seat, 'across');
}

/** A copy of `values` with the value of `seat` replaced (one allocation, the same shape every time). */
export function withSeat<T>(values: BySeat<T>, seat: Seat, value: T): BySeat<T> {
  return {
    east: seat === 'east' ? value : values.east,
    south: seat === 'south' ? value : values.south,
    west: seat === 'west' ? value : values.west,
    north: seat === 'north' ? value : values.north,
  };
}

/** Builds a `BySeat` by calling `fn` for each seat. */
export function bySeat<T>(fn: (seat: Seat) => T): BySeat<T> {
  return { east: fn('east'), south: fn('south'), west: fn('west'), north: fn('north') };
}
