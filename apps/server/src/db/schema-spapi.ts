import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * SP-API pacing shared by every worker: one token bucket per seller authorisation and operation, refilled
 * and taken in one atomic UPDATE on the database's clock (`providers/marketplace/spapi/shared-pacing.ts`).
 * `seller` is a hash of the application and refresh token, never the token itself.
 */
export const spapiPacing = pgTable(
  'spapi_pacing',
  {
    seller: text('seller').notNull(),
    operation: text('operation').notNull(),
    /** Tokens left when `updated_at` was written (refilled at `rate` per second up to `burst`). */
    tokens: doublePrecision('tokens').notNull(),
    /** Requests per second: the documented default until Amazon's `x-amzn-RateLimit-Limit` says otherwise. */
    rate: doublePrecision('rate').notNull(),
    burst: doublePrecision('burst').notNull(),
    /** Whether the last take got a token (the UPDATE's answer: RETURNING sees only the new row). */
    granted: boolean('granted').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seller, t.operation] })],
);

/**
 * Amazon's public answers for one product in one marketplace (searchCatalogItems' item, getItemOffers'
 * payload), kept so another report within `LOOKUP_CACHE_SECONDS` reuses them instead of asking Amazon
 * again. Nothing seller-specific is kept: the offers' `MyOffer` flags are removed before writing, and no
 * seller or user is named. `catalog` null: the catalogue does not know the product.
 */
export const lookupCache = pgTable(
  'lookup_cache',
  {
    marketplaceId: text('marketplace_id').notNull(),
    asin: text('asin').notNull(),
    catalog: jsonb('catalog'),
    offers: jsonb('offers'),
    lookedUpAt: timestamp('looked_up_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketplaceId, t.asin] }), index('lookup_cache_age_idx').on(t.lookedUpAt)],
);

/**
 * SP-API calls made under a seller's own authorisation, counted per minute and operation by the client
 * (providers/marketplace/spapi/call-counter.ts), so the console can show calls and throttling over the
 * last hour. Counts only: no token, no request. Rows older than a day are purged as new ones come.
 */
export const spapiCalls = pgTable(
  'spapi_calls',
  {
    userId: text('user_id').notNull(),
    region: text('region').notNull(),
    operation: text('operation').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    throttled: integer('throttled').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.region, t.operation, t.minute] }),
    index('spapi_calls_minute_idx').on(t.minute),
  ],
);
