/**
 * Table checks for the verification tests, written from the contract (§2, R2, R4, R11) and independent of the
 * engine's own `invariantViolations`: tile accounting by id, tile counts, jokers, and per-seat views.
 * Each check returns a list of problems (empty when the table is sound), so a failure can say what and where.
 */
import { SEATS, type Seat } from '../../../src/seats.js';
import { phaseOfSnapshot, type CharlestonSnapshot } from '../../../src/engine.js';
import { TILE_FACES, type TileId } from '../../../src/tiles.js';
import type { CharlestonContext, Phase } from '../../../src/types.js';
import { viewFor } from '../../../src/views.js';
import type { LegalActions } from '../../../src/legal.js';

/** The size of the set (152 tiles), written out rather than imported. */
export const TILES_IN_SET = 152;

const face = (id: TileId): string => TILE_FACES[id] ?? `#${id}?`;

/** A seat's tile count (R11): its rack plus the tiles of its own in its packet on the table. */
export function countOf(context: CharlestonContext, seat: Seat): number {
  return context.racks[seat].length + (context.table[seat]?.tiles.length ?? 0);
}

/**
 * All 152 tiles accounted for, each in exactly one place (a rack, a packet, the wall); no joker on the table.
 * Holds in every phase, a misdeal included.
 */
export function accountingProblems(context: CharlestonContext): string[] {
  const problems: string[] = [];
  const where = new Map<number, string>();
  const put = (ids: readonly unknown[], place: string): void => {
    for (const id of ids) {
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= TILES_IN_SET) {
        problems.push(`${place} holds ${String(id)}, not a tile id`);
      } else if (where.has(id)) {
        problems.push(`tile #${id} (${face(id)}) is in ${where.get(id)} and in ${place}`);
      } else where.set(id, place);
    }
  };
  for (const seat of SEATS) {
    put(context.racks[seat], `${seat}'s rack`);
    const packet = context.table[seat];
    if (packet !== null) {
      put(packet.tiles, `${seat}'s packet`);
      if (packet.tiles.some((id) => face(id) === 'J')) problems.push(`a joker lies in ${seat}'s packet (R2)`);
      if (packet.blind < 0 || packet.blind > 3) problems.push(`${seat}'s packet is blind ${packet.blind}`);
    }
  }
  put(context.wall, 'the wall');
  if (where.size !== TILES_IN_SET) problems.push(`${TILES_IN_SET - where.size} tile(s) are in no place at all`);
  return problems;
}

/** R11 outside a misdeal: 13 each, East 14; North 12 only when `northMayBeShort`. `complete` needs an empty table. */
export function countProblems(context: CharlestonContext, phase: Phase, northMayBeShort: boolean): string[] {
  if (phase === 'misdeal') return [];
  const problems: string[] = [];
  for (const seat of SEATS) {
    const count = countOf(context, seat);
    const expected = seat === 'east' ? 14 : 13;
    if (count === expected) continue;
    if (seat === 'north' && count === 12 && northMayBeShort && phase !== 'complete') continue;
    problems.push(`${seat} counts ${count} tiles in ${phase}, expected ${expected}${seat === 'north' ? ' (or 12 while short)' : ''}`);
  }
  if (phase === 'complete' || phase === 'eastMahjong') {
    for (const seat of SEATS) if (context.table[seat] !== null) problems.push(`${seat} has a packet on the table in ${phase}`);
  }
  return problems;
}

/**
 * Follows one hand: jokers never leave the rack they were dealt to (R2), and North, once it holds 13, is never
 * short again in that hand (R11: North may count 12 only until it draws). Call `check` after every event.
 */
export class HandTracker {
  private hand = -1;
  private seed: CharlestonContext['seed'] = -1;
  private jokers = new Map<TileId, Seat>();
  /** Whether North may still be short in this hand. */
  northMayBeShort = false;

  /** Problems after an event (starting a new record when the hand number or seed changed). */
  check(context: CharlestonContext, phase: Phase): string[] {
    if (context.hand !== this.hand || context.seed !== this.seed) {
      this.hand = context.hand;
      this.seed = context.seed;
      this.jokers = new Map();
      for (const seat of SEATS) for (const id of context.racks[seat]) if (face(id) === 'J') this.jokers.set(id, seat);
      this.northMayBeShort = countOf(context, 'north') === 12;
    }
    const problems: string[] = [];
    for (const [id, seat] of this.jokers) {
      if (!context.racks[seat].includes(id)) {
        const now = SEATS.find((other) => context.racks[other].includes(id));
        problems.push(`joker #${id} left ${seat}'s rack (now ${now ?? 'in no rack'})`);
      }
    }
    if (countOf(context, 'north') !== 12 && phase !== 'misdeal') this.northMayBeShort = false;
    problems.push(...countProblems(context, phase, this.northMayBeShort));
    return problems;
  }
}

/** Every tile id a view mentions (any `id` field, at any depth) and every key it has. */
export function walkView(value: unknown, ids: number[] = [], keys: Set<string> = new Set()): { ids: number[]; keys: Set<string> } {
  if (Array.isArray(value)) {
    for (const inner of value) walkView(inner, ids, keys);
  } else if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      const inner = (value as Record<string, unknown>)[key];
      keys.add(key);
      if (key === 'id' && typeof inner === 'number') ids.push(inner);
      else if (typeof inner === 'object' && inner !== null) walkView(inner, ids, keys);
    }
  }
  return { ids, keys };
}

const SECRET_KEYS = ['seed', 'wall', 'racks', 'table', 'votes', 'offers'];

/**
 * Views leak nothing: a seat's view shows only tiles of its own rack or its own packet, never a secret field
 * (seed, wall, other racks); a spectator sees no tile at all.
 */
export function viewProblems(snapshot: CharlestonSnapshot): string[] {
  const problems: string[] = [];
  const { context } = snapshot;
  // R10 review: East's declared hand is face up for everyone while it is reviewed and once accepted through it.
  const phase = phaseOfSnapshot(snapshot);
  const declared = phase === 'declarationReview' || (phase === 'eastMahjong' && context.rules.declarationReview === true);
  const east: readonly number[] = declared ? context.racks.east : [];
  for (const seat of SEATS) {
    const view = viewFor(snapshot, seat);
    const own = new Set<number>([...context.racks[seat], ...east]);
    for (const id of context.table[seat]?.tiles ?? []) own.add(id);
    const { ids, keys } = walkView(view);
    for (const id of ids) if (!own.has(id)) problems.push(`${seat}'s view shows tile #${id} (${face(id)}), not its own`);
    for (const key of SECRET_KEYS) if (keys.has(key)) problems.push(`${seat}'s view has a "${key}" field`);
    const rack = context.racks[seat];
    if (view.rack.length !== rack.length || view.rack.some((tile, i) => tile.id !== rack[i])) problems.push(`${seat}'s view is not its rack`);
    if ((view.declaration !== null) !== declared) problems.push(`${seat}'s view ${declared ? 'lacks' : 'has'} East's declared hand in ${phase}`);
  }
  const spectator = viewFor(snapshot, null);
  const seen = walkView(spectator);
  if (seen.ids.some((id) => !east.includes(id))) problems.push('the spectator view shows tiles');
  if ((spectator.declaration?.tiles.length ?? 0) !== east.length) problems.push(`the spectator view ${declared ? 'lacks' : 'has'} East's declared hand in ${phase}`);
  for (const key of SECRET_KEYS) if (seen.keys.has(key)) problems.push(`the spectator view has a "${key}" field`);
  return problems;
}

/**
 * `waitingFor` (the same in every seat's view) names exactly the seats the table cannot go on without, read from
 * what each seat may legally do rather than from how the views work it out: a seat is waited for when its legal
 * actions hold a move the phase needs from it (a packet to pass, a vote, an offer, a courtesy packet, an
 * acceptance of East's hand) or, in the courtesy pass, North's draw (R11: the hand cannot be complete while North
 * is short). Optional moves do not count: a take-back, East's declaration, a misdeal, a short North's draw before
 * the courtesy pass.
 */
export function waitingProblems(snapshot: CharlestonSnapshot, legal: (seat: Seat) => LegalActions): string[] {
  const phase = phaseOfSnapshot(snapshot);
  const needed = SEATS.filter((seat) => {
    const actions = legal(seat);
    const move = actions.pass !== null || actions.vote.length > 0 || actions.offer.length > 0 || actions.courtesy !== null || actions.acceptDeclaration;
    return move || (phase === 'courtesy' && actions.draw);
  });
  const problems: string[] = [];
  for (const seat of SEATS) {
    const shown = viewFor(snapshot, seat).waitingFor;
    if (shown.join() !== needed.join()) problems.push(`${seat}'s view waits for [${shown.join(', ')}] in ${phase}, but the seats with a needed legal move are [${needed.join(', ')}]`);
  }
  return problems;
}
