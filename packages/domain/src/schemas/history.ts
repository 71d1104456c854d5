import { z } from 'zod';
import { PRODUCT_ID } from '../product-ids';
import { REGION_CODES } from '../regions';
import { timestampSchema } from './api-responses';

/** The ranges a price history is drawn over, in days (issue 49). */
export const HISTORY_RANGES = ['30', '90', '365'] as const;
export type HistoryRange = 30 | 90 | 365;

/** `GET /v1/products/:marketplace/:asin/history`'s path: the marketplace and the product. */
export const historyParamsSchema = z.object({
  marketplace: z.enum(REGION_CODES, { error: 'validation.history.marketplace' }),
  asin: z.string().trim().toUpperCase().regex(PRODUCT_ID, 'validation.lookup.productId'),
});

/** Its query: `days` of 30, 90 (the default) or 365. */
export const historyQuerySchema = z.object({
  days: z
    .enum(HISTORY_RANGES, { error: 'validation.history.days' })
    .default('90')
    .transform((d) => Number(d) as HistoryRange),
});

/**
 * One point of the chart: an hour (30 and 90 days) or a day (365) in which Amazon's prices were seen, or
 * a day the sandbox generated (`source: 'sandbox'`, never Amazon's). Prices are item prices in the
 * answer's `currency`: the last buy box of the point, the lowest new and lowest FBA offers in it.
 * `in_stock` false: Amazon showed no new offer at some moment of the point. How many lookups (any
 * seller's) a point rests on is not said (issue 57).
 */
export const historyPointSchema = z.object({
  at: timestampSchema,
  source: z.enum(['observed', 'sandbox']),
  buybox_price: z.number().nullable(),
  buybox_is_amazon: z.boolean().nullable(),
  lowest_new_price: z.number().nullable(),
  lowest_fba_price: z.number().nullable(),
  new_offers: z.number().int().nullable(),
  fba_offers: z.number().int().nullable(),
  sales_rank: z.number().int().nullable(),
  rank_category: z.string().nullable(),
  in_stock: z.boolean().nullable(),
});
export type HistoryPoint = z.output<typeof historyPointSchema>;

const pricedAt = z.object({ price: z.number(), at: timestampSchema }).nullable();

/**
 * What the range says to a seller. Prices are the buy box, else the lowest new offer.
 * `rank_improvements` counts the times the rank went down between two looks in the same category: each is
 * at least one sale, so it is a lower bound. `sandbox_days`: generated days. No count of lookups, nor
 * when the first was made: those are every seller's research, not the product's (issue 57).
 */
export const historySignalsSchema = z.object({
  lowest_price: pricedAt,
  highest_price: pricedAt,
  days_out_of_stock: z.number().int().min(0),
  rank_improvements: z.number().int().min(0),
  sandbox_days: z.number().int().min(0),
});
export type HistorySignals = z.output<typeof historySignalsSchema>;

/** A product's price, offer and rank history in one marketplace over the asked range, oldest first. */
export const historyResponseSchema = z.object({
  marketplace: z.enum(REGION_CODES),
  asin: z.string(),
  currency: z.string(),
  days: z.number().int(),
  /** `hour`: points are hours of observations; `day`: daily roll-ups. */
  resolution: z.enum(['hour', 'day']),
  points: z.array(historyPointSchema),
  signals: historySignalsSchema,
});
export type ProductHistory = z.output<typeof historyResponseSchema>;
