/**
 * The peer: a small Charleston for boardgame.io 0.50, one stage per pass. Every round every player moves once
 * (`ActivePlayers.ALL_ONCE`): six passes of three tiles (right, across, left, left, across, right), a vote, a
 * courtesy offer, and a courtesy give across (one tile each): 36 moves, as the engine's full hand. The deal is the
 * engine's own for the seed. `playerView` is an allow-list: a player sees its own rack and the public counts.
 */
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import { dealFromSeed, faceOf } from '../src/entries/rules.js';

/** The game state. */
export interface PeerState {
  round: number;
  racks: Record<string, string[]>;
  packets: Record<string, string[]>;
  moves: Record<string, number>;
}

const PLAYERS = ['0', '1', '2', '3'] as const;
const SEAT_OF = ['east', 'south', 'west', 'north'] as const;
/** Seat offsets of each pass (right = +3 counter-clockwise in seat order east→south→west→north, etc.). */
const OFFSETS = [3, 2, 1, 1, 2, 3];
/** Rounds: 0–5 passes, 6 vote, 7 offer, 8 give. */
export const ROUNDS = 9;

function resolve(G: PeerState): void {
  if (G.round < 6 || G.round === 8) {
    const offset = G.round < 6 ? (OFFSETS[G.round] as number) : 2;
    for (const [index, player] of PLAYERS.entries()) {
      const target = PLAYERS[(index + offset) % 4] as string;
      G.racks[target]?.push(...(G.packets[player] ?? []));
    }
  }
  G.packets = {};
  G.round += 1;
}

/** The boardgame.io game definition. */
export const CharlestonPeer = {
  name: 'charleston',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ ctx }: { ctx: { numPlayers: number } }, setupData?: { seed?: number }): PeerState => {
    void ctx;
    const deal = dealFromSeed(setupData?.seed ?? 1);
    const racks: Record<string, string[]> = {};
    PLAYERS.forEach((player, index) => {
      racks[player] = deal.racks[SEAT_OF[index] as (typeof SEAT_OF)[number]].map((id) => faceOf(id));
    });
    return { round: 0, racks, packets: {}, moves: { 0: 0, 1: 0, 2: 0, 3: 0 } };
  },
  turn: {
    activePlayers: ActivePlayers.ALL_ONCE,
    endIf: ({ G }: { G: PeerState }) => Object.keys(G.packets).length === 4,
    onEnd: ({ G }: { G: PeerState }) => resolve(G),
  },
  moves: {
    // Server-only (`client: false`): the client holds just its player view, so it cannot run the move itself.
    act: {
      client: false,
      move: ({ G, playerID }: { G: PeerState; playerID: string }, payload: { tiles?: string[]; vote?: string; count?: number }) => {
      const rack = G.racks[playerID];
      if (rack === undefined || G.packets[playerID] !== undefined) return INVALID_MOVE;
      const giving = G.round < 6 ? 3 : G.round === 8 ? 1 : 0;
      const tiles = payload.tiles ?? [];
      if (tiles.length !== giving) return INVALID_MOVE;
      const left = [...rack];
      for (const tile of tiles) {
        const at = left.indexOf(tile);
        if (at < 0 || tile === 'J') return INVALID_MOVE;
        left.splice(at, 1);
      }
      G.racks[playerID] = left;
      G.packets[playerID] = tiles;
      G.moves[playerID] = (G.moves[playerID] ?? 0) + 1;
      return undefined;
      },
    },
  },
  endIf: ({ G }: { G: PeerState }) => (G.round >= ROUNDS ? { done: true } : undefined),
  playerView: ({ G, playerID }: { G: PeerState; playerID: string | null }) => ({
    round: G.round,
    moves: G.moves,
    rack: playerID === null ? [] : (G.racks[playerID] ?? []),
    counts: Object.fromEntries(PLAYERS.map((p) => [p, (G.racks[p]?.length ?? 0) + (G.packets[p]?.length ?? 0)])),
    committed: playerID !== null && G.packets[playerID] !== undefined,
  }),
};

/** A player's next move from its own view (three natural tiles, or one to give). */
export function peerMove(view: { round: number; rack: string[]; committed: boolean }): { tiles?: string[]; vote?: string; count?: number } | null {
  if (view.committed || view.round >= ROUNDS) return null;
  const naturals = view.rack.filter((tile) => tile !== 'J');
  if (view.round < 6) return { tiles: naturals.slice(0, 3) };
  if (view.round === 6) return { vote: 'continue' };
  if (view.round === 7) return { count: 1 };
  return { tiles: naturals.slice(0, 1) };
}
