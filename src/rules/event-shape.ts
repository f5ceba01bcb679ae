/**
 * The shape check (contract §7, group 1): turns an unknown value into a typed event or refuses it with
 * `INVALID_EVENT`, then `UNKNOWN_SEAT`, then `UNKNOWN_TILE`. Reads own properties only.
 */
import { isRecord, own } from '../errors.js';
import { isSeat } from '../seats.js';
import { SET_SIZE, isTile } from '../tiles.js';
import type { CharlestonEvent, CharlestonEventType, RefusalParamsByCode, RuleResult } from '../types.js';
import { echo, refuse, shown } from './refuse.js';

type FieldKind = 'seat' | 'tiles' | 'blind' | 'vote' | 'count' | 'reason';
interface FieldSpec {
  kind: FieldKind;
  optional?: true;
}

/** Longest accepted misdeal reason. */
export const MAX_REASON = 500;

/** The fields each event type carries (contract §5). */
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
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EVENT_FIELDS, value);
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

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

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
  if (!isEventType(type)) return invalid({ problem: 'unknownType', got: shown(type) });
  const fields = EVENT_FIELDS[type];
  for (const key in raw) {
    if (key !== 'type' && hasOwn(raw, key) && !hasOwn(fields, key)) {
      return invalid({ problem: 'unknownField', type, field: echo(key) });
    }
  }
  // Check each field and rebuild the event from its known fields only: nothing else from the input reaches the machine.
  const event: Record<string, unknown> = { type };
  for (const [name, spec] of FIELD_LISTS[type]) {
    const value = own(raw, name);
    if (value === undefined) {
      if (spec.optional) continue;
      return invalid({ problem: 'missingField', type, field: name });
    }
    const problem = typeProblem(spec.kind, name, value);
    if (problem !== null) return invalid({ ...problem, type });
    event[name] = Array.isArray(value) ? [...value] : value;
  }
  const seat = event.seat;
  if (seat !== undefined && !isSeat(seat)) return { ok: false, refusal: refuse('UNKNOWN_SEAT', { seat: echo(String(seat)) }) };
  const tiles = event.tiles;
  if (Array.isArray(tiles)) {
    for (const tile of tiles) if (!isTile(tile)) return { ok: false, refusal: refuse('UNKNOWN_TILE', { tile: echo(String(tile)) }) };
  }
  return { ok: true, value: event as CharlestonEvent };
}

/** Narrows a parsed event to one type. */
export function isEventOf<T extends CharlestonEventType>(
  event: CharlestonEvent,
  type: T,
): event is Extract<CharlestonEvent, { type: T }> {
  return event.type === type;
}

