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
import type { ParityJump, RateSourceName } from '@crossmarket/domain';
import { createdAt, filterSets, user } from './schema-core';
import { supplierLists, suppliers } from './schema-suppliers';

// A seller's inventories (products kept to list and update on the selling marketplace) and their products.

export const inventories = pgTable(
  'inventories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sellType: text('sell_type').notNull().default('fbm'),
    fromMarketplace: text('from_marketplace').notNull().default('amazon'),
    toMarketplace: text('to_marketplace').notNull().default('amazon'),
    fromCountry: text('from_country').notNull(),
    toCountry: text('to_country').notNull(),
    amazonStoreId: text('amazon_store_id'),
    filterId: uuid('filter_id').references(() => filterSets.id, { onDelete: 'restrict' }),
    settings: jsonb('settings').notNull(),
    createdAt: createdAt(),
    // The price and stock update (daily, or "Update now"): never → queued → running → done | failed.
    // A run re-looks-up the products not updated since `update_started_at`, so a crash resumes.
    updateStatus: text('update_status').notNull().default('never'),
    updateQueuedAt: timestamp('update_queued_at', { withTimezone: true }),
    updateStartedAt: timestamp('update_started_at', { withTimezone: true }),
    updateFinishedAt: timestamp('update_finished_at', { withTimezone: true }),
    updateRequestedAt: timestamp('update_requested_at', { withTimezone: true }),
    updateLeaseOwner: text('update_lease_owner'),
    updateLeaseUntil: timestamp('update_lease_until', { withTimezone: true }),
    updatedCount: integer('updated_count').notNull().default(0),
    unavailableCount: integer('unavailable_count').notNull().default(0),
    priceChangedCount: integer('price_changed_count').notNull().default(0),
    // Listings on Amazon (issue 48): whether updates push price and stock, the seller's pause, and a
    // safety hold (what the held run would have changed) until the seller decides.
    listingSyncEnabled: boolean('listing_sync_enabled').notNull().default(false),
    listingSyncPaused: boolean('listing_sync_paused').notNull().default(false),
    listingHold: jsonb('listing_hold'),
    // The seller's shipping template (merchant_shipping_group) for this inventory's offers; null: Amazon's default.
    listingShippingTemplate: text('listing_shipping_template'),
    // Deleted while it had offers on Amazon (issue 56): what the seller chose for them. The row stays, its
    // products gone, until Amazon took every quantity 0 or delete (features/inventories/delete-inventory.ts).
    deletingOnAmazon: text('deleting_on_amazon').$type<'quantity_zero' | 'delete'>(),
    // The exchange rates (units per USD) the last update priced the products with, their source and day.
    parityRates: jsonb('parity_rates').$type<Record<string, number>>(),
    ratesSource: text('rates_source').$type<RateSourceName>(),
    ratesAsOf: text('rates_as_of'),
    // An "Auto" parity an update moved far (features/inventories/run-rates.ts): the listings hold asks the
    // seller about every far price move until they release it or every product is re-priced.
    parityJump: jsonb('parity_jump').$type<ParityJump & { at: string }>(),
  },
  (t) => [
    index('inventories_user_idx').on(t.userId, t.createdAt),
    check(
      'inventories_deleting_on_amazon',
      sql`${t.deletingOnAmazon} is null or ${t.deletingOnAmazon} in ('quantity_zero', 'delete')`,
    ),
  ],
);

export const inventoryProducts = pgTable(
  'inventory_products',
  {
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    image: text('image'),
    createdAt: createdAt(),
    /** The report row it came from, then the last update's lookup: `{ row_cross, row_to }`. */
    snapshot: jsonb('snapshot'),
    // What the last update priced with the inventory's settings; null until its first update.
    available: boolean('available'),
    minPrice: doublePrecision('min_price'),
    stdPrice: doublePrecision('std_price'),
    maxPrice: doublePrecision('max_price'),
    stock: integer('stock'),
    /**
     * The landed cost in the selling currency and the profit at the standard price, as the same pricing
     * computed them (the inventory table shows them); null when it could not price the product.
     */
    costInTc: doublePrecision('cost_in_tc'),
    stdProfit: doublePrecision('std_profit'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /**
     * Added from a supplier report (issue 62; migration 0062): the supplier (a new version of its list
     * re-prices the product), the version priced from, the line's identifier key it is matched by, Amazon's
     * package quantity, how that pack compared with the supplier's, and when the seller confirmed a pack
     * that differs or is unknown (unconfirmed, it is never published).
     */
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    supplierListId: uuid('supplier_list_id').references(() => supplierLists.id, { onDelete: 'set null' }),
    supplierKey: text('supplier_key'),
    supplierUnits: integer('supplier_units'),
    supplierPack: text('supplier_pack'),
    packConfirmedAt: timestamp('pack_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryId, t.code] }),
    index('inventory_products_user_idx').on(t.userId),
    index('inventory_products_supplier_idx')
      .on(t.supplierId)
      .where(sql`${t.supplierId} is not null`),
    check('inventory_products_supplier_pack', sql`${t.supplierPack} in ('same', 'differs', 'unknown')`),
  ],
);
