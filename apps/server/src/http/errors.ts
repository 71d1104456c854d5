import type { FastifyError, FastifyReply } from 'fastify';
import type { App } from './app-type';
import { englishMessage } from '@crossmarket/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseBusy } from './database-busy';

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

/** Values a message's placeholders take (`{{limit}}`). */
export type MessageParams = Record<string, string | number>;

/**
 * A failure whose text is a domain i18n key (`apiErrors.*`, `validation.*`): the English text as
 * `message`, the key and the placeholders' values (`details.params`, sent as `params`) for the web app to
 * say it in the user's language. The other details go out beside them as they are.
 */
export function apiError(
  statusCode: number,
  code: string,
  key: string,
  details: { params?: MessageParams; [detail: string]: unknown } = {},
): HttpError {
  return new HttpError(statusCode, code, englishMessage(key, details.params), { key, ...details });
}

/** Seconds a 429 asks the client to wait when its error names none. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** `Retry-After` on a 429: the error's `retryAfterSeconds`, else a minute. */
function retryAfter(reply: FastifyReply, details?: Record<string, unknown>) {
  const asked = Number(details?.retryAfterSeconds);
  const seconds = Number.isFinite(asked) && asked > 0 ? Math.ceil(asked) : DEFAULT_RETRY_AFTER_SECONDS;
  reply.header('retry-after', String(seconds));
}

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

/**
 * How a route's errors are shaped: ours nest (`{ error: { code, message } }`); `/v1/settings` keeps the
 * specification's flag (`{ error: true, code, message }`). Read from the error schemas the route declares
 * (this status's, else any of its 4xx/5xx), so an error raised before its handler (the JSON parser, the
 * content type, the body size, the Origin check) fits what the serializer will check it against.
 */
type ErrorShape = 'nested' | 'flag';
const shapes = new WeakMap<object, ErrorShape>();
const FLAG_SAMPLE = { error: true, code: 'x', message: 'x' };
const NESTED_SAMPLE = { error: { code: 'x', message: 'x' } };

function shapeOfSchema(schema: unknown): ErrorShape | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let shape = shapes.get(schema);
  if (!shape) {
    const flag = !schema.safeParse(NESTED_SAMPLE).success && schema.safeParse(FLAG_SAMPLE).success;
    shape = flag ? 'flag' : 'nested';
    shapes.set(schema, shape);
  }
  return shape;
}

function errorShapeOf(reply: FastifyReply, status: number): ErrorShape {
  const declared = (reply.request.routeOptions?.schema as { response?: Record<string, unknown> } | undefined)
    ?.response;
  if (!declared) return 'nested';
  const own = declared[status] ?? declared[`${String(status)[0]}xx`] ?? declared.default;
  const errorSchemas = Object.entries(declared)
    .filter(([key]) => /^[45]/.test(key))
    .map(([, schema]) => schema);
  for (const schema of own === undefined ? errorSchemas : [own]) {
    const shape = shapeOfSchema(schema);
    if (shape) return shape;
  }
  return 'nested';
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra?: object,
) {
  const body =
    errorShapeOf(reply, status) === 'flag'
      ? { ...extra, error: true, code, message }
      : { error: { code, message, ...extra } };
  return reply.status(status).send(body);
}

/**
 * @fastify/busboy's refusals of a malformed multipart body (no or an overlong boundary, a cut-off form):
 * plain Errors without a status, but the client's doing.
 */
const MULTIPART_REFUSAL =
  /^(Multipart: Boundary not found|Unsupported Content-Type\.|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed part header|The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.)$/;

function fieldName(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? 'body';
}

/**
 * Every error leaves as `{ error: { code, message } }` (or the route's own declared shape, see `sendError`);
 * a 500 never leaks internals.
 */
export function registerErrorHandling(app: App) {
  // Every 429 says when to come back, whichever code path answered it.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) retryAfter(reply);
  });
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
      if (error.statusCode === 429) retryAfter(reply, error.details);
      return sendError(reply, error.statusCode, error.code, error.message, error.details);
    }
    // handlerTimeout (REQUEST_TIMEOUT_SECONDS) ran out: the work may go on, the client hears why now.
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.warn({ url: request.url }, 'request timed out');
      const key = 'apiErrors.timeout';
      return sendError(reply, 503, 'timeout', englishMessage(key), { key });
    }
    if (!error.statusCode && MULTIPART_REFUSAL.test(error.message ?? '')) {
      return sendError(reply, 400, 'bad_multipart', `Invalid multipart body: ${error.message}`);
    }
    // No pool connection in time, or a statement past its timeout (db/client.ts): busy, not broken.
    const busy = databaseBusy(error);
    if (busy) {
      request.log.warn({ err: error, url: request.url }, busy.code);
      return sendError(reply, 503, busy.code, busy.message, { key: busy.key });
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
