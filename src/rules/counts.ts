/**
 * Tile counts (R11). A seat's tile count is its rack plus its unresolved packet on the table.
 * It is 13, east 14; north alone may count 12 until it draws from the wall.
 */
import { SEATS, type Seat } from '../seats.js';
import type { CharlestonContext } from '../types.js';

/** The count a seat must hold: 14 for East (the dealer), 13 for the others. */
export function expectedCount(seat: Seat): number {
  return seat === 'east' ? 14 : 13;
}

/** Rack plus the seat's own tiles in its unresolved packet. */
export function tileCount(context: Pick<CharlestonContext, 'racks' | 'table'>, seat: Seat): number {
  return context.racks[seat].length + (context.table[seat]?.tiles.length ?? 0);
}

/** True when North holds 12 tiles and may draw its missing 13th from the wall. */
export function isNorthShort(context: Pick<CharlestonContext, 'racks' | 'table'>): boolean {
  return tileCount(context, 'north') === expectedCount('north') - 1;
}

/** The seats whose count is wrong (any count but the expected one, except a short North). */
export function seatsWithWrongCount(context: Pick<CharlestonContext, 'racks' | 'table'>): Seat[] {
  return SEATS.filter((seat) => {
    const count = tileCount(context, seat);
    return count !== expectedCount(seat) && !(seat === 'north' && count === expectedCount(seat) - 1);
  });
}

/** True when any seat's count calls for a misdeal (R11, R12). */
export function hasWrongCount(context: Pick<CharlestonContext, 'racks' | 'table'>): boolean {
  for (const seat of SEATS) {
    const count = tileCount(context, seat);
    if (count !== expectedCount(seat) && !(seat === 'north' && count === expectedCount(seat) - 1)) return true;
  }
  return false;
}
