/**
 * One error handler for the whole app: every failure becomes `{ error: { code, message, params } }` with a fixed
 * code, the params a client words it from (`params.problem` names the problem), a message in the table's language
 * where the error concerns a table, and never a stack trace.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InputError } from '../index.js';
import { ServiceError } from './errors.js';
import { errorConcern } from './error-locale.js';
import type { Locale } from '../entries/i18n.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A validation failure as the service's error, naming the field (`body.seats.east`) and what is wrong with it. */
function describeValidation(context: string | undefined, items: readonly ValidationItem[]): ServiceError {
  const first = items[0];
  if (first === undefined) return new ServiceError('INVALID_INPUT', 'invalidField', { field: context ?? 'body', detail: 'not valid' });
  const path = [context ?? 'body', ...(first.instancePath ?? '').split('/').filter((part) => part !== '')].join('.');
  const extra = first.params?.additionalProperty;
  if (typeof extra === 'string') return new ServiceError('INVALID_INPUT', 'unknownField', { field: `${path}.${extra}` });
  const missing = first.params?.missingProperty;
  if (typeof missing === 'string') return new ServiceError('INVALID_INPUT', 'requiredField', { field: `${path}.${missing}` });
  return new ServiceError('INVALID_INPUT', 'invalidField', { field: path, detail: first.message ?? 'is not valid' });
}

/** Maps any error to the service's error body. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof InputError) return new ServiceError('INVALID_INPUT', 'invalidField', { field: error.where, detail: error.reason });
  const failure = error as Partial<FastifyError> & { validation?: ValidationItem[]; validationContext?: string };
  if (Array.isArray(failure.validation)) return describeValidation(failure.validationContext, failure.validation);
  const status = failure.statusCode;
  if (status === 413 || failure.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ServiceError('PAYLOAD_TOO_LARGE', 'bodyTooLarge', { max: 64 });
  if (status === 429) return new ServiceError('RATE_LIMITED', 'tooManyRequests', { budget: 'requests' });
  if (failure.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ServiceError('INVALID_INPUT', 'contentType', { field: 'content-type' });
  if (failure.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new ServiceError('INVALID_INPUT', 'emptyBody', { field: 'body' });
  if (failure.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return new ServiceError('INVALID_INPUT', 'invalidJson', { field: 'body' });
  if (typeof status === 'number' && status >= 400 && status < 500) return new ServiceError('INVALID_INPUT', 'invalidField', { field: 'request', detail: (failure.message ?? 'not valid').slice(0, 200) });
  return new ServiceError('UNAVAILABLE', 'internal');
}

/** Looks up the language of a table by id (null: not known). */
export type TableLocale = (id: string) => Promise<Locale | null>;

/**
 * Installs the error and not-found handlers. An error of a request that concerns a table (marked by the route, see
 * error-locale.ts) is worded in the table's language, `tableLocale` telling it from the table's id.
 */
export function installErrorHandlers(app: FastifyInstance, tableLocale: TableLocale = async () => null): void {
  app.setErrorHandler(async (error, request, reply) => {
    const failure = toServiceError(error);
    if (failure.code === 'UNAVAILABLE') request.log.error({ err: error }, 'request failed');
    // The language of this request's table (an error may be shared by several requests: it is not marked).
    const concern = errorConcern(request);
    let locale = failure.locale;
    if (concern !== null && 'locale' in concern) locale = concern.locale;
    else if (concern !== null) locale = (await tableLocale(concern.table).catch(() => null)) ?? locale;
    return reply.code(failure.status).type('application/json; charset=utf-8').send(failure.toBody(locale));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(new ServiceError('NOT_FOUND', 'noRoute', { method: request.method, path: request.url.split('?')[0]?.slice(0, 100) ?? '' }).toBody());
  });
}

/**
 * Fastify's own errors before a route is found (`frameworkErrors`): a path with a bad percent-encoding, or a
 * path segment over the longest id, are `400 INVALID_INPUT` in the service's shape like every other bad input.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const failure = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new ServiceError('INVALID_INPUT', 'pathTooLong', { field: 'url', max: 200 }) : new ServiceError('INVALID_INPUT', 'badPath', { field: 'url' });
  void reply.code(400).type('application/json; charset=utf-8').send(failure.toBody());
}

/** What Node's HTTP parser reports about a client (`clientError`), as a status and a message for the client. */
function clientProblem(code: string | undefined): [number, string, ServiceError] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', new ServiceError('INVALID_INPUT', 'requestTimeout', { field: 'request' })];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', new ServiceError('INVALID_INPUT', 'headersTooLarge', { field: 'headers' })];
  return [400, 'Bad Request', new ServiceError('INVALID_INPUT', 'badRequest', { field: 'request' })];
}

/**
 * Answers a request Node's HTTP parser refused (malformed, headers too large, too slow) with the service's error
 * body (`INVALID_INPUT`; the status says which), then closes the connection, as Fastify's default does but with
 * its own shape. Nothing is written to a socket that is already gone.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, reason, failure] = clientProblem(error.code);
    const body = JSON.stringify(failure.toBody());
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
