/**
 * Checks of the arguments public functions take: a value of the wrong kind is an {@link InputError} naming the
 * argument, never a `TypeError` from deep inside.
 */
import { InputError, describeType, isRecord } from './errors.js';
import { SEATS, isSeat, type Seat } from './seats.js';
import type { CharlestonService, CharlestonSnapshot } from './service.js';

/** The seat argument, or an InputError listing the seats. */
export function seatArgument(value: unknown, where = 'seat'): Seat {
  if (isSeat(value)) return value;
  throw new InputError(where, `not a seat: ${describeType(value)} (the seats are ${SEATS.join(', ')})`);
}

/** True when `value` looks like a table (it has `getSnapshot`). */
export function isTableLike(value: unknown): value is Pick<CharlestonService, 'getSnapshot'> & Partial<Pick<CharlestonService, 'isWinningHand'>> {
  return typeof value === 'object' && value !== null && typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function';
}

/** A Charleston snapshot argument (or a table, whose current snapshot is taken), or an InputError. */
export function snapshotArgument(value: unknown, where = 'snapshot'): CharlestonSnapshot {
  const snapshot: unknown = isTableLike(value) ? value.getSnapshot() : value;
  if (isRecord(snapshot) && isRecord(snapshot['context']) && 'value' in snapshot && Array.isArray((snapshot['context'] as { wall?: unknown }).wall)) {
    return snapshot as unknown as CharlestonSnapshot;
  }
  throw new InputError(where, `must be a Charleston snapshot (table.getSnapshot()) or a table, got ${describeType(value)}`);
}
