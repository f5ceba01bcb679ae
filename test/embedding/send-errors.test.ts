/**
 * The two ways `send()` throws instead of answering: a stopped (or stopping) table, and an engine bug (the machine
 * declines an event `decide()` accepted). Both change nothing, and neither answers `ok: true`.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { charlestonMachine } from '../../machines/charleston.machine.js';
import { EngineBugError, JOKER, TableStoppedError, createCharleston, persist, type CharlestonEngine, type Seat } from '../../src/index.js';
import { faceOf } from '../../src/entries/rules.js';
import { engineFor } from '../../src/engine.js';

/** A legal first pass for `seat`: three natural tiles of its rack. */
function passOf(table: CharlestonEngine, seat: Seat): { type: 'pass.commit'; seat: Seat; tiles: string[] } {
  const tiles = table.context.racks[seat].map(faceOf).filter((tile) => tile !== JOKER).slice(0, 3);
  return { type: 'pass.commit', seat, tiles };
}

describe('a stopped table', () => {
  it('throws TableStoppedError (code TABLE_STOPPED) from send() and actor.send, and changes nothing', () => {
    const table = createCharleston({ seed: 7 });
    const before = persist(table);
    const heard: unknown[] = [];
    table.subscribe((snapshot) => heard.push(snapshot));
    table.on('rejected', (notice) => heard.push(notice));
    table.stop();
    let thrown: unknown;
    try {
      table.send({ type: 'misdeal.declare', seat: 'east' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TableStoppedError);
    expect((thrown as TableStoppedError).code).toBe('TABLE_STOPPED');
    expect(() => table.send(null)).toThrow(TableStoppedError);
    expect(() => table.actor.send({ type: 'hand.redeal' })).toThrow(TableStoppedError);
    expect(persist(table)).toBe(before);
    expect(table.phase).toBe('firstCharleston.right');
    expect(heard).toEqual([]);
  });

  it('throws when its actor was stopped directly', () => {
    const table = createCharleston({ seed: 7 });
    table.actor.stop();
    expect(() => table.send({ type: 'misdeal.declare', seat: 'east' })).toThrow(expect.objectContaining({ code: 'TABLE_STOPPED' }));
  });

  it('throws for an event sent by a listener once the table is stopping', () => {
    const table = createCharleston({ seed: 7 });
    const errors: unknown[] = [];
    table.subscribe(() => {
      table.stop();
      try {
        table.send({ type: 'hand.redeal' });
      } catch (error) {
        errors.push(error);
      }
    });
    expect(table.send({ type: 'misdeal.declare', seat: 'south' })).toEqual({ ok: true, phase: 'misdeal' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TableStoppedError);
    expect(table.phase).toBe('misdeal');
  });

  it('a running table does not throw (the check can tell the two apart)', () => {
    const table = createCharleston({ seed: 7 });
    expect(table.send({ type: 'misdeal.declare', seat: 'east' })).toEqual({ ok: true, phase: 'misdeal' });
  });
});

describe('an engine bug: the machine declines an event decide() accepted', () => {
  const sabotaged = charlestonMachine.provide({ guards: { isLegalCommit: () => false, isLegalMisdeal: () => false } });
  const tableOf = () => {
    const actor = createActor(sabotaged, { input: { seed: 7 } });
    actor.start();
    return engineFor(actor, {});
  };

  it('send() throws EngineBugError (code ENGINE_BUG), never ok: true, and nothing changes', () => {
    const table = tableOf();
    const reference = createCharleston({ seed: 7 });
    const commit = passOf(table, 'east');
    expect(reference.send(commit)).toEqual({ ok: true, phase: 'firstCharleston.right' });
    const before = persist(table);
    const context = table.context;
    let thrown: unknown;
    try {
      table.send(commit);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EngineBugError);
    expect(thrown).toMatchObject({ code: 'ENGINE_BUG', eventType: 'pass.commit', phase: 'firstCharleston.right' });
    expect((thrown as Error).message).toMatch(/engine bug/);
    expect(persist(table)).toBe(before);
    expect(table.context).toBe(context);
    // The same for a guard on a parent state, and the table stays usable: a refused event is still a refusal.
    expect(() => table.send({ type: 'misdeal.declare', seat: 'south' })).toThrow(EngineBugError);
    expect(table.send({ type: 'vote.cast', seat: 'east', vote: 'stop' })).toMatchObject({ ok: false, refusal: { code: 'NOT_NOW' } });
    expect(persist(table)).toBe(before);
  });

  it('the unsabotaged machine takes the same events (the test can tell the two apart)', () => {
    const actor = createActor(charlestonMachine, { input: { seed: 7 } });
    actor.start();
    const table = engineFor(actor, {});
    expect(table.send(passOf(table, 'east'))).toEqual({ ok: true, phase: 'firstCharleston.right' });
    expect(table.send({ type: 'misdeal.declare', seat: 'south' })).toEqual({ ok: true, phase: 'misdeal' });
  });
});
