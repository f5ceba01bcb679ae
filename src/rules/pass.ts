/**
 * Charleston passes: packets of three (R1), no jokers (R2), own tiles (R3), one commit per pass (R4),
 * retracting an unresolved packet (R5) and the blind pass ring resolved by the IOU method (R6).
 */
import { SEATS, bySeat, sourceOf, withSeat, type BySeat, type Direction, type Seat } from '../seats.js';
import { JOKER, faceOf, firstUnpickable, pickFromRack, withTiles, without, type Tile, type TileId } from '../tiles.js';
import type { CharlestonContext, Packet, PassRule, Phase, RefusalData } from '../types.js';
import { refuse } from './refuse.js';

/** Tiles in every Charleston packet (R1). */
export const PACKET_SIZE = 3;

/** Size, joker and ownership checks shared by pass and courtesy packets (groups 6–8). */
export function checkPacketTiles(
  rack: readonly TileId[],
  tiles: readonly Tile[],
  expected: number,
): RefusalData | null {
  if (tiles.length !== expected) return refuse('WRONG_PACKET_SIZE', { expected, actual: tiles.length });
  if (tiles.includes(JOKER)) return refuse('JOKER_NOT_PASSABLE');
  const missing = firstUnpickable(rack, tiles);
  return missing === undefined ? null : refuse('TILE_NOT_IN_RACK', { tile: missing });
}

/**
 * Whether `seat` may commit `tiles` (+ `blind`) in a pass state with `rule` (null: not a pass state).
 * Order: NOT_NOW, ALREADY_COMMITTED, BLIND_NOT_ALLOWED, WRONG_PACKET_SIZE, JOKER_NOT_PASSABLE, TILE_NOT_IN_RACK.
 */
export function checkPassCommit(
  context: CharlestonContext,
  commit: { seat: Seat; tiles: readonly Tile[]; blind?: number },
  rule: Pick<PassRule, 'blindAllowed'> | null,
  phase: Phase,
): RefusalData | null {
  if (rule === null) return refuse('NOT_NOW', { phase, why: 'passOnlyInCharleston' });
  if (context.table[commit.seat] !== null) return refuse('ALREADY_COMMITTED');
  const blind = commit.blind ?? 0;
  if (blind > 0 && !rule.blindAllowed) return refuse('BLIND_NOT_ALLOWED');
  return checkPacketTiles(context.racks[commit.seat], commit.tiles, PACKET_SIZE - blind);
}

/** Moves the committed tiles from the rack to the table, face down (R4). Assumes the commit is legal. */
export function commitPacket(
  context: CharlestonContext,
  seat: Seat,
  tiles: readonly Tile[],
  blind: number,
): Pick<CharlestonContext, 'racks' | 'table'> {
  const rack = context.racks[seat];
  const ids = pickFromRack(rack, tiles);
  if (ids === undefined) throw new Error(`commitPacket: ${seat} lacks ${tiles.join(' ')}`);
  return {
    racks: withSeat(context.racks, seat, without(rack, ids)),
    table: withSeat<Packet | null>(context.table, seat, { tiles: ids, blind }),
  };
}

/** Returns the seat's unresolved packet to its rack (R5). */
export function retractPacket(context: CharlestonContext, seat: Seat): Pick<CharlestonContext, 'racks' | 'table'> {
  const packet = context.table[seat];
  if (packet === null) return { racks: context.racks, table: context.table };
  return {
    racks: withSeat(context.racks, seat, withTiles(context.racks[seat], packet.tiles)),
    table: withSeat(context.table, seat, null),
  };
}

/** True when every seat has a packet on the table. */
export function allCommitted(table: BySeat<Packet | null>): boolean {
  return table.east !== null && table.south !== null && table.west !== null && table.north !== null;
}

/**
 * The tile at position `index` of the packet that `seat` sends (IOU, R6): its own tiles first, then what it forwards
 * blind, which is the tile at the remaining position of the packet it receives. Terminates: a seat that keeps
 * anything (blind < 3) passed an own tile itself, so going once round its ring lowers the index by at least one.
 */
function tileAt(packets: BySeat<Packet>, direction: Direction, seat: Seat, index: number): TileId {
  let at = seat;
  let position = index;
  for (let hops = 0; hops <= 4 * PACKET_SIZE * 4; hops += 1) {
    const own = packets[at].tiles;
    const id = own[position];
    if (id !== undefined) return id;
    position -= own.length;
    at = sourceOf(at, direction);
  }
  throw new Error('resolvePass: a packet ring without own tiles');
}

/**
 * Resolves a pass with the IOU method (R6). Each seat's outgoing packet is its own tiles in the order listed,
 * then the first `blind` tiles of its incoming packet in arrival order; the rest of the incoming packet joins
 * its rack. Where no seat of a ring passes a tile of its own, nothing moves in that ring.
 * Returns the new racks, an empty table and what each seat received.
 */
export function resolvePass(
  context: Pick<CharlestonContext, 'racks' | 'table'>,
  direction: Direction,
): Pick<CharlestonContext, 'racks' | 'table' | 'received'> {
  // The cheap check on every pass; the seat is looked for only to name it in the error.
  if (!allCommitted(context.table)) throw new Error(`resolvePass: ${SEATS.find((seat) => context.table[seat] === null)} has not committed`);
  const packets = context.table as BySeat<Packet>;
  // Objects built whole, in one shape (no seat added one by one to an empty object).
  const received = bySeat((seat) => incoming(packets, direction, seat));
  return {
    racks: bySeat((seat) => withTiles(context.racks[seat], received[seat])),
    table: { east: null, south: null, west: null, north: null },
    received,
  };
}

/** What joins `seat`'s rack: the tiles of its incoming packet that it does not forward blind (IOU, R6). */
function incoming(packets: BySeat<Packet>, direction: Direction, seat: Seat): TileId[] {
  const from = sourceOf(seat, direction);
  const blind = packets[seat].blind;
  // Sized up front (no spare capacity). A seat passing three blind keeps nothing; when all four do, no tile moves.
  const kept = new Array<TileId>(PACKET_SIZE - blind);
  for (let index = blind; index < PACKET_SIZE; index += 1) kept[index - blind] = tileAt(packets, direction, from, index);
  return kept;
}

/** The faces in a packet, for display. */
export function packetFaces(packet: Packet | null): Tile[] {
  return packet === null ? [] : packet.tiles.map(faceOf);
}
