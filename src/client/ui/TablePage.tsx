/**
 * A seat at a table (solo or through the service), drawn as a table: the ROLLOR strip, the table from above
 * (TableStatus), the prompt, the alert for refusals, the teacher's hint, the pass slots, the controls of this
 * phase, the page's confirm step and the rack, where tiles just received are marked until the next choice.
 * Everything is drawn from `connect(snapshot)` over the flow machine's snapshot (`useSelector`): the page only
 * renders it and sends the events it names; it keeps two bits of look of its own (the slide of a resolved pass,
 * which received tiles were already seen).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { t, type Locale, type PublicView, type Seat } from '../../index.js';
import { connect } from '../connect.js';
import type { FlowEvent, flowMachine } from '../flow.machine.js';
import { ct } from '../i18n/catalog.js';
import { seatPrompt } from '../prompt.js';
import { Actions, Control, TableMenu } from './Actions.js';
import { LanguagePicker } from './LanguagePicker.js';
import { PassSlots } from './PassSlots.js';
import { RollorStrip, TableStatus, type Flight } from './TableStatus.js';
import type { TableApi } from '../table-api.js';
import { joiningText, seatLabel } from '../table-info.js';
import { isInReview, resolvedPassDirection } from '../flow.logic.js';
import { EndOfHand } from './EndOfHand.js';
import { DeclarationPanel, NameForm } from './TableExtras.js';
import { alertShown, noticeKey, noticeMoment, noticeShown, type NoticeMoment } from '../moments.js';
import { useSoundSetting, useYourTurn } from './signals.js';
import { useConfirmFocus, useDockHeight, useFocusKeeper, useRevealWhen } from './focus.js';
import { RackTile } from './Tile.js';
import { ClosestList } from './CardPanels.js';

/** Props of a table page. */
export interface TablePageProps {
  actor: Actor<typeof flowMachine>;
  /** The page's heading (solo practice says who plays). */
  heading?: string;
  bots: readonly Seat[];
  onLocale: (locale: Locale) => void;
  /** The table's side requests (the review's log, the next hand, the person's name); absent: not offered. */
  api?: TableApi;
  /** Solo practice: deals another hand at once (`data-action="new-hand"`); absent: not offered. */
  onNewHand?: () => void;
  /** What the page adds below the table (solo practice: its card picker). */
  footer?: ReactNode;
}

/**
 * The slide of the packets when a pass resolves (into the phase after it; leaving a pass by a declaration or a
 * misdeal moves no packet); cleared when it ends.
 */
function useFlight(view: PublicView | null, version: number): [Flight | null, () => void] {
  const [flight, setFlight] = useState<Flight | null>(null);
  const previous = useRef<PublicView | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = view;
    if (before === null || view === null || before.hand !== view.hand) return;
    const direction = resolvedPassDirection(before.phase, view.phase);
    if (direction !== null) setFlight({ direction, key: version });
  }, [view, version]);
  return [flight, () => setFlight(null)];
}

/** The page of one seat. */
export function TablePage({ actor, heading, bots, onLocale, api, onNewHand, footer }: TablePageProps) {
  const snapshot = useSelector(actor, (s) => s);
  const page = connect(snapshot);
  const { locale, seat, table } = page;
  const info = snapshot.context.table;
  const view = snapshot.context.view;
  const send = (event: FlowEvent): void => actor.send(event);
  const pageRef = useRef<HTMLDivElement>(null);
  const confirmBoxRef = useRef<HTMLElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLElement>(null);
  const rackRef = useRef<HTMLElement>(null);
  const confirming = seat?.confirm != null;
  useConfirmFocus(confirming, page.flow === 'live.sending', pageRef, confirmBoxRef, confirmRef);
  useFocusKeeper(pageRef);
  useDockHeight(rackRef, seat !== null);
  // The phase's controls are scrolled into view (above the phone's sticky rack) when the phase brings new ones, and
  // when the packet is complete and Pass or Give becomes the next thing to press.
  const ready = seat?.main.some((control) => (control.action === 'pass' || control.action === 'give') && control.enabled) ?? false;
  const hasControls = seat !== null && !page.busy && [...seat.blind, ...seat.vote, ...seat.offer, ...seat.main].some((control) => control.enabled);
  useRevealWhen(hasControls, `${page.phase}:${ready}`, actionsRef);
  const [flight, endFlight] = useFlight(view, snapshot.context.version);
  const [seenReceived, setSeenReceived] = useState('');
  const [sound, setSound] = useSoundSetting();
  useYourTurn(locale, view, seat === null ? null : snapshot.context.legal, sound);
  // The table's notice lasts until the next decision (a new phase or hand), and never on the end screen.
  const moment = useRef<NoticeMoment | null>(null);
  moment.current = noticeMoment(moment.current, table?.notice == null ? null : noticeKey(info?.notice ?? null), view);
  const ended = table?.ended === true;
  const notice = table?.notice != null && noticeShown(moment.current, view, ended) ? table.notice : null;
  const alert = alertShown(page.alert, ended);

  const seatView = seat?.view ?? null;
  // Tiles just received are marked as new until the next choice (the first tap on the rack after they arrived).
  const receivedKey = seatView === null ? '' : `${seatView.hand}:${seatView.received.map((tile) => tile.id).join(',')}`;
  const fresh = seatView !== null && receivedKey !== seenReceived ? new Set(seatView.received.map((tile) => tile.id)) : new Set<number>();
  const sendNoting = (event: FlowEvent): void => {
    setSeenReceived(receivedKey);
    send(event);
  };

  return (
    <div ref={pageRef} className="page table-page" data-phase={page.phase} data-version={page.version} data-flow={page.flow} data-chosen-deal={info?.chosenDeal === true ? 'true' : undefined} lang={locale}>
      <header className="top">
        <h1>
          <span className="phase-name">{page.title || ct(locale, 'app.title')}</span>
          {table !== null && <span className="hand"> · {ct(locale, 'app.hand', { hand: table.hand })}</span>}
        </h1>
        <div className="tools">
          <LanguagePicker locale={locale} onChange={onLocale} compact />
          {/* The menu while the hand is played (the end of a hand offers the next one instead). */}
          {seat !== null && !ended && <TableMenu locale={locale} menu={seat.menu} send={send} sound={{ on: sound, set: setSound }} {...(onNewHand === undefined ? {} : { newHand: onNewHand })} />}
        </div>
      </header>
      <p className="status" role="status">
        {page.status}
      </p>
      {table?.me != null && (
        <p className="me-line" data-seat-label={seat?.view.seat}>
          {ct(locale, 'table.youAre', { seat: table.me })}
        </p>
      )}
      {info?.chosenDeal === true && <p className="chosen-deal">{ct(locale, 'table.chosenDeal')}</p>}
      {/* A page fed by a transport of its own (solo practice) may carry no `joining`: nothing to say then. */}
      {info !== null && (info.joining?.length ?? 0) > 0 && (
        <p className="note joining" data-joining={info.joining.join(' ')} aria-live="polite">
          {joiningText(locale, info)}
        </p>
      )}
      {/* Always in the page, so a notice is announced once when it comes (and not again on a new render). */}
      <div className="notice-region" aria-live="polite">
        {notice !== null && (
          <p className="notice" data-notice={info?.notice?.code}>
            {notice}
          </p>
        )}
      </div>
      {view !== null && (
        <main className="board">
          <RollorStrip locale={locale} view={view} />
          <TableStatus locale={locale} view={view} bots={bots} flight={flight} onFlightEnd={endFlight} table={info} />
          <div className="extras">
            {table?.stoppedBy != null && (
              <p className="note stopped-by" data-stopped-by={view.phase}>
                {table.stoppedBy}
              </p>
            )}
            {table?.declaration != null && isInReview(view) && <DeclarationPanel locale={locale} declaration={table.declaration} />}
            {table?.ended === true && api !== undefined && (
              <EndOfHand
                locale={locale}
                api={api}
                hand={info?.hand ?? null}
                phase={view.phase}
                names={table.names}
                eastHand={table.declaration?.tiles ?? null}
                canDeal={seat !== null}
                rotates={api.dealPassesRight}
              />
            )}
          </div>
          {seat !== null && seatView !== null && (
            <>
              <div className="seat-area">
                <p className="prompt">{seatPrompt(locale, seatView)}</p>
                {seat.voteNote !== null && <p className="note">{seat.voteNote}</p>}
                {seatView.courtesy !== null && (
                  <p className="courtesy">
                    {ct(locale, 'courtesy.heading', { partner: seatLabel(locale, seatView.courtesy.partner, table?.names) })}
                    {seatView.courtesy.offer !== null && ` · ${ct(locale, 'courtesy.offered', { count: seatView.courtesy.offer })}`}
                    {seatView.courtesy.agreed !== null && (
                      <strong className="agreed" data-agreed={seatView.courtesy.agreed}>
                        {' · '}
                        {ct(locale, 'courtesy.agreed', { partner: seatLabel(locale, seatView.courtesy.partner, table?.names), count: seatView.courtesy.agreed })}
                      </strong>
                    )}
                  </p>
                )}
                {seat.misdealNote !== null && <p className="note misdeal-note">{seat.misdealNote}</p>}
                <div className="alert" role="alert">
                  {alert}
                </div>
                {seat.hint !== null && (
                  <section className="hint" aria-live="polite">
                    <h2>{ct(locale, 'hint.heading')}</h2>
                    <p>{seat.hint}</p>
                  </section>
                )}
                {info?.closest != null && info.closest.length > 0 && !ended && <ClosestList locale={locale} closest={info.closest} />}
                <PassSlots
                  locale={locale}
                  view={seatView}
                  need={seat.slots.need}
                  blind={seat.slots.blind}
                  chosen={seat.slots.chosen}
                  busy={page.busy}
                  onTakeBack={(id) => sendNoting({ type: 'tile.toggle', id })}
                />
                {seat.choiceLine !== null && <p className="muted chosen-line">{seat.choiceLine}</p>}
                {seat.confirm !== null && (
                  <section ref={confirmBoxRef} className="confirm" aria-live="polite">
                    <p>{seat.confirm.text}</p>
                    <Control control={seat.confirm.confirm} send={send} buttonRef={confirmRef} />
                    <Control control={seat.confirm.cancel} send={send} />
                  </section>
                )}
                <Actions locale={locale} seat={seat} send={send} sectionRef={actionsRef} />
              </div>
              <section ref={rackRef} className="rack" aria-label={`${ct(locale, 'rack.heading')}, ${t(locale, 'plural.tiles', { count: seatView.rack.length })}`}>
                <div className="tiles">
                  {seat.rack.map((tile) => (
                    <RackTile
                      key={tile.id}
                      locale={locale}
                      tile={tile.tile}
                      pressed={tile.pressed}
                      suggested={tile.suggested}
                      isNew={fresh.has(tile.id)}
                      onToggle={() => sendNoting(tile.event)}
                      onSubmit={() => {
                        if (seat.submit !== null) send(seat.submit);
                      }}
                    />
                  ))}
                </div>
              </section>
            </>
          )}
        </main>
      )}
      {heading !== undefined && <p className="heading">{heading}</p>}
      {footer}
      {seat !== null && api?.setName !== undefined && <NameForm locale={locale} current={info?.names[seat.view.seat] ?? null} save={api.setName} names={info?.names} />}
    </div>
  );
}
