import { z } from 'zod';

/**
 * Building blocks of the response schemas: what every route's answer shares (the error shape, timestamps,
 * `{ result }`), and the answers of the service routes (health, app config, the development mailbox).
 * A route's response schema is applied by the server's serializer (undeclared fields are dropped) and read
 * by the web app as `z.output` types: what the JSON carries.
 */

/**
 * A moment as the JSON carries it: an ISO 8601 string. The server hands over the database's `Date` (or a
 * string it already formatted); the web reads a string.
 */
export const timestampSchema = z.codec(
  z.union([z.date(), z.iso.datetime({ offset: true })]),
  z.iso.datetime({ offset: true }),
  {
    decode: (value) => (value instanceof Date ? value.toISOString() : value),
    encode: (text) => text,
  },
);

/** The specification's plain acknowledgement. */
export const resultSchema = z.object({ result: z.boolean() });
export type ResultAnswer = z.output<typeof resultSchema>;

/** One field of a `validation_error`, in the shape of the route schemas' own validation errors. */
export const apiFieldErrorSchema = z.looseObject({
  field: z.string(),
  /** The i18n key of the message. */
  key: z.string(),
  message: z.string(),
  /** Values the message's placeholders take (`{{count}}`). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * Every error: `{ error: { code, message, key?, params?, fields? } }`. `code` is stable, `message` English,
 * `key` the message's i18n key when it has one and `params` its placeholders' values. The error may carry
 * further details of its kind (`remaining` of a quota refusal, `retryAfterSeconds` and `next_manual_at` of
 * a 429), kept as they are.
 */
export const apiErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      key: z.string().optional(),
      /** Values the message's placeholders take (`{{limit}}`). */
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      fields: z.array(apiFieldErrorSchema).optional(),
    }),
  })
  .meta({ id: 'ApiError', description: 'Every error: a stable code and an English message.' });
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** GET /healthz: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: 200 when the database answers and every migration is applied, else 503 with the checks. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean() }),
});

/** GET /api/app-config: the server's public settings (providers, links) the web app starts with. */
export const appConfigSchema = z.object({
  version: z.string(),
  links: z.object({
    blog: z.string(),
    instagram: z.string(),
    youtube: z.string(),
    extension: z.string(),
    guide: z.string(),
  }),
  providers: z.object({
    marketplace: z.enum(['sandbox', 'spapi']),
    payments: z.enum(['sandbox', 'stripe']),
  }),
  stripe_publishable_key: z.string().nullable(),
  dev_mailbox: z.boolean(),
});
export type AppConfig = z.output<typeof appConfigSchema>;

/** GET /dev/mailbox.json (development only): the latest mails of the outbox, newest first. */
export const devMailboxSchema = z.array(
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: timestampSchema,
  }),
);
export type DevMailbox = z.output<typeof devMailboxSchema>;

/** POST /api/stripe/webhook: Stripe only needs to hear that the event arrived. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/**
 * A body that is not JSON (a file, a page, an event stream): Fastify sends a string or a buffer with its
 * own content type as it is, so this schema documents the route and is never applied.
 */
export const rawBodySchema = (description: string) =>
  z.union([z.string(), z.custom<ArrayBufferView>((body) => ArrayBuffer.isView(body))]).meta({ description });

/** 204: nothing in the body (`undefined`, which the OpenAPI conversion writes as an empty answer). */
export const noContentSchema = z.undefined().meta({ description: 'No content.' });
