/**
 * The reduced model of the Charleston machine for `xstate/graph` (see model-paths.test.ts): a finite state
 * abstraction and, per state, a small representative set of events.
 */
import { dealFromSeed } from '../../../src/deal.js';
import { decide } from '../../../src/rules/decide.js';
import { SEATS, type Seat } from '../../../src/seats.js';
import { phaseOfSnapshot, type CharlestonOptions, type CharlestonSnapshot } from '../../../src/engine.js';
import { TILE_FACES, type Tile } from '../../../src/tiles.js';
import type { CharlestonContext, MachineEvent, Phase } from '../../../src/types.js';
import { countOf } from './checks.js';
import { agreed, facesOfIds } from './oracle.js';

type Snapshot = CharlestonSnapshot;

export const REFUSED: MachineEvent = { type: 'engine.refused', refusal: { code: 'INVALID_EVENT', message: 'model: a refused value' } };
/** What the replay sends for the model's `engine.refused` step: a value every state refuses. */
export const REFUSED_VALUE = { type: 'model.nonsense' };

/** The abstraction: finite, and fine enough that the model's events depend only on it. */
export function serializeState(snapshot: Snapshot): string {
  const c = snapshot.context;
  // Once the hand is over, what led there does not matter: one abstract state each.
  if (snapshot.value === 'misdeal' || snapshot.value === 'complete' || snapshot.value === 'eastMahjong') return JSON.stringify(snapshot.value);
  return JSON.stringify([
    snapshot.value,
    SEATS.map((seat) => {
      const packet = c.table[seat];
      return packet === null ? '-' : packet.blind > 0 ? 'b' : 'p';
    }),
    // Votes matter only while the vote is on.
    snapshot.value === 'stopCheckpoint' ? SEATS.map((seat) => c.votes[seat] ?? '-') : null,
    SEATS.map((seat) => c.offers[seat] ?? '-'),
    c.exchanged,
    countOf(c, 'north') === 12,
    // R10 review: who has accepted East's hand (the order does not change what may follow).
    [...c.acceptedBy].sort(),
  ]);
}

const naturals = (c: CharlestonContext, seat: Seat): Tile[] => facesOfIds(c.racks[seat]).filter((tile) => tile !== 'J') as Tile[];

/** Every candidate event of the reduced model in a state, legal or not. */
export function candidates(snapshot: Snapshot): MachineEvent[] {
  const c = snapshot.context;
  const events: MachineEvent[] = [];
  for (const seat of SEATS) {
    const own = naturals(c, seat);
    events.push(
      { type: 'pass.commit', seat, tiles: own.slice(0, 3) },
      { type: 'pass.commit', seat, tiles: own.slice(0, 2), blind: 1 },
      { type: 'pass.commit', seat, tiles: [], blind: 3 },
      { type: 'pass.retract', seat },
      { type: 'vote.cast', seat, vote: 'stop' },
      { type: 'vote.cast', seat, vote: 'continue' },
      { type: 'courtesy.offer', seat, count: 0 },
      { type: 'courtesy.offer', seat, count: 1 },
      { type: 'courtesy.commit', seat, tiles: own.slice(0, agreed(c, seat) ?? 1) },
      { type: 'hand.declareMahjong', seat },
      { type: 'declaration.accept', seat },
      { type: 'wall.draw', seat },
      { type: 'misdeal.declare', seat },
    );
  }
  events.push({ type: 'hand.redeal' });
  return events;
}

/** Candidates the engine should refuse: wrong sizes, jokers, foreign tiles, blind where not allowed, bad counts. */
export function illegalCandidates(snapshot: Snapshot): MachineEvent[] {
  const c = snapshot.context;
  const events: MachineEvent[] = [];
  for (const seat of SEATS) {
    const own = naturals(c, seat);
    const foreign = facesOfIds(c.racks[SEATS[(SEATS.indexOf(seat) + 1) % 4] as Seat]).filter((tile) => !own.includes(tile as Tile)) as Tile[];
    const joker = facesOfIds(c.racks[seat]).includes('J') ? (['J'] as Tile[]) : [];
    events.push(
      { type: 'pass.commit', seat, tiles: own.slice(0, 2) },
      { type: 'pass.commit', seat, tiles: own.slice(0, 4) },
      { type: 'pass.commit', seat, tiles: [...joker, ...own].slice(0, 3) },
      { type: 'pass.commit', seat, tiles: [...foreign.slice(0, 1), ...own].slice(0, 3) },
      { type: 'pass.commit', seat, tiles: own.slice(0, 1), blind: 2 },
      { type: 'courtesy.offer', seat, count: 4 },
      { type: 'courtesy.offer', seat, count: -1 },
      { type: 'courtesy.commit', seat, tiles: own.slice(0, (agreed(c, seat) ?? 1) + 1) },
      { type: 'courtesy.commit', seat, tiles: [...joker, ...own].slice(0, agreed(c, seat) ?? 1) },
    );
  }
  return events;
}

export const phaseOf = (snapshot: Snapshot): Phase => phaseOfSnapshot(snapshot);

/** The model's events in a state: the candidates `decide()` accepts, and one refused value. */
export function modelEvents(snapshot: Snapshot): MachineEvent[] {
  if (snapshot.status !== 'active') return [];
  const phase = phaseOf(snapshot);
  return [...candidates(snapshot).filter((event) => decide(phase, snapshot.context, event).ok), REFUSED];
}

/** The tables the model starts from. North dealt 12 covers the draw in every phase; a wrong count covers deal → misdeal. */
export function modelInputs(): Record<string, CharlestonOptions> {
  const deal = dealFromSeed(2026);
  const codes = (ids: readonly number[]): Tile[] => ids.map((id) => TILE_FACES[id] as Tile);
  return {
    'North dealt 12': { seed: 2026, deal: { east: codes(deal.racks.east), south: codes(deal.racks.south), west: codes(deal.racks.west), north: codes(deal.racks.north.slice(1)) } },
    'Declarations reviewed': { seed: 2026, rules: { declarationReview: true } },
    'East dealt 13': { seed: 2026, deal: { east: codes(deal.racks.east.slice(1)), south: codes(deal.racks.south), west: codes(deal.racks.west), north: codes(deal.racks.north) } },
  };
}

