/**
 * The pass slots in front of you: the tiles you chose move into them (tap one to put it back); in an end pass the
 * tiles you forward blind sit in the first slots face down, unseen; once you have passed, your packet lies there
 * face down on the table until the pass resolves (you still see your own tiles; never the blind ones).
 */
import type { Locale, SeatView, TileView } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import { tileName } from '../tiles.js';
import { TileArt } from './TileArt.js';
import { TileBack, TileFace } from './Tile.js';

/** Props of the pass slots. */
export interface PassSlotsProps {
  locale: Locale;
  view: SeatView;
  /** Tiles the packet needs from the rack now (null: no packet is being chosen). */
  need: number | null;
  blind: number;
  chosen: readonly TileView[];
  busy: boolean;
  onTakeBack: (id: number) => void;
}

/** The slots, or nothing when no packet is chosen or on the table. */
export function PassSlots({ locale, view, need, blind, chosen, busy, onTakeBack }: PassSlotsProps) {
  const packet = view.packet;
  if (packet !== null) {
    return (
      <section className="slots packet" aria-label={ct(locale, 'slots.heading')}>
        <div className="slot-row">
          {Array.from({ length: packet.blind }, (_, index) => (
            <span key={`b${index}`} className="slot">
              <TileBack label={ct(locale, 'slots.blind')} className="in-slot" />
            </span>
          ))}
          {packet.tiles.map((tile) => (
            <span key={tile.id} className="slot">
              <TileFace locale={locale} tile={tile.tile} className="down" />
            </span>
          ))}
        </div>
        <p className="muted slot-note">{ct(locale, 'slots.onTable')}</p>
      </section>
    );
  }
  if (need === null || need + blind === 0) return null;
  const empty = Math.max(0, need - chosen.length);
  return (
    <section className="slots" aria-label={ct(locale, 'slots.heading')}>
      <div className="slot-row">
        {Array.from({ length: blind }, (_, index) => (
          <span key={`b${index}`} className="slot">
            <TileBack label={ct(locale, 'slots.blind')} className="in-slot" />
          </span>
        ))}
        {chosen.map((tile) => (
          <span key={tile.id} className="slot">
            <button type="button" className={`tile slotted tile-${tile.tile}`} data-slot={tile.tile} disabled={busy} aria-label={ct(locale, 'slots.takeBack', { tile: tileName(locale, tile.tile) })} onClick={() => onTakeBack(tile.id)}>
              <TileArt tile={tile.tile} />
            </button>
          </span>
        ))}
        {Array.from({ length: empty }, (_, index) => (
          <span key={`e${index}`} className="slot empty" aria-hidden="true" />
        ))}
      </div>
    </section>
  );
}
