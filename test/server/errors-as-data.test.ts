/**
 * Errors are data: every error body is `{ error: { code, message, params } }`, `params.problem` naming the problem
 * and the rest its data, the message worded in the table's language once the table is known (a Greek table's 409,
 * 403 and name refusal read in Greek, the el catalog's sentence and not the English one), in the body's language
 * for a creation, in English before a table is known. The live socket's error frame carries the same params.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/i18n/locales.js';
import { serviceErrorText } from '../../src/entries/i18n.js';
import { ServiceError } from '../../src/server/errors.js';
import { toServiceError } from '../../src/server/http-errors.js';
import { InputError } from '../../src/index.js';
import { LiveClient, api, createTable, databases, startNode, type Created, type Node } from './support.js';

/** An error body's parts, checked for shape: a fixed code, a sentence, params with a problem. */
function errorOf(body: Record<string, any>): { code: string; message: string; params: Record<string, unknown> } {
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'params']);
  expect(typeof body.error.params.problem).toBe('string');
  return body.error;
}

/** The message is the catalog's sentence of its problem in `locale`, and not the English one. */
function expectWorded(error: { message: string; params: Record<string, unknown> }, locale: 'el' | 'en'): void {
  expect(error.message).toBe(serviceErrorText(locale, error.params.problem, error.params));
  if (locale !== 'en') expect(error.message).not.toBe(serviceErrorText('en', error.params.problem, error.params));
}

describe('errors are data (one node over PGlite)', () => {
  let node: Node;
  let greek: Created;
  beforeAll(async () => {
    node = await startNode({ location: databases()[0]!.location() });
    greek = await createTable(node.base, { locale: 'el', names: { east: 'Μαρία' } });
  });
  afterAll(async () => {
    await node?.close();
  });

  it('a 409 HAND_IN_PLAY at a Greek table names the hand and phase, in Greek', async () => {
    const reply = await api(node.base, 'POST', `/api/tables/${greek.id}/next`, { token: greek.tokens.east as string });
    expect(reply.status).toBe(409);
    const error = errorOf(reply.body);
    expect(error.code).toBe('HAND_IN_PLAY');
    expect(error.params).toEqual({ problem: 'handInPlay', hand: 1, phase: 'firstCharleston.right' });
    expectWorded(error, 'el');
    expect(error.message).toContain('Πρώτο Charleston: Δεξιά'); // the phase by its Greek name
  });

  it('a 403 FORBIDDEN names the role and what it tried, in Greek', async () => {
    const reply = await api(node.base, 'POST', `/api/tables/${greek.id}/start`, { token: greek.tokens.south as string });
    expect(reply.status).toBe(403);
    const error = errorOf(reply.body);
    expect(error.code).toBe('FORBIDDEN');
    expect(error.params).toEqual({ problem: 'onlyAdminStarts', role: 'seat', action: 'start' });
    expectWorded(error, 'el');
    const spectator = await api(node.base, 'POST', `/api/tables/${greek.id}/next`, { token: greek.tokens.spectator as string });
    expect(errorOf(spectator.body).params).toEqual({ problem: 'cannotDeal', role: 'spectator', action: 'next' });
    expectWorded(spectator.body.error, 'el');
  });

  it('a 400 for a name already taken names the field, the name and the seat holding it, in Greek', async () => {
    const reply = await api(node.base, 'PUT', `/api/tables/${greek.id}/name`, { token: greek.tokens.south as string, body: { name: 'ΜΑΡΊΑ' } });
    expect(reply.status).toBe(400);
    const error = errorOf(reply.body);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.params).toEqual({ problem: 'nameInUse', field: 'name', name: 'ΜΑΡΊΑ', seat: 'east' });
    expectWorded(error, 'el');
    // A body its schema refuses is checked before the token, so before the table is known: the field, in English.
    const unknown = await api(node.base, 'PUT', `/api/tables/${greek.id}/name`, { token: greek.tokens.south as string, body: { name: 'Bo', extra: 1 } });
    expect(errorOf(unknown.body).params).toEqual({ problem: 'unknownField', field: 'body.extra' });
    expectWorded(unknown.body.error, 'en');
  });

  it('before the table is known (a token it does not know) the error is in English', async () => {
    const reply = await api(node.base, 'GET', `/api/tables/${greek.id}`, { token: 'x'.repeat(32) });
    expect(reply.status).toBe(401);
    expect(errorOf(reply.body).params).toEqual({ problem: 'tokenUnknown' });
    expectWorded(reply.body.error, 'en');
  });

  it('a creation is worded in its body’s language when that is valid, else in English', async () => {
    const english = await api(node.base, 'POST', '/api/tables', { body: { names: { east: 'Ana', south: 'ana' } } });
    expect(english.status).toBe(400);
    expect(errorOf(english.body).params).toEqual({ problem: 'nameTaken', field: 'names.south', name: 'ana', seat: 'east' });
    expectWorded(english.body.error, 'en');
    const greekBody = await api(node.base, 'POST', '/api/tables', { body: { locale: 'el', names: { east: 'Ana', south: 'ana' } } });
    expectWorded(errorOf(greekBody.body), 'el');
    const schema = await api(node.base, 'POST', '/api/tables', { body: { locale: 'el', bogus: 1 } });
    expect(errorOf(schema.body).params).toEqual({ problem: 'unknownField', field: 'body.bogus' });
    expectWorded(schema.body.error, 'el');
    const badLocale = await api(node.base, 'POST', '/api/tables', { body: { locale: 'xx' } });
    expect(errorOf(badLocale.body).params).toEqual({ problem: 'badLocale', field: 'locale', got: '"xx"' });
    expectWorded(badLocale.body.error, 'en');
  });

  it('the live socket’s error frame carries the params, in the table’s language', async () => {
    const watcher = await LiveClient.connect(node.base, greek.id, greek.tokens.spectator as string);
    try {
      const frame = await watcher.send({ type: 'pass.commit', seat: 'south', tiles: [0, 1, 2] });
      expect(frame).toMatchObject({ type: 'error', code: 'FORBIDDEN', params: { problem: 'onlySeatSends', role: 'spectator', action: 'send' } });
      expect(frame.message).toBe(serviceErrorText('el', 'onlySeatSends', frame.params));
      expect(frame.message).not.toBe(serviceErrorText('en', 'onlySeatSends', frame.params));
    } finally {
      await watcher.close();
    }
  });

  it('an unknown route and a malformed body are data too', async () => {
    const route = await api(node.base, 'GET', '/api/nothing');
    expect(errorOf(route.body).params).toEqual({ problem: 'noRoute', method: 'GET', path: '/api/nothing' });
    const json = await api(node.base, 'POST', '/api/tables', { raw: '{', headers: { 'content-type': 'application/json' } });
    expect(errorOf(json.body).params).toEqual({ problem: 'invalidJson', field: 'body' });
  });
});

describe('toServiceError', () => {
  it('gives every failure a problem and params, the engine’s input errors naming their field', () => {
    const input = toServiceError(new InputError('deal.east', 'must hold 13 tiles'));
    expect(input.toBody()).toEqual({ error: { code: 'INVALID_INPUT', message: 'deal.east: must hold 13 tiles', params: { problem: 'invalidField', field: 'deal.east', detail: 'must hold 13 tiles' } } });
    expect(toServiceError(new Error('boom')).toBody().error.params).toEqual({ problem: 'internal' });
    expect(toServiceError({ statusCode: 413 }).toBody().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { problem: 'bodyTooLarge', max: 64 } });
  });

  it('one error shared by the requests of several tables (a failed batch) is worded for each, not marked by the first', () => {
    const shared = new ServiceError('UNAVAILABLE', 'batchFailed', { size: 3 });
    expect(shared.toBody('el').error.message).toBe(serviceErrorText('el', 'batchFailed', { size: 3 }));
    expect(shared.toBody('ca').error.message).toBe(serviceErrorText('ca', 'batchFailed', { size: 3 }));
    expect(shared.toBody().error.message).toBe(serviceErrorText('en', 'batchFailed', { size: 3 }));
    expect(shared.locale).toBeNull();
  });
});
