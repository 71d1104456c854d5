import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
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
import { user } from './schema-core';
import { listings } from './schema-listings';

const tz = { withTimezone: true } as const;
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * A seller's FBM order as Amazon last answered it (Orders 2026-01-01), and where it is in our path
 * (`state`, the domain's `ORDER_STATES`). City and country are kept as routing data (not PII in Amazon's
 * list); the buyer's name, street and phone only in `order_addresses`, sealed. Migration 0049.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    region: text('region').notNull(),
    sellingPartnerId: text('selling_partner_id').notNull(),
    marketplace: text('marketplace').notNull(),
    amazonOrderId: text('amazon_order_id').notNull(),
    amazonStatus: text('amazon_status').notNull(),
    state: text('state').notNull(),
    reason: text('reason'),
    programs: jsonb('programs')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    purchasedAt: timestamp('purchased_at', tz).notNull(),
    amazonUpdatedAt: timestamp('amazon_updated_at', tz).notNull(),
    shipByEarliest: timestamp('ship_by_earliest', tz),
    shipBy: timestamp('ship_by', tz),
    deliverByEarliest: timestamp('deliver_by_earliest', tz),
    deliverBy: timestamp('deliver_by', tz),
    totalAmount: doublePrecision('total_amount'),
    currency: text('currency'),
    destCity: text('dest_city'),
    destCountry: text('dest_country'),
    fromCrossmarket: boolean('from_crossmarket').notNull().default(false),
    arrivedAt: timestamp('arrived_at', tz).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', tz),
    addressEraseAt: timestamp('address_erase_at', tz),
    addressErasedAt: timestamp('address_erased_at', tz),
    /** The notices (`ORDER_NOTICES`) already raised for this order. */
    notified: jsonb('notified')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_amazon_idx').on(t.userId, t.amazonOrderId),
    index('orders_user_state_idx').on(t.userId, t.state, t.purchasedAt),
    index('orders_live_idx')
      .on(t.state)
      .where(sql`${t.state} not in ('delivered', 'cancelled')`),
    index('orders_erase_idx')
      .on(t.addressEraseAt)
      .where(sql`${t.addressErasedAt} is null and ${t.addressEraseAt} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: owner(),
    orderItemId: text('order_item_id').notNull(),
    asin: text('asin'),
    sku: text('sku'),
    title: text('title'),
    quantity: integer('quantity').notNull(),
    unitPrice: doublePrecision('unit_price'),
    currency: text('currency'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The seller's Crossmarket listing of the SKU in the marketplace; null: "not from Crossmarket". */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.orderItemId] })],
);

/** The buyer's address, sealed (AES-256-GCM, the token key, bound to user and order); deleted when erased. */
export const orderAddresses = pgTable('order_addresses', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: owner(),
  ciphertext: bytea('ciphertext').notNull(),
  iv: bytea('iv').notNull(),
  authTag: bytea('auth_tag').notNull(),
  keyId: text('key_id').notNull(),
  readAt: timestamp('read_at', tz).notNull().defaultNow(),
});

export const orderTransitions = pgTable(
  'order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: owner(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id'),
    reason: text('reason'),
    note: text('note'),
    at: timestamp('at', tz).notNull().defaultNow(),
  },
  (t) => [index('order_transitions_order_idx').on(t.orderId, t.id)],
);

/** One purchase per order item: the primary key refuses a second. */
export const orderPurchases = pgTable(
  'order_purchases',
  {
    id: uuid('id').notNull().unique().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: owner(),
    orderItemId: text('order_item_id').notNull(),
    sourceOrderId: text('source_order_id').notNull(),
    total: doublePrecision('total').notNull(),
    tax: doublePrecision('tax'),
    shipping: doublePrecision('shipping'),
    currency: text('currency').notNull(),
    seenPrice: doublePrecision('seen_price'),
    boughtAt: timestamp('bought_at', tz).notNull(),
    recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.orderItemId] })],
);

/** The order's one shipment (one package) and what Amazon did with its confirmation. */
export const orderShipments = pgTable('order_shipments', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: owner(),
  packageReferenceId: text('package_reference_id').notNull(),
  carrierCode: text('carrier_code').notNull(),
  carrierName: text('carrier_name'),
  shippingMethod: text('shipping_method'),
  trackingNumber: text('tracking_number').notNull(),
  shipDate: timestamp('ship_date', tz).notNull(),
  /** pending | sent (204, read-back due) | kept | not_kept | refused */
  confirmation: text('confirmation').notNull().default('pending'),
  readCarrier: text('read_carrier'),
  readTracking: text('read_tracking'),
  readAt: timestamp('read_at', tz),
  readAttempts: integer('read_attempts').notNull().default(0),
  error: text('error'),
  sentAt: timestamp('sent_at', tz),
  recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
});

/** searchOrders' cursor per seller and SP-API region. */
export const orderSyncs = pgTable(
  'order_syncs',
  {
    userId: owner(),
    region: text('region').notNull(),
    syncedUntil: timestamp('synced_until', tz),
    lastRunAt: timestamp('last_run_at', tz),
    nextRunAt: timestamp('next_run_at', tz),
  },
  (t) => [primaryKey({ columns: [t.userId, t.region] })],
);

/** The sandbox marketplace's orders, as Orders 2026 `Order` objects. */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    orderId: text('order_id').primaryKey(),
    sellerId: text('seller_id').notNull(),
    marketplaceId: text('marketplace_id').notNull(),
    sku: text('sku'),
    order: jsonb('order').notNull(),
    lastUpdated: timestamp('last_updated', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('sandbox_orders_seller_idx').on(t.sellerId, t.lastUpdated)],
);
