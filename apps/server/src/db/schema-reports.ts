import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { NARROW_COLUMNS, type NarrowColumn, type ProductSide, type SellerOffer } from '@crossmarket/domain';
import { reports, user } from './schema-core';

const tz = { withTimezone: true } as const;

function narrowColumn(c: NarrowColumn) {
  switch (c.type) {
    case 'float8':
      return doublePrecision(c.name);
    case 'boolean':
      return boolean(c.name).notNull().default(false);
    case 'text':
      return c.notNull ? text(c.name).notNull().default('') : text(c.name);
    case 'text[]':
      return text(c.name)
        .array()
        .notNull()
        .default(sql`'{}'::text[]`);
  }
}

/** Drizzle columns for entries of the domain's NARROW_COLUMNS. */
function narrowColumns(columns: readonly NarrowColumn[]) {
  return Object.fromEntries(columns.map((c) => [c.name, narrowColumn(c)]));
}

/**
 * Fixed-width columns first, text last: PostgreSQL reaches a column by walking the ones before it, and a
 * filter scan reads every row up to the last column it names. The product ID (every query returns it)
 * and the text the usual filters compare (brands, title words) open the text block.
 */
const STORAGE_ORDER: Record<NarrowColumn['type'], number> = { boolean: 0, float8: 1, text: 2, 'text[]': 3 };
const EARLY_TEXT = ['to_brand', 'to_title', 'cross_brand', 'cross_title'];
const textRank = (c: NarrowColumn) => {
  const rank = EARLY_TEXT.indexOf(c.name);
  return rank < 0 ? EARLY_TEXT.length : rank;
};
const BY_STORAGE = [...NARROW_COLUMNS].sort(
  (a, b) => STORAGE_ORDER[a.type] - STORAGE_ORDER[b.type] || textRank(a) - textRank(b),
);
const isFixed = (c: NarrowColumn) => c.type === 'boolean' || c.type === 'float8';

// A report's results. `report_products` is the narrow row filters and sorts scan (one per valid product),
// with the settings-dependent fbm_* columns in the same row so a filter reads one table; the wide
// snapshots of both sides and the seller lists sit in their own tables, read only for the page being
// shown and for the Sellers & Prices drawer. The table keeps half of each page free (fillfactor 50, set in
// the migration) so a settings change rewrites its rows as HOT updates that leave the index alone.

export const reportProducts = pgTable(
  'report_products',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** Where the product stands in the report's list (the "natural" sort). */
    position: integer('position').notNull().default(0),
    ...narrowColumns(BY_STORAGE.filter(isFixed)),
    productId: text('product_id').notNull(),
    ...narrowColumns(BY_STORAGE.filter((c) => !isFixed(c))),
    crossStatus: text('cross_status').notNull(),
    toStatus: text('to_status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.productId] })],
);

export const reportProductSnapshots = pgTable(
  'report_product_snapshots',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    rowCross: jsonb('row_cross').$type<ProductSide>().notNull(),
    rowTo: jsonb('row_to').$type<ProductSide>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.productId] })],
);

/**
 * What pricing reads of a product, read when settings change: both sides (a few hundred bytes) and the
 * user's own profit rates for it, which replace its rule's (the specification's
 * individual_profit_rate_min/std/max; all three or none, ordered). The worker's upsert rewrites `input`
 * only, so the rates stay with the product.
 */
export const reportProductPricing = pgTable(
  'report_product_pricing',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    /** `packPricingInput`'s text (positional JSON). */
    input: text('input').notNull(),
    individualMin: doublePrecision('individual_profit_rate_min'),
    individualStd: doublePrecision('individual_profit_rate_std'),
    individualMax: doublePrecision('individual_profit_rate_max'),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.productId] }),
    // All three or none; ordered like a fixed rule, not negative, finite.
    check(
      'report_product_pricing_individual_rates',
      sql`case num_nulls(${t.individualMin}, ${t.individualStd}, ${t.individualMax})
            when 3 then true
            when 0 then 0 <= ${t.individualMin} and ${t.individualMin} < ${t.individualStd}
                    and ${t.individualStd} < ${t.individualMax} and ${t.individualMax} < 'Infinity'
            else false end`,
    ),
  ],
);

export const productOffers = pgTable(
  'product_offers',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    side: text('side').notNull(),
    offers: jsonb('offers').$type<SellerOffer[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.productId, t.side] })],
);

/**
 * Each product's listing restriction in the selling country as the report's restriction phase (or the
 * seller's "Check again") found it; the narrow row's `to_restriction` holds its state for the filter.
 */
export const reportProductRestrictions = pgTable(
  'report_product_restrictions',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    state: text('state').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    approvalUrl: text('approval_url'),
    checkedAt: timestamp('checked_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.productId] }),
    check(
      'report_product_restrictions_state',
      sql`${t.state} in ('can_list', 'approval_required', 'cannot_list')`,
    ),
  ],
);

/**
 * A report's work in parts: each chunk is a run of its `content` (positions `from_position` up to, not
 * including, `to_position`), leased to one worker at a time and renewed batch by batch, so several workers
 * process one big report side by side. A chunk keeps its lease after it is done: the report stays "live"
 * for the stalled-report sweep while its worker moves on to the next chunk. `done_by` names the worker
 * that finished it.
 */
export const reportChunks = pgTable(
  'report_chunks',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    fromPosition: integer('from_position').notNull(),
    toPosition: integer('to_position').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', tz),
    doneAt: timestamp('done_at', tz),
    doneBy: text('done_by'),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.idx] })],
);

/** The latest rate of each currency per source, as units per US dollar. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    /** The day the source published the rate. */
    asOf: text('as_of').notNull(),
    fetchedAt: timestamp('fetched_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.currency] }),
    index('exchange_rates_fetched_idx').on(t.fetchedAt),
  ],
);

/**
 * The quick checks (`POST /v1/lookup`, the browser extension's): one row per credit spent, so the daily
 * quota counts them beside the reports' products (features/account `usageOf`). The sides looked up are
 * kept (null until answered) so "Add to inventory" prices the product from what the seller saw.
 */
export const quickLookups = pgTable(
  'quick_lookups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    fromCountry: text('from_country').notNull(),
    toCountry: text('to_country').notNull(),
    rowCross: jsonb('row_cross').$type<ProductSide>(),
    rowTo: jsonb('row_to').$type<ProductSide>(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('quick_lookups_user_day_idx').on(t.userId, t.createdAt)],
);
