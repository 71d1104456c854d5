import { z } from 'zod';
import { PRODUCT_ID } from '../product-ids';
import { buyingRegions, sellingRegions, type RegionCode } from '../regions';
import { resultRowViewSchema } from './analysis-responses';
import { timestampSchema } from './api-responses';

const codes = (regions: { code: RegionCode }[]) =>
  regions.map((r) => r.code) as [RegionCode, ...RegionCode[]];

/** The countries a quick check may use: those a report may (buying for `from`, selling for `to`). */
export const LOOKUP_FROM_COUNTRIES = codes(buyingRegions());
export const LOOKUP_TO_COUNTRIES = codes(sellingRegions());

/**
 * POST /v1/lookup (the browser extension's quick check, and "Look up" on a report's row): one product
 * looked up now on both sides and priced with one of the user's reports' settings and lane (`report_id`),
 * one of their inventories' settings (`inventory_id`) — either one's countries must be these — or the
 * defaults. Costs one product of the daily quota.
 */
export const lookupRequestSchema = z
  .object({
    product_id: z
      .string({ error: 'validation.lookup.productId' })
      .trim()
      .toUpperCase()
      .regex(PRODUCT_ID, 'validation.lookup.productId'),
    from_country: z.enum(LOOKUP_FROM_COUNTRIES, { error: 'validation.report.country' }),
    to_country: z.enum(LOOKUP_TO_COUNTRIES, { error: 'validation.report.country' }),
    inventory_id: z.uuid({ error: 'validation.lookup.inventoryId' }).nullish(),
    /** A report's row looked up on request: priced with that report's settings and lane. */
    report_id: z.uuid({ error: 'validation.lookup.reportId' }).nullish(),
  })
  .refine((b) => b.from_country !== b.to_country, {
    message: 'validation.report.sameCountries',
    path: ['to_country'],
  })
  .refine((b) => !(b.inventory_id && b.report_id), {
    message: 'validation.lookup.oneSettings',
    path: ['report_id'],
  });
export type LookupRequestInput = z.input<typeof lookupRequestSchema>;
export type LookupRequest = z.output<typeof lookupRequestSchema>;

/** The quick check's answer: the product as a report row, and what is left of today's quota. */
export const lookupResponseSchema = z
  .object({
    /** This check, for "Add to inventory" (the product is added as it was seen here). */
    lookup_id: z.string(),
    row: resultRowViewSchema,
    from_country: z.enum(LOOKUP_FROM_COUNTRIES),
    to_country: z.enum(LOOKUP_TO_COUNTRIES),
    /** The inventory whose settings priced it; null: a report's settings (`report_id` asked) or the defaults. */
    inventory_id: z.string().nullable(),
    /** Products left of today's quota after this check. */
    remaining: z.int(),
  })
  .meta({
    id: 'LookupResult',
    description: 'A product looked up now on both sides, priced as a report row.',
  });
export type LookupResult = z.output<typeof lookupResponseSchema>;

/** POST /v1/inventories/:id/products: the product of one of the user's quick checks, as the check saw it. */
export const inventoryAddCheckedSchema = z.object({
  lookup_id: z.uuid({ error: 'validation.inventory.lookupId' }),
});
export type InventoryAddCheckedInput = z.input<typeof inventoryAddCheckedSchema>;

/** GET /v1/products/:productId/latest: the product in the newest of the user's finished reports that has it. */
export const latestProductRowSchema = z
  .object({
    latest: z
      .object({
        report_id: z.string(),
        title: z.string(),
        from_country: z.string(),
        to_country: z.string(),
        created_at: timestampSchema,
        row: resultRowViewSchema,
      })
      .nullable(),
  })
  .meta({ id: 'LatestProductRow', description: "A product's row in the newest of the user's reports." });
export type LatestProductRow = z.output<typeof latestProductRowSchema>;
