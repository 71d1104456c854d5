import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * What a lookup, a light check or a quick check saw of one product in one marketplace (issue 49): public
 * marketplace data only, like `lookup_cache` — no user, no seller authorisation, no own offer — so every
 * seller's lookups serve every seller's charts. Range-partitioned by month on `observed_at` (migration
 * 0029; partitions made ahead by `features/history/partitions.ts`), so retention drops whole months.
 * Prices are the item price in the marketplace's currency, in its hundredths; shipping and import fees are
 * left out because they depend on where the seller ships. Columns are ordered widest first: the row is
 * the unit the sizing in docs/history.md counts. A light check fills only what it carries.
 */
export const productObservations = pgTable(
  'product_observations',
  {
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    buyboxCents: integer('buybox_cents'),
    lowestNewCents: integer('lowest_new_cents'),
    lowestFbaCents: integer('lowest_fba_cents'),
    salesRank: integer('sales_rank'),
    newOffers: smallint('new_offers'),
    fbaOffers: smallint('fba_offers'),
    buyboxIsAmazon: boolean('buybox_is_amazon'),
    inStock: boolean('in_stock'),
    /** `full`: a lookup or quick check (every column); `light`: a light price check (buy box, count, stock). */
    kind: text('kind', { enum: ['full', 'light'] }).notNull(),
    marketplace: text('marketplace').notNull(),
    asin: text('asin').notNull(),
    currency: text('currency').notNull(),
    rankCategory: text('rank_category'),
  },
  (t) => [index('product_observations_product_idx').on(t.marketplace, t.asin, t.observedAt)],
);

/**
 * One product's observations of one UTC day, folded by the nightly maintenance (`roll-up.ts`) and kept
 * for `HISTORY_RETENTION_DAYS`: the 365-day chart reads these, not the raw rows. Partitioned by month on
 * `day` like the raw table. `rank_first` and `rank_last` let a range count the rank's improvements across
 * days as well as within one (`rank_improvements`).
 */
export const productObservationDays = pgTable(
  'product_observation_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    marketplace: text('marketplace').notNull(),
    asin: text('asin').notNull(),
    currency: text('currency').notNull(),
    observations: integer('observations').notNull(),
    outOfStock: integer('out_of_stock').notNull(),
    buyboxMinCents: integer('buybox_min_cents'),
    buyboxMaxCents: integer('buybox_max_cents'),
    buyboxLastCents: integer('buybox_last_cents'),
    lowestNewMinCents: integer('lowest_new_min_cents'),
    lowestNewMaxCents: integer('lowest_new_max_cents'),
    lowestFbaMinCents: integer('lowest_fba_min_cents'),
    newOffersLast: smallint('new_offers_last'),
    fbaOffersLast: smallint('fba_offers_last'),
    buyboxIsAmazonLast: boolean('buybox_is_amazon_last'),
    rankFirst: integer('rank_first'),
    rankLast: integer('rank_last'),
    rankBest: integer('rank_best'),
    rankImprovements: integer('rank_improvements').notNull(),
    rankCategory: text('rank_category'),
  },
  (t) => [primaryKey({ columns: [t.marketplace, t.asin, t.day] })],
);
