/**
 * What a learner sees of the card: the seat's closest hands while the hand is played (`data-closest`), and at the
 * end of a hand each seat's progress toward its closest hand (`data-progress`). Drawn from data only.
 */
import { SEATS, type Locale, type Seat } from '../../index.js';
import { awayText, progressText, sectionText, type ClosestView, type SeatProgress } from '../card.js';
import { ct } from '../i18n/catalog.js';
import { seatLabel } from '../table-info.js';

/** The seat's closest hands: the hand as written, its section, how many tiles away. */
export function ClosestList({ locale, closest }: { locale: Locale; closest: readonly ClosestView[] }) {
  return (
    <section className="closest" data-closest="" aria-labelledby="closest-heading">
      <h2 id="closest-heading">{ct(locale, 'card.closest')}</h2>
      <ol>
        {closest.map((hand) => (
          <li key={hand.index} data-hand={hand.index} data-missing={hand.missing}>
            <code className="card-hand">{hand.text}</code> <span className="card-section">({sectionText(locale, hand.section)})</span> · <strong className="card-away">{awayText(locale, hand.missing)}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Each seat's progress over the hand toward its closest hand. */
export function ProgressList({ locale, progress, names }: { locale: Locale; progress: Partial<Record<Seat, SeatProgress>>; names: Partial<Record<Seat, string>> }) {
  const seats = SEATS.filter((seat) => progress[seat] !== undefined);
  if (seats.length === 0) return null;
  return (
    <section className="progress" data-progress="" aria-labelledby="progress-heading">
      <h3 id="progress-heading">{ct(locale, 'card.progressHeading')}</h3>
      <ul>
        {seats.map((seat) => (
          <li key={seat} data-seat={seat} data-from={progress[seat]?.missingAtDeal} data-to={progress[seat]?.missingNow}>
            <span className="review-who">{seatLabel(locale, seat, names)}</span>: {progressText(locale, progress[seat] as SeatProgress)}
          </li>
        ))}
      </ul>
    </section>
  );
}
