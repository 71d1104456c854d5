import { z } from 'zod';
import { PRODUCT_SIZES } from '../product';
import { RESTRICTION_FILTER_STATES } from '../listing-restrictions';
import { PRODUCT_ID } from '../product-ids';

/** The value shapes a filter can take; each filter in the catalogue has exactly one. */
export const FILTER_KINDS = [
  'range',
  'mode',
  'include_exclude',
  'coupon',
  'sizes',
  'presence',
  'categories',
  'rank_by_category',
  'stores',
  'product_ids',
  'restrictions',
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

const bound = z.number().finite().nullable().optional();
const text = z.string().trim().min(1).max(300);
const LIST_EMPTY = 'validation.filters.listEmpty';

export const rangeValue = z
  .object({ min: bound, max: bound })
  .strict()
  .refine((v) => v.min != null || v.max != null, { message: 'validation.filters.rangeEmpty' })
  .refine((v) => v.min == null || v.max == null || v.min <= v.max, {
    message: 'validation.filters.rangeOrder',
  });

export const filterValueSchemas = {
  range: rangeValue,
  /** only: keep products that have it; exclude: keep those that do not. */
  mode: z.enum(['only', 'exclude']),
  include_exclude: z
    .object({ include: z.array(text).max(500).default([]), exclude: z.array(text).max(500).default([]) })
    .strict()
    .refine((v) => v.include.length + v.exclude.length > 0, { message: 'validation.filters.listEmpty' }),
  coupon: z.enum(['*', 'percent', 'dollar']),
  sizes: z.array(z.enum(PRODUCT_SIZES)).min(1, LIST_EMPTY).max(PRODUCT_SIZES.length),
  presence: z.enum(['present', 'absent']),
  categories: z.array(text).min(1, LIST_EMPTY).max(500),
  rank_by_category: z
    .object({ categories: z.array(text).min(1, LIST_EMPTY).max(500), min: bound, max: bound })
    .strict()
    .refine((v) => v.min == null || v.max == null || v.min <= v.max, {
      message: 'validation.filters.rangeOrder',
    }),
  stores: z
    .object({ seller_ids: z.array(text).min(1, LIST_EMPTY).max(500), mode: z.enum(['only', 'exclude']) })
    .strict(),
  product_ids: z
    .object({
      ids: z
        .array(z.string().regex(PRODUCT_ID))
        .min(1, LIST_EMPTY)
        .max(10_000, 'validation.filters.tooManyIds'),
      mode: z.enum(['only', 'exclude']),
    })
    .strict(),
  restrictions: z
    .array(z.enum(RESTRICTION_FILTER_STATES))
    .min(1, LIST_EMPTY)
    .max(RESTRICTION_FILTER_STATES.length),
} satisfies Record<FilterKind, z.ZodType>;

export type FilterValueOf<K extends FilterKind> = z.infer<(typeof filterValueSchemas)[K]>;
export type RangeValue = FilterValueOf<'range'>;
