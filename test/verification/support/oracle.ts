/**
 * A reference model of the contract, written from `charleston-contract.md` (§5 events, §6 rules, §7 refusals
 * and their order) without the engine's rule functions: which refusal an event must get in a table, and what an
 * accepted event must do to it. The model-based and fuzz tests compare the engine with it after every event.
 */
import { SEATS, type Seat } from '../../../src/seats.js';
import { TILE_CODES, TILE_FACES, type Tile, type TileId } from '../../../src/tiles.js';
import type { CharlestonContext, Phase, RefusalCode } from '../../../src/types.js';
import { countOf } from './checks.js';

type Kind = 'seat' | 'tiles' | 'blind' | 'vote' | 'count' | 'reason';
/** §5: the fields of each event; `?` marks an optional one. */
const FIELDS: Readonly<Record<string, Readonly<Record<string, Kind | `${Kind}?`>>>> = {
  'pass.commit': { seat: 'seat', tiles: 'tiles', blind: 'blind?' },
  'pass.retract': { seat: 'seat' },
  'vote.cast': { seat: 'seat', vote: 'vote' },
  'courtesy.offer': { seat: 'seat', count: 'count' },
  'courtesy.commit': { seat: 'seat', tiles: 'tiles' },
  'hand.declareMahjong': { seat: 'seat' },
  'declaration.accept': { seat: 'seat' },
  'wall.draw': { seat: 'seat' },
  'misdeal.declare': { seat: 'seat', reason: 'reason?' },
  'hand.redeal': {},
};

/** The engine refuses a tile list longer than the whole set as malformed (a documented engine choice). */
const MAX_LIST = 152;

const PASS_PHASES: readonly Phase[] = [
  'firstCharleston.right',
  'firstCharleston.across',
  'firstCharleston.left',
  'secondCharleston.left',
  'secondCharleston.across',
  'secondCharleston.right',
];
/** R6: blind only on the last pass of each Charleston. */
const BLIND_PHASES: readonly Phase[] = ['firstCharleston.left', 'secondCharleston.right'];
const ENDED: readonly Phase[] = ['complete', 'eastMahjong', 'misdeal'];
/** R10 with `rules.declarationReview`: the seats that review East's declared hand. */
const REVIEWERS: readonly Seat[] = ['south', 'west', 'north'];
const PARTNER: Readonly<Record<Seat, Seat>> = { east: 'west', west: 'east', south: 'north', north: 'south' };

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);
const ownValue = (value: Record<string, unknown>, key: string): unknown => (hasOwn(value, key) ? value[key] : undefined);

/** Faces of a list of ids. */
export const facesOfIds = (ids: readonly TileId[]): string[] => ids.map((id) => TILE_FACES[id] ?? '?');

/** Multiset of faces as a sorted string, for comparisons. */
export const multiset = (faces: readonly string[]): string => [...faces].sort().join(' ');

/** True when `wanted` (with duplicates) is contained in `have`. */
export function containsAll(have: readonly string[], wanted: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const tile of have) left.set(tile, (left.get(tile) ?? 0) + 1);
  for (const tile of wanted) {
    const n = left.get(tile) ?? 0;
    if (n === 0) return false;
    left.set(tile, n - 1);
  }
  return true;
}

/** The pair's agreed count (R9: the lower offer), or null until both offered. */
export function agreed(context: CharlestonContext, seat: Seat): number | null {
  const a = context.offers[seat];
  const b = context.offers[PARTNER[seat]];
  return a === null || b === null ? null : Math.min(a, b);
}

/** R9: the pair agreed on 0, or exchanged. */
function pairDone(context: CharlestonContext, seat: Seat): boolean {
  const count = agreed(context, seat);
  if (count === null) return false;
  const pair = seat === 'east' || seat === 'west' ? 'eastWest' : 'southNorth';
  return count === 0 || context.exchanged[pair];
}

function badType(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'seat':
    case 'reason':
      return typeof value !== 'string';
    case 'tiles': {
      if (!Array.isArray(value) || value.length > MAX_LIST) return true;
      for (let i = 0; i < value.length; i += 1) if (typeof value[i] !== 'string') return true;
      return false;
    }
    case 'blind':
      return !(typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3);
    case 'vote':
      return value !== 'stop' && value !== 'continue';
    case 'count':
      return !(typeof value === 'number' && Number.isInteger(value));
  }
}

/** Options that are functions (R10's validator). */
export interface OracleOptions {
  isWinningHand?: (rack: readonly Tile[]) => boolean;
}

/** A typed event the model accepted the shape of. */
export interface ShapedEvent {
  type: string;
  seat?: Seat;
  tiles?: string[];
  blind?: number;
  vote?: 'stop' | 'continue';
  count?: number;
  reason?: string;
}

/** Group 1 of §7: the shape refusal, or the event with its fields read. */
export function shapeOf(raw: unknown): { code: RefusalCode } | { event: ShapedEvent } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { code: 'INVALID_EVENT' };
  const record = raw as Record<string, unknown>;
  const type = ownValue(record, 'type');
  if (typeof type !== 'string' || !hasOwn(FIELDS, type)) return { code: 'INVALID_EVENT' };
  const fields = FIELDS[type] ?? {};
  for (const key of Object.keys(record)) if (key !== 'type' && !hasOwn(fields, key)) return { code: 'INVALID_EVENT' };
  for (const [name, spec] of Object.entries(fields)) {
    const value = ownValue(record, name);
    const optional = spec.endsWith('?');
    if (value === undefined) {
      if (optional) continue;
      return { code: 'INVALID_EVENT' };
    }
    if (badType(spec.replace('?', '') as Kind, value)) return { code: 'INVALID_EVENT' };
  }
  const seat = ownValue(record, 'seat');
  if (seat !== undefined && !(SEATS as readonly unknown[]).includes(seat)) return { code: 'UNKNOWN_SEAT' };
  const tiles = ownValue(record, 'tiles');
  if (Array.isArray(tiles) && tiles.some((tile) => !(TILE_CODES as readonly unknown[]).includes(tile))) return { code: 'UNKNOWN_TILE' };
  const event: ShapedEvent = { type };
  for (const name of Object.keys(fields)) {
    const value = ownValue(record, name);
    if (value !== undefined) (event as unknown as Record<string, unknown>)[name] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return { event };
}

/** §6 and §7 groups 2–9 for a well-shaped event: the refusal code, or null when the contract accepts it. */
export function ruleRefusal(phase: Phase, context: CharlestonContext, event: ShapedEvent, options: OracleOptions = {}): RefusalCode | null {
  const seat = event.seat as Seat;
  const rackFaces = (): string[] => facesOfIds(context.racks[seat]);
  // R10 review: East's hand lies face up; only acceptances, misdeals (disputes) and the redeal's own rule apply.
  if (phase === 'declarationReview' && !['declaration.accept', 'misdeal.declare', 'hand.redeal'].includes(event.type)) {
    return event.type === 'hand.declareMahjong' && seat !== 'east' ? 'ONLY_EAST' : 'NOT_NOW';
  }
  switch (event.type) {
    case 'declaration.accept':
      if (seat === 'east') return 'EAST_CANNOT_ACCEPT';
      if (phase !== 'declarationReview') return 'NOT_NOW';
      return context.acceptedBy.includes(seat) ? 'ALREADY_ACCEPTED' : null;
    case 'pass.commit': {
      if (!PASS_PHASES.includes(phase)) return 'NOT_NOW';
      if (context.table[seat] !== null) return 'ALREADY_COMMITTED';
      const blind = event.blind ?? 0;
      if (blind > 0 && !BLIND_PHASES.includes(phase)) return 'BLIND_NOT_ALLOWED';
      const tiles = event.tiles ?? [];
      if (tiles.length + blind !== 3) return 'WRONG_PACKET_SIZE';
      if (tiles.includes('J')) return 'JOKER_NOT_PASSABLE';
      return containsAll(rackFaces(), tiles) ? null : 'TILE_NOT_IN_RACK';
    }
    case 'pass.retract': {
      if (PASS_PHASES.includes(phase)) return context.table[seat] === null ? 'NOTHING_TO_RETRACT' : null;
      if (phase !== 'courtesy' || pairDone(context, seat)) return 'NOT_NOW';
      return context.table[seat] === null ? 'NOTHING_TO_RETRACT' : null;
    }
    case 'vote.cast':
      if (phase !== 'stopCheckpoint') return 'NOT_NOW';
      return context.votes[seat] === null ? null : 'ALREADY_VOTED';
    case 'courtesy.offer': {
      if (phase !== 'courtesy' || pairDone(context, seat)) return 'NOT_NOW';
      if (context.offers[seat] !== null) return 'ALREADY_OFFERED';
      const count = event.count ?? Number.NaN;
      return count >= 0 && count <= 3 ? null : 'COURTESY_COUNT_OUT_OF_RANGE';
    }
    case 'courtesy.commit': {
      if (phase !== 'courtesy' || pairDone(context, seat)) return 'NOT_NOW';
      const count = agreed(context, seat);
      if (count === null) return 'COURTESY_NOT_AGREED';
      if (context.table[seat] !== null) return 'ALREADY_COMMITTED';
      const tiles = event.tiles ?? [];
      if (tiles.length !== count) return 'WRONG_PACKET_SIZE';
      if (tiles.includes('J')) return 'JOKER_NOT_PASSABLE';
      return containsAll(rackFaces(), tiles) ? null : 'TILE_NOT_IN_RACK';
    }
    case 'hand.declareMahjong': {
      if (seat !== 'east') return 'ONLY_EAST';
      if (ENDED.includes(phase)) return 'NOT_NOW';
      if (phase !== 'firstCharleston.right' || SEATS.some((s) => context.table[s] !== null)) return 'DECLARE_TOO_LATE';
      const rack = facesOfIds(context.racks.east) as Tile[];
      const winning = options.isWinningHand
        ? options.isWinningHand(rack)
        : context.rules.winningHands === undefined || context.rules.winningHands.some((hand) => hand.length === rack.length && multiset(hand) === multiset(rack));
      return winning ? null : 'NOT_A_WINNING_HAND';
    }
    case 'wall.draw':
      if (ENDED.includes(phase)) return 'NOT_NOW';
      return seat === 'north' && countOf(context, 'north') === 12 ? null : 'NOT_SHORT';
    case 'misdeal.declare':
      return ENDED.includes(phase) ? 'NOT_NOW' : null;
    case 'hand.redeal':
      return phase === 'misdeal' ? null : 'NOT_NOW';
    default:
      return 'INVALID_EVENT';
  }
}

/** The refusal code the contract gives any value in this table, or null when it must be accepted. */
export function expectedRefusal(phase: Phase, context: CharlestonContext, raw: unknown, options: OracleOptions = {}): RefusalCode | null {
  const shaped = shapeOf(raw);
  return 'code' in shaped ? shaped.code : ruleRefusal(phase, context, shaped.event, options);
}

const NEXT_AFTER_PASS: Partial<Record<Phase, Phase>> = {
  'firstCharleston.right': 'firstCharleston.across',
  'firstCharleston.across': 'firstCharleston.left',
  'firstCharleston.left': 'stopCheckpoint',
  'secondCharleston.left': 'secondCharleston.across',
  'secondCharleston.across': 'secondCharleston.right',
  'secondCharleston.right': 'courtesy',
};
const STEP: Readonly<Record<string, number>> = { right: 1, across: 2, left: 3 };
const DIRECTION: Partial<Record<Phase, 'right' | 'across' | 'left'>> = {
  'firstCharleston.right': 'right',
  'firstCharleston.across': 'across',
  'firstCharleston.left': 'left',
  'secondCharleston.left': 'left',
  'secondCharleston.across': 'across',
  'secondCharleston.right': 'right',
};

/** R6 by the IOU method, on faces: the faces each seat keeps when a pass resolves. */
export function iouKept(packets: Readonly<Record<Seat, { own: string[]; blind: number }>>, direction: 'right' | 'across' | 'left'): Record<Seat, string[]> {
  const source = (seat: Seat): Seat => SEATS[(SEATS.indexOf(seat) + 4 - (STEP[direction] ?? 0)) % 4] as Seat;
  // The tile at `index` of the packet `seat` sends: its own tiles, then the start of what arrives at it.
  const outgoing = (seat: Seat, index: number, depth: number): string => {
    if (depth > 64) throw new Error('IOU ring without own tiles');
    const own = packets[seat].own;
    return index < own.length ? (own[index] as string) : outgoing(source(seat), index - own.length, depth + 1);
  };
  const kept = {} as Record<Seat, string[]>;
  for (const seat of SEATS) {
    kept[seat] = [];
    for (let index = packets[seat].blind; index < 3; index += 1) kept[seat].push(outgoing(source(seat), index, 0));
  }
  return kept;
}

/**
 * What an accepted event must have done (§4–§6), checked on faces: the phase reached, the racks, the table,
 * votes, offers, the wall and the hand number. Returns problems; empty when the effect is right.
 */
export function effectProblems(
  before: { phase: Phase; context: CharlestonContext },
  event: ShapedEvent,
  after: { phase: Phase; context: CharlestonContext },
): string[] {
  const problems: string[] = [];
  const b = before.context;
  const a = after.context;
  const seat = event.seat as Seat;
  const expectPhase = (phases: Phase[]): void => {
    if (!phases.includes(after.phase)) problems.push(`${event.type} in ${before.phase} led to ${after.phase}, expected ${phases.join(' or ')}`);
  };
  const rackIs = (who: Seat, faces: string[], why: string): void => {
    if (multiset(facesOfIds(a.racks[who])) !== multiset(faces)) {
      problems.push(`${who}'s rack after ${why} is [${multiset(facesOfIds(a.racks[who]))}], expected [${multiset(faces)}]`);
    }
  };
  const minus = (faces: string[], gone: readonly string[]): string[] => {
    const out = [...faces];
    for (const tile of gone) out.splice(out.indexOf(tile), 1);
    return out;
  };
  switch (event.type) {
    case 'pass.commit': {
      const tiles = event.tiles ?? [];
      const blind = event.blind ?? 0;
      const resolves = SEATS.every((s) => s === seat || b.table[s] !== null);
      if (!resolves) {
        expectPhase([before.phase]);
        rackIs(seat, minus(facesOfIds(b.racks[seat]), tiles), 'its commit');
        const packet = a.table[seat];
        if (packet === null || multiset(facesOfIds(packet.tiles)) !== multiset(tiles) || packet.blind !== blind) {
          problems.push(`${seat}'s packet is not the committed ${tiles.join(' ')} (blind ${blind})`);
        }
        break;
      }
      const next = NEXT_AFTER_PASS[before.phase];
      // A North that is short at the end of the Charleston keeps the table in courtesy (R11); otherwise courtesy too.
      expectPhase(next === undefined ? [] : [next]);
      const packets = {} as Record<Seat, { own: string[]; blind: number }>;
      for (const s of SEATS) {
        const packet = b.table[s];
        packets[s] = s === seat ? { own: [...tiles], blind } : { own: facesOfIds(packet?.tiles ?? []), blind: packet?.blind ?? 0 };
      }
      const kept = iouKept(packets, DIRECTION[before.phase] ?? 'right');
      for (const s of SEATS) {
        const base = s === seat ? minus(facesOfIds(b.racks[s]), tiles) : facesOfIds(b.racks[s]);
        rackIs(s, [...base, ...kept[s]], `the ${before.phase} pass resolved`);
        if (a.table[s] !== null) problems.push(`${s} still has a packet after the pass resolved`);
      }
      break;
    }
    case 'pass.retract': {
      expectPhase([before.phase]);
      rackIs(seat, [...facesOfIds(b.racks[seat]), ...facesOfIds(b.table[seat]?.tiles ?? [])], 'its retract');
      if (a.table[seat] !== null) problems.push(`${seat}'s packet is still on the table after its retract`);
      break;
    }
    case 'vote.cast': {
      if (a.votes[seat] !== event.vote) problems.push(`${seat}'s vote was not recorded`);
      const continues = SEATS.every((s) => (s === seat ? event.vote : b.votes[s]) === 'continue');
      expectPhase(event.vote === 'stop' ? ['courtesy', 'complete'] : continues ? ['secondCharleston.left'] : ['stopCheckpoint']);
      break;
    }
    case 'courtesy.offer':
      if (a.offers[seat] !== event.count) problems.push(`${seat}'s offer ${event.count} was not recorded`);
      expectPhase(['courtesy', 'complete']);
      break;
    case 'courtesy.commit': {
      const tiles = event.tiles ?? [];
      const partner = PARTNER[seat];
      expectPhase(['courtesy', 'complete']);
      if (b.table[partner] === null) {
        rackIs(seat, minus(facesOfIds(b.racks[seat]), tiles), 'its courtesy commit');
      } else {
        rackIs(seat, [...minus(facesOfIds(b.racks[seat]), tiles), ...facesOfIds(b.table[partner]?.tiles ?? [])], 'the courtesy exchange');
        rackIs(partner, [...facesOfIds(b.racks[partner]), ...tiles], 'the courtesy exchange');
      }
      break;
    }
    case 'hand.declareMahjong':
      expectPhase([b.rules.declarationReview === true ? 'declarationReview' : 'eastMahjong']);
      if (a.acceptedBy.length > 0) problems.push('a declaration starts with acceptances already recorded');
      break;
    case 'declaration.accept': {
      const acceptedBy = [...b.acceptedBy, seat];
      expectPhase([REVIEWERS.every((s) => acceptedBy.includes(s)) ? 'eastMahjong' : 'declarationReview']);
      if (JSON.stringify(a.acceptedBy) !== JSON.stringify(acceptedBy)) problems.push(`acceptances are [${a.acceptedBy.join(' ')}], expected [${acceptedBy.join(' ')}]`);
      if (JSON.stringify(a.racks) !== JSON.stringify(b.racks)) problems.push('an acceptance moved tiles');
      break;
    }
    case 'wall.draw': {
      expectPhase(before.phase === 'courtesy' ? ['courtesy', 'complete'] : [before.phase]);
      const drawn = b.wall[0];
      if (drawn === undefined || !a.racks.north.includes(drawn) || a.wall.length !== b.wall.length - 1) {
        problems.push('North did not take the next tile of the wall');
      }
      break;
    }
    case 'misdeal.declare':
      expectPhase(['misdeal']);
      if (a.misdeal?.by !== seat) problems.push(`the misdeal is not recorded as declared by ${seat}`);
      {
        // R10, R12: in the review a misdeal from South, West or North disputes East's hand; East's own withdraws it.
        const reason = before.phase === 'declarationReview' && seat !== 'east' ? 'declarationDisputed' : 'declared';
        if (a.misdeal?.reason !== reason) problems.push(`the misdeal's reason is ${String(a.misdeal?.reason)}, expected ${reason}`);
      }
      break;
    case 'hand.redeal':
      expectPhase(['firstCharleston.right', 'misdeal']);
      if (a.hand !== b.hand + 1) problems.push(`the hand number went from ${b.hand} to ${a.hand}`);
      if (a.dealer !== 'east') problems.push('East is no longer the dealer');
      if (a.seed === b.seed) problems.push('the redeal did not change the seed');
      break;
  }
  if (event.type !== 'hand.redeal' && a.hand !== b.hand) problems.push(`${event.type} changed the hand number`);
  if (event.type !== 'wall.draw' && event.type !== 'hand.redeal' && JSON.stringify(a.wall) !== JSON.stringify(b.wall)) {
    problems.push(`${event.type} changed the wall`);
  }
  return problems;
}
