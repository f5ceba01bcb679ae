/**
 * One tile: a rack button (`data-tile`, `aria-pressed`), a plain face for packets and pass slots, or a back
 * (face down). Faces are the project's own SVG ({@link TileArt}); the spoken name is the `aria-label`.
 */
import type { KeyboardEvent } from 'react';
import { JOKER, type Locale, type Tile } from '../../index.js';
import { ct } from '../i18n/catalog.js';
import { tileLabel } from '../tiles.js';
import { TileArt } from './TileArt.js';

const kindOf = (tile: Tile): string => (/^[1-9][BCD]$/.test(tile) ? tile.slice(1) : tile === 'F' ? 'flower' : tile === JOKER ? 'joker' : tile.endsWith('D') ? 'dragon' : 'wind');

/** Props of a tile face. */
export interface TileFaceProps {
  locale: Locale;
  tile: Tile;
  className?: string;
}

/** A tile face (not a rack button: it has no `data-tile`). */
export function TileFace({ locale, tile, className = '' }: TileFaceProps) {
  return (
    <span className={`tile tile-${kindOf(tile)} tile-${tile} ${className}`.trim()} role="img" aria-label={tileLabel(locale, tile)}>
      <TileArt tile={tile} />
    </span>
  );
}

/** A face-down tile (its label says so, or nothing when it is one of a counted row). */
export function TileBack({ label, className = '' }: { label?: string; className?: string }) {
  return label === undefined ? <span className={`back ${className}`.trim()} aria-hidden="true" /> : <span className={`back ${className}`.trim()} role="img" aria-label={label} />;
}

/** Props of a rack tile button. */
export interface RackTileProps {
  locale: Locale;
  tile: Tile;
  pressed: boolean;
  suggested: boolean;
  /** Just received (marked until the next choice). */
  isNew: boolean;
  onToggle: () => void;
  onSubmit: () => void;
}

/** A tile of the seat's own rack: space (or a tap) chooses it, enter passes the chosen packet. */
export function RackTile({ locale, tile, pressed, suggested, isNew, onToggle, onSubmit }: RackTileProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    }
  };
  const name = tileLabel(locale, tile);
  return (
    <button
      type="button"
      className={`tile tile-${kindOf(tile)} tile-${tile}${suggested ? ' suggested' : ''}${isNew ? ' new' : ''}`}
      data-tile={tile}
      {...(isNew ? { 'data-new': '' } : {})}
      aria-pressed={pressed}
      aria-label={isNew ? ct(locale, 'rack.newTile', { tile: name }) : name}
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      <TileArt tile={tile} />
      {isNew && (
        <span className="new-mark" aria-hidden="true">
          {ct(locale, 'rack.new')}
        </span>
      )}
    </button>
  );
}
