/**
 * Table invariants, checked after every step by the test suite and on restore: all 152 tiles in exactly one
 * place (racks, table, wall), no joker on the table, counts 13 / East 14 (North 12 while short) except in a
 * misdeal, and jokers never changing rack within a hand.
 */
import { expectedCount, tileCount } from './rules/counts.js';
import { SEATS, type Seat } from './seats.js';
import { JOKER, SET_SIZE, faceOf, type TileId } from './tiles.js';
import type { CharlestonContext, Phase } from './types.js';

/** Problems with a context in a phase; empty when all invariants hold. */
export function invariantViolations(context: CharlestonContext, phase: Phase): string[] {
  const problems: string[] = [];
  const seen = new Map<TileId, string>();
  const place = (ids: readonly TileId[], where: string): void => {
    for (const id of ids) {
      if (!Number.isInteger(id) || id < 0 || id >= SET_SIZE) problems.push(`${where} holds a tile id ${id} outside the set`);
      else if (seen.has(id)) problems.push(`tile #${id} (${faceOf(id)}) is both in ${seen.get(id)} and in ${where}`);
      else seen.set(id, where);
    }
  };
  for (const seat of SEATS) {
    place(context.racks[seat], `${seat}'s rack`);
    const packet = context.table[seat];
    if (packet) {
      place(packet.tiles, `${seat}'s packet`);
      if (packet.tiles.some((id) => faceOf(id) === JOKER)) problems.push(`a joker lies in ${seat}'s packet`);
    }
  }
  place(context.wall, 'the wall');
  if (seen.size !== SET_SIZE) problems.push(`${SET_SIZE - seen.size} tile(s) are missing from racks, table and wall`);
  if (phase !== 'misdeal') {
    for (const seat of SEATS) {
      const count = tileCount(context, seat);
      const ok = count === expectedCount(seat) || (seat === 'north' && count === expectedCount(seat) - 1);
      if (!ok) problems.push(`${seat} counts ${count} tiles, expected ${expectedCount(seat)}`);
    }
  }
  return problems;
}

/** Which seat's rack holds each joker (by id). */
export function jokerOwners(context: CharlestonContext): Map<TileId, Seat> {
  const owners = new Map<TileId, Seat>();
  for (const seat of SEATS) for (const id of context.racks[seat]) if (faceOf(id) === JOKER) owners.set(id, seat);
  return owners;
}

/** Jokers that left the rack they were in (same hand). */
export function movedJokers(before: Map<TileId, Seat>, context: CharlestonContext): string[] {
  const now = jokerOwners(context);
  return [...before].flatMap(([id, seat]) =>
    now.get(id) === seat ? [] : [`joker #${id} left ${seat}'s rack (now ${now.get(id) ?? 'not in any rack'})`],
  );
}

