import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FbmBlock, ProductSide, SellerOffer } from '@crossmarket/domain';
import { reports } from './schema';

const tz = { withTimezone: true } as const;

// A report's results. `report_products` is the narrow row filters and sorts scan (one per valid product);
// the wide snapshots of both sides and the seller lists sit in their own tables, read only for the page
// being shown and for the Sellers & Prices drawer.

export const reportProducts = pgTable(
  'report_products',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    crossStatus: text('cross_status').notNull(),
    toStatus: text('to_status').notNull(),
    fbm: jsonb('fbm').$type<FbmBlock>(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
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
