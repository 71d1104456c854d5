import { z } from 'zod';
import { PRODUCT_ID } from '../product-ids';
import { REGION_CODES } from '../regions';
import { timestampSchema } from './api-responses';
import { ORDER_NOTICES } from './orders';

/**
 * What a watch waits for (issue 49), in the watch's marketplace: its price at or below a threshold, stock
 * coming or going, the buy box at or above a threshold, the seller's profit there (as their inventories
 * price the product) at or above a percentage, the seller's listing restriction changing. Names:
 * `watches.conditions.<id>` in the domain's i18n.
 */
export const WATCH_CONDITIONS = [
  'price_at_or_below',
  'back_in_stock',
  'out_of_stock',
  'buybox_at_or_above',
  'profit_at_or_above',
  'restriction_changed',
] as const;
export type WatchCondition = (typeof WATCH_CONDITIONS)[number];
/** The conditions that need a threshold: a price in the marketplace's currency, or a percentage (profit). */
export const WATCH_THRESHOLD_CONDITIONS: readonly WatchCondition[] = [
  'price_at_or_below',
  'buybox_at_or_above',
  'profit_at_or_above',
];
/** The listing restriction states a `restriction_changed` alert names (features/restrictions' states). */
export const WATCH_RESTRICTION_STATES = ['can_list', 'approval_required', 'cannot_list'] as const;

/**
 * How a seller hears of alerts by e-mail: not at all, a mail per alert within minutes, or one digest a day.
 * Either way at most one mail names a product a day. Labels: `watches.digest.<id>` in the domain's i18n.
 */
export const WATCH_DIGESTS = ['off', 'instant', 'daily'] as const;
export type WatchDigest = (typeof WATCH_DIGESTS)[number];
/** A seller who never chose gets the daily digest: a watch is set to hear of it. */
export const DEFAULT_WATCH_DIGEST: WatchDigest = 'daily';

/** `GET` and `PUT /api/watches/settings`. */
export const watchSettingsSchema = z.object({
  digest: z.enum(WATCH_DIGESTS, { error: 'validation.watch.digest' }),
});
export type WatchSettings = z.output<typeof watchSettingsSchema>;

/** `POST /api/watches`: a product in a marketplace and a condition; a price condition needs its threshold. */
export const watchCreateSchema = z
  .object({
    marketplace: z.enum(REGION_CODES, { error: 'validation.history.marketplace' }),
    asin: z.string().trim().toUpperCase().regex(PRODUCT_ID, 'validation.lookup.productId'),
    condition: z.enum(WATCH_CONDITIONS, { error: 'validation.watch.condition' }),
    /** In the marketplace's own currency; a percentage for `profit_at_or_above`. */
    threshold: z
      .number({ error: 'validation.watch.threshold' })
      .positive('validation.watch.threshold')
      .max(1e7, 'validation.watch.thresholdMax')
      .nullish(),
  })
  .refine((w) => !WATCH_THRESHOLD_CONDITIONS.includes(w.condition) || w.threshold != null, {
    message: 'validation.watch.threshold',
    path: ['threshold'],
  });
export type WatchCreate = z.output<typeof watchCreateSchema>;

/**
 * `POST /api/watches/inventory`: a whole inventory watched for products sold out at its source (its
 * buying country): one alert a day at most, "N products sold out at the source today".
 */
export const inventoryWatchCreateSchema = z.object({
  inventory_id: z.uuid({ error: 'validation.watch.inventory' }),
});
export type InventoryWatchCreate = z.output<typeof inventoryWatchCreateSchema>;

export const watchSchema = z.object({
  id: z.uuid(),
  marketplace: z.enum(REGION_CODES),
  /** Null for a whole-inventory watch (`inventory_id`). */
  asin: z.string().nullable(),
  inventory_id: z.uuid().nullable(),
  condition: z.enum(WATCH_CONDITIONS),
  threshold: z.number().nullable(),
  created_at: timestampSchema,
});
/** The seller's watches and how many their plan allows (`Plan.watchLimit`). */
export const watchListSchema = z.object({ watches: z.array(watchSchema), limit: z.number().int() });
export type Watch = z.output<typeof watchSchema>;
export type WatchList = z.output<typeof watchListSchema>;

/**
 * A watch that fired: once per watch and day at most. `price` in `currency`, where the condition has one
 * (the source price, the buy box); `profit_percent` for a profit alert; `restriction` the new state.
 */
export const notificationSchema = z.object({
  id: z.uuid(),
  /** Null for an order's notice (issue 60): `order` instead. */
  watch_id: z.uuid().nullable(),
  /** An order that needs the seller (not bought 24 h after it arrived, not confirmed 24 h before ship-by). */
  order: z
    .object({
      id: z.uuid(),
      amazon_order_id: z.string(),
      notice: z.enum(ORDER_NOTICES),
      ship_by: z.string().nullable(),
    })
    .nullable()
    .optional(),
  marketplace: z.enum(REGION_CODES),
  /** Null for a whole inventory's alert: `inventory_id` and `product_count` instead. */
  asin: z.string().nullable(),
  inventory_id: z.uuid().nullable(),
  product_count: z.number().int().nullable(),
  /** Null for an order's notice. */
  condition: z.enum(WATCH_CONDITIONS).nullable(),
  price: z.number().nullable(),
  currency: z.string(),
  profit_percent: z.number().nullable(),
  restriction: z.enum(WATCH_RESTRICTION_STATES).nullable(),
  created_at: timestampSchema,
  read: z.boolean(),
});
export const notificationListSchema = z.object({
  unread: z.number().int(),
  notifications: z.array(notificationSchema),
});
export type AppNotification = z.output<typeof notificationSchema>;
