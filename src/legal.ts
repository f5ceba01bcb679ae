/**
 * Legal actions for a seat, for buttons and bots. Every entry is computed by asking the same checks the
 * guards use (`refusalFor`) about candidate events: what is offered is accepted, what is omitted is refused.
 */
import { refusalFor, type DecideOptions } from './rules/decide.js';
import { agreedCount } from './rules/courtesy.js';
import { isDisputeBy } from './rules/hand.js';
import { pairOf, type Seat } from './seats.js';
import { phaseOfSnapshot, type CharlestonEngine, type CharlestonSnapshot } from './engine.js';
import { isTableLike, seatArgument, snapshotArgument, validatorArgument } from './arguments.js';
import { InputError, describeType, isRecord } from './errors.js';
import { JOKER, countCodes, faceOf, sortCodesInPlace, type Tile, type TileId } from './tiles.js';
import type { CharlestonContext, CharlestonEvent, Phase, Vote, WinningHandValidator } from './types.js';

/** What a seat may do now, in a compact form. */
export interface LegalActions {
  seat: Seat;
  phase: Phase;
  /** `pass.commit`: list `3 − blind` tiles from `from` (a multiset, jokers never in it) with one of `blind`. */
  pass: { from: Tile[]; blind: number[] } | null;
  /** `pass.retract` of the seat's unresolved pass or courtesy packet. */
  retract: boolean;
  /** `vote.cast` choices. */
  vote: Vote[];
  /** `courtesy.offer` counts. */
  offer: number[];
  /** `courtesy.commit`: exactly `count` tiles from `from`. */
  courtesy: { count: number; from: Tile[] } | null;
  /** `hand.declareMahjong` (East, before any packet is on the table, with a winning rack). */
  declareMahjong: boolean;
  /** `declaration.accept` (South, West or North, once, while East's declared hand is reviewed: R10). */
  acceptDeclaration: boolean;
  /** `wall.draw` (a short North). */
  draw: boolean;
  /** `misdeal.declare`. */
  declareMisdeal: boolean;
  /** `misdeal.declare` now disputes East's declared hand (R10, R12: South, West or North while it is reviewed). */
  dispute: boolean;
  /** `hand.redeal` (in a misdeal; the event has no seat). */
  redeal: boolean;
}

function accepts(phase: Phase, context: CharlestonContext, event: CharlestonEvent, options: DecideOptions): boolean {
  return refusalFor(phase, context, event, options) === null;
}

/** The seat's natural tiles (no jokers), sorted. */
function naturals(context: CharlestonContext, seat: Seat): Tile[] {
  const rack = context.racks[seat];
  const out: Tile[] = [];
  for (let i = 0; i < rack.length; i += 1) {
    const tile = faceOf(rack[i] as TileId);
    if (tile !== JOKER) out.push(tile);
  }
  return sortCodesInPlace(out);
}

/** Options of {@link legalActions}. */
export interface LegalActionOptions {
  /** R10's validator; default: the table's own when a table is given, else none (any declaration is accepted). */
  isWinningHand?: WinningHandValidator;
}

/**
 * What `seat` may do now: every entry is accepted by `send()`, everything left out is refused. Give the table
 * itself (`legalActions(table, 'east')`) and its R10 validator is used; with a snapshot, pass the validator in
 * `options` if the table has one, or the declaration may be offered and then refused.
 */
export function legalActions(
  source: CharlestonSnapshot | Pick<CharlestonEngine, 'getSnapshot' | 'isWinningHand'>,
  seatValue: Seat,
  legalOptions: LegalActionOptions = {},
): LegalActions {
  const snapshot = snapshotArgument(source, 'source');
  const seat = seatArgument(seatValue);
  if (!isRecord(legalOptions)) throw new InputError('options', `must be an object, got ${describeType(legalOptions)}`);
  const options = validatorArgument(legalOptions.isWinningHand ?? (isTableLike(source) ? source.isWinningHand : undefined), 'options.isWinningHand');
  const phase = phaseOfSnapshot(snapshot);
  const context = snapshot.context;
  const ok = (event: CharlestonEvent): boolean => accepts(phase, context, event, options);
  const from = naturals(context, seat);
  const blind = [0, 1, 2, 3].filter((b) => ok({ type: 'pass.commit', seat, tiles: from.slice(0, 3 - b), blind: b }));
  const count = agreedCount(context, pairOf(seat));
  const declareMisdeal = ok({ type: 'misdeal.declare', seat });
  return {
    seat,
    phase,
    pass: blind.length > 0 ? { from, blind } : null,
    retract: ok({ type: 'pass.retract', seat }),
    vote: (['stop', 'continue'] as const).filter((vote) => ok({ type: 'vote.cast', seat, vote })),
    offer: [0, 1, 2, 3].filter((n) => ok({ type: 'courtesy.offer', seat, count: n })),
    courtesy:
      count !== null && ok({ type: 'courtesy.commit', seat, tiles: from.slice(0, count) }) ? { count, from } : null,
    declareMahjong: ok({ type: 'hand.declareMahjong', seat }),
    acceptDeclaration: ok({ type: 'declaration.accept', seat }),
    draw: ok({ type: 'wall.draw', seat }),
    declareMisdeal,
    dispute: declareMisdeal && isDisputeBy(phase, seat),
    redeal: ok({ type: 'hand.redeal' }),
  };
}

/** Every distinct way to choose `size` tiles from a multiset of codes (as sorted code lists). */
export function multisetChoices(from: readonly Tile[], size: number): Tile[][] {
  const entries = [...countCodes(from)];
  const out: Tile[][] = [];
  const walk = (index: number, left: number, chosen: Tile[]): void => {
    if (left === 0) {
      out.push([...chosen]);
      return;
    }
    const entry = entries[index];
    if (entry === undefined) return;
    const [code, available] = entry;
    for (let n = Math.min(available, left); n >= 0; n -= 1) {
      walk(index + 1, left - n, [...chosen, ...Array.from({ length: n }, () => code)]);
    }
  };
  walk(0, size, []);
  return out;
}

/**
 * Every concrete event the legal actions allow (packets as distinct multisets). `misdeal.declare` and
 * `hand.redeal` are included only when `includeMisdeal` is set (bots and fuzzers opt in).
 */
export function legalEvents(actions: LegalActions, includeMisdeal = false): CharlestonEvent[] {
  const { seat } = actions;
  const events: CharlestonEvent[] = [];
  if (actions.pass) {
    for (const blind of actions.pass.blind) {
      for (const tiles of multisetChoices(actions.pass.from, 3 - blind)) {
        events.push(blind === 0 ? { type: 'pass.commit', seat, tiles } : { type: 'pass.commit', seat, tiles, blind });
      }
    }
  }
  if (actions.retract) events.push({ type: 'pass.retract', seat });
  for (const vote of actions.vote) events.push({ type: 'vote.cast', seat, vote });
  for (const count of actions.offer) events.push({ type: 'courtesy.offer', seat, count });
  if (actions.courtesy) {
    for (const tiles of multisetChoices(actions.courtesy.from, actions.courtesy.count)) {
      events.push({ type: 'courtesy.commit', seat, tiles });
    }
  }
  if (actions.declareMahjong) events.push({ type: 'hand.declareMahjong', seat });
  if (actions.acceptDeclaration) events.push({ type: 'declaration.accept', seat });
  if (actions.draw) events.push({ type: 'wall.draw', seat });
  if (includeMisdeal && actions.declareMisdeal) events.push({ type: 'misdeal.declare', seat });
  if (includeMisdeal && actions.redeal) events.push({ type: 'hand.redeal' });
  return events;
}
