/**
 * The end of a hand (`complete`, `eastMahjong`): the review of who passed what to whom (`data-review`), made by the
 * table once the hand has ended (the page draws it, deciding nothing); and, for a person at
 * the table, the button that deals the next hand (`data-action="next-hand"`, `POST /api/tables/:id/next`). The new
 * hand's view then arrives on the live connection, with the person's new seat.
 */
import { useEffect, useState } from 'react';
import { t, type Locale, type Seat, type TileView } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import type { PageReview, ReviewPacket } from '../review.js';
import { ProgressList } from './CardPanels.js';
import { failureLine, type TableApi } from '../table-api.js';
import { seatLabel } from '../table-info.js';
import { TileFace } from './Tile.js';

/** Props of the end of a hand. */
export interface EndOfHandProps {
  locale: Locale;
  api: TableApi;
  /** The hand at this table (the service's count), null when the service does not say. */
  hand: number | null;
  /** The phase the hand ended in. */
  phase: string;
  names: Partial<Record<Seat, string>>;
  /** East's hand, when it was declared and shown. */
  eastHand: TileView[] | null;
  /** A person at the table (a watcher cannot deal the next hand). */
  canDeal: boolean;
  /** The deal passes to the right at the next hand (a service table); solo practice keeps the person at East. */
  rotates: boolean;
}

type Loaded = { kind: 'loading' } | { kind: 'loaded'; review: PageReview } | { kind: 'failed'; error: unknown };

function Packet({ locale, packet, names }: { locale: Locale; packet: ReviewPacket; names: Partial<Record<Seat, string>> }) {
  return (
    <li className="review-packet" data-from={packet.from} data-to={packet.to}>
      <span className="review-who">{ct(locale, 'end.packet', { from: seatLabel(locale, packet.from, names), to: seatLabel(locale, packet.to, names) })}</span>
      {/* The tiles and the count forwarded unseen stay together, beside the sender (on a phone they wrap as one). */}
      <span className="review-tiles">
        {packet.tiles.length === 0 ? <span className="review-nothing">{ct(locale, 'end.nothing')}</span> : packet.tiles.map((tile, index) => <TileFace key={index} locale={locale} tile={tile} className="small" />)}
        {packet.blind > 0 && <span className="review-blind">+ {ct(locale, 'end.blind', { count: packet.blind })}</span>}
      </span>
    </li>
  );
}

/** The review of the hand and the next hand's button. */
export function EndOfHand({ locale, api, hand, phase, names, eastHand, canDeal, rotates }: EndOfHandProps) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [dealing, setDealing] = useState<{ kind: 'idle' | 'busy' } | { kind: 'failed'; error: unknown }>({ kind: 'idle' });
  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    api.readReview(hand).then(
      (review) => {
        if (live) setLoaded({ kind: 'loaded', review });
      },
      (error: unknown) => {
        if (live) setLoaded({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [api, hand, phase]);
  const deal = (): void => {
    setDealing({ kind: 'busy' });
    api.next(hand).then(
      () => setDealing({ kind: 'idle' }),
      (error: unknown) => setDealing({ kind: 'failed', error }),
    );
  };
  const label = (seat: Seat): string => seatLabel(locale, seat, names);
  return (
    <section className="end-of-hand" aria-labelledby="review-heading">
      {canDeal && (
        <div className="next-hand">
          <button type="button" className="action primary" data-action="next-hand" disabled={dealing.kind === 'busy'} onClick={deal}>
            {dealing.kind === 'busy' ? ct(locale, 'end.nextBusy') : ct(locale, 'end.next')}
          </button>
          <p className="muted">{ct(locale, rotates ? 'end.nextNote' : 'end.nextSoloNote')}</p>
          {dealing.kind === 'failed' && <p className="alert">{ct(locale, 'end.nextFailed', { message: failureLine(locale, dealing.error, names) })}</p>}
        </div>
      )}
      <div className="review" data-review={loaded.kind}>
        <h2 id="review-heading">{ct(locale, 'end.heading')}</h2>
        {phase === 'eastMahjong' && (
          <div className="review-east">
            <p>{ct(locale, 'end.eastWon')}</p>
            {eastHand !== null && (
              <div className="declared-tiles">
                {eastHand.map((tile) => (
                  <TileFace key={tile.id} locale={locale} tile={tile.tile} className="small" />
                ))}
              </div>
            )}
          </div>
        )}
        {loaded.kind === 'loading' && <p className="muted">{ct(locale, 'end.loading')}</p>}
        {loaded.kind === 'failed' && <p className="muted">{ct(locale, 'end.failed', { message: failureLine(locale, loaded.error, names) })}</p>}
        {loaded.kind === 'loaded' && (
          <>
            {loaded.review.progress !== undefined && <ProgressList locale={locale} progress={loaded.review.progress} names={names} />}
            {loaded.review.passes.length === 0 && phase !== 'eastMahjong' && <p>{ct(locale, 'end.noPasses')}</p>}
            {loaded.review.passes.map((pass) => (
              <section key={pass.phase} className="review-pass" data-pass={pass.phase}>
                <h3>{t(locale, `phase.${pass.phase}` as 'phase.complete')}</h3>
                <ul>
                  {pass.packets.map((packet) => (
                    <Packet key={packet.from} locale={locale} packet={packet} names={names} />
                  ))}
                </ul>
                {pass.phase === 'firstCharleston.left' && loaded.review.votes.length > 0 && (
                  <p className="review-votes">
                    {ct(locale, 'end.votes')}: {loaded.review.votes.map((vote) => ct(locale, vote.vote === 'stop' ? 'end.vote.stop' : 'end.vote.continue', { seat: label(vote.seat) })).join(' · ')}.
                    {loaded.review.stoppedBy !== null && <strong className="review-stopped">{ct(locale, 'table.stoppedBy', { seat: label(loaded.review.stoppedBy) })}</strong>}
                  </p>
                )}
              </section>
            ))}
            {loaded.review.passes.length >= 3 && (
              <section className="review-pass" data-pass="courtesy">
                <h3>{ct(locale, 'end.courtesy')}</h3>
                {loaded.review.courtesy.length === 0 ? (
                  <p>{ct(locale, 'end.noCourtesy')}</p>
                ) : (
                  <ul>
                    {loaded.review.courtesy.map((packet) => (
                      <Packet key={packet.from} locale={locale} packet={packet} names={names} />
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </div>
    </section>
  );
}
