/**
 * The review of a finished hand, built from the table's log (`GET /api/tables/:id/log`, readable in full by every
 * token of the table once the hand has ended): who passed what to whom in each pass, the stop vote, the courtesy
 * exchanges, East's declaration and its answers. The log holds events, not phases, so the passes are found the way
 * the table plays them: a pass resolves when all four seats have a packet on the table (a take-back removes one),
 * then the next pass of ROLLOR opens; the checkpoint's first "stop" skips the second Charleston (R7). Each packet
 * holds the sender's own tiles and its blind count; what the receiver kept is resolved as the engine resolves a blind
 * pass (the IOU method, decision 0002). Pure: plain data in, plain data out.
 */
import { partnerOf, sourceOf, targetOf } from '../entries/rules.js';
import { PASS_RULES, SEATS, isSeat, isTile, type Direction, type Phase, type Seat, type Tile } from '../index.js';

/** One entry of the table's log as read from the service. */
export interface LogEntry {
  version: number;
  seat: Seat | null;
  event: Record<string, unknown>;
  /** The table's hand number the entry belongs to (sent once the service deals hands in a row). */
  hand: number | null;
}

/** One packet that travelled. */
export interface ReviewPacket {
  from: Seat;
  to: Seat;
  /** The sender's own tiles, as it chose them. */
  tiles: Tile[];
  /** How many arriving tiles the sender forwarded unseen (a blind pass). */
  blind: number;
  /** What joined the receiver's rack from this packet (the receiver forwards its first tiles on when it passes blind). */
  received: Tile[];
}

/** One resolved pass of the Charleston. */
export interface ReviewPass {
  /** `firstCharleston.right` … `secondCharleston.right`. */
  phase: string;
  direction: Direction;
  packets: ReviewPacket[];
}

/** The review of a hand. */
export interface HandReview {
  passes: ReviewPass[];
  /** The votes at the checkpoint, in the order cast. */
  votes: { seat: Seat; vote: 'stop' | 'continue' }[];
  /** The seat whose "stop" ended the checkpoint. */
  stoppedBy: Seat | null;
  /** The courtesy exchanges (one packet per seat that gave tiles). */
  courtesy: ReviewPacket[];
  /** East declared a winning opening hand. */
  declared: boolean;
  /** The seats that accepted East's hand. */
  accepted: Seat[];
  /** The seat that disputed East's hand or declared a misdeal. */
  misdealBy: Seat | null;
}

/** Tiles in a Charleston packet (R1). */
const PACKET_SIZE = 3;

/** The six passes in order with where each goes, from the engine's one table of passes (R1, R6, R8). */
export const PASSES: readonly { phase: Phase; direction: Direction }[] = Object.entries(PASS_RULES).flatMap(([phase, rule]) =>
  rule === undefined ? [] : [{ phase: phase as Phase, direction: rule.direction }],
);

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The log's entries from the body of `GET …/log`, read from untrusted JSON; throws an Error naming the problem when
 * the body is not a log.
 */
export function parseLog(body: unknown): LogEntry[] {
  const events = record(body)?.events;
  if (!Array.isArray(events)) throw new Error('the log has no "events" list');
  return events.flatMap((raw: unknown): LogEntry[] => {
    const row = record(raw);
    const event = record(row?.event);
    if (row === null || event === null || typeof row.version !== 'number' || typeof event.type !== 'string') return [];
    const seat = typeof row.seat === 'string' && isSeat(row.seat) ? row.seat : null;
    const hand = typeof row.hand === 'number' && Number.isInteger(row.hand) ? row.hand : null;
    return [{ version: row.version, seat, event, hand }];
  });
}

/** The entries of one hand: those of `hand` (when the log says which), after its last redeal, in version order. */
export function entriesOfHand(entries: readonly LogEntry[], hand: number | null): LogEntry[] {
  const ofHand = [...entries].filter((entry) => hand === null || entry.hand === null || entry.hand === hand).sort((a, b) => a.version - b.version);
  let start = 0;
  ofHand.forEach((entry, index) => {
    if (entry.event.type === 'hand.redeal') start = index + 1;
  });
  return ofHand.slice(start);
}

function seatOf(event: Record<string, unknown>): Seat | null {
  return typeof event.seat === 'string' && isSeat(event.seat) ? event.seat : null;
}

function tilesOf(event: Record<string, unknown>): Tile[] {
  return Array.isArray(event.tiles) ? event.tiles.filter((tile): tile is Tile => typeof tile === 'string' && isTile(tile)) : [];
}

/**
 * The packets of a resolved pass, from the four commits, and what each receiver kept (decision 0002, the IOU method,
 * as the engine resolves it): the tile at position `index` of the packet a seat sends is its own tile there, else
 * position `index − own` of the packet arriving at it. A receiver passing `k` blind keeps positions `k` … 2.
 */
export function resolvePackets(direction: Direction, commits: Readonly<Record<Seat, { tiles: Tile[]; blind: number }>>): ReviewPacket[] {
  const tileAt = (seat: Seat, index: number, hops: number): Tile | null => {
    if (hops > 4 * PACKET_SIZE * 4) return null;
    const own = commits[seat].tiles;
    if (index < own.length) return own[index] ?? null;
    return tileAt(sourceOf(seat, direction), index - own.length, hops + 1);
  };
  return SEATS.map((from) => {
    const to = targetOf(from, direction);
    const keep = Math.max(0, Math.min(PACKET_SIZE, commits[to].blind));
    const received: Tile[] = [];
    for (let index = keep; index < PACKET_SIZE; index += 1) {
      const tile = tileAt(from, index, 0);
      if (tile !== null) received.push(tile);
    }
    return { from, to, tiles: [...commits[from].tiles], blind: commits[from].blind, received };
  });
}

/** The review of a hand from its log entries (those of one hand; see {@link entriesOfHand}). */
export function buildReview(entries: readonly LogEntry[]): HandReview {
  const review: HandReview = { passes: [], votes: [], stoppedBy: null, courtesy: [], declared: false, accepted: [], misdealBy: null };
  let passIndex = 0;
  let commits: Partial<Record<Seat, { tiles: Tile[]; blind: number }>> = {};
  let checkpoint = false;
  let continues = 0;
  const courtesyCommits: Partial<Record<Seat, Tile[]>> = {};

  for (const { event } of entries) {
    const seat = seatOf(event);
    switch (event.type) {
      case 'pass.commit': {
        if (seat === null || checkpoint || passIndex >= PASSES.length) break;
        const blind = typeof event.blind === 'number' && Number.isInteger(event.blind) ? event.blind : 0;
        commits[seat] = { tiles: tilesOf(event), blind };
        if (SEATS.every((each) => commits[each] !== undefined)) {
          const pass = PASSES[passIndex] as (typeof PASSES)[number];
          review.passes.push({ ...pass, packets: resolvePackets(pass.direction, commits as Record<Seat, { tiles: Tile[]; blind: number }>) });
          commits = {};
          passIndex += 1;
          if (passIndex === 3) checkpoint = true;
        }
        break;
      }
      case 'pass.retract':
        if (seat !== null) {
          delete commits[seat];
          delete courtesyCommits[seat];
        }
        break;
      case 'vote.cast': {
        if (seat === null || (event.vote !== 'stop' && event.vote !== 'continue')) break;
        review.votes.push({ seat, vote: event.vote });
        if (event.vote === 'stop' && review.stoppedBy === null && checkpoint) {
          review.stoppedBy = seat;
          checkpoint = false;
          passIndex = PASSES.length;
        } else if (event.vote === 'continue') {
          continues += 1;
          if (continues === SEATS.length) checkpoint = false;
        }
        break;
      }
      case 'courtesy.commit': {
        if (seat === null) break;
        courtesyCommits[seat] = tilesOf(event);
        const partner = partnerOf(seat);
        const mine = courtesyCommits[seat];
        const theirs = courtesyCommits[partner];
        if (mine !== undefined && theirs !== undefined) {
          review.courtesy.push({ from: partner, to: seat, tiles: theirs, blind: 0, received: theirs }, { from: seat, to: partner, tiles: mine, blind: 0, received: mine });
        }
        break;
      }
      case 'hand.declareMahjong':
        review.declared = true;
        break;
      case 'declaration.accept':
        if (seat !== null && !review.accepted.includes(seat)) review.accepted.push(seat);
        break;
      case 'misdeal.declare':
        review.misdealBy = seat;
        break;
      default:
        break;
    }
  }
  // Courtesy packets in seat order, so the review reads the same whoever committed first.
  review.courtesy.sort((a, b) => SEATS.indexOf(a.from) - SEATS.indexOf(b.from));
  return review;
}
