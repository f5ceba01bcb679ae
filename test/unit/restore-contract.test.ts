/**
 * Restored tables against the contract: §7 (a refused event changes nothing), R9 (both pairs done and North
 * not short: the hand is complete), R11 (a wrong count after a restore is a misdeal at once).
 * Tables are written as persisted text built from a seeded service, then edited.
 */
import { describe, expect, it } from 'vitest';
import { RestoreError, persist, restore, type PersistedTable } from '../../src/persist.js';
import { createCharleston, type CharlestonEngine } from '../../src/engine.js';
import { JOKER, faceOf } from '../../src/tiles.js';
import type { CharlestonContext, Phase } from '../../src/types.js';

const fresh = createCharleston({ seed: 1 });
const dealt: CharlestonContext = fresh.context;
const AFTER_STOP = { east: 'stop', south: null, west: null, north: null } as const;

function textOf(phase: Phase, context: CharlestonContext): string {
  const table: PersistedTable = { ...(JSON.parse(persist(fresh)) as PersistedTable), phase, context };
  return JSON.stringify(table);
}

/** Sends an event that must be refused; returns the state value and context before and after. */
function refusedChangesNothing(service: CharlestonEngine, event: unknown): { before: string; after: string; refused: boolean } {
  const before = JSON.stringify([service.getSnapshot().value, service.context]);
  const result = service.send(event);
  return { before, after: JSON.stringify([service.getSnapshot().value, service.context]), refused: !result.ok };
}

describe('restored courtesy tables (R9, §7)', () => {
  it('both pairs done at 0 and North not short: complete (or refused as unsettled), and a refusal changes nothing', () => {
    const context: CharlestonContext = { ...dealt, votes: AFTER_STOP, offers: { east: 0, west: 0, south: 0, north: 0 } };
    let service: CharlestonEngine;
    try {
      service = restore(textOf('courtesy', context));
    } catch (error) {
      // a table that claims `courtesy` when the hand is already complete may be refused as inconsistent
      expect(error).toBeInstanceOf(RestoreError);
      expect((error as RestoreError).message).toMatch(/complete/);
      return;
    }
    // R9: "When both pairs are done (and North is not short, R11) the hand is `complete`."
    const check = refusedChangesNothing(service, { type: 'wall.draw', seat: 'north' });
    expect(check.refused).toBe(true);
    // §7: "An event that is not accepted changes nothing"
    expect(check.after).toBe(check.before);
    expect(service.phase).toBe('complete');
  });

  it('both courtesy packets of a pair on the table: a refused event does not perform the exchange', () => {
    const ownTile = (ids: readonly number[]): number => ids.find((id) => faceOf(id) !== JOKER) as number;
    const e = ownTile(dealt.racks.east);
    const w = ownTile(dealt.racks.west);
    const context: CharlestonContext = {
      ...dealt,
      racks: { ...dealt.racks, east: dealt.racks.east.filter((id) => id !== e), west: dealt.racks.west.filter((id) => id !== w) },
      table: { east: { tiles: [e], blind: 0 }, west: { tiles: [w], blind: 0 }, south: null, north: null },
      votes: AFTER_STOP,
      offers: { east: 1, west: 1, south: null, north: null },
    };
    let service: CharlestonEngine | undefined;
    try {
      service = restore(textOf('courtesy', context));
    } catch (error) {
      // refusing such a file is also in keeping with the contract
      expect(error).toBeInstanceOf(RestoreError);
      return;
    }
    const check = refusedChangesNothing(service, { type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(check.refused).toBe(true);
    expect(check.after).toBe(check.before);
  });
});

describe('restored ended tables with a wrong count (R11, §4)', () => {
  it.each(['complete', 'eastMahjong'] as const)('%s with South holding 12 is not restored as it is', (phase) => {
    const [moved] = dealt.racks.south;
    const context: CharlestonContext = {
      ...dealt,
      racks: { ...dealt.racks, south: dealt.racks.south.slice(1) },
      wall: [...dealt.wall, moved as number],
      votes: phase === 'complete' ? AFTER_STOP : dealt.votes,
      offers: phase === 'complete' ? { east: 0, west: 0, south: 0, north: 0 } : dealt.offers,
    };
    // R11: "Any other wrong count, at the deal or after a restore, → `misdeal` at once."
    // §4: "`complete` is final: every seat holds 13 tiles, east 14"
    let outcome: string;
    try {
      outcome = restore(textOf(phase, context)).phase;
    } catch (error) {
      outcome = error instanceof RestoreError ? 'RestoreError' : 'other error';
    }
    expect(['misdeal', 'RestoreError']).toContain(outcome);
  });
});

describe('restored racks are kept in ascending id order (picking looks there first)', () => {
  it('a rack listed out of order is sorted on restore, and its tiles can be passed', () => {
    const reversed = { ...dealt.racks, east: [...dealt.racks.east].reverse(), north: [...dealt.racks.north].reverse() };
    const restored = restore(textOf('firstCharleston.right', { ...dealt, racks: reversed }));
    expect(restored.context.racks.east).toEqual(dealt.racks.east);
    expect(restored.context.racks.north).toEqual(dealt.racks.north);
    // East's three highest natural tiles: at the front of the reversed list, at the end of the sorted one.
    const naturals = dealt.racks.east.map(faceOf).filter((tile) => tile !== JOKER);
    const result = restored.send({ type: 'pass.commit', seat: 'east', tiles: naturals.slice(-3) });
    expect(result).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(restored.context.racks.east).toHaveLength(11);
  });
});
