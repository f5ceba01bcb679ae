/**
 * Guards are honest: the mark that lets a guard skip the check of an event `decide()` accepted is honoured only
 * against the very context it was decided on, in every guard (the parent states' guards included); the courtesy
 * guards check a pair's event in the pair state the chart holds.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DECIDED, charlestonMachine } from '../../machines/charleston.machine.js';
import { phaseOf, type StateValue } from '../../src/phase.js';
import { createCharleston, viewFor } from '../../src/index.js';

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
    // The same event marked against the very context: the mark is honoured (the table only marks what decide() accepted).
    const draw = Object.assign({ type: 'wall.draw', seat: 'east' }, { [DECIDED]: stale });
    actor.send(draw as never);
    expect(phase(actor)).toBe('firstCharleston.right');
    actor.send(Object.assign({ type: 'misdeal.declare', seat: 'south' }, { [DECIDED]: actor.getSnapshot().context }) as never);
    expect(phase(actor)).toBe('misdeal');
    actor.stop();
  });

  it('a courtesy offer from a pair that is done is refused by the pair’s own state', () => {
    // Play to the courtesy with the table, then ask the bare machine: East–West offer 0 (done); another offer is refused.
    const table = createCharleston({ seed: 3 });
    for (let pass = 0; pass < 3; pass += 1) {
      for (const seat of ['east', 'south', 'west', 'north'] as const) {
        const rack = viewFor(table.getSnapshot(), seat).rack.filter((tile) => tile.tile !== 'J').slice(0, 3);
        expect(table.send({ type: 'pass.commit', seat, tiles: rack.map((tile) => tile.tile) }).ok).toBe(true);
      }
    }
    expect(table.send({ type: 'vote.cast', seat: 'east', vote: 'stop' }).ok).toBe(true);
    expect(table.send({ type: 'courtesy.offer', seat: 'east', count: 0 }).ok).toBe(true);
    expect(table.send({ type: 'courtesy.offer', seat: 'west', count: 2 }).ok).toBe(true);
    const offer = table.send({ type: 'courtesy.offer', seat: 'west', count: 1 });
    expect(offer.ok ? null : offer.refusal.code).toBe('NOT_NOW');
    const snapshot = table.getSnapshot();
    expect(JSON.stringify(snapshot.value)).toMatch(/"eastWest":"done"/);
    table.stop();
  });
});
