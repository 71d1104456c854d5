import { z } from 'zod';
import { decodeFilters, FilterCodecError, MAX_ENCODED_FILTERS_LENGTH } from '../filters/codec';
import { requiredString } from './common';
import type { PlanCode } from '../plans';

export const FILTER_SET_NAME_MAX = 100;

/** Filter sets a plan may hold (docs/decisions.md): generous, but counted, like inventories. */
export const FILTER_SET_LIMITS: Readonly<Record<PlanCode, number>> = {
  F: 20,
  S: 50,
  M: 100,
  L: 150,
  XL: 200,
  '2XL': 300,
  '3XL': 500,
};
export const filterSetLimitOf = (planCode: string): number =>
  FILTER_SET_LIMITS[planCode as PlanCode] ?? FILTER_SET_LIMITS.F;

const name = requiredString('validation.filterSet.name').pipe(
  z.string().max(FILTER_SET_NAME_MAX, 'validation.filterSet.nameTooLong'),
);

/**
 * The domain codec's string, refused unless it decodes to at least one filter: a saved set with nothing in
 * it would apply as "no filter" wherever it is chosen, which is never what its owner meant.
 */
const content = z
  .string({ error: 'validation.filters.malformed' })
  .max(MAX_ENCODED_FILTERS_LENGTH, 'validation.filters.tooLong')
  .superRefine((text, ctx) => {
    // Already reported by max(); decoding would only repeat it.
    if (text.length > MAX_ENCODED_FILTERS_LENGTH) return;
    try {
      if (decodeFilters(text).length === 0)
        ctx.addIssue({ code: 'custom', message: 'validation.filterSet.atLeastOne' });
    } catch (error) {
      if (!(error instanceof FilterCodecError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.messageKey });
    }
  });

/** The edit drawer's name field on its own (the form validates it before the filters). */
export const filterSetNameSchema = z.object({ name });

/** POST /api/filter-sets. The filters count is the server's to compute, so it is not part of the body. */
export const filterSetCreateSchema = z.object({ name, content });
export type FilterSetCreate = z.output<typeof filterSetCreateSchema>;

/** PATCH /api/filter-sets/:id: a new name, new filters or both. */
export const filterSetUpdateSchema = z
  .object({ name: name.optional(), content: content.optional() })
  .refine((body) => body.name !== undefined || body.content !== undefined, {
    message: 'validation.filterSet.nothingToUpdate',
  });
export type FilterSetUpdate = z.output<typeof filterSetUpdateSchema>;

/** One saved filter set as the API answers it. */
export const filterSetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content: z.string(),
  filters_count: z.int().nonnegative(),
  created_at: z.iso.datetime(),
});
export type FilterSet = z.output<typeof filterSetSchema>;

/** GET /api/filter-sets: the user's sets, newest first. */
export const filterSetListSchema = z.array(filterSetSchema);
export type FilterSetList = z.output<typeof filterSetListSchema>;
