/**
 * Legal actions agree with the engine: every event they offer is accepted, and a sample of events they do not
 * offer is refused (each tried on a restored copy of the table, so the game itself goes on untouched).
 */
import { describe, expect, it } from 'vitest';
import { legalActions, legalEvents } from '../../src/legal.js';
import { mulberry32 } from '../../src/prng.js';
import { persist, restore } from '../../src/persist.js';
import { SEATS } from '../../src/seats.js';
import { TILE_CODES, sortCodes, type Tile } from '../../src/tiles.js';
import type { CharlestonEvent } from '../../src/types.js';
import { recordGame } from '../support/games.js';

/** One text per distinct event: tiles sorted, `blind: 0` the same as no blind. */
const canonical = (event: CharlestonEvent): string => {
  if (!('tiles' in event)) return JSON.stringify(event);
  const { blind, ...rest } = event as CharlestonEvent & { blind?: number };
  return JSON.stringify({ ...rest, tiles: sortCodes(event.tiles), ...(blind ? { blind } : {}) });
};

/** Random candidate events of every type for a seat, most of them illegal. */
function candidates(seat: (typeof SEATS)[number], random: () => number): CharlestonEvent[] {
  const tile = (): Tile => TILE_CODES[Math.floor(random() * TILE_CODES.length)] as Tile;
  const tiles = (n: number): Tile[] => Array.from({ length: n }, tile);
  return [
    { type: 'pass.commit', seat, tiles: tiles(3) },
    { type: 'pass.commit', seat, tiles: tiles(2), blind: 1 },
    { type: 'pass.commit', seat, tiles: tiles(Math.floor(random() * 5)), blind: Math.floor(random() * 4) },
    { type: 'pass.retract', seat },
    { type: 'vote.cast', seat, vote: random() < 0.5 ? 'stop' : 'continue' },
    { type: 'courtesy.offer', seat, count: Math.floor(random() * 6) - 1 },
    { type: 'courtesy.commit', seat, tiles: tiles(Math.floor(random() * 4)) },
    { type: 'hand.declareMahjong', seat },
    { type: 'wall.draw', seat },
  ];
}

describe('legal actions', () => {
  it('offer only accepted events and omit only refused ones (30 seeded games, every step, every seat)', () => {
    const next = mulberry32(99);
    const random = (): number => next() / 0x1_0000_0000;
    let offered = 0;
    let omitted = 0;
    for (let seed = 1; seed <= 30; seed += 1) {
      const game = recordGame(seed);
      for (const table of game.tables) {
        const service = restore(table);
        for (const seat of SEATS) {
          const legal = legalActions(service.getSnapshot(), seat);
          const events = legalEvents(legal, true);
          const offeredSet = new Set(events.map(canonical));
          // Every offered event (a sample of at most 12) is accepted.
          const sample = events.length <= 12 ? events : Array.from({ length: 12 }, () => events[Math.floor(random() * events.length)] as CharlestonEvent);
          for (const event of sample) {
            const result = restore(table).send(event);
            expect(result.ok, `seed ${seed} ${service.phase}: offered ${canonical(event)} was refused: ${result.ok ? '' : result.refusal.code}`).toBe(true);
            offered += 1;
          }
          for (const event of candidates(seat, random)) {
            if (offeredSet.has(canonical(event))) continue;
            const result = restore(table).send(event);
            expect(result.ok, `seed ${seed} ${service.phase}: ${canonical(event)} was accepted but not offered`).toBe(false);
            omitted += 1;
          }
        }
      }
      expect(persist(restore(game.final))).toBe(game.final);
    }
    expect(offered).toBeGreaterThan(1000);
    expect(omitted).toBeGreaterThan(1000);
  });
});
