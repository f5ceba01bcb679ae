/** The shape of the teacher's advice, shared by the hint without a card and the hint with one. */
import type { CharlestonEvent, Tile } from '../index.js';

/** The teacher's advice: the event it would send and why, in words. */
export interface Hint {
  event: CharlestonEvent | null;
  /** The tiles the advice names (to highlight on the rack). */
  tiles: Tile[];
  text: string;
}
