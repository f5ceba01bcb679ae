/**
 * Validation of inspection events, shared by the server (messages from Node apps) and the page (messages from
 * the server and from browser apps): a message is rebuilt field by field from what is known, so nothing else
 * travels on. Browser-safe (no Node imports).
 */
import type { WireInspectionEvent } from './protocol.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Types of inspection events the inspector uses; others (`@xstate.microstep`, `@xstate.action`) are skipped. */
export const INSPECTION_TYPES = ['@xstate.actor', '@xstate.event', '@xstate.snapshot'] as const;

/**
 * True for a message shaped like an inspection event: `type` a string starting `@xstate.`, `_version` and
 * `sessionId` strings. Types the inspector does not use pass this check and are skipped later.
 */
export function looksLikeInspectionEvent(value: unknown): value is { type: string; _version: string; sessionId: string } {
  if (!isRecord(value)) return false;
  const { type, _version, sessionId } = value;
  return typeof type === 'string' && type.startsWith('@xstate.') && typeof _version === 'string' && typeof sessionId === 'string';
}

/** Why a value is not an inspection event the inspector uses, or undefined when it is one. */
export function inspectionProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'a message must be a JSON object';
  if (typeof value['type'] !== 'string') return 'a message needs a string "type"';
  if (!(INSPECTION_TYPES as readonly string[]).includes(value['type'])) return `unknown message type ${JSON.stringify(value['type'])} (expected ${INSPECTION_TYPES.join(', ')})`;
  if (typeof value['_version'] !== 'string') return `${value['type']} needs a string "_version"`;
  if (typeof value['sessionId'] !== 'string' || value['sessionId'] === '') return `${value['type']} needs a non-empty string "sessionId"`;
  if (value['type'] === '@xstate.event' && (!isRecord(value['event']) || typeof value['event']['type'] !== 'string')) return '@xstate.event needs an "event" object with a string "type"';
  return undefined;
}

/** Validates an inspection event field by field; undefined when it is not one the inspector uses. */
export function parseInspectionEvent(value: unknown): WireInspectionEvent | undefined {
  if (inspectionProblem(value) !== undefined) return undefined;
  const raw = value as Record<string, unknown>;
  const out: WireInspectionEvent = { type: raw['type'] as WireInspectionEvent['type'], _version: raw['_version'] as string, sessionId: raw['sessionId'] as string };
  for (const key of ['rootId', 'createdAt', 'definition', 'name', 'parentId', 'sourceId'] as const) {
    const field = raw[key];
    if (typeof field === 'string') out[key] = field;
  }
  const snapshot = raw['snapshot'];
  if (isRecord(snapshot)) {
    const snap: NonNullable<WireInspectionEvent['snapshot']> = {};
    if ('value' in snapshot) snap.value = snapshot['value'];
    if ('context' in snapshot) snap.context = snapshot['context'];
    if (typeof snapshot['status'] === 'string') snap.status = snapshot['status'];
    out.snapshot = snap;
  }
  const event = raw['event'];
  if (isRecord(event) && typeof event['type'] === 'string') out.event = event as WireInspectionEvent['event'] & object;
  return out;
}

/** The same event with every session id (own, root, parent, source) given a prefix. */
export function prefixIds(event: WireInspectionEvent, prefix: string): WireInspectionEvent {
  const out: WireInspectionEvent = { ...event, sessionId: `${prefix}${event.sessionId}` };
  if (event.rootId !== undefined && event.rootId !== 'anonymous') out.rootId = `${prefix}${event.rootId}`;
  if (event.parentId !== undefined) out.parentId = `${prefix}${event.parentId}`;
  if (event.sourceId !== undefined) out.sourceId = `${prefix}${event.sourceId}`;
  return out;
}
