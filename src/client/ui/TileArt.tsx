/**
 * The faces of the tiles, drawn by this project as inline SVG (nothing copied: simple shapes laid out here).
 * Bams are green sticks, craks a numeral over a red seal with a crack, dots rings; winds a compass arrow under the
 * wind's letter (E, S, W, N in every language: a face is what is engraved on the tile, see {@link ENGRAVING}); dragons a red serpent, a green pine and a blue frame (the soap); the flower
 * a five-petal bloom; the joker a star. Suited tiles carry their rank in the corner. Every word drawn is fitted to
 * the face (`textLength`), so no language can make it spill. The SVG is decorative: the tile's button or image
 * carries the spoken name (`aria-label`).
 */
import type { ReactElement } from 'react';
import type { Tile } from '../../index.js';
import { ENGRAVING } from '../engraving.js';

const BAM = '#16713a';
const CRAK = '#b3261e';
const DOT = '#1f4fa0';
const INK = '#1d1d1b';

type Point = readonly [number, number];

const DOTS: Record<number, { r: number; at: readonly Point[] }> = {
  1: { r: 14, at: [[30, 42]] },
  2: { r: 9.5, at: [[30, 24], [30, 60]] },
  3: { r: 8, at: [[16, 20], [30, 42], [44, 64]] },
  4: { r: 8.5, at: [[18, 25], [42, 25], [18, 59], [42, 59]] },
  5: { r: 7, at: [[17, 22], [43, 22], [30, 42], [17, 62], [43, 62]] },
  6: { r: 7, at: [[19, 20], [41, 20], [19, 42], [41, 42], [19, 64], [41, 64]] },
  7: { r: 5.6, at: [[14, 15], [30, 23], [46, 31], [19, 48], [41, 48], [19, 66], [41, 66]] },
  8: { r: 6.2, at: [[19, 15], [41, 15], [19, 32], [41, 32], [19, 49], [41, 49], [19, 66], [41, 66]] },
  9: { r: 6.2, at: [[15, 20], [30, 20], [45, 20], [15, 42], [30, 42], [45, 42], [15, 64], [30, 64], [45, 64]] },
};

const BAMS: Record<number, { h: number; at: readonly Point[] }> = {
  2: { h: 26, at: [[30, 27], [30, 58]] },
  3: { h: 24, at: [[30, 27], [19, 58], [41, 58]] },
  4: { h: 24, at: [[19, 27], [41, 27], [19, 58], [41, 58]] },
  5: { h: 24, at: [[15, 27], [45, 27], [30, 42], [15, 58], [45, 58]] },
  6: { h: 24, at: [[16, 27], [30, 27], [44, 27], [16, 58], [30, 58], [44, 58]] },
  7: { h: 18, at: [[30, 19], [16, 44], [30, 44], [44, 44], [16, 66], [30, 66], [44, 66]] },
  8: { h: 24, at: [[12, 28], [24, 28], [36, 28], [48, 28], [12, 58], [24, 58], [36, 58], [48, 58]] },
  9: { h: 18, at: [[16, 19], [30, 19], [44, 19], [16, 43], [30, 43], [44, 43], [16, 66], [30, 66], [44, 66]] },
};

function Corner({ rank, color }: { rank: string; color: string }) {
  return (
    <text x="4" y="12" fontSize="11" fontWeight="700" fill={color} fontFamily="system-ui, sans-serif">
      {rank}
    </text>
  );
}

/** A word fitted to `width` units of the face: squeezed when it would be wider, never cut. */
function Word({ text, x, y, size, width, color }: { text: string; x: number; y: number; size: number; width: number; color: string }) {
  const estimate = [...text].length * size * 0.62;
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontWeight="700"
      fill={color}
      textAnchor="middle"
      fontFamily="system-ui, sans-serif"
      {...(estimate > width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {})}
    >
      {text}
    </text>
  );
}

function Stick({ cx, cy, h, color }: { cx: number; cy: number; h: number; color: string }) {
  const w = 7;
  return (
    <g>
      <rect x={cx - w / 2} y={cy - h / 2} width={w} height={h} rx="3" fill={color} />
      <rect x={cx - w / 2 - 0.5} y={cy - 1} width={w + 1} height="2" fill="#e8f3e8" />
      <line x1={cx} y1={cy - h / 2 + 3} x2={cx} y2={cy + h / 2 - 3} stroke="#ffffff" strokeOpacity="0.45" strokeWidth="1.2" />
    </g>
  );
}

function bams(rank: number): ReactElement {
  if (rank === 1) {
    // One bam: a tall stalk with two leaves.
    return (
      <g>
        <Stick cx={30} cy={44} h={52} color={BAM} />
        <path d="M30 30 C 40 22, 50 24, 52 30 C 44 34, 36 34, 30 30 Z" fill="#3fa35a" />
        <path d="M30 50 C 20 42, 10 44, 8 50 C 16 54, 24 54, 30 50 Z" fill="#3fa35a" />
      </g>
    );
  }
  const layout = BAMS[rank] as { h: number; at: readonly Point[] };
  return (
    <g>
      {layout.at.map(([cx, cy], index) => (
        <Stick key={index} cx={cx} cy={cy} h={layout.h} color={rank === 7 && index === 0 ? CRAK : BAM} />
      ))}
    </g>
  );
}

function dots(rank: number): ReactElement {
  const layout = DOTS[rank] as { r: number; at: readonly Point[] };
  return (
    <g>
      {layout.at.map(([cx, cy], index) => (
        <g key={index}>
          <circle cx={cx} cy={cy} r={layout.r} fill={DOT} />
          <circle cx={cx} cy={cy} r={layout.r * 0.62} fill="#ffffff" />
          <circle cx={cx} cy={cy} r={layout.r * 0.3} fill={rank === 1 ? CRAK : BAM} />
        </g>
      ))}
    </g>
  );
}

function craks(rank: number): ReactElement {
  return (
    <g>
      <text x="30" y="38" fontSize="30" fontWeight="800" fill={INK} textAnchor="middle" fontFamily="system-ui, sans-serif">
        {rank}
      </text>
      <rect x="12" y="46" width="36" height="26" rx="5" fill={CRAK} />
      <path d="M18 54 L26 62 L31 52 L36 63 L43 55" fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </g>
  );
}

const ARROW: Record<'N' | 'E' | 'W' | 'S', number> = { N: 0, E: 90, S: 180, W: 270 };

function wind(tile: 'N' | 'E' | 'W' | 'S'): ReactElement {
  const letter = ENGRAVING[tile];
  return (
    <g>
      <Word text={letter} x={30} y={33} size={[...letter].length > 1 ? 20 : 28} width={50} color={INK} />
      <circle cx="30" cy="57" r="15" fill="none" stroke="#8a8474" strokeWidth="1.5" />
      <g transform={`rotate(${ARROW[tile]} 30 57)`}>
        <path d="M30 43 L37 58 L30 54 L23 58 Z" fill={CRAK} />
        <path d="M30 71 L34 58 L30 60 L26 58 Z" fill="#8a8474" />
      </g>
    </g>
  );
}

function dragon(tile: 'RD' | 'GD' | 'WD'): ReactElement {
  const word = ENGRAVING[tile];
  const color = tile === 'RD' ? CRAK : tile === 'GD' ? BAM : DOT;
  let art: ReactElement;
  if (tile === 'RD') {
    art = <path d="M18 16 C 46 16, 46 34, 30 36 C 14 38, 14 56, 42 56" fill="none" stroke={color} strokeWidth="7" strokeLinecap="round" />;
  } else if (tile === 'GD') {
    art = (
      <g fill={color}>
        <path d="M30 10 L44 26 L16 26 Z" />
        <path d="M30 20 L48 40 L12 40 Z" />
        <path d="M30 32 L50 54 L10 54 Z" />
        <rect x="27" y="54" width="6" height="6" />
      </g>
    );
  } else {
    art = (
      <g fill="none" stroke={color}>
        <rect x="10" y="10" width="40" height="48" rx="3" strokeWidth="4" />
        <rect x="17" y="17" width="26" height="34" rx="2" strokeWidth="2" strokeDasharray="4 3" />
      </g>
    );
  }
  return (
    <g>
      {art}
      <Word text={word} x={30} y={73} size={11} width={50} color={color} />
    </g>
  );
}

function flower(): ReactElement {
  const petals = [0, 72, 144, 216, 288];
  return (
    <g>
      <path d="M30 44 C 28 54, 32 60, 30 66" stroke={BAM} strokeWidth="3" fill="none" />
      <path d="M30 58 C 38 52, 44 54, 46 58 C 40 62, 34 62, 30 58 Z" fill="#3fa35a" />
      {petals.map((angle) => (
        <ellipse key={angle} cx="30" cy="19" rx="7" ry="10" fill="#d9468f" transform={`rotate(${angle} 30 30)`} />
      ))}
      <circle cx="30" cy="30" r="6" fill="#f4c430" />
      <Word text={ENGRAVING.F} x={30} y={76} size={10} width={50} color="#8c1d5a" />
    </g>
  );
}

function joker(): ReactElement {
  return (
    <g>
      <path d="M30 8 L36 24 L53 24 L39 34 L44 51 L30 41 L16 51 L21 34 L7 24 L24 24 Z" fill="#6a2c91" />
      <circle cx="30" cy="30" r="4" fill="#f4c430" />
      <Word text={ENGRAVING.J} x={30} y={70} size={13} width={50} color="#6a2c91" />
    </g>
  );
}

/**
 * The face of a tile as an SVG (decorative: `aria-hidden`; the element around it names the tile in the page's
 * language). The face itself is the same in every language.
 */
export function TileArt({ tile }: { tile: Tile }) {
  const suited = /^([1-9])([BCD])$/.exec(tile);
  let body: ReactElement;
  if (suited) {
    const rank = Number(suited[1]);
    const suit = suited[2];
    const color = suit === 'B' ? BAM : suit === 'C' ? CRAK : DOT;
    body = (
      <>
        {suit === 'B' ? bams(rank) : suit === 'C' ? craks(rank) : dots(rank)}
        {suit !== 'C' && <Corner rank={String(rank)} color={color} />}
      </>
    );
  } else if (tile === 'N' || tile === 'E' || tile === 'W' || tile === 'S') body = wind(tile);
  else if (tile === 'RD' || tile === 'GD' || tile === 'WD') body = dragon(tile);
  else if (tile === 'F') body = flower();
  else body = joker();
  return (
    <svg className="tile-art" viewBox="0 0 60 80" aria-hidden="true" focusable="false">
      {body}
    </svg>
  );
}
