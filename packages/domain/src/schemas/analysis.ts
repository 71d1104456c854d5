import { z } from 'zod';
import { MAX_ENCODED_FILTERS_LENGTH } from '../filters/codec';
import { settingsSchema } from './settings';

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
