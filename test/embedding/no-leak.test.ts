/**
 * No leak: over many seeded bot games, at every step, for every seat, its view holds no tile of another seat
 * and none it forwarded blind (checked by tile identity), and no seed or wall; a spectator sees counts only.
 */
import { describe, expect, it } from 'vitest';
import { SEATS, sourceOf, type Seat } from '../../src/seats.js';
import type { CharlestonEngine } from '../../src/engine.js';
import { PASS_RULES, type CharlestonContext } from '../../src/types.js';
import { viewFor } from '../../src/views.js';
import { pickFromRack } from '../../src/tiles.js';
import { declaringEast, recordGame, strategiesFor } from '../support/games.js';

/** Every tile id a view mentions (any `id` field, at any depth). */
function idsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'id' && typeof inner === 'number' ? [inner] : idsIn(inner)));
}

function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysIn(inner)]);
}

/**
 * The tiles each seat forwards blind in a resolving pass, computed here from the contract's IOU definition
 * (independently of the engine's resolvePass).
 */
function forwardedBlind(context: CharlestonContext, direction: 'right' | 'across' | 'left'): Map<Seat, number[]> {
  const outgoing = (seat: Seat, index: number, depth = 0): number => {
    const packet = context.table[seat];
    if (!packet || depth > 50) throw new Error('not resolvable');
    return index < packet.tiles.length ? (packet.tiles[index] as number) : outgoing(sourceOf(seat, direction), index - packet.tiles.length, depth + 1);
  };
  const forwarded = new Map<Seat, number[]>();
  for (const seat of SEATS) {
    const blind = context.table[seat]?.blind ?? 0;
    forwarded.set(seat, Array.from({ length: blind }, (_, i) => outgoing(sourceOf(seat, direction), i)));
  }
  return forwarded;
}

describe('per-seat views leak nothing', () => {
  it('holds at every step of 60 seeded bot games (teacher, random and mixed tables)', () => {
    let checkedViews = 0;
    let blindTilesChecked = 0;
    const hidden = new Map<Seat, Set<number>>(SEATS.map((seat) => [seat, new Set()]));
    for (let seed = 1; seed <= 60; seed += 1) {
      for (const seat of SEATS) hidden.get(seat)?.clear();
      const check = (service: CharlestonEngine): void => {
        const snapshot = service.getSnapshot();
        const { context } = snapshot;
        for (const seat of SEATS) {
          const view = viewFor(snapshot, seat);
          const allowed = new Set([...context.racks[seat], ...(context.table[seat]?.tiles ?? [])]);
          for (const id of idsIn(view)) {
            expect(allowed.has(id), `seed ${seed}: ${seat}'s view shows tile #${id}, not its own`).toBe(true);
          }
          const forwarded = hidden.get(seat) ?? new Set<number>();
          for (const id of forwarded) {
            // A forwarded tile that later reaches the seat's rack in the open is its own from then on.
            if (context.racks[seat].includes(id)) forwarded.delete(id);
            else {
              expect(idsIn(view).includes(id), `seed ${seed}: ${seat} sees #${id} it forwarded blind`).toBe(false);
              blindTilesChecked += 1;
            }
          }
          expect(view.rack.map((tile) => tile.id)).toEqual(context.racks[seat]);
          const keys = keysIn(view);
          for (const secret of ['seed', 'wall', 'racks', 'table', 'votes', 'offers']) expect(keys).not.toContain(secret);
          checkedViews += 1;
        }
        const spectator = viewFor(snapshot, null);
        expect(idsIn(spectator)).toEqual([]);
        expect(Object.keys(spectator).sort()).toEqual(['counts', 'dealer', 'declaration', 'hand', 'phase', 'seat', 'stoppedBy']);
        expect(spectator.declaration).toBeNull();
      };
      recordGame(
        seed,
        (_played, service) => check(service),
        (_by, event, service) => {
          // Before the commit that completes a pass, the full table is known: record what each seat forwards blind.
          const rule = PASS_RULES[service.phase];
          if (event.type !== 'pass.commit' || !rule) return;
          const { context } = service;
          const others = SEATS.filter((seat) => seat !== event.seat);
          if (context.table[event.seat] !== null || !others.every((seat) => context.table[seat] !== null)) return;
          const ids = pickFromRack(context.racks[event.seat], event.tiles);
          if (!ids) return;
          const table = { ...context.table, [event.seat]: { tiles: ids, blind: event.blind ?? 0 } };
          for (const [seat, forwarded] of forwardedBlind({ ...context, table }, rule.direction)) {
            forwarded.forEach((id) => hidden.get(seat)?.add(id));
          }
        },
      );
    }
    expect(checkedViews).toBeGreaterThan(4000);
    expect(blindTilesChecked).toBeGreaterThan(0);
  });

  it('with rules.declarationReview, East\'s rack is shown to all only while it is reviewed and once accepted (R10)', () => {
    let reviewedViews = 0;
    for (let seed = 1; seed <= 24; seed += 1) {
      // East declares at once on odd seeds (every such hand is reviewed); on even seeds the hand is played out.
      const strategies = { ...strategiesFor(seed), ...(seed % 2 === 1 ? { east: declaringEast } : {}) };
      recordGame(
        seed,
        (_played, service) => {
          const { context } = service;
          const shown = service.phase === 'declarationReview' || service.phase === 'eastMahjong';
          const east = shown ? context.racks.east : [];
          for (const seat of [...SEATS, null]) {
            const view = viewFor(service.getSnapshot(), seat);
            const own = seat === null ? [] : [...context.racks[seat], ...(context.table[seat]?.tiles ?? [])];
            const allowed = new Set([...own, ...east]);
            for (const id of idsIn(view)) expect(allowed.has(id), `seed ${seed}: ${seat ?? 'spectator'} sees tile #${id}`).toBe(true);
            expect(view.declaration === null).toBe(!shown);
            if (view.declaration !== null) {
              expect(view.declaration.tiles.map((tile) => tile.id)).toEqual(context.racks.east);
              expect(view.declaration.accepted).toEqual(context.acceptedBy);
              reviewedViews += 1;
            }
          }
        },
        undefined,
        { rules: { declarationReview: true }, strategies },
      );
    }
    expect(reviewedViews).toBeGreaterThan(100);
  });
});
