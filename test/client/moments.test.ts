/**
 * Messages leave when their moment has passed: the table's notice lasts for the phase in which the page first showed
 * it and goes at the next one (or a new hand, or the end screen); a refusal is not shown on the end screen; and in
 * the flow machine the joker's refusal goes when the hint opens or the person taps again.
 */
import '../../src/i18n/locales.js';
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flowMachine } from '../../src/client/flow.machine.js';
import { alertShown, noticeKey, noticeMoment, noticeShown } from '../../src/client/moments.js';
import { soloTransport } from '../../src/client/solo-transport.js';
import { isSeatView } from '../../src/client/transport.js';

describe('the clock notice', () => {
  const notice = { code: 'CLOCK_RAN_OUT' as const, seat: 'south' as const, hand: 1, version: 4 };
  const across = { hand: 1, phase: 'firstCharleston.across' };
  it('lasts for the decision at which it came, and goes at the next one', () => {
    const key = noticeKey(notice);
    const first = noticeMoment(null, key, across);
    expect(noticeShown(first, across, false)).toBe(true);
    // The same notice sent again with later views keeps its moment.
    const again = noticeMoment(first, noticeKey({ ...notice }), { hand: 1, phase: 'firstCharleston.left' });
    expect(again).toBe(first);
    expect(noticeShown(again, { hand: 1, phase: 'firstCharleston.left' }, false)).toBe(false);
    expect(noticeShown(again, { hand: 2, phase: 'firstCharleston.across' }, false)).toBe(false);
    expect(noticeShown(first, across, true)).toBe(false);
    // A new notice (another version) has a moment of its own.
    const later = noticeMoment(first, noticeKey({ ...notice, version: 9 }), { hand: 1, phase: 'firstCharleston.left' });
    expect(noticeShown(later, { hand: 1, phase: 'firstCharleston.left' }, false)).toBe(true);
    expect(noticeMoment(first, null, across)).toBeNull();
    expect(noticeShown(null, across, false)).toBe(false);
  });

  it('a refusal is not shown on the end screen', () => {
    expect(alertShown('no', false)).toBe('no');
    expect(alertShown('no', true)).toBeNull();
  });
});

describe('a refusal in the flow', () => {
  it('the joker refusal goes when the hint opens, and at the next tap', async () => {
    const actor = createActor(flowMachine.provide({ actors: { transport: soloTransport({ seed: 7, botDelay: 0 }) } }), { input: { locale: 'en' } });
    actor.start();
    await waitFor(actor, (s) => s.matches({ live: 'choosing' }));
    const view = actor.getSnapshot().context.view;
    if (view === null || !isSeatView(view)) throw new Error('no seat view');
    const joker = view.rack.find((tile) => tile.tile === 'J');
    const natural = view.rack.find((tile) => tile.tile !== 'J');
    if (joker === undefined || natural === undefined) throw new Error('seed 7 deals East a joker and natural tiles');
    actor.send({ type: 'tile.toggle', id: joker.id });
    expect(actor.getSnapshot().context.alert).toContain('Jokers can never be passed');
    actor.send({ type: 'hint.toggle' });
    expect(actor.getSnapshot().context.showHint).toBe(true);
    expect(actor.getSnapshot().context.alert).toBeNull();
    actor.send({ type: 'tile.toggle', id: joker.id });
    expect(actor.getSnapshot().context.alert).toContain('Jokers can never be passed');
    actor.send({ type: 'tile.toggle', id: natural.id });
    expect(actor.getSnapshot().context.alert).toBeNull();
    // An incomplete packet's explanation goes when the person cancels nothing but taps on: the next tile.
    actor.send({ type: 'act', action: 'pass' });
    expect(actor.getSnapshot().context.alert).not.toBeNull();
    actor.send({ type: 'tile.toggle', id: natural.id });
    expect(actor.getSnapshot().context.alert).toBeNull();
    actor.stop();
  });
});
