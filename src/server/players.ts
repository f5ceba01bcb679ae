/** Who plays each seat: a person (`human`) or one of the engine's bot strategies, by name. */
import { SEATS, type BySeat, type Seat } from '../index.js';
import { STRATEGIES } from '../entries/bots.js';

/** A seat's player: `human` or a bot strategy name. */
export type Player = 'human' | 'teacher' | 'random';
/** Who plays each seat. */
export type Players = BySeat<Player>;

/** The player names a request may use. */
export const PLAYERS: readonly Player[] = ['human', 'teacher', 'random'];

/** True for a known player name. */
export function isPlayer(value: unknown): value is Player {
  return typeof value === 'string' && (PLAYERS as readonly string[]).includes(value) && (value === 'human' || value in STRATEGIES);
}

/** Every seat human unless `seats` says otherwise (the request was validated by its schema). */
export function playersFrom(seats: Partial<Record<string, unknown>> | undefined): Players {
  const players: Players = { east: 'human', south: 'human', west: 'human', north: 'human' };
  for (const seat of SEATS) {
    const value = seats?.[seat];
    if (isPlayer(value)) players[seat] = value;
  }
  return players;
}

/** The bot seats, in seat order. */
export function botSeats(players: Players): Seat[] {
  return SEATS.filter((seat) => players[seat] !== 'human');
}

