import { sql } from 'drizzle-orm';
import {
  boolean,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RateSourceName } from '@crossmarket/domain';
import { user } from './schema-core';
import { inventories } from './schema-inventories';

const tz = { withTimezone: true } as const;

/**
 * An inventory product's offer on Amazon (issue 48): its SKU in the selling marketplace, what Amazon said
 * (state, issues) and the last price and quantity we pushed. One per inventory product and marketplace;
 * `removed` keeps the row (and its history) after the offer was deleted.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    sku: text('sku').notNull(),
    marketplaceId: text('marketplace_id').notNull(),
    /** pending (Amazon took it, not yet seen live) | live | needs_attention | removed. */
    state: text('state').$type<'pending' | 'live' | 'needs_attention' | 'removed'>().notNull(),
    pushedPrice: doublePrecision('pushed_price'),
    pushedMinPrice: doublePrecision('pushed_min_price'),
    pushedMaxPrice: doublePrecision('pushed_max_price'),
    pushedQuantity: integer('pushed_quantity'),
    pushedAt: timestamp('pushed_at', tz),
    /** Amazon's issues of the last submission or read-back, as Amazon gave them. */
    issues: jsonb('issues')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * A price or quantity changed in Seller Central, found by the read-back before a push: Amazon's
     * values and ours, kept until the seller decides. Sync sends nothing to the listing meanwhile.
     */
    drift: jsonb('drift').$type<{
      at: string;
      amazon: { price: number | null; quantity: number | null };
      ours: { price: number | null; quantity: number | null };
      fields: ('price' | 'quantity')[];
    } | null>(),
    /** What the seller chose to keep as Amazon has it ('price', 'quantity'): sync leaves it alone. */
    keptFromAmazon: jsonb('kept_from_amazon')
      .$type<('price' | 'quantity')[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listings_inventory_code_idx').on(t.inventoryId, t.code, t.marketplaceId),
    index('listings_user_idx').on(t.userId),
    // The view's counts by state, read from the index.
    index('listings_inventory_state_idx').on(t.inventoryId, t.state),
    // The view's "needs attention" filter on a large inventory: the few listings that do, in code order.
    index('listings_attention_idx')
      .on(t.inventoryId, t.code)
      .where(sql`${t.state} = 'needs_attention' or ${t.drift} is not null`),
  ],
);

/** Every push to Amazon, kept as the listing's history: what changed, why, and Amazon's submission id. */
export const listingPushes = pgTable(
  'listing_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    oldPrice: doublePrecision('old_price'),
    newPrice: doublePrecision('new_price'),
    oldQuantity: integer('old_quantity'),
    newQuantity: integer('new_quantity'),
    /** publish | price | restock | sold_out | unprofitable | restricted | stale */
    reason: text('reason').notNull(),
    /**
     * ACCEPTED | INVALID (Amazon's submission status, or ACCEPTED when a read-back showed the figures), or
     * failed when Amazon refused the call; UNKNOWN when a single call got no answer and a read-back could not
     * tell. For a feed's push, SUBMITTED from the moment Amazon took the feed, IN_QUEUE | IN_PROGRESS while
     * Amazon works on it (late-feeds.ts reads the outcome), CANCELLED when Amazon did not start it, and
     * UNCONFIRMED when the feed ended FATAL or without a report that accounts for every message and the
     * read-back did not show the figures (apply-feed.ts).
     */
    status: text('status').notNull(),
    submissionId: text('submission_id'),
    /**
     * The push's `messageId` in its JSON_LISTINGS_FEED (the feed id is `submission_id`): how a processing
     * report read after the run (late-feeds.ts) leads back to it. Null for a single call.
     */
    messageId: integer('message_id'),
    /** The offer's range a feed's push carried: what the listing keeps once Amazon applied it. */
    newMinPrice: doublePrecision('new_min_price'),
    newMaxPrice: doublePrecision('new_max_price'),
    /** The seller a feed's push went to: the late follow asks Amazon only under that seller's authorisation. */
    sellerId: text('seller_id'),
    at: timestamp('at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('listing_pushes_listing_idx').on(t.listingId, t.at),
    // The pushes still waiting on a feed, which the `follow-listing-feeds` job reads every ten minutes: a
    // handful among millions of pushes kept as history.
    index('listing_pushes_waiting_idx')
      .on(t.submissionId)
      .where(sql`${t.status} in ('SUBMITTED', 'IN_QUEUE', 'IN_PROGRESS')`),
  ],
);

/**
 * A preview or publish asked for (`POST /api/inventories/:id/listings`), run by the `publish-listings`
 * job; per product what Amazon said, or why it was left out, is a row of `listing_run_results`. At most one
 * run per inventory is queued or running; a running one is leased to the job that claimed it.
 */
export const listingRuns = pgTable(
  'listing_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<'preview' | 'publish'>().notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    /** The products asked for; null: every product of the inventory. */
    productIds: jsonb('product_ids').$type<string[] | null>(),
    /** The seller asked to put these products again although they are listed (issue 56: never by default). */
    republish: boolean('republish').notNull().default(false),
    error: text('error'),
    /** The job working the run and until when (renewed while it works): a second copy never takes it. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', tz),
    /** How many times a job took the run: one that keeps dying is failed rather than taken for ever. */
    claims: integer('claims').notNull().default(0),
    /** The products the run covers, fixed when it is claimed (null while queued: the inventory's now). */
    total: integer('total'),
    /**
     * Its results counted by outcome and by feed, written with each progress save: the view reads these
     * instead of counting a 50,000-product run's rows at every poll.
     */
    tally:
      jsonb('tally').$type<
        { outcome: string; feed_id: string | null; feed_status: string | null; n: number }[]
      >(),
    /** The rates that priced the inventory's products (its last update's), their source and day, when asked. */
    ratesSource: text('rates_source').$type<RateSourceName>(),
    ratesAsOf: text('rates_as_of'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [
    index('listing_runs_inventory_idx').on(t.inventoryId, t.createdAt),
    uniqueIndex('listing_runs_one_active_idx')
      .on(t.inventoryId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('listing_runs_user_active_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * One product of a run: Amazon's verdict or why it was left out, and the feed that carried it. Rows, not
 * one document: a run's progress adds the products answered since, and the view reads a page of them.
 */
export const listingRunResults = pgTable(
  'listing_run_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => listingRuns.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    /** valid | invalid | accepted | left_out | failed */
    outcome: text('outcome').notNull(),
    leftOut: text('left_out'),
    issues: jsonb('issues')
      .notNull()
      .default(sql`'[]'::jsonb`),
    feedId: text('feed_id'),
    feedStatus: text('feed_status'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.productId] }),
    index('listing_run_results_refusals_idx')
      .on(t.runId, t.productId)
      .where(sql`${t.outcome} in ('invalid', 'failed', 'left_out')`),
    index('listing_run_results_feed_idx')
      .on(t.feedId)
      .where(sql`${t.feedId} is not null`),
  ],
);

/**
 * The `sync-listings` job working an inventory, until when (renewed while it works): one sync per
 * inventory at a time, and a seller's syncs counted across workers (jobs.ts).
 */
export const listingSyncClaims = pgTable(
  'listing_sync_claims',
  {
    inventoryId: uuid('inventory_id')
      .primaryKey()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    owner: text('owner').notNull(),
    until: timestamp('until', tz).notNull(),
  },
  (t) => [index('listing_sync_claims_user_idx').on(t.userId)],
);

/**
 * The sandbox's stand-in for sellers' Amazon stores: the listings the offline seller store keeps, with
 * the attributes of the last put or patch, as getListingsItem would answer them.
 */
export const sandboxListings = pgTable(
  'sandbox_listings',
  {
    sellerId: text('seller_id').notNull(),
    marketplaceId: text('marketplace_id').notNull(),
    sku: text('sku').notNull(),
    productType: text('product_type').notNull(),
    attributes: jsonb('attributes').notNull(),
    issues: jsonb('issues')
      .notNull()
      .default(sql`'[]'::jsonb`),
    submissionId: text('submission_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.marketplaceId, t.sku] })],
);
