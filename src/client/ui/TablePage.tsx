/**
 * A seat at a table (solo or through the service), drawn as a table: the ROLLOR strip, the table from above
 * (TableStatus), the prompt, the alert for refusals, the teacher's hint, the pass slots, the controls of this
 * phase, the page's confirm step and the rack, where tiles just received are marked until the next choice.
 * Everything is drawn from the flow machine's snapshot (`useSelector`); the page keeps only two bits of look of
 * its own (the slide of a resolved pass, which received tiles were already seen).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { PASS_RULES, t, type CharlestonEvent, type Locale, type PublicView, type Seat } from '../../index.js';
import { choiceStatus, chosenTiles, directionName, hasChoice, phaseName, tilesNeeded, type flowMachine } from '../flow.machine.js';
import { ct } from '../i18n/catalog.js';
import { seatPrompt } from '../prompt.js';
import { teacherHint } from '../teacher-reason.js';
import { tileNames } from '../tiles.js';
import { isSeatView } from '../transport.js';
import { Actions, TableMenu } from './Actions.js';
import { LanguagePicker } from './LanguagePicker.js';
import { PassSlots } from './PassSlots.js';
import { RollorStrip, TableStatus, type Flight } from './TableStatus.js';
import { RackTile } from './Tile.js';

/** Props of a table page. */
export interface TablePageProps {
  actor: Actor<typeof flowMachine>;
  /** The page's heading (solo practice says who plays). */
  heading?: string;
  bots: readonly Seat[];
  onLocale: (locale: Locale) => void;
}

function confirmText(locale: Locale, event: CharlestonEvent, partner: Seat | null, direction: string | null): string {
  switch (event.type) {
    case 'pass.commit': {
      const tiles = tileNames(locale, event.tiles);
      const where = direction ?? '';
      return event.blind ? ct(locale, 'confirm.passBlind', { tiles, direction: where, count: event.blind }) : ct(locale, 'confirm.pass', { tiles, direction: where });
    }
    case 'courtesy.commit':
      return ct(locale, 'confirm.give', { tiles: tileNames(locale, event.tiles), partner: partner === null ? '' : t(locale, `seat.${partner}`) });
    case 'misdeal.declare':
      return ct(locale, 'confirm.misdeal');
    default:
      return ct(locale, 'confirm.declare');
  }
}

/** The flow machine's state as a dotted path (`live.choosing`), on the root as `data-flow` for tools and tests. */
export function flowState(value: string | Record<string, unknown>): string {
  if (typeof value === 'string') return value;
  const [top, inner] = Object.entries(value)[0] ?? ['', ''];
  return typeof inner === 'string' ? `${top}.${inner}` : top;
}

/** The slide of the packets when a pass resolves: set when the phase moves on from a pass, cleared when it ends. */
function useFlight(view: PublicView | null, version: number): [Flight | null, () => void] {
  const [flight, setFlight] = useState<Flight | null>(null);
  const previous = useRef<PublicView | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = view;
    if (before === null || view === null || before.hand !== view.hand || before.phase === view.phase) return;
    const rule = PASS_RULES[before.phase];
    if (rule) setFlight({ direction: rule.direction, key: version });
  }, [view, version]);
  return [flight, () => setFlight(null)];
}

/** The page of one seat. */
export function TablePage({ actor, heading, bots, onLocale }: TablePageProps) {
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const { locale, view, legal } = context;
  const confirming = snapshot.matches({ live: 'confirming' });
  const sending = snapshot.matches({ live: 'sending' });
  const reconnecting = snapshot.matches('reconnecting');
  const busy = sending || confirming || reconnecting;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const [flight, endFlight] = useFlight(view, context.version);
  const [seenReceived, setSeenReceived] = useState('');

  const seatView = view !== null && isSeatView(view) ? view : null;
  const hint = seatView !== null && legal !== null ? teacherHint(seatView, legal, locale) : null;
  const need = tilesNeeded(context);
  const submit = (): void => {
    if (legal?.pass) actor.send({ type: 'act', action: 'pass' });
    else if (legal?.courtesy) actor.send({ type: 'act', action: 'give' });
  };
  // Tiles just received are marked as new until the next choice (the first tap on the rack after they arrived).
  const receivedKey = seatView === null ? '' : `${seatView.hand}:${seatView.received.map((tile) => tile.id).join(',')}`;
  const fresh = seatView !== null && receivedKey !== seenReceived ? new Set(seatView.received.map((tile) => tile.id)) : new Set<number>();
  const chosenViews = seatView === null ? [] : context.chosen.map((id) => seatView.rack.find((tile) => tile.id === id)).filter((tile) => tile !== undefined);
  const toggle = (id: number): void => {
    setSeenReceived(receivedKey);
    actor.send({ type: 'tile.toggle', id });
  };
  const hintAvailable = hasChoice(legal) && hint !== null && hint.event !== null;

  return (
    <div className="page table-page" data-phase={view?.phase ?? ''} data-version={view === null ? '' : String(context.version)} data-flow={flowState(snapshot.value)} lang={locale}>
      <header className="top">
        <h1>
          <span className="phase-name">{phaseName(context) || ct(locale, 'app.title')}</span>
          {view !== null && <span className="hand"> · {ct(locale, 'app.hand', { hand: view.hand })}</span>}
        </h1>
        <div className="tools">
          <LanguagePicker locale={locale} onChange={onLocale} compact />
          {seatView !== null && <TableMenu locale={locale} legal={legal} busy={busy} onMisdeal={() => actor.send({ type: 'act', action: 'misdeal' })} />}
        </div>
      </header>
      <p className="status" role="status">
        {snapshot.matches('connecting') && ct(locale, 'conn.connecting')}
        {reconnecting && ct(locale, 'conn.reconnecting')}
        {snapshot.matches('failed') && ct(locale, 'conn.refusedToken', { message: context.failure ?? '' })}
        {sending && ct(locale, 'status.sending')}
        {view !== null && seatView === null && ct(locale, 'conn.spectator')}
      </p>
      {view !== null && (
        <main className="board">
          <RollorStrip locale={locale} view={view} />
          <TableStatus locale={locale} view={view} bots={bots} flight={flight} onFlightEnd={endFlight} />
          {seatView !== null && legal !== null && (
            <>
              <div className="seat-area">
                <p className="prompt">{seatPrompt(locale, seatView)}</p>
                {seatView.stopped !== null && (seatView.phase === 'courtesy' || seatView.phase.startsWith('second')) && (
                  <p className="note">{ct(locale, seatView.stopped ? 'table.stopped' : 'table.continued')}</p>
                )}
                {seatView.courtesy !== null && (
                  <p className="courtesy">
                    {ct(locale, 'courtesy.heading', { partner: t(locale, `seat.${seatView.courtesy.partner}`) })}
                    {seatView.courtesy.offer !== null && ` · ${ct(locale, 'courtesy.offered', { count: seatView.courtesy.offer })}`}
                    {seatView.courtesy.agreed !== null && (
                      <strong className="agreed" data-agreed={seatView.courtesy.agreed}>
                        {' · '}
                        {ct(locale, 'courtesy.agreed', { partner: t(locale, `seat.${seatView.courtesy.partner}`), count: seatView.courtesy.agreed })}
                      </strong>
                    )}
                  </p>
                )}
                {seatView.misdeal !== null && seatView.misdeal.by === null && <p className="note">{seatView.misdeal.reason}</p>}
                <div className="alert" role="alert">
                  {context.alert}
                </div>
                {context.showHint && hint !== null && (
                  <section className="hint" aria-live="polite">
                    <h2>{ct(locale, 'hint.heading')}</h2>
                    <p>{hint.text}</p>
                  </section>
                )}
                <PassSlots locale={locale} view={seatView} need={need} blind={legal.pass !== null ? context.blind : 0} chosen={chosenViews} busy={busy} onTakeBack={toggle} />
                {choiceStatus(context) !== null && <p className="muted chosen-line">{choiceStatus(context)}</p>}
                {confirming && context.pending !== null && (
                  <section className="confirm" aria-live="polite">
                    <p>{confirmText(locale, context.pending, seatView.courtesy?.partner ?? null, directionName(context))}</p>
                    <button type="button" className={`action primary${context.pending.type === 'misdeal.declare' ? ' danger' : ''}`} data-action="confirm" ref={confirmRef} onClick={() => actor.send({ type: 'confirm' })}>
                      {ct(locale, 'action.confirm')}
                    </button>
                    <button type="button" className="action" data-action="cancel" onClick={() => actor.send({ type: 'cancel' })}>
                      {ct(locale, 'action.cancel')}
                    </button>
                  </section>
                )}
                <Actions
                  locale={locale}
                  phase={seatView.phase}
                  legal={legal}
                  chosen={chosenTiles(context).length}
                  need={need}
                  blind={context.blind}
                  busy={busy}
                  hintAvailable={hintAvailable}
                  hintShown={context.showHint}
                  onAct={(action, count) => actor.send(count === undefined ? { type: 'act', action } : { type: 'act', action, count })}
                  onBlind={(count) => actor.send({ type: 'blind.choose', count })}
                  onHint={() => actor.send({ type: 'hint.toggle' })}
                />
              </div>
              <section className="rack" aria-label={`${ct(locale, 'rack.heading')}, ${t(locale, 'plural.tiles', { count: seatView.rack.length })}`}>
                <div className="tiles">
                  {seatView.rack.map((tile) => (
                    <RackTile
                      key={tile.id}
                      locale={locale}
                      tile={tile.tile}
                      pressed={context.chosen.includes(tile.id)}
                      suggested={context.showHint && (hint?.tiles.includes(tile.tile) ?? false)}
                      isNew={fresh.has(tile.id)}
                      onToggle={() => toggle(tile.id)}
                      onSubmit={submit}
                    />
                  ))}
                </div>
              </section>
            </>
          )}
        </main>
      )}
      {heading !== undefined && <p className="heading">{heading}</p>}
    </div>
  );
}
