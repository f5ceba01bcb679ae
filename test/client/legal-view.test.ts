/**
 * The client's legality from a seat's view agrees with the engine's `legalActions` on the whole snapshot, for
 * every seat at every step of seeded bot games (teachers, random bots with retracts and declarations, misdeals
 * with a redeal, and a short North who must draw), except the one case a view cannot tell (documented).
 */
import { describe, expect, it } from 'vitest';
import {
  SEATS,
  createCharleston,
  dealFromSeed,
  facesOf,
  legalActions,
  playHand,
  randomStrategy,
  teacherStrategy,
  viewFor,
  type CharlestonService,
  type LegalActions,
  type Seat,
} from '../../src/index.js';
import { legalFromView } from '../../src/client/legal-view.js';

/** The fields compared (blind lists compared as sets; courtesy from-lists as they are). */
function shape(legal: LegalActions): unknown {
  return { ...legal, pass: legal.pass === null ? null : { from: legal.pass.from, blind: [...legal.pass.blind].sort() } };
}

let compared = 0;
function compareAll(table: CharlestonService): void {
  const snapshot = table.getSnapshot();
  for (const seat of SEATS) {
    const view = viewFor(snapshot, seat);
    // A short North in the courtesy pass: its view cannot tell whether its pair has exchanged.
    if (seat === 'north' && view.northShort && view.phase === 'courtesy') continue;
    expect(shape(legalFromView(view)), `${seat} in ${view.phase}`).toEqual(shape(legalActions(snapshot, seat)));
    compared += 1;
  }
}

describe('legal actions from a seat view', () => {
  it('match the engine for every seat at every step of 24 bot games', () => {
    compared = 0;
    for (let seed = 1; seed <= 24; seed += 1) {
      const strategies = seed % 2 === 0 ? {} : { south: randomStrategy, north: randomStrategy, east: seed % 3 === 0 ? randomStrategy : teacherStrategy };
      const table = createCharleston({ seed });
      compareAll(table);
      playHand({ service: table, strategies, botSeed: seed, onEvent: (_played, service) => compareAll(service) });
      compareAll(table);
    }
    expect(compared).toBeGreaterThan(24 * 4 * 20);
  });

  it('match the engine through a misdeal and its redeal', () => {
    const table = createCharleston({ seed: 5 });
    compareAll(table);
    expect(table.send({ type: 'misdeal.declare', seat: 'west' }).ok).toBe(true);
    compareAll(table);
    expect(legalFromView(viewFor(table.getSnapshot(), 'east')).redeal).toBe(true);
    expect(table.send({ type: 'hand.redeal' }).ok).toBe(true);
    compareAll(table);
    expect(legalFromView(viewFor(table.getSnapshot(), 'east')).redeal).toBe(false);
  });

  it('offer the draw to a short North only, and match the engine until it draws', () => {
    const deal = dealFromSeed(9);
    const racks = { east: facesOf(deal.racks.east), south: facesOf(deal.racks.south), west: facesOf(deal.racks.west), north: facesOf(deal.racks.north).slice(1) };
    const table = createCharleston({ seed: 9, deal: racks });
    const north = (): LegalActions => legalFromView(viewFor(table.getSnapshot(), 'north'));
    expect(north().draw).toBe(true);
    for (const seat of ['east', 'south', 'west'] as Seat[]) expect(legalFromView(viewFor(table.getSnapshot(), seat)).draw).toBe(false);
    compareAll(table);
    expect(table.send({ type: 'wall.draw', seat: 'north' }).ok).toBe(true);
    expect(north().draw).toBe(false);
    compareAll(table);
  });

  it('never offers a joker in a packet', () => {
    const table = createCharleston({ seed: 3 });
    playHand({
      service: table,
      onEvent: (_played, service) => {
        for (const seat of SEATS) {
          const legal = legalFromView(viewFor(service.getSnapshot(), seat));
          expect(legal.pass?.from ?? []).not.toContain('J');
          expect(legal.courtesy?.from ?? []).not.toContain('J');
        }
      },
    });
    expect(table.phase).toBe('complete');
  });
});
