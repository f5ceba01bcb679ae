/**
 * The shape check (the first group of refusals in docs/reference.md): turns an unknown value into a typed event or refuses it with
 * `INVALID_EVENT`, then `UNKNOWN_SEAT`, then `UNKNOWN_TILE`. Reads own properties only.
 */
import { hasOwn, isRecord, own } from '../errors.js';
import { isSeat, type Seat } from '../seats.js';
import { SET_SIZE, isTile, type Tile } from '../tiles.js';
import type { CharlestonEvent, CharlestonEventType, RefusalParamsByCode, RuleResult, Vote } from '../types.js';
import { echo, refuse, shown } from './refuse.js';

type FieldKind = 'seat' | 'tiles' | 'blind' | 'vote' | 'count' | 'reason';
interface FieldSpec {
  kind: FieldKind;
  optional?: true;
}

/** Longest accepted misdeal reason. */
export const MAX_REASON = 500;

/** The fields each event type carries (docs/reference.md, events). */
export const EVENT_FIELDS: { readonly [T in CharlestonEventType]: Readonly<Record<string, FieldSpec>> } = {
  'pass.commit': { seat: { kind: 'seat' }, tiles: { kind: 'tiles' }, blind: { kind: 'blind', optional: true } },
  'pass.retract': { seat: { kind: 'seat' } },
  'vote.cast': { seat: { kind: 'seat' }, vote: { kind: 'vote' } },
  'courtesy.offer': { seat: { kind: 'seat' }, count: { kind: 'count' } },
  'courtesy.commit': { seat: { kind: 'seat' }, tiles: { kind: 'tiles' } },
  'hand.declareMahjong': { seat: { kind: 'seat' } },
  'declaration.accept': { seat: { kind: 'seat' } },
  'wall.draw': { seat: { kind: 'seat' } },
  'misdeal.declare': { seat: { kind: 'seat' }, reason: { kind: 'reason', optional: true } },
  'hand.redeal': {},
};

/** The fixed event type names, in contract order. */
export const EVENT_TYPES = Object.keys(EVENT_FIELDS) as CharlestonEventType[];

function isEventType(value: unknown): value is CharlestonEventType {
  return typeof value === 'string' && hasOwn(EVENT_FIELDS, value);
}

type Problem = RefusalParamsByCode['INVALID_EVENT'];

/** The problem with one field's type, or null when it is well-typed (seat and tile names are checked later). */
function typeProblem(kind: FieldKind, field: string, value: unknown): Problem | null {
  switch (kind) {
    case 'seat':
      return typeof value === 'string' ? null : { problem: 'notSeatName', field, got: shown(value) };
    case 'tiles':
      if (!Array.isArray(value)) return { problem: 'notTileList', field, got: shown(value) };
      if (value.length > SET_SIZE) return { problem: 'tooManyTiles', field, length: value.length, max: SET_SIZE };
      for (let i = 0; i < value.length; i += 1) {
        if (typeof value[i] !== 'string') return { problem: 'notTileCode', field: `${field}[${i}]`, got: shown(value[i]) };
      }
      return null;
    case 'blind':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3 ? null : { problem: 'badBlind', field, got: shown(value) };
    case 'vote':
      return value === 'stop' || value === 'continue' ? null : { problem: 'badVote', field, got: shown(value) };
    case 'count':
      return Number.isInteger(value) ? null : { problem: 'badCount', field, got: shown(value) };
    case 'reason':
      if (typeof value !== 'string') return { problem: 'reasonNotText', field, got: shown(value) };
      return value.length <= MAX_REASON ? null : { problem: 'reasonTooLong', field, length: value.length, max: MAX_REASON };
  }
}

/** Each event type's fields as a list, in declaration order (built once). */
const FIELD_LISTS = Object.fromEntries(
  Object.entries(EVENT_FIELDS).map(([type, fields]) => [type, Object.entries(fields)]),
) as unknown as { readonly [T in CharlestonEventType]: ReadonlyArray<readonly [string, FieldSpec]> };

/** Validates an event's shape (group 1 of the refusal order) and returns it typed. */
export function parseEvent(raw: unknown): RuleResult<CharlestonEvent> {
  try {
    return readEvent(raw);
  } catch {
    // A getter or proxy that throws while the event is read: the event cannot be read, so it is malformed.
    return invalid({ problem: 'unreadable' });
  }
}

const invalid = (problem: Problem): RuleResult<CharlestonEvent> => ({ ok: false, refusal: refuse('INVALID_EVENT', problem) });

function readEvent(raw: unknown): RuleResult<CharlestonEvent> {
  if (!isRecord(raw)) return invalid({ problem: 'notObject', got: shown(raw) });
  const type = own(raw, 'type');
  if (type === 'pass.commit' || type === 'courtesy.commit') {
    const commit = readPlainCommit(raw, type);
    if (commit !== null) return { ok: true, value: commit };
  } else if (!isEventType(type)) return invalid({ problem: 'unknownType', got: shown(type) });
  const fields = EVENT_FIELDS[type];
  for (const key in raw) {
    if (key !== 'type' && !hasOwn(fields, key) && hasOwn(raw, key)) {
      return invalid({ problem: 'unknownField', type, field: echo(key) });
    }
  }
  // Each field in declaration order (so the first problem is reported), into at most three values.
  const list = FIELD_LISTS[type];
  let v0: unknown;
  let v1: unknown;
  let v2: unknown;
  for (let index = 0; index < list.length; index += 1) {
    const [name, spec] = list[index] as readonly [string, FieldSpec];
    const value = own(raw, name);
    if (value === undefined) {
      if (spec.optional) continue;
      return invalid({ problem: 'missingField', type, field: name });
    }
    const problem = typeProblem(spec.kind, name, value);
    if (problem !== null) return invalid({ ...problem, type });
    if (index === 0) v0 = value;
    else if (index === 1) v1 = value;
    else v2 = value;
  }
  // Every event but hand.redeal has `seat` first; a `tiles` list is always the second field.
  if (v0 !== undefined && !isSeat(v0)) return { ok: false, refusal: refuse('UNKNOWN_SEAT', { seat: echo(String(v0)) }) };
  if (Array.isArray(v1)) {
    const tiles = copyTiles(v1);
    if (typeof tiles === 'number') return { ok: false, refusal: refuse('UNKNOWN_TILE', { tile: echo(String(v1[tiles])) }) };
    v1 = tiles;
  }
  return { ok: true, value: buildEvent(type, v0 as Seat, v1, v2) };
}

/**
 * The common case of the commits (most events of a hand), read with plain property loads: a packet event whose own
 * fields are exactly the allowed ones, of the right types, a known seat and known tiles. Anything else gives null,
 * and the general reader above decides, reporting the first problem in the documented order.
 */
function readPlainCommit(raw: Record<string, unknown>, type: 'pass.commit' | 'courtesy.commit'): CharlestonEvent | null {
  // Which own fields the event has: 1 seat, 2 tiles, 4 blind (type is known to be own).
  let present = 0;
  for (const key in raw) {
    if (key === 'type' || !hasOwn(raw, key)) continue;
    if (key === 'seat') present |= 1;
    else if (key === 'tiles') present |= 2;
    else if (key === 'blind' && type === 'pass.commit') present |= 4;
    else return null;
  }
  if ((present & 3) !== 3) return null;
  const { seat, tiles } = raw;
  const blind = present & 4 ? raw.blind : undefined;
  if (!isSeat(seat) || !Array.isArray(tiles) || tiles.length > SET_SIZE || (present & 4 && typeProblem('blind', 'blind', blind))) return null;
  const copy = copyTiles(tiles);
  return typeof copy === 'number' ? null : buildEvent(type, seat, copy, blind);
}

/**
 * A tile list copied element by element (the copy is what is checked and kept), or the index of the first entry
 * that is not a tile code.
 */
function copyTiles(list: readonly unknown[]): Tile[] | number {
  const tiles = new Array<Tile>(list.length);
  for (let i = 0; i < list.length; i += 1) {
    const tile = list[i];
    if (!isTile(tile)) return i;
    tiles[i] = tile;
  }
  return tiles;
}

/**
 * The event rebuilt from its checked fields: a fresh object of one shape per type (own data only, the tile list
 * already copied, an absent optional field left out), so nothing the sender keeps a reference to reaches the machine.
 */
function buildEvent(type: CharlestonEventType, seat: Seat, second: unknown, third: unknown): CharlestonEvent {
  switch (type) {
    case 'pass.commit': {
      const tiles = second as Tile[];
      return third === undefined ? { type, seat, tiles } : { type, seat, tiles, blind: third as number };
    }
    case 'courtesy.commit':
      return { type, seat, tiles: second as Tile[] };
    case 'vote.cast':
      return { type, seat, vote: second as Vote };
    case 'courtesy.offer':
      return { type, seat, count: second as number };
    case 'misdeal.declare':
      return second === undefined ? { type, seat } : { type, seat, reason: second as string };
    case 'hand.redeal':
      return { type };
    case 'pass.retract':
    case 'hand.declareMahjong':
    case 'declaration.accept':
    case 'wall.draw':
      return { type, seat };
  }
}

/** Narrows a parsed event to one type. */
export function isEventOf<T extends CharlestonEventType>(
  event: CharlestonEvent,
  type: T,
): event is Extract<CharlestonEvent, { type: T }> {
  return event.type === type;
}

