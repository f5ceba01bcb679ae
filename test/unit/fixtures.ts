/**
 * Fixtures for the rule-table tests: a table built from racks written in tile codes, and small helpers
 * that apply the pure rule functions to it. No test lives here.
 */
import { dealFromInput } from '../../src/deal.js';
import { createInitialContext } from '../../src/rules/hand.js';
import { commitPacket } from '../../src/rules/pass.js';
import { SEATS, type BySeat, type Seat } from '../../src/seats.js';
import { facesOf, sortCodes, type Tile } from '../../src/tiles.js';
import type { CharlestonContext, RuleOptions, Vote } from '../../src/types.js';

/** The standard racks: East 14, the others 13, one joker each, faces easy to tell apart per seat. */
export const RACKS: BySeat<readonly Tile[]> = {
  east: ['1B', '1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', 'N', 'E', 'J', 'F'],
  south: ['1C', '1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'W', 'S', 'J'],
  west: ['1D', '1D', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'RD', 'GD', 'J'],
  north: ['2B', '2C', '2D', '3B', '3C', '3D', 'N', 'E', 'W', 'S', 'WD', 'F', 'J'],
};

/** North's rack with one tile missing (North is short, R11). */
export const SHORT_NORTH: readonly Tile[] = RACKS.north.slice(0, 12);

/** A freshly dealt table from explicit racks (defaults: {@link RACKS}); seed 1 orders the wall. */
export function tableOf(racks: Partial<BySeat<readonly Tile[]>> = {}, rules: RuleOptions = {}): CharlestonContext {
  const input = { ...RACKS, ...racks };
  return createInitialContext({ seed: 1, deal: dealFromInput(input, 1), rules });
}

/** The table after `seat` put `tiles` (+ `blind`) face down (R4). */
export function withCommit(context: CharlestonContext, seat: Seat, tiles: readonly Tile[], blind = 0): CharlestonContext {
  return { ...context, ...commitPacket(context, seat, tiles, blind) };
}

/** The table with the given courtesy offers recorded (unlisted seats keep theirs). */
export function withOffers(context: CharlestonContext, offers: Partial<BySeat<number>>): CharlestonContext {
  return { ...context, offers: { ...context.offers, ...offers } };
}

/** The table with the given stop-checkpoint votes recorded. */
export function withVotes(context: CharlestonContext, votes: Partial<BySeat<Vote>>): CharlestonContext {
  return { ...context, votes: { ...context.votes, ...votes } };
}

/** A seat's rack as sorted tile codes. */
export function rackOf(context: Pick<CharlestonContext, 'racks'>, seat: Seat): Tile[] {
  return sortCodes(facesOf(context.racks[seat]));
}

/** Every rack as sorted tile codes. */
export function racksOf(context: Pick<CharlestonContext, 'racks'>): BySeat<Tile[]> {
  return { east: rackOf(context, 'east'), south: rackOf(context, 'south'), west: rackOf(context, 'west'), north: rackOf(context, 'north') };
}

/** Multiset difference and union on tile codes, sorted. */
export function minus(rack: readonly Tile[], remove: readonly Tile[]): Tile[] {
  const left = [...rack];
  for (const code of remove) {
    const at = left.indexOf(code);
    if (at < 0) throw new Error(`fixture: ${code} not in ${rack.join(' ')}`);
    left.splice(at, 1);
  }
  return sortCodes(left);
}
export function plus(rack: readonly Tile[], add: readonly Tile[]): Tile[] {
  return sortCodes([...rack, ...add]);
}

export { SEATS };
