/**
 * Always on screen: the phase in words with the ROLLOR strip of the six passes, the direction of this pass,
 * who the table waits for ("holding up the table"), each seat's tile count and packet on the table.
 */
import { SEATS, targetOf, t, type Locale, type PublicView, type Seat } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import { isSeatView } from '../transport.js';

const ROLLOR = [
  { phase: 'firstCharleston.right', direction: 'right', letter: 'R' },
  { phase: 'firstCharleston.across', direction: 'across', letter: 'O' },
  { phase: 'firstCharleston.left', direction: 'left', letter: 'L' },
  { phase: 'secondCharleston.left', direction: 'left', letter: 'L' },
  { phase: 'secondCharleston.across', direction: 'across', letter: 'O' },
  { phase: 'secondCharleston.right', direction: 'right', letter: 'R' },
] as const;

const ORDER = ['firstCharleston.right', 'firstCharleston.across', 'firstCharleston.left', 'stopCheckpoint', 'secondCharleston.left', 'secondCharleston.across', 'secondCharleston.right', 'courtesy', 'complete'];

/** Props of the status panel. */
export interface TableStatusProps {
  locale: Locale;
  view: PublicView;
  /** Seats played by bots (solo: every seat but the person's). */
  bots: readonly Seat[];
}

/** The six passes, the current one marked. */
export function RollorStrip({ locale, view }: Pick<TableStatusProps, 'locale' | 'view'>) {
  const at = ORDER.indexOf(view.phase);
  return (
    <ol className="rollor" aria-label={ct(locale, 'table.rollor')}>
      {ROLLOR.map((step, index) => {
        const current = step.phase === view.phase;
        const done = at > ORDER.indexOf(step.phase);
        return (
          <li key={step.phase} className={current ? 'current' : done ? 'done' : ''} aria-current={current ? 'step' : undefined} title={t(locale, `phase.${step.phase}`)}>
            <span className="letter" aria-hidden="true">{step.letter}</span>
            <span className="word">{t(locale, `direction.${step.direction}`)}</span>
            {index === 2 && <span className="sep" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}

/** The four seats around the table, from this seat's point of view. */
export function TableStatus({ locale, view, bots }: TableStatusProps) {
  const me = view.seat;
  const seatView = isSeatView(view) ? view : null;
  const waiting = seatView?.waitingFor ?? null;
  const around: Seat[] = me === null ? [...SEATS] : [me, targetOf(me, 'right'), targetOf(me, 'across'), targetOf(me, 'left')];
  const places = ['bottom', 'right', 'top', 'left'];
  return (
    <section className="table" aria-label={ct(locale, 'table.seats')}>
      <ul className="seats">
        {around.map((seat, index) => {
          const held = waiting?.includes(seat) ?? false;
          const packet = seatView?.packetOnTable[seat] ?? false;
          return (
            <li key={seat} className={`seat seat-${me === null ? seat : places[index]}${held ? ' held' : ''}${seat === me ? ' me' : ''}`} data-seat={seat}>
              <span className="seat-name">
                {t(locale, `seat.${seat}`)}
                {seat === me && ` (${ct(locale, 'app.you')})`}
                {bots.includes(seat) && ` · ${ct(locale, 'app.bot')}`}
              </span>
              <span className="seat-count">{t(locale, 'plural.tiles', { count: view.counts[seat] })}</span>
              {packet && <span className="chip packet">{ct(locale, 'table.packetDown')}</span>}
              {held && <span className="chip waiting">{ct(locale, 'table.holdingUp')}</span>}
            </li>
          );
        })}
      </ul>
      {waiting !== null && (
        <p className="waiting-line" data-waiting={waiting.join(' ')}>
          {waiting.length === 0
            ? ct(locale, 'table.waitingNobody')
            : ct(locale, 'table.waitingFor', { seats: waiting.map((seat) => t(locale, `seat.${seat}`)).join(', ') })}
        </p>
      )}
    </section>
  );
}
