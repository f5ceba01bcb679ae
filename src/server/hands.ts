/**
 * Hands in a row at one table: the deal passes to the right after each hand (the person who was South is East
 * next), the next hand's seed follows from the creation's seed, and tables without a card turn the engine's
 * declaration review on. Pure functions over plain data; the table master applies them under the table's lock.
 */
import { createHash } from 'node:crypto';
import { SEATS, type Seat } from '../index.js';
import { OUTCOME_PHASES } from '../entries/rules.js';

/** Phases after which `POST /api/tables/:id/next` deals the next hand (a misdeal is redealt by the engine). */
export const HAND_ENDED: ReadonlySet<string> = new Set(OUTCOME_PHASES);

/**
 * The seat a person sits at after `rotation` next deals, given the seat they had at the table's first hand:
 * each deal moves every person one seat to the right of the deal (South → East, West → South, North → West,
 * East → North). A token is created for a person's first seat, so a token's seat now is `seatAfter(home, hand - 1)`.
 */
export function seatAfter(home: Seat, rotation: number): Seat {
  const index = SEATS.indexOf(home);
  return SEATS[(((index - rotation) % 4) + 4) % 4] as Seat;
}

/** The first-hand seat of whoever sits at `seat` after `rotation` next deals (the inverse of {@link seatAfter}). */
export function homeOf(seat: Seat, rotation: number): Seat {
  const index = SEATS.indexOf(seat);
  return SEATS[(((index + rotation) % 4) + 4) % 4] as Seat;
}

/** A by-seat record moved to the seats its people take at the next deal (each value follows its person). */
export function rotateBySeat<T>(bySeat: Readonly<Partial<Record<Seat, T>>>): Partial<Record<Seat, T>> {
  const out: Partial<Record<Seat, T>> = {};
  for (const seat of SEATS) {
    const value = bySeat[seat];
    if (value !== undefined) out[seatAfter(seat, 1)] = value;
  }
  return out;
}

/**
 * The seed of hand `hand` (2 or more) of a table created with `seed`: the first 32 hex digits of
 * SHA-256(`"charleston next hand " + seed + " " + hand`), a live seed (128 bits) of the engine. Deterministic
 * (the same table replays the same hands), distinct from the engine's misdeal redeal (its own `redeal` stream),
 * and as secret as the creation's seed, which no token of the table ever sees.
 */
export function nextHandSeed(seed: number | string, hand: number): string {
  if (!Number.isInteger(hand) || hand < 2) throw new RangeError(`hand: the next hand is 2 or more, got ${hand}`);
  const canonical = typeof seed === 'string' ? seed.toLowerCase() : String(seed);
  return createHash('sha256').update(`charleston next hand ${canonical} ${hand}`, 'utf8').digest('hex').slice(0, 32);
}

/**
 * The rules a table is created with: a table without a card (no `card`, and `rules.winningHands` absent) gets
 * `declarationReview: true`, so that East's declaration is shown to everyone and may be disputed
 * (docs/service.md), whatever the request said about the review. A table with a card checks the declaration
 * against it, so its rules are as given.
 */
export function tableRules(rules: unknown, withCard = false): unknown {
  if (withCard) return rules;
  const given = typeof rules === 'object' && rules !== null && !Array.isArray(rules) ? (rules as Record<string, unknown>) : undefined;
  if (given !== undefined && given.winningHands !== undefined) return rules;
  if (rules !== undefined && given === undefined) return rules; // not an object: the engine names the problem
  return { ...given, declarationReview: true };
}
