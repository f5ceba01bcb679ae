/** JSON schemas of the HTTP API: they validate every body and parameter before a handler runs. */
import { SEATS } from '../index.js';
import { PLAYERS } from './players.js';

const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } as const;
const SEAT = { type: 'string', enum: [...SEATS] } as const;
const PLAYER = { type: 'string', enum: [...PLAYERS] } as const;

/** `:id` in a path. */
export const tableParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;

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
  },
} as const;

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
