import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './schema-core';

const tz = { withTimezone: true } as const;

/**
 * Personal API tokens: better-auth's api-key plugin's `apikey` model, in its field names (the adapter maps
 * them to these columns). `key` is the SHA-256 of the token (base64url), never the token; `start` keeps its
 * first characters so the owner can tell tokens apart. The plugin's own rate-limit and quota columns stay
 * (it reads and writes them) but are switched off: tokens are counted in rate_limits (http/rate-limit.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    configId: text('config_id').notNull().default('default'),
    name: text('name'),
    start: text('start'),
    prefix: text('prefix'),
    key: text('key').notNull(),
    referenceId: text('reference_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    refillInterval: integer('refill_interval'),
    refillAmount: integer('refill_amount'),
    lastRefillAt: timestamp('last_refill_at', tz),
    enabled: boolean('enabled').default(true),
    rateLimitEnabled: boolean('rate_limit_enabled').default(true),
    rateLimitTimeWindow: integer('rate_limit_time_window'),
    rateLimitMax: integer('rate_limit_max'),
    requestCount: integer('request_count').default(0),
    remaining: integer('remaining'),
    /** When the token last authenticated a request ("last used" in Settings → API). */
    lastRequest: timestamp('last_request', tz),
    expiresAt: timestamp('expires_at', tz),
    createdAt: timestamp('created_at', tz).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull(),
    permissions: text('permissions'),
    metadata: text('metadata'),
  },
  (t) => [
    uniqueIndex('api_keys_key_idx').on(t.key),
    index('api_keys_reference_id_idx').on(t.referenceId),
    index('api_keys_config_id_idx').on(t.configId),
  ],
);
