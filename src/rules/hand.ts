/**
 * The hand as plain data: the initial context from a deal, the redeal after a misdeal (R12), North's draw
 * (R11), votes (R7) and courtesy offers (R9).
 */
import { dealFromSeed, type Deal } from '../deal.js';
import { nextSeed, type Seed } from '../prng.js';
import { withSeat, type BySeat, type Seat } from '../seats.js';
import { withTiles } from '../tiles.js';
import type { CharlestonContext, MisdealReason, MisdealRecord, Phase, RuleOptions, Vote } from '../types.js';
import { seatsWithWrongCount, tileCount } from './counts.js';

/** What the machine is started with. */
export interface CharlestonInput {
  seed: Seed;
  deal: Deal;
  rules: RuleOptions;
  /** Hand number (default 1). */
  hand?: number;
}

const EMPTY = { east: null, south: null, west: null, north: null } as const;

/** The context of a freshly dealt hand. */
export function createInitialContext(input: CharlestonInput): CharlestonContext {
  return {
    seed: input.seed,
    hand: input.hand ?? 1,
    dealer: 'east',
    rules: input.rules,
    // The deal is shared, not copied: context data is never mutated, only replaced.
    racks: input.deal.racks,
    wall: input.deal.wall,
    table: { ...EMPTY },
    received: { east: [], south: [], west: [], north: [] },
    votes: { ...EMPTY },
    offers: { ...EMPTY },
    exchanged: { eastWest: false, southNorth: false },
    misdeal: null,
    acceptedBy: [],
  };
}

/** R12: all tiles return, the next seed reshuffles them, East remains dealer, the hand number goes up. */
export function redeal(context: CharlestonContext): CharlestonContext {
  const seed = nextSeed(context.seed);
  return createInitialContext({ seed, deal: dealFromSeed(seed), rules: context.rules, hand: context.hand + 1 });
}

/** R11: North takes the next tile of the wall. */
export function drawForNorth(context: CharlestonContext): Pick<CharlestonContext, 'racks' | 'wall'> {
  const [tile, ...wall] = context.wall;
  if (tile === undefined) return { racks: context.racks, wall: context.wall };
  return { racks: withSeat(context.racks, 'north', withTiles(context.racks.north, [tile])), wall };
}

/** The misdeal record for a wrong count found by the engine (R11): each seat with a wrong count, and what it held. */
export function wrongCountMisdeal(context: Pick<CharlestonContext, 'racks' | 'table'>): MisdealRecord {
  const counts: Partial<BySeat<number>> = {};
  for (const seat of seatsWithWrongCount(context)) counts[seat] = tileCount(context, seat);
  return { by: null, reason: 'wrongCount', counts };
}

/**
 * The misdeal record for a declaration (R12), with the declaring person's own words when they typed any. In
 * `declarationReview` (R10), South's, West's or North's declaration disputes East's hand (`declarationDisputed`);
 * East's own is a plain `declared` misdeal (East takes its declaration back).
 */
export function declaredMisdeal(by: Seat, text: string | undefined, phase?: Phase): MisdealRecord {
  const reason: MisdealReason = phase === 'declarationReview' && by !== 'east' ? 'declarationDisputed' : 'declared';
  return text === undefined ? { by, reason } : { by, reason, text };
}

/** R10 review: records a seat's acceptance of East's declaration. */
export function recordAcceptance(context: Pick<CharlestonContext, 'acceptedBy'>, seat: Seat): Pick<CharlestonContext, 'acceptedBy'> {
  return { acceptedBy: [...context.acceptedBy, seat] };
}

/** The seats that review East's declaration (R10): every seat but East. */
export const REVIEWERS: readonly Seat[] = ['south', 'west', 'north'];

/** R10 review: South, West and North have all accepted East's declaration. */
export function allOthersAccepted(context: Pick<CharlestonContext, 'acceptedBy'>): boolean {
  return REVIEWERS.every((seat) => context.acceptedBy.includes(seat));
}

/** R10, R12: a misdeal declared by `seat` while East's hand is reviewed disputes it (East's own takes it back). */
export function isDisputeBy(phase: Phase, seat: Seat): boolean {
  return phase === 'declarationReview' && seat !== 'east';
}

/** True when the table reviews East's declaration before it ends the hand (R10, `rules.declarationReview`). */
export function hasDeclarationReview(context: Pick<CharlestonContext, 'rules'>): boolean {
  return context.rules.declarationReview === true;
}

/** R7: all four seats said continue. */
export function allSeatsContinued(context: Pick<CharlestonContext, 'votes'>): boolean {
  const { votes } = context;
  return votes.east === 'continue' && votes.south === 'continue' && votes.west === 'continue' && votes.north === 'continue';
}

/** Records a seat's vote. */
export function recordVote(context: CharlestonContext, seat: Seat, vote: Vote): Pick<CharlestonContext, 'votes'> {
  return { votes: withSeat<Vote | null>(context.votes, seat, vote) };
}

/** Records a seat's courtesy offer. */
export function recordOffer(context: CharlestonContext, seat: Seat, count: number): Pick<CharlestonContext, 'offers'> {
  return { offers: withSeat<number | null>(context.offers, seat, count) };
}
