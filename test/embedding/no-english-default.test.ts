/**
 * No English default in the machine or in `viewFor`: without a locale they carry codes and params only. A view made
 * without `{ locale }` has no `phaseName`, no `prompt`, and a misdeal with its `by`, `code`, `counts` and `text` but
 * no `reason` sentence (with a locale, the sentence is there); the machine's own refusal of an `engine.submit` is
 * `{ code, params }` with no message, emitted and sent to the parent alike. The table object (`send()`) still words
 * its refusals in its locale: that is its boundary.
 */
import { createActor, createMachine, sendTo } from 'xstate';
import { describe, expect, it } from 'vitest';
import { charlestonMachine, createCharleston, refusalMessage, viewFor, type RejectedEmitted } from '../../src/index.js';
import type { ChildRejectedEvent } from '../../src/types.js';

describe('viewFor without a locale', () => {
  it('carries the misdeal as codes and data, and no sentence anywhere', () => {
    const table = createCharleston({ seed: 7, rules: { declarationReview: true } });
    expect(table.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
    expect(table.send({ type: 'misdeal.declare', seat: 'west' }).ok).toBe(true);
    for (const seat of ['east', 'south', 'west', 'north'] as const) {
      const view = viewFor(table.getSnapshot(), seat);
      expect(view.misdeal).toEqual({ by: 'west', code: 'declarationDisputed' });
      expect('reason' in (view.misdeal ?? {})).toBe(false);
      expect('prompt' in view).toBe(false);
      expect('phaseName' in view).toBe(false);
      expect(JSON.stringify(view)).not.toMatch(/disputed by/i);
    }
    expect('phaseName' in viewFor(table.getSnapshot(), null)).toBe(false);
    // With a locale the sentence is there, in that language.
    expect(viewFor(table.getSnapshot(), 'east', { locale: 'en' }).misdeal?.reason).toBe("East's declaration disputed by west");
  });

  it('keeps the words a person typed and the wrong counts, which are data', () => {
    const typed = createCharleston({ seed: 3 });
    expect(typed.send({ type: 'misdeal.declare', seat: 'north', reason: 'two racks touched' }).ok).toBe(true);
    expect(viewFor(typed.getSnapshot(), 'south').misdeal).toEqual({ by: 'north', code: 'declared', text: 'two racks touched' });
  });
});

describe('the machine words no refusal', () => {
  it('emits and sends to its parent a refused engine.submit as { code, params }', () => {
    const parent = createMachine({
      types: {} as { context: { refused: ChildRejectedEvent['refusal'][] } },
      context: { refused: [] },
      invoke: { id: 'charleston', src: charlestonMachine, input: { seed: 1 } },
      on: {
        submit: { actions: sendTo('charleston', ({ event }) => ({ type: 'engine.submit', event: (event as { event?: unknown }).event })) },
        'charleston.rejected': { actions: ({ context, event }) => void context.refused.push((event as ChildRejectedEvent).refusal) },
      },
    });
    const actor = createActor(parent).start();
    const child = actor.getSnapshot().children['charleston'];
    const emitted: RejectedEmitted['refusal'][] = [];
    child?.on('rejected', ({ refusal }: RejectedEmitted) => emitted.push(refusal));
    actor.send({ type: 'submit', event: { type: 'vote.cast', seat: 'east', vote: 'stop' } } as never);
    const refused = actor.getSnapshot().context.refused;
    expect(refused).toHaveLength(1);
    expect(refused[0]?.code).toBe('NOT_NOW');
    expect('message' in (refused[0] ?? {})).toBe(false);
    expect(emitted).toEqual(refused);
    // The host words it in its reader's language from the data.
    const { code, params } = refused[0]!;
    expect(refusalMessage('en', code, params as Record<string, string>)).toMatch(/./);
    actor.stop();
  });
});
