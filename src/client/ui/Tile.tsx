/** One tile: a rack button (`data-tile`, `aria-pressed`) or a plain face for received tiles and packets. */
import type { KeyboardEvent } from 'react';
import type { Locale, Tile } from '../../index.js';
import { tileFace, tileName } from '../tiles.js';

/** Props of a tile face. */
export interface TileFaceProps {
  locale: Locale;
  tile: Tile;
}

/** A tile face (not a rack button: it has no `data-tile`). */
export function TileFace({ locale, tile }: TileFaceProps) {
  const face = tileFace(locale, tile);
  return (
    <span className={`tile tile-${face.kind} tile-${tile}`} role="img" aria-label={tileName(locale, tile)}>
      <span className="tile-main" aria-hidden="true">{face.main}</span>
      {face.sub !== '' && <span className="tile-sub" aria-hidden="true">{face.sub}</span>}
    </span>
  );
}

/** Props of a rack tile button. */
export interface RackTileProps {
  locale: Locale;
  tile: Tile;
  pressed: boolean;
  suggested: boolean;
  onToggle: () => void;
  onSubmit: () => void;
}

/** A tile of the seat's own rack: space (or a tap) chooses it, enter passes the chosen packet. */
export function RackTile({ locale, tile, pressed, suggested, onToggle, onSubmit }: RackTileProps) {
  const face = tileFace(locale, tile);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <button
      type="button"
      className={`tile tile-${face.kind} tile-${tile}${suggested ? ' suggested' : ''}`}
      data-tile={tile}
      aria-pressed={pressed}
      aria-label={tileName(locale, tile)}
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      <span className="tile-main" aria-hidden="true">{face.main}</span>
      {face.sub !== '' && <span className="tile-sub" aria-hidden="true">{face.sub}</span>}
    </button>
  );
}
