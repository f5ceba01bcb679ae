/**
 * The service's own vocabulary of a send: who sends (a token with its role, or a bot for its seat at a known
 * version) and what comes back (the HTTP body and the live `result` alike). Shared by the table master, the
 * routes, the live route and the bots, so none of them imports another for a type.
 */
import type { Phase, Refusal, Seat } from '../index.js';
import type { Role } from './auth.js';
import type { ServiceRefusalCode } from './messages.js';

/** A refusal as the service sends it: the code, the message in the table's language, the typed parameters. */
export interface SentRefusal {
  code: Refusal['code'] | ServiceRefusalCode;
  message: string;
  params?: Record<string, unknown>;
}

/** The reply to a sent event (HTTP body and WebSocket result alike). */
export type SendReply = { ok: true; version: number; phase: Phase } | { ok: false; version: number; refusal: SentRefusal };

/**
 * Who sends: a token (with its role), a bot acting for its seat at a known version, or the clock: the teacher
 * playing one decision for a human seat whose deadline passed, at a known version.
 */
export type Sender =
  | { kind: 'token'; role: Role; tokenHash: string }
  | { kind: 'bot'; seat: Seat | 'table'; expectedVersion: number }
  | { kind: 'clock'; seat: Seat; expectedVersion: number };

/** Longest string a refusal's parameter keeps (longer ones are cut and end with "…"). */
export const MAX_PARAM_CHARS = 40;
/** Longest refusal message the service sends or stores. */
export const MAX_MESSAGE_CHARS = 300;
/** Most entries of an array parameter, and most parameters, kept. */
const MAX_ITEMS = 16;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cut(value, MAX_PARAM_CHARS);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= 2) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => boundValue(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) out[cut(key, MAX_PARAM_CHARS)] = boundValue(item, depth + 1);
    return out;
  }
  return null;
}

/**
 * A refusal cut to a stated size whatever the input it describes: strings in its parameters to
 * {@link MAX_PARAM_CHARS} characters, at most 16 parameters and 16 items per list, the message to
 * {@link MAX_MESSAGE_CHARS}. So a refusal never echoes unbounded input, and a stored idempotent result stays small.
 */
export function boundRefusal(refusal: { code: string; message: string; params?: unknown }): SentRefusal {
  const bounded: SentRefusal = { code: refusal.code as SentRefusal['code'], message: cut(refusal.message, MAX_MESSAGE_CHARS) };
  if (refusal.params !== undefined && refusal.params !== null && typeof refusal.params === 'object') bounded.params = boundValue(refusal.params, 0) as Record<string, unknown>;
  return bounded;
}
