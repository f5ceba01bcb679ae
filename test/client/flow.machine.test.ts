/**
 * The client's flow machine on its own (no browser): with the solo transport (the engine and three teacher bots
 * in process), it connects, explains a joker, holds a pass for the confirm step, cancels, passes, shows a
 * refusal in the player's language, and plays a whole hand to the end by the legal actions alone. A transport
 * that is lost sends the flow to `reconnecting`; a refused link to `failed`.
 */
import '../../src/i18n/locales.js';
import { createActor, fromCallback, waitFor, type Actor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flowMachine, isPendingCurrent, type FlowContext, type FlowEvent } from '../../src/client/flow.machine.js';
import { soloTransport } from '../../src/client/solo-transport.js';
import { flowContext } from './support/flow-context.js';
import type { TransportCommand, TransportReport } from '../../src/client/transport.js';
import { isSeatView } from '../../src/client/transport.js';
import { createCharleston, legalActions, viewFor, type Locale, type Seat } from '../../src/index.js';

function soloActor(seed: number, locale: Locale = 'en'): Actor<typeof flowMachine> {
  const actor = createActor(flowMachine.provide({ actors: { transport: soloTransport({ seed, botDelay: 0 }) } }), { input: { locale } });
  actor.start();
  return actor;
}

const rackOf = (actor: Actor<typeof flowMachine>) => {
  const view = actor.getSnapshot().context.view;
  if (view === null || !isSeatView(view)) throw new Error('no seat view');
  return view.rack;
};

describe('the client flow machine', () => {
  it('connects, explains a joker, confirms a pass, and refuses nothing it offered', async () => {
    const actor = soloActor(7);
    await waitFor(actor, (s) => s.matches({ live: 'choosing' }));
    expect(actor.getSnapshot().context.view?.phase).toBe('firstCharleston.right');
    const rack = rackOf(actor);
    const joker = rack.find((tile) => tile.tile === 'J');
    if (joker === undefined) throw new Error('seed 7 deals East a joker');
    actor.send({ type: 'tile.toggle', id: joker.id });
    expect(actor.getSnapshot().context.alert).toBe('Jokers can never be passed: it goes back to your rack; choose a natural tile.');
    expect(actor.getSnapshot().context.chosen).toEqual([]);
    const naturals = rack.filter((tile) => tile.tile !== 'J');
    // Asking to pass with too few tiles says how many more (and asks nothing yet).
    actor.send({ type: 'tile.toggle', id: (naturals[0] as { id: number }).id });
    actor.send({ type: 'act', action: 'pass' });
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.alert).toBe('Choose 2 more.');
    actor.send({ type: 'tile.toggle', id: (naturals[0] as { id: number }).id });
    for (const tile of naturals.slice(0, 4)) actor.send({ type: 'tile.toggle', id: tile.id });
    // A fourth tap drops nothing: the first three stay chosen and the page says three are already chosen.
    expect(actor.getSnapshot().context.chosen).toEqual(naturals.slice(0, 3).map((tile) => tile.id));
    expect(actor.getSnapshot().context.alert).toBe('You have already chosen 3: tap a chosen tile to put it back first.');
    actor.send({ type: 'act', action: 'pass' });
    expect(actor.getSnapshot().matches({ live: 'confirming' })).toBe(true);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    actor.send({ type: 'act', action: 'pass' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.context.view?.phase === 'firstCharleston.across');
    expect(actor.getSnapshot().context.alert).toBeNull();
    actor.stop();
  });

  it('plays a whole hand by its legal actions alone, to complete', async () => {
    const actor = soloActor(2026);
    for (let moves = 0; moves < 40; moves += 1) {
      const snapshot = await waitFor(actor, (s) => s.matches({ live: 'choosing' }) || s.context.view?.phase === 'complete');
      const { legal } = snapshot.context;
      if (snapshot.context.view?.phase === 'complete' || legal === null) break;
      const naturals = rackOf(actor).filter((tile) => tile.tile !== 'J');
      if (legal.pass || legal.courtesy) {
        const need = legal.pass ? 3 : (legal.courtesy?.count ?? 0);
        for (const tile of naturals.slice(0, need)) actor.send({ type: 'tile.toggle', id: tile.id });
        actor.send({ type: 'act', action: legal.pass ? 'pass' : 'give' });
        actor.send({ type: 'confirm' });
      } else if (legal.vote.length > 0) actor.send({ type: 'act', action: 'vote-continue' });
      else if (legal.offer.length > 0) actor.send({ type: 'act', action: 'offer', count: 2 });
      await waitFor(actor, (s) => !s.matches({ live: 'sending' }) && !s.matches({ live: 'confirming' }));
      expect(actor.getSnapshot().context.alert).toBeNull();
    }
    expect(actor.getSnapshot().context.view?.phase).toBe('complete');
    expect(actor.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    actor.stop();
  });

  it("shows a refusal from the table in the player's language", async () => {
    // A transport whose table refuses every send, as a server may (here: the engine's refusal for a joker).
    const table = createCharleston({ seed: 7, locale: 'el' });
    const transport = fromCallback<TransportCommand, { locale: Locale }, TransportReport>(({ sendBack, receive }) => {
      const snapshot = table.getSnapshot();
      sendBack({ type: 'transport.view', version: 0, view: viewFor(snapshot, 'east'), legal: legalActions(snapshot, 'east') });
      receive((command) => {
        const result = table.send({ type: 'pass.commit', seat: 'east', tiles: ['J', 'J', 'J'] });
        if (!result.ok) sendBack({ type: 'transport.result', id: command.id, ok: false, refusal: result.refusal });
      });
    });
    const actor = createActor(flowMachine.provide({ actors: { transport } }), { input: { locale: 'sw' } });
    actor.start();
    await waitFor(actor, (s) => s.matches({ live: 'choosing' }));
    for (const tile of rackOf(actor).filter((t) => t.tile !== 'J').slice(0, 3)) actor.send({ type: 'tile.toggle', id: tile.id });
    actor.send({ type: 'act', action: 'pass' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.context.alert !== null);
    expect(actor.getSnapshot().context.alert).toBe('Majoka hayapitishwi kamwe: joka linarudi kwenye rafu yako; chagua kigae cha kawaida.');
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    actor.stop();
  });

  it('goes to reconnecting when the transport is lost, back to live on the next view, and to failed on a refused link', async () => {
    const table = createCharleston({ seed: 4 });
    let report: ((event: TransportReport) => void) | null = null;
    const transport = fromCallback<TransportCommand, { locale: Locale }, TransportReport>(({ sendBack }) => {
      report = sendBack;
    });
    const actor = createActor(flowMachine.provide({ actors: { transport } }), { input: { locale: 'en' } });
    actor.start();
    expect(actor.getSnapshot().matches('connecting')).toBe(true);
    const send = (event: FlowEvent & TransportReport): void => (report as unknown as (e: TransportReport) => void)(event);
    const snapshot = table.getSnapshot();
    send({ type: 'transport.view', version: 3, view: viewFor(snapshot, 'south'), legal: legalActions(snapshot, 'south') });
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    send({ type: 'transport.lost' });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    // An older view (out of order) is not taken; the current one brings the page back.
    send({ type: 'transport.view', version: 2, view: viewFor(snapshot, 'south'), legal: legalActions(snapshot, 'south') });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    send({ type: 'transport.view', version: 3, view: viewFor(snapshot, 'south'), legal: legalActions(snapshot, 'south') });
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    send({ type: 'transport.failed', message: 'unknown token' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('unknown token');
  });

  it("answers East's declaration in review: accept is sent at once, a dispute after the confirm step; the table's fields are kept", () => {
    const table = createCharleston({ seed: 4 });
    let report: ((event: TransportReport) => void) | null = null;
    const sent: TransportCommand[] = [];
    const transport = fromCallback<TransportCommand, { locale: Locale }, TransportReport>(({ sendBack, receive }) => {
      report = sendBack;
      receive((command) => sent.push(command));
    });
    const actor = createActor(flowMachine.provide({ actors: { transport } }), { input: { locale: 'en' } });
    actor.start();
    const snapshot = table.getSnapshot();
    const east = viewFor(snapshot, 'east');
    // The view and actions as the service sends them in review (the phase and fields the core adds).
    const view = { ...viewFor(snapshot, 'south'), phase: 'declarationReview', declaration: { tiles: east.rack, accepted: [] } } as unknown as ReturnType<typeof viewFor>;
    const legal = { ...legalActions(snapshot, 'south'), phase: 'declarationReview', pass: null, declareMahjong: false, declareMisdeal: true, dispute: true, acceptDeclaration: true } as unknown as ReturnType<typeof legalActions>;
    const info = { hand: 3, seat: 'south' as const, names: { south: 'Kofi' }, clock: null, notice: null, waitingFor: null, joining: [], packetOnTable: null, chosenDeal: false, receivedAt: 0 };
    const send = (event: TransportReport): void => (report as unknown as (e: TransportReport) => void)(event);
    send({ type: 'transport.view', version: 10, view, legal, table: info });
    expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.table).toEqual(info);
    actor.send({ type: 'act', action: 'accept' });
    expect(sent).toEqual([{ type: 'send', id: 1, event: { type: 'declaration.accept', seat: 'south' } }]);
    send({ type: 'transport.result', id: 1, ok: false, refusal: { code: 'NOT_NOW', message: 'not now' } });
    actor.send({ type: 'act', action: 'dispute' });
    expect(actor.getSnapshot().matches({ live: 'confirming' })).toBe(true);
    expect(sent).toHaveLength(1);
    actor.send({ type: 'confirm' });
    expect(sent[1]).toEqual({ type: 'send', id: 2, event: { type: 'misdeal.declare', seat: 'south' } });
    actor.stop();
  });

  describe('a confirm step holds only in the hand and phase it was opened in', () => {
    /** A flow machine fed by hand: the test plays the table (the engine) and reports its views; every send is kept. */
    function handFed(seed: number): {
      actor: Actor<typeof flowMachine>;
      table: ReturnType<typeof createCharleston>;
      sent: TransportCommand[];
      report: (seat?: Seat) => void;
    } {
      const table = createCharleston({ seed });
      let sendBack: ((event: TransportReport) => void) | null = null;
      const sent: TransportCommand[] = [];
      const transport = fromCallback<TransportCommand, { locale: Locale }, TransportReport>(({ sendBack: back, receive }) => {
        sendBack = back;
        receive((command) => sent.push(command));
      });
      const actor = createActor(flowMachine.provide({ actors: { transport } }), { input: { locale: 'en' } });
      actor.start();
      let version = 0;
      const report = (seat: Seat = 'east'): void => {
        const snapshot = table.getSnapshot();
        version += 1;
        (sendBack as unknown as (event: TransportReport) => void)({ type: 'transport.view', version, view: viewFor(snapshot, seat), legal: legalActions(snapshot, seat) });
      };
      report();
      return { actor, table, sent, report };
    }
    /** A seat passes the first three natural tiles of its rack (as the teacher bot does when a clock runs out). */
    const passFor = (table: ReturnType<typeof createCharleston>, seat: Seat, skip = 0): void => {
      const tiles = viewFor(table.getSnapshot(), seat)
        .rack.filter((tile) => tile.tile !== 'J')
        .slice(skip, skip + 3)
        .map((tile) => tile.tile);
      const result = table.send({ type: 'pass.commit', seat, tiles });
      if (!result.ok) throw new Error(`${seat} could not pass: ${result.refusal.message}`);
    };
    const openPassConfirm = (actor: Actor<typeof flowMachine>): void => {
      for (const tile of rackOf(actor).filter((each) => each.tile !== 'J').slice(0, 3)) actor.send({ type: 'tile.toggle', id: tile.id });
      actor.send({ type: 'act', action: 'pass' });
      expect(actor.getSnapshot().matches({ live: 'confirming' })).toBe(true);
    };

    it('a view in a new phase closes it: the page is back to choosing and Confirm sends nothing', () => {
      const { actor, table, sent, report } = handFed(7);
      openPassConfirm(actor);
      // The clock ran out: the bot passed for East (other tiles), the others passed, the table moved to the across pass.
      for (const seat of ['east', 'south', 'west', 'north'] as const) passFor(table, seat, seat === 'east' ? 3 : 0);
      report();
      expect(actor.getSnapshot().context.view?.phase).toBe('firstCharleston.across');
      expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
      expect(actor.getSnapshot().context.pending).toBeNull();
      actor.send({ type: 'confirm' });
      expect(sent).toEqual([]);
      expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
      actor.stop();
    });

    it('a view in which the action is no longer legal closes it (another tab of the seat passed)', () => {
      const { actor, table, sent, report } = handFed(7);
      openPassConfirm(actor);
      passFor(table, 'east', 3);
      report();
      expect(actor.getSnapshot().matches({ live: 'waiting' })).toBe(true);
      expect(actor.getSnapshot().context.pending).toBeNull();
      actor.send({ type: 'confirm' });
      expect(sent).toEqual([]);
      actor.stop();
    });

    it('a view of the same phase that leaves the action legal keeps it, and Confirm sends the tiles it showed', () => {
      const { actor, table, sent, report } = handFed(7);
      openPassConfirm(actor);
      const held = actor.getSnapshot().context.pending;
      passFor(table, 'south');
      report();
      expect(actor.getSnapshot().matches({ live: 'confirming' })).toBe(true);
      actor.send({ type: 'confirm' });
      expect(sent).toEqual([{ type: 'send', id: 1, event: held }]);
      actor.stop();
    });

    it.each(['declare', 'misdeal'] as const)('%s, held for confirming, closes when the phase moves on', (action) => {
      // Seed 7 lets East declare and declare a misdeal in the first right pass, and both stay legal in the across.
      const { actor, table, sent, report } = handFed(7);
      actor.send({ type: 'act', action });
      expect(actor.getSnapshot().matches({ live: 'confirming' })).toBe(true);
      for (const seat of ['east', 'south', 'west', 'north'] as const) passFor(table, seat);
      report();
      expect(actor.getSnapshot().context.view?.phase).toBe('firstCharleston.across');
      expect(actor.getSnapshot().context.legal?.declareMisdeal).toBe(true);
      expect(actor.getSnapshot().matches({ live: 'choosing' })).toBe(true);
      actor.send({ type: 'confirm' });
      expect(sent).toEqual([]);
      actor.stop();
    });
  });

  it('isPendingCurrent: a held event is good only for its own phase and hand, with the same tiles', () => {
    const table = createCharleston({ seed: 7 });
    const snapshot = table.getSnapshot();
    const view = viewFor(snapshot, 'east');
    const naturals = view.rack.filter((tile) => tile.tile !== 'J').slice(0, 3);
    const context = flowContext(view, legalActions(snapshot, 'east'), {
      chosen: naturals.map((tile) => tile.id),
      pending: { type: 'pass.commit', seat: 'east', tiles: naturals.map((tile) => tile.tile).reverse() },
      pendingFor: { action: 'pass', phase: 'firstCharleston.right', hand: view.hand, tableHand: null },
    });
    expect(isPendingCurrent(context)).toBe(true);
    // The same legal pass, but in another phase than the one the step was opened in.
    expect(isPendingCurrent({ ...context, pendingFor: { action: 'pass', phase: 'firstCharleston.across', hand: view.hand, tableHand: null } })).toBe(false);
    expect(isPendingCurrent({ ...context, pendingFor: { action: 'pass', phase: 'firstCharleston.right', hand: view.hand + 1, tableHand: null } })).toBe(false);
    // Other tiles chosen than those the step showed.
    expect(isPendingCurrent({ ...context, chosen: view.rack.filter((tile) => tile.tile !== 'J').slice(1, 4).map((tile) => tile.id) })).toBe(false);
    expect(isPendingCurrent({ ...context, pendingFor: null })).toBe(false);
  });

  it('fails with a clear message when the host gives no transport', () => {
    const actor = createActor(flowMachine, { input: { locale: 'en' } });
    actor.start();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toMatch(/no table to play at/);
  });
});
