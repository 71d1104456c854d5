import { WATCH_CONDITIONS } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './schema-core';
import { inventories } from './schema-inventories';

/**
 * A seller's watch on one product in one marketplace (issue 49): a condition on what lookups observe,
 * fired at most once a UTC day (`features/watches/fire-watches.ts`). `threshold_cents` in the
 * marketplace's currency for the price condition; `last_in_stock` is what the last observation said, so
 * "back in stock" fires on the change, not on every in-stock answer.
 */
export const watches = pgTable(
  'watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    /** Null for a whole-inventory watch (`inventory_id`; `marketplace` its buying country). */
    asin: text('asin'),
    inventoryId: uuid('inventory_id').references(() => inventories.id, { onDelete: 'cascade' }),
    condition: text('condition', { enum: WATCH_CONDITIONS }).notNull(),
    thresholdCents: integer('threshold_cents'),
    lastInStock: boolean('last_in_stock'),
    /** The seller's listing restriction state last seen, so `restriction_changed` fires on a change. */
    lastRestriction: text('last_restriction'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('watches_product_idx').on(t.marketplace, t.asin),
    index('watches_user_idx').on(t.userId, t.createdAt),
    // Deleting an inventory cascades here, and the inventory's update looks up its whole-inventory
    // watches: without it, both scan every seller's watches.
    index('watches_inventory_idx')
      .on(t.inventoryId)
      .where(sql`${t.inventoryId} is not null`),
  ],
);

/** What a watch said when it fired: one per watch and UTC day at most (the unique index). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null for an order's notice (issue 60: `order_id` and `notice` instead; migration 0049). */
    watchId: uuid('watch_id').references(() => watches.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    notice: text('notice'),
    firedOn: date('fired_on', { mode: 'string' }).notNull(),
    marketplace: text('marketplace').notNull(),
    /** Null for a whole inventory's alert, which counts its products instead. */
    asin: text('asin'),
    inventoryId: uuid('inventory_id'),
    productCount: integer('product_count'),
    condition: text('condition').notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull(),
    /** A profit alert's profit, percent of the landed cost; a restriction alert's new state. */
    profitPercent: doublePrecision('profit_percent'),
    restriction: text('restriction'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When the mail jobs dealt with it: mailed, or left out because its product was mailed that day. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_once_a_day_idx').on(t.watchId, t.firedOn),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // The mail jobs' pending alerts, by day.
    index('notifications_unmailed_idx')
      .on(t.firedOn)
      .where(sql`${t.mailedAt} is null`),
  ],
);

/** How a seller hears of alerts by e-mail (`WATCH_DIGESTS`); no row is the default, the daily digest. */
export const watchSettings = pgTable('watch_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  digest: text('digest', { enum: ['off', 'instant', 'daily'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The mails sent of watches, claimed before sending: one row per seller, UTC day and product
 * (`us:B0…`), and `digest` for the day's digest, so a product is in one mail a day and a digest goes once.
 */
export const watchMails = pgTable(
  'watch_mails',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.subject] })],
);
