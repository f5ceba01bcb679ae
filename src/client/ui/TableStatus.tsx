/**
 * The table seen from above, from this seat's point of view: you at the bottom, the seat on your right at the
 * right, across at the top. Opponents' racks are rows of tile backs with their counts; a packet on the table is a
 * face-down stack in front of its seat; the current pass is an arrow from you to its receiver with the direction's
 * word; when a pass resolves, the four packets slide to their receivers (not with reduced motion). Above it, the
 * ROLLOR strip of the six passes in the page's language.
 */
import { useEffect, useState } from 'react';
import { PASS_RULES, t, type Direction, type Locale, type Phase, type PublicView, type Seat } from '../../index.js';
import { targetOf } from '../../entries/rules.js';
import { PHASE_ORDER } from '../flow.logic.js';
import { ct } from '../i18n/catalog.js';
import { countdowns, seatAfterOf, seatAfterTo, seatLabel, type TableInfo } from '../table-info.js';
import { isSeatView } from '../transport.js';
import { TileBack } from './Tile.js';

/** The six passes in order with their directions: the engine's table of passes (R1, R6, R8). */
const ROLLOR: readonly { phase: Phase; direction: Direction }[] = Object.entries(PASS_RULES).flatMap(([phase, rule]) =>
  rule === undefined ? [] : [{ phase: phase as Phase, direction: rule.direction }],
);

/**
 * The ROLLOR letters, in each language's own initials where its teaching pages give them. Only the English page
 * does (Right, Over, Left); the Catalan, Swahili and Greek pages quote the English mnemonic, so they show words.
 */
const ROLLOR_LETTERS: Partial<Record<Locale, Record<Direction, string>>> = { en: { right: 'R', across: 'O', left: 'L' } };

const ORDER = PHASE_ORDER;

/** Where a seat sits on screen. */
export type Place = 'bottom' | 'right' | 'top' | 'left';
const PLACES: readonly Place[] = ['bottom', 'right', 'top', 'left'];

/** The seats from `me` round the table: bottom, right, top, left (a spectator sees East at the bottom). */
export function seatsAround(me: Seat | null): Record<Place, Seat> {
  const base = me ?? 'east';
  return { bottom: base, right: targetOf(base, 'right'), top: targetOf(base, 'across'), left: targetOf(base, 'left') };
}

/** The place on screen of `seat` seen from `me`. */
export function placeOf(me: Seat | null, seat: Seat): Place {
  const around = seatsAround(me);
  return PLACES.find((place) => around[place] === seat) ?? 'bottom';
}

/** Props of the ROLLOR strip. */
export interface RollorProps {
  locale: Locale;
  view: PublicView;
}

/** The six passes in two groups of three, the current one marked; letters where the language has them, else words. */
export function RollorStrip({ locale, view }: RollorProps) {
  const at = ORDER.indexOf(view.phase);
  const groups = [ROLLOR.slice(0, 3), ROLLOR.slice(3)];
  return (
    <div className="rollor" role="group" aria-label={ct(locale, 'table.rollor')}>
      {groups.map((group, g) => (
        <ol key={g} className="rollor-group" aria-label={ct(locale, g === 0 ? 'rollor.first' : 'rollor.second')}>
          {group.map((step) => {
            const current = step.phase === view.phase;
            const done = at > ORDER.indexOf(step.phase);
            const letter = ROLLOR_LETTERS[locale]?.[step.direction] ?? '';
            return (
              <li key={step.phase} className={current ? 'current' : done ? 'done' : ''} aria-current={current ? 'step' : undefined}>
                {letter !== '' && (
                  <span className="letter" aria-hidden="true">
                    {letter}
                  </span>
                )}
                <span className="word">{t(locale, `direction.${step.direction}`)}</span>
              </li>
            );
          })}
        </ol>
      ))}
    </div>
  );
}

/** A pass that just resolved, for the slide of the packets. */
export interface Flight {
  direction: Direction;
  /** Changes with every resolved pass, so the slide runs again. */
  key: number;
}

/** Props of the table. */
export interface TableStatusProps {
  locale: Locale;
  view: PublicView;
  /** Seats played by bots (solo: every seat but the person's). */
  bots: readonly Seat[];
  flight: Flight | null;
  onFlightEnd: () => void;
  /** The table's fields beside the view: names, and for a watcher who is waited for and which packets are down. */
  table?: TableInfo | null;
}

function Backs({ count, place }: { count: number; place: Place }) {
  // A rack seen from across the table: one back a tile (capped, so a wrong count cannot blow the layout up).
  return (
    <span className={`backs backs-${place}`} aria-hidden="true">
      {Array.from({ length: Math.min(count, 16) }, (_, index) => (
        <TileBack key={index} />
      ))}
    </span>
  );
}

function Stack({ locale, seat, place, count, className = '' }: { locale: Locale; seat: Seat; place: Place; count: number; className?: string }) {
  return (
    <span className={`stack stack-${place} ${className}`.trim()} data-packet-of={seat} role="img" aria-label={ct(locale, 'table.packetOf', { seat: seatAfterOf(locale, seat, undefined) })}>
      {Array.from({ length: Math.max(1, Math.min(count, 3)) }, (_, index) => (
        <TileBack key={index} />
      ))}
    </span>
  );
}

/** The client's clock, once a second while `active` (the plaques' clocks tick from the server's deadlines). */
function useNow(active: boolean, table: TableInfo | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active, table]);
  return now;
}

/**
 * A seat's own clock on its plaque while it runs: a ring that empties as the decision's time goes, and the seconds
 * left (red in the last ten). Read as a timer ("South: 12 s"), not announced each second.
 */
function PlaqueClock({ locale, seat, seconds, total, names }: { locale: Locale; seat: Seat; seconds: number; total: number; names: Partial<Record<Seat, string>> }) {
  const left = total > 0 ? Math.max(0, Math.min(100, (seconds / total) * 100)) : 0;
  return (
    <span className={`clock plaque-clock${seconds <= 10 ? ' low' : ''}`} data-clock={seat} role="timer" aria-label={ct(locale, 'clock.left', { seat: seatLabel(locale, seat, names), seconds })} title={ct(locale, 'clock.heading')}>
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle className="clock-track" cx="10" cy="10" r="8" fill="none" strokeWidth="3" />
        <circle className="clock-left" cx="10" cy="10" r="8" fill="none" strokeWidth="3" pathLength={100} strokeDasharray={`${left} 100`} transform="rotate(-90 10 10)" />
      </svg>
      <span className="countdown" data-countdown={seat} data-seconds={seconds} aria-hidden="true">
        {seconds}
      </span>
    </span>
  );
}

const ARROWS: Record<Direction, string> = {
  right: 'M50 92 C 50 60, 62 50, 92 50',
  across: 'M50 92 L 50 10',
  left: 'M50 92 C 50 60, 38 50, 8 50',
};

/** The four seats around the table, from this seat's point of view. */
export function TableStatus({ locale, view, bots, flight, onFlightEnd, table = null }: TableStatusProps) {
  const me = view.seat;
  const seatView = isSeatView(view) ? view : null;
  // A seat's view says who is waited for and which packets are down; a watcher's body may say it (else nothing).
  const waiting = seatView?.waitingFor ?? table?.waitingFor ?? null;
  const names = table?.names ?? {};
  const around = seatsAround(me);
  // The clocks run once the service says so and a seat has a deadline (nothing without a clock).
  const clock = table?.clock ?? null;
  const ticking = clock !== null && clock.started && Object.keys(clock.deadlines).length > 0;
  const now = useNow(ticking, table);
  const left = new Map(ticking && table !== null ? countdowns(table, now).map(({ seat, seconds }) => [seat, seconds] as const) : []);
  const rule = PASS_RULES[view.phase];
  const receiver = me !== null && rule ? targetOf(me, rule.direction) : null;
  const courtesyPartner = seatView?.courtesy?.partner ?? null;
  // A packet on the table holds three tiles in a pass; in the courtesy pass the pair's agreed count (known for
  // this seat's pair only; the other pair's packet is drawn as one stack without a count).
  const packetSize = (seat: Seat): number => {
    if (rule) return 3;
    if (seat === me || seat === courtesyPartner) return seatView?.courtesy?.agreed ?? 1;
    return 0;
  };
  return (
    <section className="table" aria-label={ct(locale, 'table.seats')}>
      <div className="felt">
        {PLACES.map((place) => {
          const seat = around[place];
          const held = waiting?.includes(seat) ?? false;
          const mine = seat === me;
          const count = view.counts[seat];
          const packet = (rule !== undefined || view.phase === 'courtesy') && (seatView?.packetOnTable[seat] ?? table?.packetOnTable?.[seat] ?? false);
          const name = seatLabel(locale, seat, names);
          return (
            <div key={seat} className={`seat seat-${place}${held ? ' held' : ''}${mine ? ' me' : ''}`} data-seat={seat}>
              <span className="plaque">
                <span className="seat-name">
                  {mine ? ct(locale, 'table.you') : name}
                  {bots.includes(seat) && <span className="bot"> · {ct(locale, 'app.bot')}</span>}
                </span>
                {mine && <span className="seat-wind">{name}</span>}
                <span className="seat-count">{t(locale, 'plural.tiles', { count })}</span>
                {left.has(seat) && clock !== null && <PlaqueClock locale={locale} seat={seat} seconds={left.get(seat) ?? 0} total={clock.seconds} names={names} />}
                {held && (
                  <span className="held-mark" role="img" aria-label={ct(locale, 'table.holdingUp')}>
                    <svg viewBox="0 0 12 16" aria-hidden="true" focusable="false">
                      <path d="M1 1 H11 M1 15 H11 M2 1 C2 6, 6 7, 6 8 C6 9, 2 10, 2 15 M10 1 C10 6, 6 7, 6 8 C6 9, 10 10, 10 15" fill="none" stroke="currentColor" strokeWidth="1.6" />
                      <path d="M3.5 14 L6 11 L8.5 14 Z" fill="currentColor" />
                    </svg>
                  </span>
                )}
              </span>
              {!mine && <Backs count={count - (packet ? packetSize(seat) : 0)} place={place} />}
              {packet && <Stack locale={locale} seat={seat} place={place} count={packetSize(seat)} />}
            </div>
          );
        })}
        {rule && (
          <div className={`arrow arrow-${rule.direction}`} data-direction={rule.direction} role="img" aria-label={receiver === null ? t(locale, `direction.${rule.direction}`) : ct(locale, 'table.arrow', { direction: t(locale, `direction.${rule.direction}`), seat: seatAfterTo(locale, receiver, names) })}>
            <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" preserveAspectRatio="none">
              <defs>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
                  <path d="M0 0 L10 5 L0 10 Z" fill="#f4d35e" />
                </marker>
              </defs>
              <path d={ARROWS[rule.direction]} fill="none" stroke="#f4d35e" strokeWidth="5" strokeLinecap="round" markerEnd="url(#arrowhead)" vectorEffect="non-scaling-stroke" />
            </svg>
            <span className="arrow-label" aria-hidden="true">
              <strong className="direction-word">{t(locale, `direction.${rule.direction}`)}</strong>
              {receiver !== null && <span className="arrow-to">{ct(locale, 'table.to', { seat: seatAfterTo(locale, receiver, names) })}</span>}
            </span>
          </div>
        )}
        {!rule && courtesyPartner !== null && view.phase === 'courtesy' && (
          <div className="arrow arrow-across" data-direction="across">
            <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" preserveAspectRatio="none">
              <path d="M50 90 L 50 10" fill="none" stroke="#f4d35e" strokeWidth="4" strokeDasharray="6 6" vectorEffect="non-scaling-stroke" />
            </svg>
            <span className="arrow-label">
              <strong className="direction-word">{t(locale, 'direction.across')}</strong>
            </span>
          </div>
        )}
        {flight !== null &&
          PLACES.map((place) => {
            const from = around[place];
            const to = placeOf(me, targetOf(from, flight.direction));
            return (
              <span key={`${flight.key}-${place}`} className={`flight from-${place} to-${to}`} aria-hidden="true" onAnimationEnd={place === 'bottom' ? onFlightEnd : undefined}>
                <TileBack />
                <TileBack />
                <TileBack />
              </span>
            );
          })}
      </div>
      {waiting !== null && (waiting.length > 0 || rule !== undefined || view.phase === 'stopCheckpoint' || view.phase === 'courtesy') && (
        <p className="waiting-line" data-waiting={waiting.join(' ')}>
          {waiting.length === 0
            ? ct(locale, 'table.waitingNobody')
            : ct(locale, 'table.waitingFor', { seats: waiting.map((seat) => seatLabel(locale, seat, names)).join(', ') })}
        </p>
      )}
    </section>
  );
}
