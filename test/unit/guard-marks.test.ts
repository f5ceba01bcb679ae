/**
 * Guards are honest: the mark that lets a guard skip the check of an event `decide()` accepted is honoured only
 * against the very context it was decided on, in every guard (the parent states' guards included); the courtesy
 * guards check a pair's event in the pair state the chart holds.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DECIDED, charlestonMachine } from '../../machines/charleston.machine.js';
import { phaseOf, type StateValue } from '../../src/phase.js';
import { viewFor } from '../../src/index.js';

function started(seed: number) {
  const actor = createActor(charlestonMachine, { input: { seed } });
  actor.start();
  return actor;
}

const phase = (actor: ReturnType<typeof started>): string => phaseOf(actor.getSnapshot().value as StateValue);

describe('the decided mark', () => {
  it('is ignored when it was made against another context: a malformed misdeal, a stranger’s draw are checked in full', () => {
    const actor = started(7);
    const stale = { ...actor.getSnapshot().context };
    // A misdeal naming no seat, marked against a copy of the context (not the context itself): refused.
    actor.send(Object.assign({ type: 'misdeal.declare', seat: 'nobody' }, { [DECIDED]: stale }) as never);
    expect(phase(actor)).toBe('firstCharleston.right');
    // A well-formed misdeal marked against the very context: the mark is honoured.
    actor.send(Object.assign({ type: 'misdeal.declare', seat: 'south' }, { [DECIDED]: actor.getSnapshot().context }) as never);
    expect(phase(actor)).toBe('misdeal');
    actor.stop();
  });

  it('the courtesy guards check an unmarked event in full, in the pair state they sit in', () => {
    // The bare machine, events unmarked: every guard asks the rule itself (no table decided them first).
    const actor = started(3);
    const rackOf = (seat: 'east' | 'south' | 'west' | 'north') => viewFor(actor.getSnapshot(), seat).rack.filter((tile) => tile.tile !== 'J');
    for (let pass = 0; pass < 3; pass += 1) {
      for (const seat of ['east', 'south', 'west', 'north'] as const) actor.send({ type: 'pass.commit', seat, tiles: rackOf(seat).slice(0, 3).map((tile) => tile.tile) });
    }
    actor.send({ type: 'vote.cast', seat: 'east', vote: 'stop' });
    expect(phase(actor)).toBe('courtesy');
    const pairs = () => JSON.stringify(actor.getSnapshot().value);
    actor.send({ type: 'courtesy.offer', seat: 'east', count: 4 }); // out of range: refused by the offering guard
    expect(actor.getSnapshot().context.offers.east).toBeNull();
    actor.send({ type: 'courtesy.offer', seat: 'east', count: 0 });
    actor.send({ type: 'courtesy.offer', seat: 'west', count: 2 });
    expect(pairs()).toMatch(/"eastWest":"done"/);
    actor.send({ type: 'courtesy.offer', seat: 'south', count: 2 });
    actor.send({ type: 'courtesy.offer', seat: 'north', count: 1 });
    expect(pairs()).toMatch(/"southNorth":"exchanging"/);
    // In exchanging: a packet of the wrong size, then one with a joker, are refused; a right one is taken.
    actor.send({ type: 'courtesy.commit', seat: 'south', tiles: rackOf('south').slice(0, 2).map((tile) => tile.tile) });
    expect(actor.getSnapshot().context.table.south).toBeNull();
    actor.send({ type: 'courtesy.commit', seat: 'south', tiles: ['J'] });
    expect(actor.getSnapshot().context.table.south).toBeNull();
    actor.send({ type: 'courtesy.commit', seat: 'south', tiles: rackOf('south').slice(0, 1).map((tile) => tile.tile) });
    expect(actor.getSnapshot().context.table.south).not.toBeNull();
    actor.stop();
  });
});
