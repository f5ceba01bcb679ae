/**
 * Ids and tokens: 128 random bits (more, in fact: 24 bytes) from `node:crypto`, URL-safe base64. Only the
 * SHA-256 hash of a token is stored, so a copy of the database does not hand out seats.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Seat } from '../index.js';

/**
 * What a token lets its holder do on its table. A seat token belongs to a person: `home` is the seat it was
 * created for (the person's seat in the table's first hand); the deal passes to the right after each hand, so
 * the person's seat now is `seatAfter(home, hand - 1)` (`hands.ts`). `operator` is whoever runs the service (a
 * secret given at start, never created with a table): it reads every table in full and sends nothing.
 */
export type Role = { role: 'seat'; home: Seat } | { role: 'spectator' } | { role: 'admin' } | { role: 'operator' };

/** A fresh unguessable secret (192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A fresh table id (128 bits). */
export function newTableId(): string {
  return randomBytes(16).toString('base64url');
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A table id or token as this service makes them: URL-safe base64, bounded length. */
export function looksLikeId(text: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(text);
}

/** The bearer token of an `Authorization` header, or null when absent or malformed. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,64})$/.exec(header.trim());
  return match?.[1] ?? null;
}

/** True when `token` hashes to `operatorHash` (compared in constant time). */
export function isOperatorToken(token: string, operatorHash: string | null): boolean {
  if (operatorHash === null) return false;
  return timingSafeEqual(Buffer.from(hashToken(token), 'hex'), Buffer.from(operatorHash, 'hex'));
}
