/**
 * The review of a finished hand as the page receives it: the table made it (`GET /api/tables/:id/review`, by
 * replaying the hand's log on the engine) or, in solo practice, the page's own engine did
 * (`charleston-engine/review`). The page only draws it; here it is read from untrusted JSON, field by field, so that
 * a malformed answer is an error naming the field instead of a broken page. No rule is decided here.
 */
import { isSeat, isTile, type Seat, type Tile } from '../index.js';
import type { HandReview, ReviewPacket, ReviewPass } from '../entries/review.js';

import { progressOf, type SeatProgress } from './card.js';

export type { HandReview, ReviewPacket, ReviewPass } from '../entries/review.js';

/** A review as the page draws it: with each seat's progress toward the card, where the table has one. */
export type PageReview = Omit<HandReview, 'progress'> & { progress?: Partial<Record<Seat, SeatProgress>> };

/** Why an answer is not a review: names the field. */
export class ReviewShapeError extends Error {
  override readonly name = 'ReviewShapeError';
}

const fail = (field: string, problem: string): never => {
  throw new ReviewShapeError(`review.${field}: ${problem}`);
};

function record(value: unknown, field: string): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail(field, 'not an object');
}

function list(value: unknown, field: string): unknown[] {
  return Array.isArray(value) ? value : fail(field, 'not a list');
}

function seat(value: unknown, field: string): Seat {
  return typeof value === 'string' && isSeat(value) ? value : fail(field, 'not a seat');
}

function seatOrNull(value: unknown, field: string): Seat | null {
  return value === null ? null : seat(value, field);
}

function tiles(value: unknown, field: string): Tile[] {
  return list(value, field).map((tile, index) => (typeof tile === 'string' && isTile(tile) ? tile : fail(`${field}[${index}]`, 'not a tile')));
}

function count(value: unknown, field: string): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000 ? value : fail(field, 'not a count');
}

function packet(value: unknown, field: string): ReviewPacket {
  const raw = record(value, field);
  return { from: seat(raw.from, `${field}.from`), to: seat(raw.to, `${field}.to`), tiles: tiles(raw.tiles, `${field}.tiles`), blind: count(raw.blind, `${field}.blind`), received: tiles(raw.received, `${field}.received`) };
}

function text(value: unknown, field: string): string {
  return typeof value === 'string' && value.length <= 64 ? value : fail(field, 'not a name');
}

/** The review in the body of `GET /api/tables/:id/review` (`{ id, hand, review }`), read from untrusted JSON. */
export function parseReview(body: unknown): PageReview {
  const raw = record(record(body, '(body)').review, '(body).review');
  const progress = progressOf(raw.progress);
  return {
    ...(progress === null ? {} : { progress }),
    passes: list(raw.passes, 'passes').map((value, index): ReviewPass => {
      const pass = record(value, `passes[${index}]`);
      return {
        phase: text(pass.phase, `passes[${index}].phase`) as ReviewPass['phase'],
        direction: text(pass.direction, `passes[${index}].direction`) as ReviewPass['direction'],
        packets: list(pass.packets, `passes[${index}].packets`).map((each, at) => packet(each, `passes[${index}].packets[${at}]`)),
      };
    }),
    votes: list(raw.votes, 'votes').map((value, index) => {
      const vote = record(value, `votes[${index}]`);
      return { seat: seat(vote.seat, `votes[${index}].seat`), vote: vote.vote === 'stop' || vote.vote === 'continue' ? vote.vote : fail(`votes[${index}].vote`, 'not stop or continue') };
    }),
    stoppedBy: seatOrNull(raw.stoppedBy, 'stoppedBy'),
    courtesy: list(raw.courtesy, 'courtesy').map((each, index) => packet(each, `courtesy[${index}]`)),
    declared: raw.declared === true,
    accepted: list(raw.accepted, 'accepted').map((each, index) => seat(each, `accepted[${index}]`)),
    misdealBy: seatOrNull(raw.misdealBy ?? null, 'misdealBy'),
    redeals: count(raw.redeals ?? 0, 'redeals'),
    phase: text(raw.phase, 'phase') as HandReview['phase'],
  };
}
