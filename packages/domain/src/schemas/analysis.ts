import { z } from 'zod';
import { MAX_ENCODED_FILTERS_LENGTH } from '../filters/codec';
import { FEE_SOURCES, type FbmBlock } from '../pricing/types';
import type { IndividualRates } from '../product';
import { individualRatesSchema, settingsSchema } from './settings';

const reportId = z.uuid({ error: 'validation.analysis.reportId' });

/**
 * The result table's sort options: `$natural` is the order of the report's list (the specification's
 * default `$natural-desc`), `ppr` the fbm profit percent at the buy box, `cost` the fbm cost in the target
 * currency, `product_id` the initial selection.
 */
export const SORT_KEYS = ['$natural', 'product_id', 'ppr', 'cost'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const RESULT_PAGE_SIZES = [1, 10, 20, 50, 100] as const;

/** POST /v1/settings: the report and its settings (every rule message of the settings form). */
export const settingsRequestSchema = z.intersection(z.object({ report_id: reportId }), settingsSchema);
export type SettingsRequest = z.output<typeof settingsRequestSchema>;

/** POST /v1/filters */
export const filtersRequestSchema = z.object({
  report_id: reportId,
  /** The domain codec's string; empty for no filter. */
  filters: z
    .string({ error: 'validation.filters.malformed' })
    .max(MAX_ENCODED_FILTERS_LENGTH, 'validation.filters.tooLong')
    .default(''),
  limit: z
    .number({ error: 'validation.analysis.limit' })
    .int('validation.analysis.limit')
    .min(1, 'validation.analysis.limit')
    .max(100, 'validation.analysis.limit')
    .default(20),
  skip: z
    .number({ error: 'validation.analysis.skip' })
    .int('validation.analysis.skip')
    .min(0, 'validation.analysis.skip')
    .max(10_000_000, 'validation.analysis.skip')
    .default(0),
  sort_key: z.enum(SORT_KEYS, { error: 'validation.analysis.sortKey' }).default('product_id'),
  sort_direction: z.enum(SORT_DIRECTIONS, { error: 'validation.analysis.sortDirection' }).default('asc'),
  /**
   * Whether the answer lists every matching ID (`filtered_ids`). A client that needs only the page, or
   * already holds the list for these filters, sends false: the answer leaves the list out and comes
   * sooner (only the page is sorted out of the matches).
   */
  with_ids: z.boolean({ error: 'validation.analysis.withIds' }).default(true),
});
export type FiltersRequest = z.input<typeof filtersRequestSchema>;

/** POST /v1/exports: `product_ids` is `all` or the selected IDs joined by commas. */
export const exportsRequestSchema = z.object({
  report_id: reportId,
  export_type: z.literal('fbm', { error: 'validation.exports.exportType' }),
  product_ids: z
    .string({ error: 'validation.exports.productIds' })
    .trim()
    .max(1_200_000, 'validation.exports.productIds'),
});
export type ExportsRequest = z.input<typeof exportsRequestSchema>;

/**
 * PUT /v1/reports/:id/products/:productId/rates: the product's own profit rates, which replace its rule's
 * (digits with an optional decimal part, min < std < max, each message on its field).
 */
export const productRatesRequestSchema = individualRatesSchema;
export type ProductRatesRequest = z.input<typeof productRatesRequestSchema>;

const money = z.number().nullable();
const atBuyboxAndCustom = z.object({ buybox: money, custom: z.object({ std: money }) });

/** The fbm block `priceProduct` answers (pricing/types.ts), as the API sends it. */
export const fbmBlockSchema: z.ZodType<FbmBlock> = z.object({
  available: z.boolean(),
  reason: z.string().nullable(),
  buy_price: money,
  shipping_fee: money,
  cost_in_tc: money,
  commission_rate: z.number(),
  commission_category: z.string().nullable(),
  commission_source: z.enum(FEE_SOURCES),
  closing_fee: z.number().nullable(),
  fee_estimate_price: z.number().nullable(),
  fee_estimate_shipping: z.number().nullable().optional(),
  other_fees: z
    .array(z.object({ type: z.string(), amount: z.number() }))
    .nullable()
    .optional(),
  sell_price: atBuyboxAndCustom,
  profit_amount: atBuyboxAndCustom,
  profit_percent: atBuyboxAndCustom,
  fba_profit_percent: money,
  min_price: money,
  std_price: money,
  max_price: money,
  stock: z.number(),
  rule_index: z.number().int().nullable(),
  diff_between_lowest: money,
});

export const individualRatesViewSchema: z.ZodType<IndividualRates> = z.object({
  min: z.number(),
  std: z.number(),
  max: z.number(),
});

/**
 * The answer of PUT and DELETE /v1/reports/:id/products/:productId/rates: the product's rates (null once
 * cleared) and its fbm block re-priced with them, so the results table updates the row without a refetch.
 */
export const productRatesResponseSchema = z.object({
  product_id: z.string(),
  individual: individualRatesViewSchema.nullable(),
  fbm: fbmBlockSchema,
});
export type ProductRatesResponse = z.output<typeof productRatesResponseSchema>;
