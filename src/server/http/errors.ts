import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '#domain/errors';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '#server/db/outage';
import { translateRefusal } from '#server/lib/i18n/index';
import { browserLocaleOf } from './browser-locale';

/** Throw from a route (the edge; features and workflows throw a DomainError) to answer `{ message }` with a 4xx status, and any headers it needs (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields beside the message, for a refusal the caller can act on (the route's schema for the status names them). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/** The one place a domain refusal becomes an HTTP status (decision 0081). */
export const STATUS_OF_DOMAIN_ERROR = {
  invalid: 400,
  unauthenticated: 401,
  payment_declined: 402,
  not_found: 404,
  conflict: 409,
  refused: 403,
  too_many_attempts: 429,
  provider_failed: 502,
} as const satisfies Record<DomainErrorKind, number>;

function asHttpError(error: DomainError): HttpError {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(STATUS_OF_DOMAIN_ERROR[error.kind], error.message, headers, error.fields);
}

/** Zod's own wording names no field, so such messages get the field's path in front. */
const GENERIC_ZOD_MESSAGE = /^(Invalid (input|option|string|type|key|element|union|format)|Too (small|big)|Unrecognized)/;

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(issues: ValidationIssue[]): string {
  const first = issues[0];
  const message = first?.params?.issue?.message ?? first?.message ?? 'Invalid request';
  const path = first?.params?.issue?.path?.map(String).join('.') || first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return path && GENERIC_ZOD_MESSAGE.test(message) ? `${path}: ${message}` : message;
}

/**
 * One error shape for every failure; a 5xx never shows its details. The words are the
 * caller's language's, by its Accept-Language (the pages send theirs): decision 0113.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = browserLocaleOf(request.headers);
    const inLanguage = (message: string) => translateRefusal(message, locale);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send({ message: inLanguage(describeValidation(error.validation ?? [])) });
    }
    // An unreachable database is an outage to wait out, not a bug (decision 0016).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: inLanguage(DATABASE_UNAVAILABLE_MESSAGE) });
    }
    const refusal = error instanceof DomainError ? asHttpError(error) : error instanceof HttpError ? error : null;
    const status = refusal?.statusCode ?? error.statusCode ?? 500;
    if (refusal) reply.headers(refusal.headers);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // A refusal's message is written for the caller (a provider outage, say); others may hold internals.
      return reply.code(status).send({ message: refusal ? inLanguage(refusal.message) : 'Internal Server Error' });
    }
    if (status === 413 && !refusal) return reply.code(413).send({ message: 'Request body is too large' });
    return reply.code(status).send(refusal ? { ...refusal.details, message: inLanguage(refusal.message) } : { message: error.message });
  });
}
