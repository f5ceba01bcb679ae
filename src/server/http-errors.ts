/**
 * One error handler for the whole app: every failure becomes `{ error: { code, message } }` with a fixed code,
 * a message that names the field or the problem, and never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
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
