/**
 * One seat of a Charleston table in React: the seat's rack (pick tiles), a pass button that is enabled exactly when
 * a pass is legal for the seat, and the refusal message when the engine says no. It reads the table with
 * `useSelector` on the table's actor, as XState apps usually do, and selects only this seat's view: never the
 * snapshot's context, which holds every rack and the wall.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactElement } from 'react';
import { legalActions, viewFor, type CharlestonEngine, type Seat, type TileId } from 'charleston-engine';

/** Two views are the same when they say the same (a view is plain data), so equal snapshots do not re-render. */
const sameData = <T,>(a: T, b: T): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Props of {@link SeatPanel}. */
export interface SeatPanelProps {
  table: CharlestonEngine;
  seat: Seat;
  /** Language of the phase name, prompt and refusal messages (`en`, `ca`, `sw`, `el`). */
  locale?: string;
}

/** A seat's rack, its pass button and the last refusal. */
export function SeatPanel({ table, seat, locale = 'en' }: SeatPanelProps): ReactElement {
  const view = useSelector(table.actor, (snapshot) => viewFor(snapshot, seat, { locale }), sameData);
  const canPass = useSelector(table.actor, (snapshot) => legalActions(snapshot, seat).pass !== null);
  const [picked, setPicked] = useState<readonly TileId[]>([]);
  const [refusal, setRefusal] = useState('');

  const toggle = (id: TileId): void => setPicked((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const pass = (): void => {
    const tiles = view.rack.filter(({ id }) => picked.includes(id)).map(({ tile }) => tile);
    const result = table.send({ type: 'pass.commit', seat, tiles });
    // A wrong pick is not the client's to prevent: the engine refuses it (changing nothing) and says why.
    setRefusal(result.ok ? '' : result.refusal.message);
    if (result.ok) setPicked([]);
  };

  return (
    <section aria-label={seat} data-phase={view.phase}>
      <h2>{view.phaseName ?? view.phase}</h2>
      <p>{view.prompt}</p>
      <div>
        {view.rack.map(({ id, tile }) => (
          <button key={id} type="button" data-tile={tile} aria-pressed={picked.includes(id)} onClick={() => toggle(id)}>
            {tile}
          </button>
        ))}
      </div>
      <button type="button" data-action="pass" disabled={!canPass} onClick={pass}>
        Pass {picked.length}
      </button>
      <p role="alert">{refusal}</p>
    </section>
  );
}
