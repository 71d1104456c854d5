import { z } from 'zod';
import { parseProductIds, type ParsedProductIds } from '../product-ids';
import { buyingRegions, sellingRegions } from '../regions';

const buying = buyingRegions().map((r) => r.code) as [string, ...string[]];
const selling = sellingRegions().map((r) => r.code) as [string, ...string[]];

export const REPORT_SOURCES = ['manual', 'amazon_all_listings_report', 'supplier_list'] as const;

/**
 * The report request's shape. A missing country passes here on purpose: `checkReportRequest` reports it
 * in the specification's order (after the product ID checks); an unknown one fails here.
 */
export const reportCreationSchema = z.object({
  title: z.string().trim().max(200).default(''),
  from_country: z.enum(buying, { error: 'validation.report.country' }).nullish(),
  to_country: z.enum(selling, { error: 'validation.report.country' }).nullish(),
  marketplace: z.literal('amazon').default('amazon'),
  source: z.enum(REPORT_SOURCES).default('manual'),
  product_ids: z.string().max(2_000_000).default(''),
  /**
   * "Price with": one of the seller's inventories (of these countries) whose settings price the report as
   * it is written; absent, null or empty (a form field left blank) for the seller's defaults.
   */
  /** `supplier_list`: the uploaded price list whose lines are matched and priced (issue 62). */
  supplier_list_id: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid({ error: 'validation.supplier.listId' }).nullish(),
  ),
  inventory_id: z.preprocess(
    (v) => (v === '' ? null : v),
    z.uuid({ error: 'validation.report.inventoryId' }).nullish(),
  ),
});
export type ReportCreationInput = z.input<typeof reportCreationSchema>;

export interface ReportCheckError {
  field: 'product_ids' | 'to_country' | 'from_country';
  key: string;
  params?: Record<string, number>;
}

/**
 * The specification's report checks in its order: required, no valid ID, send_limit, remaining daily
 * quota, same countries, country required. Returns the first failure, or the parsed IDs.
 */
export function checkReportRequest(
  input: { from_country?: string | null; to_country?: string | null; product_ids?: string | null },
  limits: { sendLimit: number; remainingQuota: number },
): { ok: true; parsed: ParsedProductIds } | { ok: false; error: ReportCheckError } {
  const fail = (error: ReportCheckError) => ({ ok: false as const, error });
  if (!input.product_ids?.trim())
    return fail({ field: 'product_ids', key: 'validation.report.productIdsRequired' });
  const parsed = parseProductIds(input.product_ids);
  const count = parsed.valid.length;
  if (count === 0) return fail({ field: 'product_ids', key: 'validation.report.noValidId' });
  if (count > limits.sendLimit) {
    return fail({
      field: 'product_ids',
      key: 'validation.report.tooMany',
      params: { count: limits.sendLimit },
    });
  }
  if (count > limits.remainingQuota) {
    return fail({
      field: 'product_ids',
      key: 'validation.report.overQuota',
      params: { remaining_quota: Math.max(0, limits.remainingQuota) },
    });
  }
  if (input.from_country && input.from_country === input.to_country)
    return fail({ field: 'to_country', key: 'validation.report.sameCountries' });
  if (!input.from_country) return fail({ field: 'from_country', key: 'validation.report.country' });
  if (!input.to_country) return fail({ field: 'to_country', key: 'validation.report.country' });
  return { ok: true, parsed };
}

/**
 * A supplier list report's checks, in the same order as a product list's: the list's good lines against
 * the send limit, some daily quota left (the quota counts the ASINs the lines match, known only after
 * the match: what is left then is what the report may keep), then the countries (the buying one is the
 * supplier's).
 */
export function checkSupplierReportRequest(
  input: { from_country: string; to_country?: string | null },
  lines: number,
  limits: { sendLimit: number; remainingQuota: number },
): ReportCheckError | null {
  if (lines > limits.sendLimit)
    return { field: 'product_ids', key: 'validation.report.tooMany', params: { count: limits.sendLimit } };
  if (limits.remainingQuota < 1) {
    return {
      field: 'product_ids',
      key: 'validation.report.overQuota',
      params: { remaining_quota: Math.max(0, limits.remainingQuota) },
    };
  }
  if (!input.to_country) return { field: 'to_country', key: 'validation.report.country' };
  if (input.from_country === input.to_country)
    return { field: 'to_country', key: 'validation.report.sameCountries' };
  return null;
}
