/**
 * Checks of the arguments public functions take: a value of the wrong kind is an {@link InputError} naming the
 * argument, never a `TypeError` from deep inside.
 */
import { InputError, describeType, isRecord } from './errors.js';
import { PHASES } from './phase.js';
import { isSeed, type Seed } from './prng.js';
import { DIRECTIONS, SEATS, isSeat, type Direction, type Seat } from './seats.js';
import type { CharlestonSnapshot, TableLike } from './snapshot.js';
import { SET_SIZE, isTile, type Tile, type TileId } from './tiles.js';
import type { CharlestonContext, Phase, WinningHandValidator } from './types.js';
import type { DecideOptions } from './rules/decide.js';

/** The seat argument, or an InputError listing the seats. */
export function seatArgument(value: unknown, where = 'seat'): Seat {
  if (isSeat(value)) return value;
  throw new InputError(where, `not a seat: ${describeType(value)} (the seats are ${SEATS.join(', ')})`);
}

/** True when `value` looks like a table (it has `getSnapshot`). */
export function isTableLike(value: unknown): value is TableLike {
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

/** A direction argument. */
export function directionArgument(value: unknown, where = 'direction'): Direction {
  if ((DIRECTIONS as readonly unknown[]).includes(value)) return value as Direction;
  throw new InputError(where, `not a direction: ${describeType(value)} (the directions are ${DIRECTIONS.join(', ')})`);
}

/** A phase argument. */
export function phaseArgument(value: unknown, where = 'phase'): Phase {
  if ((PHASES as readonly unknown[]).includes(value)) return value as Phase;
  throw new InputError(where, `not a phase: ${describeType(value)} (the phases are ${PHASES.join(', ')})`);
}

/** A list of tile codes (at most `max`). */
export function tileListArgument(value: unknown, where = 'tiles', max = SET_SIZE): Tile[] {
  if (!Array.isArray(value)) throw new InputError(where, `must be a list of tile codes, got ${describeType(value)}`);
  if (value.length > max) throw new InputError(where, `at most ${max} tiles, got ${value.length}`);
  // A plain loop: the entry's name is built only for the error (this check runs on every view a server sends).
  for (let index = 0; index < value.length; index += 1) {
    const code: unknown = value[index];
    if (!isTile(code)) throw new InputError(`${where}[${index}]`, `not a tile code: ${describeType(code)}`);
  }
  return value as Tile[];
}

/** True when `value` is a tile id 0 … 151. */
function isTileId(value: unknown): value is TileId {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < SET_SIZE;
}

/** A tile id 0 … 151. */
export function tileIdArgument(value: unknown, where = 'id'): TileId {
  if (isTileId(value)) return value;
  throw new InputError(where, `not a tile id 0 … ${SET_SIZE - 1}: ${describeType(value)}`);
}

/** True when `value` is a list of at most 152 tile ids (what {@link idListArgument} accepts). */
function isIdList(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > SET_SIZE) return false;
  for (let index = 0; index < value.length; index += 1) if (!isTileId(value[index])) return false;
  return true;
}

/** A list of tile ids. */
export function idListArgument(value: unknown, where = 'ids'): TileId[] {
  if (!Array.isArray(value) || value.length > SET_SIZE) throw new InputError(where, `must be a list of at most ${SET_SIZE} tile ids, got ${describeType(value)}`);
  if (!isIdList(value)) value.forEach((id: unknown, index) => tileIdArgument(id, `${where}[${index}]`));
  return value as TileId[];
}

/** A seed argument (32-bit integer or 32–64 hex digits). */
export function seedArgument(value: unknown, where = 'seed'): Seed {
  if (isSeed(value)) return value;
  throw new InputError(where, `must be an integer 0 … 4294967295 or a string of 32 to 64 hex digits, got ${describeType(value)}`);
}

const BY_SEAT_FIELDS = ['racks', 'table', 'received', 'votes', 'offers'] as const;

/** A Charleston context (checked in its shape: the fields the rule functions read). */
export function contextArgument(value: unknown, where = 'context'): CharlestonContext {
  if (!isRecord(value)) throw new InputError(where, `must be a table's context (table.context), got ${describeType(value)}`);
  for (const field of BY_SEAT_FIELDS) {
    const bySeat = value[field];
    if (!isRecord(bySeat) || !('east' in bySeat && 'south' in bySeat && 'west' in bySeat && 'north' in bySeat)) {
      throw new InputError(`${where}.${field}`, 'must hold a value for each seat');
    }
  }
  const { racks, table, received } = value as unknown as CharlestonContext;
  // Names are built only for an error: this check runs on every view a server sends.
  for (const seat of SEATS) {
    if (!isIdList(racks[seat])) idListArgument(racks[seat], `${where}.racks.${seat}`);
    if (!isIdList(received[seat])) idListArgument(received[seat], `${where}.received.${seat}`);
    const packet: unknown = table[seat];
    if (packet !== null && !(isRecord(packet) && Array.isArray(packet['tiles']) && Number.isInteger(packet['blind']))) {
      throw new InputError(`${where}.table.${seat}`, `must be null or a packet { tiles, blind }, got ${describeType(packet)}`);
    }
    if (packet !== null && !isIdList((packet as { tiles: unknown }).tiles)) idListArgument((packet as { tiles: unknown }).tiles, `${where}.table.${seat}.tiles`);
  }
  if (!isIdList(value['wall'])) idListArgument(value['wall'], `${where}.wall`);
  if (!isRecord(value['exchanged']) || !isRecord(value['rules'])) throw new InputError(where, 'must be a table\'s context (table.context)');
  return value as unknown as CharlestonContext;
}

/** A plain object argument, or undefined when optional. */
export function optionsArgument<T extends object>(value: unknown, where = 'options'): Partial<T> {
  if (value === undefined) return {};
  if (isRecord(value)) return value as Partial<T>;
  throw new InputError(where, `must be an object, got ${describeType(value)}`);
}

/** R10's validator option (absent, or a function), as the decide options it gives. */
export function validatorArgument(value: unknown, where = 'isWinningHand'): DecideOptions {
  if (value === undefined) return {};
  if (typeof value !== 'function') throw new InputError(where, `must be a function (rack) => boolean, got ${describeType(value)}`);
  return { isWinningHand: value as WinningHandValidator };
}

/** A `locale` option: absent, or a language tag (an unknown tag falls back to English later, with a warning). */
export function localeOptionArgument(value: unknown, where = 'locale'): void {
  if (value !== undefined && typeof value !== 'string') throw new InputError(where, `must be a language tag such as "ca", got ${describeType(value)}`);
}
