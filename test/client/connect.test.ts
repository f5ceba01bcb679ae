/**
 * `connect(snapshot)`: the props of every control of a table page, from the flow machine's snapshot alone (no
 * browser). Table-driven: which controls exist and which are enabled for a seat at a given table and flow state;
 * the guarantee of the test hooks (a control is enabled exactly when its action is legal for this seat now) for
 * every seat at every step of seeded bot games; refusals and misdeals in the page's language; the live transport's
 * reading of the service's `actions`.
 */
import '../../src/i18n/locales.js';
import { describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import { connect, type ControlProps, type FlowSnapshotLike } from '../../src/client/connect.js';
import { eventFor, refusalText, resolvedPassDirection, type FlowContext } from '../../src/client/flow.logic.js';
import { faceOf } from '../../src/tiles.js';
import { actionsOf } from '../../src/client/live-transport.js';
import { ct } from '../../src/client/i18n/catalog.js';
import { misdealText } from '../../src/client/misdeal.js';
import { serviceRefusal } from '../../src/server/messages.js';
import {
  LOCALES,
  PASS_RULES,
  SEATS,
  createCharleston,
  legalActions,
  refusalMessage,
  t,
  viewFor,
  type CharlestonEngine,
  type LegalActions,
  type Locale,
  type Phase,
  type Seat,
} from '../../src/index.js';
import { playHand, randomStrategy, teacherStrategy } from '../../src/entries/bots.js';
import { flowContextAt } from './support/flow-context.js';

/** A flow context for `seat` at the table's current state. */
function contextAt(table: CharlestonEngine, seat: Seat, extra: Partial<FlowContext> = {}): FlowContext {
  return flowContextAt(table, seat, { version: 4, ...extra });
}

const snap = (value: StateValue, context: FlowContext): FlowSnapshotLike => ({ value, context });

/** Every control of the seat's part of the page, by `data-action`. */
function controls(snapshot: FlowSnapshotLike): Map<string, ControlProps> {
  const seat = connect(snapshot).seat;
  if (seat === null) return new Map();
  const all = [...seat.blind, ...seat.vote, ...seat.offer, ...seat.main, ...(seat.menu === null ? [] : [seat.menu.misdeal])];
  return new Map(all.map((control) => [control.action, control]));
}

/** `action` → enabled, for the controls present. */
function enabledMap(snapshot: FlowSnapshotLike): Record<string, boolean> {
  return Object.fromEntries([...controls(snapshot)].map(([action, control]) => [action, control.enabled]));
}

/** Plays teacher moves (every seat) until the table reaches `phase`; null when this seed's hand never does. */
function reach(phase: Phase, seed: number): CharlestonEngine | null {
  const table = createCharleston({ seed });
  for (let step = 0; step < 200; step += 1) {
    const snapshot = table.getSnapshot();
    if (viewFor(snapshot, 'east').phase === phase) return table;
    const move = SEATS.map((seat) => teacherStrategy.act(viewFor(snapshot, seat), legalActions(snapshot, seat), () => 0)).find((event) => event !== null);
    if (move === undefined || move === null || !table.send(move).ok) return null;
  }
  return null;
}

function reachSome(phase: Phase): CharlestonEngine {
  for (let seed = 1; seed < 200; seed += 1) {
    const table = reach(phase, seed);
    if (table !== null) return table;
  }
  throw new Error(`no seed reaches ${phase}`);
}

/** The natural tile ids of a seat's rack. */
function naturalIds(context: FlowContext, count: number): number[] {
  const view = context.view;
  if (view === null || !('rack' in view)) return [];
  return view.rack.filter((tile) => tile.tile !== 'J').slice(0, count).map((tile) => tile.id);
}

describe('connect: the page before and around a seat', () => {
  it('shows nothing to do before the first view', () => {
    const context: FlowContext = { ...contextAt(createCharleston({ seed: 1 }), 'east'), view: null, legal: null, version: -1 };
    const page = connect(snap('connecting', context));
    expect(page).toMatchObject({ phase: '', version: '', flow: 'connecting', title: '', seat: null, busy: false });
    expect(page.status).toBe(ct('en', 'conn.connecting'));
  });

  it('gives a spectator the table and no controls', () => {
    const table = createCharleston({ seed: 1 });
    const context: FlowContext = { ...contextAt(table, 'east'), view: viewFor(table.getSnapshot(), null), legal: null };
    const page = connect(snap({ live: 'waiting' }, context));
    expect(page.phase).toBe('firstCharleston.right');
    expect(page.version).toBe('4');
    expect(page.flow).toBe('live.waiting');
    expect(page.seat).toBeNull();
    expect(page.status).toBe(ct('en', 'conn.spectator'));
  });

  it('offers nothing to a seat whose view came without its actions', () => {
    const context = { ...contextAt(createCharleston({ seed: 1 }), 'south'), legal: null };
    expect(connect(snap({ live: 'waiting' }, context)).seat).toBeNull();
  });
});

describe('connect: which controls exist and which are enabled (table-driven)', () => {
  const first = createCharleston({ seed: 7 });
  const east = contextAt(first, 'east');
  const committed = createCharleston({ seed: 7 });
  const tiles = legalActions(committed.getSnapshot(), 'south').pass?.from.slice(0, 3) ?? [];
  committed.send({ type: 'pass.commit', seat: 'south', tiles });
  const checkpoint = reachSome('stopCheckpoint');
  const courtesy = reachSome('courtesy');
  const lastPass = reachSome('secondCharleston.right');
  const misdeal = createCharleston({ seed: 5 });
  misdeal.send({ type: 'misdeal.declare', seat: 'west' });

  const cases: Array<{ name: string; value: StateValue; context: FlowContext; expected: Record<string, boolean> }> = [
    {
      name: 'East at the first pass, nothing chosen: pass shown but waiting for tiles',
      value: { live: 'choosing' },
      context: east,
      expected: { hint: true, pass: false, declare: true, misdeal: true },
    },
    {
      name: 'East at the first pass, three chosen: pass enabled',
      value: { live: 'choosing' },
      context: { ...east, chosen: naturalIds(east, 3) },
      expected: { hint: true, pass: true, declare: true, misdeal: true },
    },
    {
      name: 'East with three chosen while the pass is sent: everything waits (the hint aside)',
      value: { live: 'sending' },
      context: { ...east, chosen: naturalIds(east, 3) },
      expected: { hint: true, pass: false, declare: false, misdeal: false },
    },
    {
      name: 'a reconnecting page: nothing can be sent',
      value: 'reconnecting',
      context: { ...east, chosen: naturalIds(east, 3) },
      expected: { hint: true, pass: false, declare: false, misdeal: false },
    },
    {
      name: 'a seat that has passed: only retract (and the misdeal)',
      value: { live: 'waiting' },
      context: contextAt(committed, 'south'),
      expected: { retract: true, misdeal: true },
    },
    {
      name: 'the stop checkpoint: both votes',
      value: { live: 'choosing' },
      context: contextAt(checkpoint, 'west'),
      expected: { hint: true, 'vote-stop': true, 'vote-continue': true, misdeal: true },
    },
    {
      name: 'the courtesy pass: the four offers',
      value: { live: 'choosing' },
      context: contextAt(courtesy, 'north'),
      expected: { hint: true, 'offer-0': true, 'offer-1': true, 'offer-2': true, 'offer-3': true, misdeal: true },
    },
    {
      name: 'the last pass: the blind counts, pass waiting for tiles',
      value: { live: 'choosing' },
      context: contextAt(lastPass, 'east', { blind: 2 }),
      expected: { 'blind-0': true, 'blind-1': true, 'blind-2': true, 'blind-3': true, hint: true, pass: false, misdeal: true },
    },
    {
      name: 'the last pass, blind 2 and one tile chosen: pass enabled',
      value: { live: 'choosing' },
      context: contextAt(lastPass, 'east', { blind: 2, chosen: naturalIds(contextAt(lastPass, 'east'), 1) }),
      expected: { 'blind-0': true, 'blind-1': true, 'blind-2': true, 'blind-3': true, hint: true, pass: true, misdeal: true },
    },
    {
      name: 'a misdeal: only the redeal',
      value: { live: 'choosing' },
      context: contextAt(misdeal, 'north'),
      expected: { redeal: true },
    },
  ];

  for (const { name, value, context, expected } of cases) {
    it(name, () => {
      const got = enabledMap(snap(value, context));
      // The hint exists only where the teacher has advice; the rest must match exactly.
      if (!('hint' in got)) delete expected.hint;
      expect(got).toEqual(expected);
    });
  }

  it('marks the chosen blind count and the chosen tiles as pressed, and names each control’s event', () => {
    const context = contextAt(lastPass, 'east', { blind: 2, chosen: naturalIds(contextAt(lastPass, 'east'), 1) });
    const page = connect(snap({ live: 'choosing' }, context));
    expect(page.seat?.blind.map((control) => control.pressed)).toEqual([false, false, true, false]);
    expect(page.seat?.blind.map((control) => control.event)).toEqual([0, 1, 2, 3].map((count) => ({ type: 'blind.choose', count })));
    expect(page.seat?.rack.filter((tile) => tile.pressed).map((tile) => tile.id)).toEqual(context.chosen);
    expect(page.seat?.slots).toMatchObject({ need: 1, blind: 2 });
    expect(page.seat?.submit).toEqual({ type: 'act', action: 'pass' });
    expect(controls(snap({ live: 'choosing' }, contextAt(courtesy, 'north'))).get('offer-2')?.event).toEqual({ type: 'act', action: 'offer', count: 2 });
  });

  it('shows the confirm step with its text while an event waits for it', () => {
    const chosen = naturalIds(east, 3);
    const pending = eventFor({ ...east, chosen }, 'pass');
    const page = connect(snap({ live: 'confirming' }, { ...east, chosen, pending }));
    expect(page.busy).toBe(true);
    expect(page.seat?.confirm?.confirm).toMatchObject({ action: 'confirm', enabled: true, event: { type: 'confirm' }, kind: 'primary' });
    expect(page.seat?.confirm?.cancel).toMatchObject({ action: 'cancel', event: { type: 'cancel' } });
    expect(page.seat?.confirm?.text).toMatch(/\S/);
    const misdealPending = eventFor(east, 'misdeal');
    expect(misdealPending).toEqual({ type: 'misdeal.declare', seat: 'east' });
    expect(connect(snap({ live: 'confirming' }, { ...east, pending: misdealPending })).seat?.confirm?.confirm.kind).toBe('primary danger');
    expect(connect(snap({ live: 'choosing' }, east)).seat?.confirm).toBeNull();
  });

  it('labels the controls in the page’s language', () => {
    const en = controls(snap({ live: 'choosing' }, east)).get('pass')?.label;
    const ca = controls(snap({ live: 'choosing' }, { ...east, locale: 'ca' })).get('pass')?.label;
    expect(en).toMatch(/\S/);
    expect(ca).toMatch(/\S/);
    expect(ca).not.toBe(en);
  });
});

describe('connect: a control exists exactly while its action is legal (the test hooks of docs/client.md)', () => {
  /** The `data-action`s the legal actions allow (the hint aside: it is advice, not an action). */
  function expectedActions(legal: LegalActions, phase: Phase): string[] {
    const actions: string[] = [];
    const blindAllowed = PASS_RULES[phase]?.blindAllowed ?? false;
    if (legal.pass !== null && blindAllowed) actions.push('blind-0', 'blind-1', 'blind-2', 'blind-3');
    for (const vote of legal.vote) actions.push(`vote-${vote}`);
    for (const count of legal.offer) actions.push(`offer-${count}`);
    if (legal.pass !== null) actions.push('pass');
    if (legal.courtesy !== null) actions.push('give');
    if (legal.retract) actions.push('retract');
    if (legal.draw) actions.push('draw');
    if (legal.declareMahjong) actions.push('declare');
    if (legal.redeal) actions.push('redeal');
    if (legal.declareMisdeal) actions.push('misdeal');
    if (legal.dispute) actions.push('dispute');
    return actions.sort();
  }

  let compared = 0;
  function compareAll(table: CharlestonEngine): void {
    const snapshot = table.getSnapshot();
    for (const seat of SEATS) {
      const legal = legalActions(snapshot, seat);
      const context = contextAt(table, seat);
      for (const value of [{ live: 'choosing' }, { live: 'waiting' }] as const) {
        const present = controls(snap(value, context));
        present.delete('hint');
        expect([...present.keys()].sort(), `${seat} in ${legal.phase}`).toEqual(expectedActions(legal, legal.phase));
        // Every present action control stands for an event the flow can send (pass and give once tiles are chosen).
        for (const control of present.values()) {
          if (control.event.type !== 'act') continue;
          const { action, count } = control.event;
          if (action === 'pass' || action === 'give') continue;
          expect(eventFor(context, action, count), `${seat} ${action}`).not.toBeNull();
          expect(control.enabled).toBe(true);
        }
        compared += 1;
      }
    }
  }

  it('for every seat at every step of 12 bot games', () => {
    for (let seed = 1; seed <= 12; seed += 1) {
      const strategies = seed % 2 === 0 ? {} : { south: randomStrategy, north: randomStrategy };
      const table = createCharleston({ seed });
      compareAll(table);
      playHand({ engine: table, strategies, botSeed: seed, onEvent: (_played, service) => compareAll(service) });
      compareAll(table);
    }
    expect(compared).toBeGreaterThan(12 * 4 * 2 * 20);
  });
});

describe('refusals and misdeals in the page’s language', () => {
  it('renders a refusal from its code and params in the page’s language', () => {
    const refusal = { code: 'WRONG_PACKET_SIZE', message: 'This packet must hold exactly 3 tiles; yours has 2.', params: { expected: 3, actual: 2 } };
    expect(refusalText('ca', refusal)).toBe(refusalMessage('ca', 'WRONG_PACKET_SIZE', { expected: 3, actual: 2 }));
    expect(refusalText('ca', refusal)).not.toBe(refusal.message);
    expect(refusalText('el', { code: 'ONLY_EAST', message: 'table words', params: {} })).toBe(refusalMessage('el', 'ONLY_EAST'));
  });

  it('renders the service’s own refusals in the page’s language, worded as the service words them', () => {
    for (const locale of LOCALES) {
      const named = serviceRefusal('NOT_YOUR_SEAT', locale, { own: 'south', named: 'east' });
      expect(refusalText(locale, { ...named, message: 'table words' }), locale).toBe(named.message);
      const limited = serviceRefusal('RATE_LIMITED', locale, {});
      expect(refusalText(locale, { ...limited, message: 'table words' }), locale).toBe(limited.message);
    }
    // Seats by their names in the page's language (Greek after «ως», the nominative), never the wire's seat ids.
    expect(refusalText('ca', { code: 'NOT_YOUR_SEAT', message: 'table words', params: { own: 'south', named: 'east' } })).toBe('Jugues com a Sud: no pots actuar per Est.');
    expect(refusalText('el', { code: 'NOT_YOUR_SEAT', message: 'table words', params: { own: 'south', named: 'east' } })).toBe('Παίζετε ως Νότος: δεν μπορείτε να ενεργήσετε ως Ανατολή.');
    // Whatever else an event named stays as it was sent.
    expect(refusalText('en', { code: 'NOT_YOUR_SEAT', message: 'table words', params: { own: 'south', named: '42' } })).toBe('You play South: you cannot act for 42.');
    expect(refusalText('ca', { code: 'NOT_YOUR_SEAT', message: 'table words', params: { own: 'south' } })).toBe('table words');
  });

  it('falls back to the table’s message for an unknown code, missing or malformed params', () => {
    expect(refusalText('ca', { code: 'SOME_NEWER_CODE', message: 'slow down', params: {} })).toBe('slow down');
    expect(refusalText('ca', { code: 'WRONG_PACKET_SIZE', message: 'as the table said' })).toBe('as the table said');
    expect(refusalText('ca', { code: 'WRONG_PACKET_SIZE', message: 'as the table said', params: { expected: { x: 1 } } as never })).toBe('as the table said');
  });

  it('renders a misdeal from its code, counts and typed text, never the table’s sentence', () => {
    // Each seat as the page names it (no names here: the seat alone, in the page's language).
    const declaredBy = (locale: Locale, seat: Seat): string => ct(locale, 'misdeal.declaredBy', { who: t(locale, `seat.${seat}`) });
    const disputedBy = (locale: Locale, seat: Seat): string => ct(locale, 'misdeal.disputedBy', { who: t(locale, `seat.${seat}`) });
    const holdsBy = (locale: Locale, seat: Seat, count: number): string => ct(locale, 'misdeal.holdsBy', { who: t(locale, `seat.${seat}`), count });
    const locales: Locale[] = ['en', 'ca', 'sw', 'el'];
    for (const locale of locales) {
      expect(misdealText(locale, { by: 'west', code: 'declared', reason: 'TABLE SENTENCE' })).toBe(declaredBy(locale, 'west'));
      expect(misdealText(locale, { by: null, code: 'wrongCount', counts: { north: 12 }, reason: 'TABLE SENTENCE' })).toBe(
        t(locale, 'misdeal.wrongCount', { counts: holdsBy(locale, 'north', 12) }),
      );
    }
    // East's declaration disputed at a Greek table: the view's sentence is Greek; a Catalan page words the code in Catalan.
    const table = createCharleston({ seed: 7, rules: { declarationReview: true } });
    expect(table.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
    expect(table.send({ type: 'misdeal.declare', seat: 'west' }).ok).toBe(true);
    const greek = viewFor(table.getSnapshot(), 'south', { locale: 'el' }).misdeal;
    expect(greek?.code).toBe('declarationDisputed');
    expect(greek?.reason).toBe(t('el', 'misdeal.declarationDisputed', { seat: 'west' }));
    const catalan = misdealText('ca', greek!);
    expect(catalan).toBe(disputedBy('ca', 'west'));
    expect(catalan).not.toBe(greek?.reason);
    expect(connect(snap({ live: 'choosing' }, { ...contextAt(table, 'south', { locale: 'ca' }), view: viewFor(table.getSnapshot(), 'south', { locale: 'el' }) })).seat?.misdealNote).toBe(catalan);
    // Every code, at a table in each language, read on a page in each other one.
    for (const tableLocale of locales) {
      for (const locale of locales) {
        expect(misdealText(locale, { by: 'north', code: 'declarationDisputed', reason: t(tableLocale, 'misdeal.declarationDisputed', { seat: 'north' }) })).toBe(disputedBy(locale, 'north'));
        expect(misdealText(locale, { by: 'east', code: 'declared', reason: t(tableLocale, 'misdeal.declared', { seat: 'east' }) })).toBe(declaredBy(locale, 'east'));
        expect(misdealText(locale, { by: null, code: 'wrongCount', counts: { east: 14, west: 12 }, reason: 'TABLE SENTENCE' })).toBe(
          t(locale, 'misdeal.wrongCount', { counts: [holdsBy(locale, 'east', 14), holdsBy(locale, 'west', 12)].join(', ') }),
        );
      }
    }
    // A code newer than the page's engine: the table's sentence is all there is.
    expect(misdealText('ca', { by: 'west', code: 'somethingNew' as never, reason: 'TABLE SENTENCE' })).toBe('TABLE SENTENCE');
    // The words a person typed are shown as they are (React escapes them); blank words are not.
    expect(misdealText('ca', { by: 'west', code: 'declarationDisputed', text: 'not a winning hand', reason: 'TABLE SENTENCE' })).toBe('not a winning hand');
    expect(misdealText('ca', { by: 'west', code: 'declarationDisputed', text: '   ', reason: 'TABLE SENTENCE' })).toBe(disputedBy('ca', 'west'));
    expect(misdealText('ca', { by: 'south', code: 'declared', text: '<b>14 tiles</b>', reason: 'TABLE SENTENCE' })).toBe('<b>14 tiles</b>');
  });

  it('puts the misdeal note on the page of every seat', () => {
    const table = createCharleston({ seed: 5 });
    table.send({ type: 'misdeal.declare', seat: 'west' });
    const note = connect(snap({ live: 'choosing' }, contextAt(table, 'east', { locale: 'ca' }))).seat?.misdealNote;
    expect(note).toBe(t('ca', 'misdeal.declared', { seat: 'west' }));
  });
});

describe('the live transport reads the service’s actions', () => {
  const table = createCharleston({ seed: 3 });
  const snapshot = table.getSnapshot();
  const view = viewFor(snapshot, 'south');
  const actions = JSON.parse(JSON.stringify(legalActions(snapshot, 'south'))) as unknown;

  it('takes actions for the view’s seat and phase as they come', () => {
    expect(actionsOf(view, actions)).toEqual(legalActions(snapshot, 'south'));
  });

  it('offers nothing for a spectator, missing, malformed or foreign actions', () => {
    expect(actionsOf(viewFor(snapshot, null), actions)).toBeNull();
    expect(actionsOf(view, undefined)).toBeNull();
    expect(actionsOf(view, { ...(actions as object), vote: 'stop' })).toBeNull();
    expect(actionsOf(view, legalActions(snapshot, 'east'))).toBeNull();
    expect(actionsOf(view, { ...(actions as object), phase: 'courtesy' })).toBeNull();
    const { acceptDeclaration: _omitted, ...withoutAccept } = actions as LegalActions;
    expect(actionsOf(view, withoutAccept)).toBeNull();
    expect(actionsOf(view, { ...(actions as object), acceptDeclaration: 'no' })).toBeNull();
  });
});

describe('the slide of the packets', () => {
  it('runs exactly when a pass resolved: the fourth commit, never a declaration or a misdeal leaving a pass', () => {
    let slides = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const steps: { before: Phase; event: { type: string } }[] = [];
      const service = createCharleston({ seed });
      playHand({ engine: service, beforeEvent: (_by, event, table) => steps.push({ before: table.phase, event: event as { type: string } }) });
      steps.forEach((step, index) => {
        const after = steps[index + 1]?.before ?? service.phase;
        const resolved = step.event.type === 'pass.commit' && after !== step.before;
        const direction = resolvedPassDirection(step.before, after);
        expect(direction).toBe(resolved ? (PASS_RULES[step.before]?.direction ?? 'missing') : null);
        if (direction !== null) slides += 1;
      });
    }
    // Three or six passes a hand (the second Charleston may be stopped).
    expect(slides).toBeGreaterThanOrEqual(18);
    // Out of a pass by East's declaration or a misdeal: no packet moved.
    const east = createCharleston({ seed: 7 });
    const rack = east.context.racks.east.map(faceOf);
    const declared = createCharleston({ seed: 7, rules: { winningHands: [rack], declarationReview: true } });
    expect(declared.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
    expect(resolvedPassDirection('firstCharleston.right', declared.phase)).toBeNull();
    expect(east.send({ type: 'misdeal.declare', seat: 'west' }).ok).toBe(true);
    expect(resolvedPassDirection('firstCharleston.right', east.phase)).toBeNull();
    expect(resolvedPassDirection('firstCharleston.left', 'stopCheckpoint')).toBe('left');
    expect(resolvedPassDirection('secondCharleston.right', 'courtesy')).toBe('right');
    expect(resolvedPassDirection('stopCheckpoint', 'secondCharleston.left')).toBeNull();
  });
});
