/**
 * The table's fields beside the view (docs/service.md), read from untrusted JSON; names shown with their seat;
 * the countdown's arithmetic with the client's clock offset; the notice; East's declaration in review and the
 * accept / dispute controls it brings; the lobby's request and its loopback warning; the QR code's modules; the
 * case a wind takes in Greek (accusative after προς, για; genitive as the attribute of θέση: στη θέση Νότου, της θέσης Νότου).
 */
import '../../src/i18n/locales.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { connect, voteNote, type ControlProps } from '../../src/client/connect.js';
import { canAccept, eventFor, type FlowContext } from '../../src/client/flow.logic.js';
import { cleanName, countdowns, declarationOf, joiningText, noticeText, seatAfterOf, seatAfterTo, seatLabel, secondsLeft, stoppedByOf, tableInfoOf } from '../../src/client/table-info.js';
import { Invite, QrCode, qrPath } from '../../src/client/ui/Invite.js';
import { failureText, inviteQrLabel, inviteTitle, isLoopbackOrigin, nameQuestion, seatQuestion, tableRequest } from '../../src/client/ui/Lobby.js';
import { TableStatus } from '../../src/client/ui/TableStatus.js';
import { createCharleston, legalActions, viewFor, type LegalActions, type PublicView, type SeatView } from '../../src/index.js';
import { playHand, randomStrategy } from '../../src/entries/bots.js';
import { ct } from '../../src/client/i18n/catalog.js';
import { flowContext } from './support/flow-context.js';

describe('whom the table waits for to join', () => {
  it('reads who has not opened the link and whether the clock runs', () => {
    const info = tableInfoOf({ joining: ['south', 'mars', 'north'], clock: { seconds: 10, started: false, deadlines: {}, now: 5 } }, 0);
    expect(info.joining).toEqual(['south', 'north']);
    expect(info.clock).toEqual({ seconds: 10, started: false, deadlines: {}, now: 5 });
    expect(joiningText('en', info)).toBe('Waiting for South and North to join');
  });

  it('names people where the table has names, else their seats, joined as each language joins a list', () => {
    const names = { south: 'Bev', north: 'Ruth' };
    expect(joiningText('en', { joining: ['south', 'north'], names })).toBe('Waiting for Bev and Ruth to join');
    expect(joiningText('en', { joining: ['east', 'south', 'north'], names })).toBe('Waiting for East, Bev, and Ruth to join');
    expect(joiningText('en', { joining: ['west'], names })).toBe('Waiting for West to join');
    expect(joiningText('ca', { joining: ['south', 'north'], names })).toBe('Esperant que entrin a la taula: Bev i Ruth');
    expect(joiningText('ca', { joining: ['west'], names })).toBe('Esperant que entri a la taula: Oest');
    expect(joiningText('sw', { joining: ['south', 'north'], names })).toBe('Tunawasubiri Bev na Ruth wajiunge na meza');
    expect(joiningText('sw', { joining: ['south'], names })).toBe('Tunamsubiri Bev ajiunge na meza');
    expect(joiningText('el', { joining: ['south', 'west', 'north'], names })).toBe('Περιμένουμε να μπουν στο τραπέζι: Bev, Δύση και Ruth');
    expect(joiningText('el', { joining: ['east'], names })).toBe('Περιμένουμε να μπει στο τραπέζι: Ανατολή');
    expect(joiningText('en', { joining: [], names })).toBeNull();
    expect(joiningText('en', null)).toBeNull();
  });
});

describe('the table fields of a view message', () => {
  it('reads hand, seat, names, clock and notice, and drops what is malformed', () => {
    const info = tableInfoOf(
      {
        type: 'view',
        hand: 2,
        seat: 'north',
        names: { east: '  Ana  ', south: 'x'.repeat(40), west: 7, mars: 'Zed', north: '\u0007' },
        clock: { seconds: 30, deadlines: { south: 1_000_030_000, west: 'soon' }, now: 1_000_000_000 },
        notice: { code: 'CLOCK_RAN_OUT', seat: 'south', hand: 2, version: 17 },
        view: { waitingFor: ['south', 'pluto'], packetOnTable: { east: true, south: 'yes' } },
        chosenDeal: true,
      },
      5_000,
    );
    expect(info).toEqual({
      hand: 2,
      seat: 'north',
      names: { east: 'Ana', south: 'x'.repeat(24) },
      clock: { seconds: 30, started: true, deadlines: { south: 1_000_030_000 }, now: 1_000_000_000 },
      notice: { code: 'CLOCK_RAN_OUT', seat: 'south', hand: 2, version: 17 },
      waitingFor: ['south'],
      joining: [],
      packetOnTable: { east: true },
      chosenDeal: true,
      receivedAt: 5_000,
    });
  });

  it('gives a page of an older service nothing to show (no field, no crash)', () => {
    expect(tableInfoOf({ type: 'view', version: 3, view: {} }, 1)).toEqual({ hand: null, seat: null, names: {}, clock: null, notice: null, waitingFor: null, joining: [], packetOnTable: null, chosenDeal: false, receivedAt: 1 });
    expect(tableInfoOf(null, 1).hand).toBeNull();
    // Only a real true says the deal was chosen: anything else is no claim.
    for (const chosenDeal of ['true', 1, null, {}]) expect(tableInfoOf({ type: 'view', chosenDeal }, 1).chosenDeal).toBe(false);
    expect(tableInfoOf({ hand: 0, seat: 'mars', clock: { seconds: 'x' }, notice: { code: 'OTHER', seat: 'east' } }, 1)).toMatchObject({ hand: null, seat: null, clock: null, notice: null });
  });

  it('names a seat with its person, as text, in every language', () => {
    expect(seatLabel('en', 'south', { south: 'Ana' })).toBe('Ana (South)');
    expect(seatLabel('en', 'south', {})).toBe('South');
    expect(seatLabel('ca', 'south', { south: 'Ana' })).toBe('Ana (Sud)');
    expect(seatLabel('el', 'east', { east: '<b>Νίκος</b>' })).toBe('<b>Νίκος</b> (Ανατολή)');
    expect(cleanName('  \u0000 ')).toBeNull();
    expect(cleanName('😀'.repeat(30))).toBe('😀'.repeat(24));
  });

  it('names the receiver after "to" in the form the language takes there (Greek: the accusative after προς)', () => {
    const greek = (['east', 'south', 'west', 'north'] as const).map((seat) => ct('el', 'table.to', { seat: seatAfterTo('el', seat, {}) }));
    expect(greek).toEqual(['προς Ανατολή', 'προς Νότο', 'προς Δύση', 'προς Βορρά']);
    expect(ct('el', 'table.arrow', { direction: 'Απέναντι', seat: seatAfterTo('el', 'north', {}) })).toBe('Απέναντι: προς Βορρά');
    // With a person's name, the name leads and the wind is its label.
    expect(seatAfterTo('el', 'north', { north: 'Ελένη' })).toBe('Ελένη (Βορράς)');
    expect(seatAfterTo('en', 'north', {})).toBe('North');
    expect(seatAfterTo('ca', 'west', {})).toBe('Oest');
    // The courtesy lines read well with a name: no "τη θέση Maximiliano Fernández (Βορράς)".
    const partner = seatLabel('el', 'north', { north: 'Maximiliano Fernández' });
    expect(ct('el', 'courtesy.heading', { partner })).toBe('Πέρασμα ευγενείας με τη θέση απέναντι: Maximiliano Fernández (Βορράς)');
    expect(ct('el', 'courtesy.agreed', { partner, count: 2 })).toBe('Συμφωνία — Maximiliano Fernández (Βορράς): 2');
  });

  it('counts down from the deadline, corrected for the client clock running ahead or behind', () => {
    const clock = { now: 1_000_000 };
    // Received when the server said 1 000 000 and the client's clock said 2 000 000 (a million ms ahead).
    expect(secondsLeft(1_030_000, clock, 2_000_000, 2_000_000)).toBe(30);
    expect(secondsLeft(1_030_000, clock, 2_000_000, 2_012_500)).toBe(18);
    expect(secondsLeft(1_030_000, clock, 2_000_000, 2_029_001)).toBe(1);
    expect(secondsLeft(1_030_000, clock, 2_000_000, 2_031_000)).toBe(0);
    // A client clock behind the server's.
    expect(secondsLeft(1_030_000, clock, 500, 10_500)).toBe(20);
    const info = { clock: { seconds: 30, started: true, deadlines: { west: 1_010_000, east: 1_020_000 }, now: 1_000_000 }, receivedAt: 1_000_000 };
    expect(countdowns(info, 1_001_000)).toEqual([
      { seat: 'east', seconds: 19 },
      { seat: 'west', seconds: 9 },
    ]);
    expect(countdowns({ clock: null, receivedAt: 0 }, 0)).toEqual([]);
  });

  it('says whose clock ran out, with the name', () => {
    expect(noticeText('en', { code: 'CLOCK_RAN_OUT', seat: 'south', hand: 1, version: 4 }, { south: 'Ana' })).toBe('Time ran out for Ana (South): the teacher bot played that decision for them.');
    expect(noticeText('en', null, {})).toBeNull();
  });

  it('names a wind after "για" in the accusative, as after προς (notice), and after "στη θέση" in the genitive (lobby)', () => {
    const notice = (seat: 'east' | 'south' | 'west' | 'north') => noticeText('el', { code: 'CLOCK_RAN_OUT', seat, hand: 1, version: 4 }, {});
    expect(notice('south')).toBe('Τελείωσε ο χρόνος για Νότο: το ρομπότ δάσκαλος έπαιξε αυτή την απόφαση στη θέση του.');
    expect(notice('north')).toMatch(/^Τελείωσε ο χρόνος για Βορρά:/);
    // With a person's name, the name leads and the wind is its label, as after προς.
    expect(noticeText('el', { code: 'CLOCK_RAN_OUT', seat: 'north', hand: 1, version: 4 }, { north: 'Ελένη' })).toMatch(/^Τελείωσε ο χρόνος για Ελένη \(Βορράς\):/);
    expect((['east', 'south', 'west', 'north'] as const).map((seat) => seatQuestion('el', seat))).toEqual([
      'Ποιος κάθεται στη θέση Ανατολής',
      'Ποιος κάθεται στη θέση Νότου',
      'Ποιος κάθεται στη θέση Δύσης',
      'Ποιος κάθεται στη θέση Βορρά',
    ]);
    expect(seatQuestion('en', 'south')).toBe('Who sits at South');
  });

  it('names a wind in the lobby\'s name field and invite title in the genitive (στη θέση Νότου), in its QR code in the accusative (για Νότο)', () => {
    const winds = ['east', 'south', 'west', 'north'] as const;
    expect(winds.map((seat) => nameQuestion('el', seat))).toEqual([
      'Όνομα στη θέση Ανατολής (προαιρετικό)',
      'Όνομα στη θέση Νότου (προαιρετικό)',
      'Όνομα στη θέση Δύσης (προαιρετικό)',
      'Όνομα στη θέση Βορρά (προαιρετικό)',
    ]);
    expect(inviteTitle('el', 'north', 'Ελένη')).toBe('Ελένη στη θέση Βορρά');
    expect(inviteTitle('el', 'south', 'Κώστας')).toBe('Κώστας στη θέση Νότου');
    // Without a name the title is the seat's own, the wind as its attribute ("Θέση Νότου").
    expect(inviteTitle('el', 'south', null)).toBe('Θέση Νότου');
    // The QR code names the wind after "για", or the person with the wind as label (the name is not declined);
    // never the whole title ("για Θέση Νότος", "για Ελένη στη θέση Βορρά").
    expect(inviteQrLabel('el', 'south', null)).toBe('Κωδικός QR του συνδέσμου για Νότο: σάρωσέ τον με ένα κινητό');
    expect(inviteQrLabel('el', 'north', 'Ελένη')).toBe('Κωδικός QR του συνδέσμου για Ελένη (Βορράς): σάρωσέ τον με ένα κινητό');
    expect(inviteQrLabel('el', 'spectator', null)).toBe('Κωδικός QR του συνδέσμου παρακολούθησης του τραπεζιού: σάρωσέ τον με ένα κινητό');
    // The other languages read their usual names.
    expect(nameQuestion('en', 'south')).toBe('Name of the person at South (optional)');
    expect(inviteTitle('en', 'east', 'Ana')).toBe('Ana at East');
    expect(inviteTitle('en', 'east', null)).toBe('Seat East');
    expect(inviteQrLabel('en', 'east', 'Ana')).toBe('QR code of the link for Ana (East): scan it with a phone');
    expect(inviteQrLabel('en', 'west', null)).toBe('QR code of the link for West: scan it with a phone');
    expect(inviteQrLabel('en', 'spectator', null)).toBe('QR code of the link to watch the table: scan it with a phone');
    expect(inviteQrLabel('ca', 'west', null)).toBe('Codi QR de l’enllaç per a Oest: escaneja’l amb un mòbil');
    // The invite shows its title, and the link as its own text; its QR code (opened on demand) carries that label.
    const link = 'http://192.168.1.20:8080/t/abc?lang=el#token';
    const html = renderToStaticMarkup(createElement(Invite, { locale: 'el', title: inviteTitle('el', 'north', 'Ελένη'), qrLabel: inviteQrLabel('el', 'north', 'Ελένη'), href: link, invite: 'north' }));
    expect(html).toContain('>Ελένη στη θέση Βορρά</h3>');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain(`>${link}</a>`);
    expect(html).not.toContain('<svg');
    const qr = renderToStaticMarkup(createElement(QrCode, { text: link, label: inviteQrLabel('el', 'north', 'Ελένη') }));
    expect(qr).toContain('aria-label="Κωδικός QR του συνδέσμου για Ελένη (Βορράς): σάρωσέ τον με ένα κινητό"');
  });

  it('names a wind after "της θέσης" in the genitive (a packet on the table)', () => {
    const winds = ['east', 'south', 'west', 'north'] as const;
    expect(winds.map((seat) => seatAfterOf('el', seat, undefined))).toEqual(['Ανατολής', 'Νότου', 'Δύσης', 'Βορρά']);
    // A person's name leads, the wind its label, as after προς.
    expect(seatAfterOf('el', 'south', { south: 'Κώστας' })).toBe('Κώστας (Νότος)');
    expect(seatAfterOf('en', 'south', undefined)).toBe('South');
    expect(seatAfterOf('sw', 'west', undefined)).toBe('Magharibi');
    // The table draws each seat's packet with that label (a watcher's table, every packet down in the first pass).
    const view = viewFor(createCharleston({ seed: 3 }).getSnapshot(), null as never);
    expect(view.phase).toBe('firstCharleston.right');
    const table = tableInfoOf({ packetOnTable: { east: true, south: true, west: true, north: true } }, 0);
    const packets = (locale: 'el' | 'en') =>
      [...renderToStaticMarkup(createElement(TableStatus, { locale, view, bots: [], flight: null, onFlightEnd: () => undefined, table })).matchAll(/data-packet-of="(\w+)" role="img" aria-label="([^"]*)"/g)].map((match) => `${match[1]}: ${match[2]}`);
    expect(packets('el')).toEqual([
      'east: Πακέτο της θέσης Ανατολής, μπρούμυτα',
      'south: Πακέτο της θέσης Νότου, μπρούμυτα',
      'west: Πακέτο της θέσης Δύσης, μπρούμυτα',
      'north: Πακέτο της θέσης Βορρά, μπρούμυτα',
    ]);
    expect(packets('en')).toContain('south: Packet of South, face down');
  });
});

/** A seat's view in East's declaration review, from the engine: East declared, `accepted` have accepted. */
function reviewView(seat: 'east' | 'south', accepted: ('south' | 'west' | 'north')[]): { view: SeatView; legal: LegalActions } {
  const table = createCharleston({ seed: 7, rules: { declarationReview: true } });
  expect(table.send({ type: 'hand.declareMahjong', seat: 'east' }).ok).toBe(true);
  for (const each of accepted) expect(table.send({ type: 'declaration.accept', seat: each }).ok).toBe(true);
  const snapshot = table.getSnapshot();
  return { view: viewFor(snapshot, seat), legal: legalActions(snapshot, seat) };
}

function context(view: SeatView | PublicView, legal: LegalActions | null): FlowContext {
  return flowContext(view, legal, { version: 9 });
}

describe("East's declaration in review", () => {
  it('offers a seat but East accept and dispute; dispute is a misdeal after the confirm step', () => {
    const { view, legal } = reviewView('south', ['north']);
    const ctx = context(view, legal);
    expect(canAccept(legal)).toBe(true);
    expect(eventFor(ctx, 'accept')).toEqual({ type: 'declaration.accept', seat: 'south' });
    expect(eventFor(ctx, 'dispute')).toEqual({ type: 'misdeal.declare', seat: 'south' });
    const page = connect({ value: { live: 'choosing' }, context: ctx });
    const actions = (page.seat?.main ?? []).map((control: ControlProps) => control.action);
    expect(actions).toContain('accept');
    expect(actions).toContain('dispute');
    expect(page.table?.declaration?.tiles).toHaveLength(14);
    expect(page.table?.declaration?.accepted).toBe('Accepted by: North');
    expect(page.table?.declaration?.waiting).toBeNull();
    const confirming = connect({ value: { live: 'confirming' }, context: { ...ctx, pending: { type: 'misdeal.declare', seat: 'south' } } });
    expect(confirming.seat?.confirm?.text).toMatch(/^Dispute East's hand\?/);
  });

  it('shows East (and a seat that has accepted) that the table waits for the others, with no accept', () => {
    for (const [seat, accepted] of [['east', []], ['south', ['south']]] as const) {
      const { view, legal } = reviewView(seat, [...accepted]);
      const page = connect({ value: { live: 'waiting' }, context: context(view, legal) });
      expect(page.table?.declaration?.waiting).toBe('Waiting for the others to look at the hand.');
      expect((page.seat?.main ?? []).map((control) => control.action)).not.toContain('accept');
    }
    const east = reviewView('east', []);
    expect(eventFor(context(east.view, east.legal), 'dispute')).toBeNull();
  });

  it('words the waiting note from the actions, not from who the view says has accepted', () => {
    const waitingOf = (view: SeatView, legal: LegalActions | null): string | null | undefined =>
      connect({ value: { live: 'waiting' }, context: context(view, legal) }).table?.declaration?.waiting;
    // South has not accepted, but its actions hold no accept (say, a newer service's rule): the page waits.
    const south = reviewView('south', []);
    expect(waitingOf(south.view, south.legal)).toBeNull();
    expect(waitingOf(south.view, { ...south.legal, acceptDeclaration: false })).toBe('Waiting for the others to look at the hand.');
    // East's own page with an accept in its actions is not told to wait.
    const east = reviewView('east', []);
    expect(waitingOf(east.view, { ...east.legal, acceptDeclaration: true })).toBeNull();
    // No actions yet: nothing is guessed from the view.
    expect(waitingOf(east.view, null)).toBeNull();
  });

  it("offers dispute exactly when the actions say dispute, and East's own misdeal in review is confirmed as a misdeal", () => {
    const east = reviewView('east', []);
    expect(east.legal.declareMisdeal).toBe(true);
    expect(east.legal.dispute).toBe(false);
    const ctx = context(east.view, east.legal);
    expect((connect({ value: { live: 'choosing' }, context: ctx }).seat?.main ?? []).map((control) => control.action)).not.toContain('dispute');
    // East takes its declaration back with a misdeal (R10): the confirm step says misdeal, not "Dispute East's hand?".
    const confirming = connect({ value: { live: 'confirming' }, context: { ...ctx, pending: { type: 'misdeal.declare', seat: 'east' } } });
    expect(confirming.seat?.confirm?.text).toMatch(/^Declare a misdeal\?/);
    // The actions decide, not the view: a review view whose actions say no dispute offers none.
    const south = reviewView('south', []);
    const noDispute = context(south.view, { ...south.legal, dispute: false });
    expect(eventFor(noDispute, 'dispute')).toBeNull();
    expect((connect({ value: { live: 'choosing' }, context: noDispute }).seat?.main ?? []).map((control) => control.action)).not.toContain('dispute');
  });

  it('offers accept exactly when the actions say acceptDeclaration, whatever the view looks like', () => {
    // South in review, nobody has accepted yet: the view alone would say "may accept"; the actions decide.
    const { view, legal } = reviewView('south', []);
    expect(legal.acceptDeclaration).toBe(true);
    const accepts = (actions: LegalActions | null, shown: SeatView): boolean => {
      const ctx = context(shown, actions);
      const page = connect({ value: { live: 'choosing' }, context: ctx });
      const offered = (page.seat?.main ?? []).some((control) => control.action === 'accept');
      const event = eventFor(ctx, 'accept');
      expect(event !== null).toBe(offered);
      expect(canAccept(actions)).toBe(offered);
      return offered;
    };
    expect(accepts({ ...legal, acceptDeclaration: false }, view)).toBe(false);
    expect(accepts({ ...legal, acceptDeclaration: true }, view)).toBe(true);
    // Out of review (or East's own page, or a seat that has accepted): still the actions, not the view.
    expect(accepts({ ...legal, acceptDeclaration: true }, { ...view, phase: 'complete' })).toBe(true);
    expect(accepts({ ...legal, acceptDeclaration: true }, { ...view, declaration: { tiles: [], accepted: ['south'] } })).toBe(true);
    const east = reviewView('east', []);
    expect(east.legal.acceptDeclaration).toBe(false);
    expect(accepts(east.legal, east.view)).toBe(false);
    expect(accepts({ ...east.legal, acceptDeclaration: true }, east.view)).toBe(true);
    // No field, or not a boolean: nothing is guessed from the view.
    const { acceptDeclaration: _omitted, ...older } = legal;
    expect(accepts(older as LegalActions, view)).toBe(false);
    expect(accepts({ ...legal, acceptDeclaration: 'yes' } as unknown as LegalActions, view)).toBe(false);
    expect(canAccept(null)).toBe(false);
  });

  it('reads the declaration and who stopped defensively', () => {
    expect(declarationOf({ declaration: { tiles: [{ id: 1, tile: '1B' }, { id: 'x' }], accepted: ['west', 'pluto'] } })).toEqual({ tiles: [{ id: 1, tile: '1B' }], accepted: ['west'] });
    expect(declarationOf({ declaration: null })).toBeNull();
    expect(stoppedByOf({ stoppedBy: 'west' })).toBe('west');
    expect(stoppedByOf({})).toBeNull();
    const spectator = { ...viewFor(createCharleston({ seed: 3 }).getSnapshot(), null as never), stoppedBy: 'west' } as PublicView;
    const page = connect({ value: { live: 'waiting' }, context: { ...context(spectator, null), table: tableInfoOf({ names: { west: 'Wim' } }, 0) } });
    expect(page.table?.stoppedBy).toBe('Wim (West) stopped the second Charleston.');
    expect(page.seat).toBeNull();
    // A clock notice is shown during its own hand only.
    const notice = { code: 'CLOCK_RAN_OUT', seat: 'north', hand: 2, version: 40 };
    const during = connect({ value: { live: 'waiting' }, context: { ...context(spectator, null), table: tableInfoOf({ hand: 2, notice }, 0) } });
    expect(during.table?.notice).toBe('Time ran out for North: the teacher bot played that decision for them.');
    const later = connect({ value: { live: 'waiting' }, context: { ...context(spectator, null), table: tableInfoOf({ hand: 3, notice }, 0) } });
    expect(later.table?.notice).toBeNull();
  });
});

describe('the lobby', () => {
  it('asks for names of people only and a clock only when one is chosen', () => {
    const seats = { east: 'human', south: 'human', west: 'teacher', north: 'human' } as const;
    expect(tableRequest(seats, 'en', { names: { east: ' Ana ', south: '', west: 'Bot', north: 'Kofi' }, clock: 60 })).toEqual({
      seats,
      locale: 'en',
      names: { east: 'Ana', north: 'Kofi' },
      clock: 60,
    });
    expect(tableRequest(seats, 'ca', { clock: 0 })).toEqual({ seats, locale: 'ca' });
  });

  it("says a name the service refused in the reader's language, naming the seat; other errors with the service's words", () => {
    const refused = 'names.south: "Ana" is already the name at east; names at one table must differ (compared without case)';
    expect(failureText('en', refused)).toBe(ct('en', 'lobby.badName', { seat: seatAfterOf('en', 'south', undefined) }));
    expect(failureText('en', refused)).toContain('South');
    for (const locale of ['ca', 'sw', 'el'] as const) {
      expect(failureText(locale, refused)).toBe(ct(locale, 'lobby.badName', { seat: seatAfterOf(locale, 'south', undefined) }));
      expect(failureText(locale, refused)).not.toBe(failureText('en', refused));
    }
    expect(failureText('el', 'names.north: must hold at least one visible character')).toContain(seatAfterOf('el', 'north', undefined));
    expect(failureText('en', 'HTTP 503')).toBe(ct('en', 'lobby.failed', { message: 'HTTP 503' }));
  });

  it('warns when the links would only work on this computer', () => {
    expect(isLoopbackOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackOrigin('http://localhost:8080')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:8080')).toBe(true);
    expect(isLoopbackOrigin('http://192.168.1.20:8080')).toBe(false);
    expect(isLoopbackOrigin('not a url')).toBe(false);
  });

  it('draws a QR code of the link: a square with the three finder patterns', () => {
    const { size, path } = qrPath('http://192.168.1.20:8080/t/abc#token');
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);
    // The top row of the top-left finder is one run of seven dark modules, as is the top-right one's.
    expect(path.startsWith('M0 0h7v1h-7z')).toBe(true);
    expect(path).toContain(`M${size - 7} 0h7v1h-7z`);
    expect(path).toContain(`M0 ${size - 1}h7v1h-7z`);
  });
});

describe("the note on the stop vote's outcome", () => {
  it('says "the second Charleston is played" only while it is, and "was stopped" in the courtesy pass', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 16; seed += 1) {
      const table = createCharleston({ seed });
      const strategies = seed % 2 === 0 ? { west: randomStrategy } : { south: randomStrategy, north: randomStrategy };
      playHand({
        service: table,
        strategies,
        botSeed: seed,
        onEvent: (_played, service) => {
          const snapshot = service.getSnapshot();
          for (const seat of ['east', 'south', 'west', 'north'] as const) {
            const view = viewFor(snapshot, seat);
            const note = connect({ value: { live: 'choosing' }, context: context(view, legalActions(snapshot, seat)) }).seat?.voteNote ?? null;
            // The engine's view names who stopped, and the page says that instead (see the test below for a view without it).
            const expected = view.phase.startsWith('secondCharleston.') ? ct('en', 'table.continued') : null;
            expect(note, `${seed} ${seat} ${view.phase} stopped=${String(view.stopped)}`).toBe(expected);
            seen.add(`${view.phase.split('.')[0]}:${String(note !== null)}:${String(view.stopped)}`);
            if (view.phase === 'courtesy' && view.stopped === true) {
              // Without a name for who stopped, the courtesy pass says that the second Charleston was stopped.
              expect(stoppedByOf(view)).not.toBeNull();
              expect(voteNote('en', view, false)).toBe(ct('en', 'table.stopped'));
            }
          }
        },
      });
    }
    // Both outcomes were met: a continue (the second Charleston, then a courtesy pass with no note) and a stop.
    expect(seen).toContain('secondCharleston:true:false');
    expect(seen).toContain('courtesy:false:false');
    expect(seen).toContain('courtesy:false:true');
  });

  it('speaks the page’s language', () => {
    const table = createCharleston({ seed: 3 });
    const view = { ...viewFor(table.getSnapshot(), 'east'), phase: 'secondCharleston.left', stopped: false } as SeatView;
    expect(voteNote('ca', view, false)).toBe(ct('ca', 'table.continued'));
    expect(voteNote('ca', view, false)).not.toBe(ct('en', 'table.continued'));
  });
});
