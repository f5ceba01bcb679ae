/**
 * The engine's vocabulary: events, refusal codes, the machine's context and phases (docs/reference.md).
 * Context is plain, serializable data: no classes, maps or functions.
 */
import type { BySeat, Direction, Pair, Seat } from './seats.js';
import type { Tile, TileId } from './tiles.js';
import type { Seed } from './prng.js';
import { hasOwn } from './errors.js';

/** A vote at the stop checkpoint (R7). */
export type Vote = 'stop' | 'continue';

/** Player and table events, with their fixed type names. */
export type CharlestonEvent =
  | { type: 'pass.commit'; seat: Seat; tiles: Tile[]; blind?: number }
  | { type: 'pass.retract'; seat: Seat }
  | { type: 'vote.cast'; seat: Seat; vote: Vote }
  | { type: 'courtesy.offer'; seat: Seat; count: number }
  | { type: 'courtesy.commit'; seat: Seat; tiles: Tile[] }
  | { type: 'hand.declareMahjong'; seat: Seat }
  | { type: 'declaration.accept'; seat: Seat }
  | { type: 'wall.draw'; seat: Seat }
  | { type: 'misdeal.declare'; seat: Seat; reason?: string }
  | { type: 'hand.redeal' };

/** The fixed event type names. */
export type CharlestonEventType = CharlestonEvent['type'];

/** Internal event the service sends so the actor (and an inspector) records a refusal. Changes nothing. */
export interface RefusedEvent {
  type: 'engine.refused';
  refusal: Refusal;
  /** The refused event's `type`, when it had a string one. */
  refusedType?: string;
  /** The refused event's seat, when it named a real one. */
  seat?: Seat;
}

/** Every event the machine accepts. */
/**
 * An event handed to the machine by a parent machine (`sendTo('charleston', { type: 'engine.submit', event })`):
 * decided like `send()` decides it, then applied, or refused with `rejected` emitted and `charleston.rejected`
 * sent to the parent.
 */
export interface SubmittedEvent {
  type: 'engine.submit';
  /** The player event, as the parent received it (any value). */
  event: unknown;
}

/**
 * What the machine's parent receives for a refused `engine.submit`: the refusal as data (`code`, `params`), no
 * sentence; `refusalMessage(locale, code, params)` words it in any language.
 */
export interface ChildRejectedEvent {
  type: 'charleston.rejected';
  refusal: RefusalData;
  /** The refused event, as it was submitted. */
  event: unknown;
}

export type MachineEvent = CharlestonEvent | RefusedEvent | SubmittedEvent;

/** Refusal codes (docs/reference.md, refusals). */
export const REFUSAL_CODES = [
  'INVALID_EVENT',
  'UNKNOWN_SEAT',
  'UNKNOWN_TILE',
  'ONLY_EAST',
  'EAST_CANNOT_ACCEPT',
  'NOT_NOW',
  'DECLARE_TOO_LATE',
  'COURTESY_NOT_AGREED',
  'NOTHING_TO_RETRACT',
  'NOT_SHORT',
  'ALREADY_COMMITTED',
  'ALREADY_VOTED',
  'ALREADY_OFFERED',
  'ALREADY_ACCEPTED',
  'BLIND_NOT_ALLOWED',
  'WRONG_PACKET_SIZE',
  'COURTESY_COUNT_OUT_OF_RANGE',
  'JOKER_NOT_PASSABLE',
  'TILE_NOT_IN_RACK',
  'NOT_A_WINNING_HAND',
] as const;
/** A refusal code. */
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** Why an event is `NOT_NOW`: the `why` param of that refusal (catalog key `reason.<why>`). */
export type NotNowReason =
  | 'noPassUnderWay'
  | 'pairCourtesyOver'
  | 'secondCharlestonBegun'
  | 'voteAtCheckpointOnly'
  | 'handEnded'
  | 'redealAfterMisdealOnly'
  | 'passOnlyInCharleston'
  | 'offersAfterCharleston'
  | 'packetsAfterCharleston'
  | 'declarationUnderReview'
  | 'noDeclarationToReview';

/** What is wrong with a malformed event: the `problem` param of `INVALID_EVENT` (catalog key `invalid.<problem>`). */
export type InvalidEventProblem =
  | 'notObject'
  | 'unreadable'
  | 'unknownType'
  | 'unknownField'
  | 'missingField'
  | 'notSeatName'
  | 'notTileList'
  | 'tooManyTiles'
  | 'notTileCode'
  | 'badBlind'
  | 'badVote'
  | 'badCount'
  | 'reasonNotText'
  | 'reasonTooLong'
  | 'listenerLoop';

/** Why a host's winning-hand validator failed (R10): the `problem` param of `NOT_A_WINNING_HAND`'s `validatorFailed` variant. */
export type ValidatorProblem = 'threw' | 'notBoolean';

/**
 * The params of each refusal code: plain, JSON-serializable data (codes, numbers and short strings), never a
 * sentence. A string echoed from the input (a seat, a tile, a field or an event type, a value shown as `got`) is
 * cut to {@link MAX_ECHO} characters, with `…` appended when cut.
 */
export type RefusalParamsByCode = {
  INVALID_EVENT: {
    problem: InvalidEventProblem;
    /** The event's type, once it is known. */
    type?: string;
    /** The field at fault (for a tile list's entry, `tiles[3]`). */
    field?: string;
    /** The offending value, shown language-neutrally: `null`, `1.5`, `"abc"`, `[…]`, `{…}`. */
    got?: string;
    /** `tooManyTiles`: the list's length; `reasonTooLong`: the reason's length. */
    length?: number;
    /** The limit that was passed (`tooManyTiles`, `reasonTooLong`, `listenerLoop`). */
    max?: number;
  };
  UNKNOWN_SEAT: { seat: string };
  UNKNOWN_TILE: { tile: string };
  ONLY_EAST: Record<string, never>;
  EAST_CANNOT_ACCEPT: Record<string, never>;
  NOT_NOW: { phase: Phase; why: NotNowReason };
  DECLARE_TOO_LATE: Record<string, never>;
  COURTESY_NOT_AGREED: Record<string, never>;
  NOTHING_TO_RETRACT: Record<string, never>;
  NOT_SHORT: Record<string, never>;
  ALREADY_COMMITTED: Record<string, never>;
  ALREADY_VOTED: Record<string, never>;
  ALREADY_OFFERED: Record<string, never>;
  ALREADY_ACCEPTED: Record<string, never>;
  BLIND_NOT_ALLOWED: Record<string, never>;
  WRONG_PACKET_SIZE: { expected: number; actual: number };
  COURTESY_COUNT_OUT_OF_RANGE: { count: number };
  JOKER_NOT_PASSABLE: Record<string, never>;
  TILE_NOT_IN_RACK: { tile: Tile };
  NOT_A_WINNING_HAND: Record<string, never> | { variant: 'validatorFailed'; problem: ValidatorProblem; got: string };
};

/** The params of a refusal (of any code, or of code `C`). */
export type RefusalParams<C extends RefusalCode = RefusalCode> = RefusalParamsByCode[C];

/** The longest string a refusal's params echo from the input; longer ones are cut to this many characters and `…`. */
export const MAX_ECHO = 40;

/** A refusal as the rules make it: a code and its typed params, no message (messages are rendered at the boundary). */
export interface RefusalData<C extends RefusalCode = RefusalCode> {
  code: C;
  params: RefusalParams<C>;
}

/** Why an event was not accepted. The event changed nothing. */
export interface Refusal {
  code: RefusalCode;
  /** A sentence for the player, rendered from `code` and `params` in the table's locale (English by default). */
  message: string;
  /** The data the message is rendered from (see {@link RefusalParamsByCode}); `refusalMessage` renders it in any locale. */
  params?: RefusalParams;
}

/** A packet lying face down on the table: the seat's own tiles, and how many incoming tiles it forwards blind. */
export interface Packet {
  tiles: TileId[];
  blind: number;
}

/**
 * Why a hand is dead (R12): the engine found a wrong tile count, a seat declared it, or (R10 with
 * `rules.declarationReview`) South, West or North disputed East's declaration.
 */
export const MISDEAL_REASONS = ['wrongCount', 'declared', 'declarationDisputed'] as const;

/** One of {@link MISDEAL_REASONS}. */
export type MisdealReason = (typeof MISDEAL_REASONS)[number];

/** Why the hand was declared dead: a code, with the counts or the declaring person's own words. */
export interface MisdealRecord {
  /** The seat that declared (or disputed) it, or null when the engine found a wrong tile count. */
  by: Seat | null;
  reason: MisdealReason;
  /** `wrongCount`: each seat whose count was wrong, and the count it held. */
  counts?: Partial<BySeat<number>>;
  /**
   * `declared`, `declarationDisputed`: the words the declaring person typed (`misdeal.declare`'s `reason`, at most
   * 500 characters), if any.
   */
  text?: string;
}

/** Rule options (plain data, persisted with the game). */
export interface RuleOptions {
  /** R10: when set, East's opening declaration is accepted only for these 14-tile multisets. */
  winningHands?: Tile[][];
  /**
   * R10, R12: when true, an accepted declaration goes to `declarationReview`: East's fourteen tiles are shown to
   * every seat and the spectator, South, West and North each accept (`declaration.accept`) or dispute it
   * (`misdeal.declare`, a misdeal); three acceptances end the hand in `eastMahjong`. Off by default.
   */
  declarationReview?: boolean;
}

/** The machine's context: the whole table as plain data. */
export interface CharlestonContext {
  /** The seed of the current hand (its deal, ids and wall order): secret, as it reveals every rack and the wall. */
  seed: Seed;
  /** Hand number: 1 at the start, +1 per redeal. */
  hand: number;
  /** East remains dealer (R12). */
  dealer: 'east';
  rules: RuleOptions;
  /** Each seat's rack, tile ids sorted ascending. A committed packet is not in the rack (R4). */
  racks: BySeat<TileId[]>;
  /** The wall in drawing order. */
  wall: TileId[];
  /** Each seat's unresolved packet (pass or courtesy), face down on the table. */
  table: BySeat<Packet | null>;
  /** What joined each seat's rack when the last pass or courtesy exchange resolved (never blind-forwarded tiles). */
  received: BySeat<TileId[]>;
  /** Stop-checkpoint votes (R7). */
  votes: BySeat<Vote | null>;
  /** Courtesy offers 0–3 (R9). */
  offers: BySeat<number | null>;
  /** Courtesy pairs whose exchange has happened. */
  exchanged: Record<Pair, boolean>;
  /** Set while the hand is in `misdeal`. */
  misdeal: MisdealRecord | null;
  /**
   * R10 with `rules.declarationReview`: the seats (south, west, north) that accepted East's declaration, in the
   * order they accepted. Empty except in `declarationReview` (0–2 seats) and in `eastMahjong` reached through it
   * (all three).
   */
  acceptedBy: Seat[];
}

/** A dotted state path of the fixed flow (docs/reference.md, states). */
export type Phase =
  | 'firstCharleston.right'
  | 'firstCharleston.across'
  | 'firstCharleston.left'
  | 'stopCheckpoint'
  | 'secondCharleston.left'
  | 'secondCharleston.across'
  | 'secondCharleston.right'
  | 'courtesy'
  | 'declarationReview'
  | 'complete'
  | 'eastMahjong'
  | 'misdeal';

/** The six pass states (R1, R6, R8), in the order they are played. */
export type PassPhase =
  | 'firstCharleston.right'
  | 'firstCharleston.across'
  | 'firstCharleston.left'
  | 'secondCharleston.left'
  | 'secondCharleston.across'
  | 'secondCharleston.right';

/** How a pass state moves tiles. */
export interface PassRule {
  /** Where each seat's packet goes. */
  direction: Direction;
  /** R6: blind passing allowed on the last pass of each Charleston. */
  blindAllowed: boolean;
}

/**
 * THE table of the six passes (R1, R6, R8): where each pass goes and whether it allows blind tiles. The machine's
 * guards and actions (`isLegalCommit`, `resolvePass`, by their state's phase), `decide()`, the views, the prompts
 * and `restore()` all read it; nothing else says it.
 */
const PASSES: { readonly [P in PassPhase]: Readonly<PassRule> } = {
  'firstCharleston.right': { direction: 'right', blindAllowed: false },
  'firstCharleston.across': { direction: 'across', blindAllowed: false },
  'firstCharleston.left': { direction: 'left', blindAllowed: true },
  'secondCharleston.left': { direction: 'left', blindAllowed: false },
  'secondCharleston.across': { direction: 'across', blindAllowed: false },
  'secondCharleston.right': { direction: 'right', blindAllowed: true },
};

/** The six pass states and their rules (R1, R6, R8), looked up by any phase (undefined: not a pass state). */
export const PASS_RULES: Readonly<Partial<Record<Phase, Readonly<PassRule>>>> = PASSES;

/** The rule of a pass state. */
export function passRuleOf(phase: PassPhase): Readonly<PassRule> {
  return PASSES[phase];
}

/** True when `phase` is one of the six pass states. */
export function isPassPhase(phase: Phase): phase is PassPhase {
  return hasOwn(PASSES, phase);
}

/** A validator for East's opening hand (R10): receives East's 14 tile codes. */
export type WinningHandValidator = (rack: readonly Tile[]) => boolean;

/** Result of a check: the value, or a refusal. */
export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** Result of a rule's check: the value, or the refusal as data (no message yet). */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; refusal: RefusalData };
