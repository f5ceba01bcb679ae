/**
 * A seat at a table (solo or through the service): the status panel, what the seat just received, its rack,
 * the actions, the page's confirm step, the alert for refusals, and the teacher's hint. Everything is drawn
 * from the flow machine's snapshot (`useSelector`), so the page has no logic of its own.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { t, type CharlestonEvent, type Locale, type Seat } from '../../index.js';
import { choiceStatus, chosenTiles, directionName, hasChoice, phaseName, tilesNeeded, type flowMachine } from '../flow.machine.js';
import { ct } from '../i18n/catalog.js';
import { seatPrompt } from '../prompt.js';
import { teacherHint } from '../teacher-reason.js';
import { tileNames } from '../tiles.js';
import { isSeatView } from '../transport.js';
import { Actions } from './Actions.js';
import { LanguagePicker } from './LanguagePicker.js';
import { RollorStrip, TableStatus } from './TableStatus.js';
import { RackTile, TileFace } from './Tile.js';

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

/** The page of one seat. */
export function TablePage({ actor, heading, bots, onLocale }: TablePageProps) {
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const { locale, view, legal } = context;
  const confirming = snapshot.matches({ live: 'confirming' });
  const sending = snapshot.matches({ live: 'sending' });
  const reconnecting = snapshot.matches('reconnecting');
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const seatView = view !== null && isSeatView(view) ? view : null;
  const hint = seatView !== null && legal !== null ? teacherHint(seatView, legal, locale) : null;
  const need = tilesNeeded(context);
  const submit = (): void => {
    if (legal?.pass) actor.send({ type: 'act', action: 'pass' });
    else if (legal?.courtesy) actor.send({ type: 'act', action: 'give' });
  };

  return (
    <div className="page table-page" data-phase={view?.phase ?? ''} data-version={view === null ? '' : String(context.version)} data-flow={flowState(snapshot.value)} lang={locale}>
      <header className="top">
        <h1>
          <span className="phase-name">{phaseName(context) || ct(locale, 'app.title')}</span>
          {view !== null && <span className="hand"> · {ct(locale, 'app.hand', { hand: view.hand })}</span>}
        </h1>
        <LanguagePicker locale={locale} onChange={onLocale} />
      </header>
      {heading !== undefined && <p className="heading">{heading}</p>}
      <p className="status" role="status">
        {snapshot.matches('connecting') && ct(locale, 'conn.connecting')}
        {reconnecting && ct(locale, 'conn.reconnecting')}
        {snapshot.matches('failed') && ct(locale, 'conn.refusedToken', { message: context.failure ?? '' })}
        {sending && ct(locale, 'status.sending')}
        {view !== null && seatView === null && ct(locale, 'conn.spectator')}
      </p>
      {view !== null && (
        <>
          <RollorStrip locale={locale} view={view} />
          {directionName(context) !== null && <p className="direction">{ct(locale, 'table.direction', { direction: directionName(context) ?? '' })}</p>}
          <TableStatus locale={locale} view={view} bots={bots} />
        </>
      )}
      {seatView !== null && legal !== null && (
        <main className="seat-area">
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
          <section className="received" aria-label={ct(locale, 'rack.received')}>
            <h2>{ct(locale, 'rack.received')}</h2>
            {seatView.received.length === 0 ? (
              <p className="muted">{ct(locale, 'rack.receivedNone')}</p>
            ) : (
              <div className="tiles">
                {seatView.received.map((tile) => (
                  <TileFace key={tile.id} locale={locale} tile={tile.tile} />
                ))}
              </div>
            )}
          </section>
          {seatView.packet !== null && (
            <section className="packet" aria-label={ct(locale, 'rack.packet', { tiles: '' })}>
              <div className="tiles">
                {seatView.packet.tiles.map((tile) => (
                  <TileFace key={tile.id} locale={locale} tile={tile.tile} />
                ))}
              </div>
              <p className="muted">
                {ct(locale, 'rack.packet', { tiles: tileNames(locale, seatView.packet.tiles.map((tile) => tile.tile)) })}
                {seatView.packet.blind > 0 && ` ${ct(locale, 'rack.packetBlind', { count: seatView.packet.blind })}`}
              </p>
            </section>
          )}
          <section className="rack" aria-label={ct(locale, 'rack.heading')}>
            <h2>
              {ct(locale, 'rack.heading')} <span className="muted">({t(locale, 'plural.tiles', { count: seatView.rack.length })})</span>
            </h2>
            <div className="tiles">
              {seatView.rack.map((tile) => (
                <RackTile
                  key={tile.id}
                  locale={locale}
                  tile={tile.tile}
                  pressed={context.chosen.includes(tile.id)}
                  suggested={context.showHint && (hint?.tiles.includes(tile.tile) ?? false)}
                  onToggle={() => actor.send({ type: 'tile.toggle', id: tile.id })}
                  onSubmit={submit}
                />
              ))}
            </div>
            {choiceStatus(context) !== null && <p className="muted chosen-line">{choiceStatus(context)}</p>}
          </section>
          <div className="alert" role="alert">
            {context.alert}
          </div>
          {confirming && context.pending !== null && (
            <section className="confirm" aria-live="polite">
              <p>{confirmText(locale, context.pending, seatView.courtesy?.partner ?? null, directionName(context))}</p>
              <button type="button" className="action primary" data-action="confirm" ref={confirmRef} onClick={() => actor.send({ type: 'confirm' })}>
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
            busy={sending || confirming || reconnecting}
            hintAvailable={hasChoice(legal) && hint !== null && hint.event !== null}
            onAct={(action, count) => actor.send(count === undefined ? { type: 'act', action } : { type: 'act', action, count })}
            onBlind={(count) => actor.send({ type: 'blind.choose', count })}
            onHint={() => actor.send({ type: 'hint.toggle' })}
          />
          {context.showHint && hint !== null && (
            <section className="hint" aria-live="polite">
              <h2>{ct(locale, 'hint.heading')}</h2>
              <p>{hint.text}</p>
            </section>
          )}
        </main>
      )}
    </div>
  );
}
