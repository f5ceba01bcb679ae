/** JSON schemas of the HTTP API: they validate every body and parameter before a handler runs. */
import { SEATS } from '../index.js';
import { CLOCK_MAX_SECONDS, CLOCK_MIN_SECONDS } from './clock.js';
import { PLAYERS } from './players.js';

const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } as const;
const SEAT = { type: 'string', enum: [...SEATS] } as const;
const PLAYER = { type: 'string', enum: [...PLAYERS] } as const;

/** `:id` in a path. */
export const tableParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;

/** Most events one `GET …/log` returns; `after` and `limit` page through a longer log. */
export const MAX_LOG_PAGE = 10_000;

/** `GET /api/tables/:id/log?after=V&limit=N`: decimal digits (query strings are text; no type coercion here). */
export const logQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { type: 'string', pattern: '^(0|[1-9][0-9]{0,11})$' }, limit: { type: 'string', pattern: '^[1-9][0-9]{0,4}$' } },
} as const;

/** Most events a hand may hold for its review to be made (a hand is played in a few dozen). */
export const MAX_HAND_EVENTS = 10_000;

/** `GET /api/tables/:id/review?hand=N`: the hand (1-based; the current one when absent). */
export const reviewQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { hand: { type: 'string', pattern: '^[1-9][0-9]{0,6}$' } },
} as const;

/** `POST /api/tables`. */
export const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    seed: { type: ['integer', 'string'], maxLength: 128 },
    deal: { type: 'object' },
    rules: { type: 'object' },
    locale: { type: 'string', maxLength: 35 },
    seats: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(SEATS.map((seat) => [seat, PLAYER])),
    },
    // Checked again by checkNames (trimmed length in code points, no control character); this bounds the size.
    names: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(SEATS.map((seat) => [seat, { type: 'string', maxLength: 200 }])),
    },
    clock: { type: 'integer', minimum: CLOCK_MIN_SECONDS, maximum: CLOCK_MAX_SECONDS },
    // The card's text or "practice"; checked by checkCard (at most 16 KiB of UTF-8, every hand 14 tiles).
    card: { type: 'string', minLength: 1, maxLength: 16 * 1024 },
  },
} as const;

/** `POST /api/tables/:id/next`: optionally the hand the caller saw end (a repeat then answers with the hand dealt). */
export const nextBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { hand: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
} as const;

/** `PUT /api/tables/:id/name` (checked again by checkName). */
export const nameBody = { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', maxLength: 200 } } } as const;

/** `POST /api/tables/:id/events`. */
export const eventBody = {
  type: 'object',
  additionalProperties: false,
  required: ['event'],
  properties: {
    event: {},
    key: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

/** `PUT /api/tables/:id/seats/:seat`. */
export const seatParams = { type: 'object', required: ['id', 'seat'], properties: { id: ID, seat: SEAT } } as const;

/** The body of `PUT /api/tables/:id/seats/:seat`. */
export const seatBody = { type: 'object', additionalProperties: false, required: ['player'], properties: { player: PLAYER } } as const;
