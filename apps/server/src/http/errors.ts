import type { FastifyError, FastifyReply } from 'fastify';
import type { App } from '../app';
import { englishMessage } from '@crossmarket/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the client caused or should see: its message reaches the response as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);

/** A zod failure outside a route schema (multipart bodies): the same shape as a schema validation error. */
export function zodFieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fields = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    key: issue.message,
    message: englishMessage(issue.message),
  }));
  const message = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpError(400, 'validation_error', `Invalid body: ${message}`, { fields });
}

/** A rule of the domain failed on one field: the same shape as a schema validation error. */
export function fieldError(field: string, key: string, params: Record<string, number | string> = {}) {
  const message = englishMessage(key, params);
  return new HttpError(400, 'validation_error', `Invalid body: ${field}: ${message}`, {
    fields: [{ field, key, message, params }],
  });
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra?: object,
) {
  return reply.status(status).send({ error: { code, message, ...extra } });
}

function fieldName(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? 'body';
}

/** Every error leaves as `{ error: { code, message } }`; a 500 never leaks internals. */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Domain schemas speak in i18n keys: the API answers the English text and the key for the client.
      const fields = error.validation.map((v) => ({
        field: fieldName(v.instancePath, v.params),
        key: v.message ?? 'is invalid',
        message: englishMessage(v.message ?? 'is invalid'),
      }));
      const where = error.validationContext ?? 'body';
      const message = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return sendError(reply, 400, 'validation_error', `Invalid ${where}: ${message}`, { fields });
    }
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.details);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
      return sendError(reply, status, code, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(
      reply,
      500,
      'internal_error',
      'Something went wrong on our side. Please try again later.',
    );
  });
}
