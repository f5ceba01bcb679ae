/**
 * One error handler for the whole app: every failure becomes `{ error: { code, message } }` with a fixed code,
 * a message that names the field or the problem, and never a stack trace.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InputError } from '../index.js';
import { ServiceError } from './errors.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A readable field path for a validation failure (`body.seats.east`). */
function describeValidation(context: string | undefined, items: readonly ValidationItem[]): string {
  const first = items[0];
  if (first === undefined) return 'the request is not valid';
  const path = [context ?? 'body', ...(first.instancePath ?? '').split('/').filter((part) => part !== '')].join('.');
  const extra = first.params?.additionalProperty;
  if (typeof extra === 'string') return `${path}.${extra}: unknown field`;
  const missing = first.params?.missingProperty;
  if (typeof missing === 'string') return `${path}.${missing}: required`;
  return `${path}: ${first.message ?? 'is not valid'}`;
}

/** Maps any error to the service's error body. */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof InputError) return new ServiceError('INVALID_INPUT', error.message);
  const failure = error as Partial<FastifyError> & { validation?: ValidationItem[]; validationContext?: string };
  if (Array.isArray(failure.validation)) return new ServiceError('INVALID_INPUT', describeValidation(failure.validationContext, failure.validation));
  const status = failure.statusCode;
  if (status === 413 || failure.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ServiceError('PAYLOAD_TOO_LARGE', 'the request body is over 64 KiB');
  if (status === 429) return new ServiceError('RATE_LIMITED', 'too many requests for this token: wait a moment and try again');
  if (failure.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ServiceError('INVALID_INPUT', 'content-type: send application/json');
  if (failure.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new ServiceError('INVALID_INPUT', 'body: empty; send a JSON object');
  if (failure.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return new ServiceError('INVALID_INPUT', 'body: not valid JSON');
  if (typeof status === 'number' && status >= 400 && status < 500) return new ServiceError('INVALID_INPUT', `request: ${failure.message ?? 'not valid'}`.slice(0, 200));
  return new ServiceError('UNAVAILABLE', 'the service could not complete the request; nothing was changed');
}

/** Installs the error and not-found handlers. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const failure = toServiceError(error);
    if (failure.code === 'UNAVAILABLE') request.log.error({ err: error }, 'request failed');
    void reply.code(failure.status).type('application/json; charset=utf-8').send(failure.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(new ServiceError('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]?.slice(0, 100) ?? ''}`).toBody());
  });
}

/**
 * Fastify's own errors before a route is found (`frameworkErrors`): a path with a bad percent-encoding, or a
 * path segment over the longest id, are `400 INVALID_INPUT` in the service's shape like every other bad input.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'url: a path segment is longer than 200 characters' : 'url: not a valid path (a bad percent-encoding?)';
  void reply.code(400).type('application/json; charset=utf-8').send(new ServiceError('INVALID_INPUT', message).toBody());
}

/** What Node's HTTP parser reports about a client (`clientError`), as a status and a message for the client. */
function clientProblem(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'request: not received whole in time'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large', 'headers: larger than 16 KiB in all'];
  return [400, 'Bad Request', 'request: not a valid HTTP/1.1 request'];
}

/**
 * Answers a request Node's HTTP parser refused (malformed, headers too large, too slow) with the service's error
 * body (`INVALID_INPUT`; the status says which), then closes the connection, as Fastify's default does but with
 * its own shape. Nothing is written to a socket that is already gone.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, reason, message] = clientProblem(error.code);
    const body = JSON.stringify(new ServiceError('INVALID_INPUT', message).toBody());
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
