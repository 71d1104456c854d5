import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './schema-core';

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
    asin: text('asin').notNull(),
    condition: text('condition', { enum: ['price_at_or_below', 'back_in_stock', 'out_of_stock'] }).notNull(),
    thresholdCents: integer('threshold_cents'),
    lastInStock: boolean('last_in_stock'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('watches_product_idx').on(t.marketplace, t.asin),
    index('watches_user_idx').on(t.userId, t.createdAt),
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
    watchId: uuid('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    firedOn: date('fired_on', { mode: 'string' }).notNull(),
    marketplace: text('marketplace').notNull(),
    asin: text('asin').notNull(),
    condition: text('condition').notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_once_a_day_idx').on(t.watchId, t.firedOn),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
