import {
  englishMessage,
  PRODUCT_ID,
  type BannedReason,
  type ListingRestrictionState,
  type exportsRequestSchema,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { arrayRows } from '../../db/array-rows';
import type { Db } from '../../db/client';
import { fieldError, HttpError, notFound } from '../../http/errors';
import { loadAnalysisReport } from './analysis-report';
import { skuFor } from './sku';

export type ExportsBody = z.output<typeof exportsRequestSchema>;

export interface ExportRow {
  product_id: string;
  /** The report's SKU for the product (from its All Listings Report), or the generated one. */
  sku: string;
  /** Ours, `SS-` + hash (the export drawer uses it when "export with SKUs" is off). */
  generated_sku: string;
  stocks: number;
  available_for_fbm: boolean;
  min_price: number | null;
  std_price: number | null;
  max_price: number | null;
  brand: string | null;
  title: string | null;
  banned: BannedReason | null;
  /** The listing restriction in the selling country; null when not checked. */
  restriction: ListingRestrictionState | null;
}

/** `all`, or the selected IDs joined by commas (each checked; an empty selection is refused). */
function selection(productIds: string): string[] | 'all' {
  if (productIds.toLowerCase() === 'all') return 'all';
  const ids = [
    ...new Set(
      productIds
        .split(',')
        .map((id) => id.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0)
    throw fieldError('product_ids', 'validation.exports.noProducts', { sell_type: 'fbm' });
  const bad = ids.find((id) => !PRODUCT_ID.test(id));
  if (bad) throw fieldError('product_ids', 'validation.exports.productId', { id: bad.slice(0, 40) });
  return ids;
}

/**
 * POST /v1/exports: what the export drawer needs for the selected products, from the narrow columns only
 * (the fbm prices and stock were computed by `priceProduct` with the report's settings). Products not in
 * the report are left out.
 */
export async function exportReport(
  db: Db,
  userId: string,
  body: ExportsBody,
): Promise<{ data: ExportRow[] }> {
  const ids = selection(body.product_ids);
  const report = await loadAnalysisReport(db, userId, body.report_id, { skus: true });
  if (!report) throw notFound('This report was not found.');
  if (!report.settings) {
    throw new HttpError(409, 'settings_required', englishMessage('validation.exports.settingsFirst'));
  }
  const only = ids === 'all' ? sql`true` : sql`r.product_id = any(${sql.param(ids)}::text[])`;
  const rows = await arrayRows<
    [
      string,
      string | null,
      string | null,
      number | null,
      boolean,
      number | null,
      number | null,
      number | null,
      ListingRestrictionState | null,
    ]
  >(
    db,
    sql`select r.product_id, r.brand, r.title, r.fbm_stock, r.fbm_available,
               r.fbm_min_price, r.fbm_std_price, r.fbm_max_price, r.to_restriction
          from report_products r
         where r.report_id = ${report.id}::uuid and ${only}
         order by r.position`,
  );
  const data = rows.map(
    ([productId, brand, title, stock, available, min, std, max, restriction]): ExportRow => {
      const generated = skuFor(userId, productId);
      return {
        product_id: productId,
        sku: report.skus[productId] ?? generated,
        generated_sku: generated,
        stocks: stock ?? 0,
        available_for_fbm: available,
        min_price: min,
        std_price: std,
        max_price: max,
        brand,
        title,
        banned: report.banned({ product_id: productId, brand, title }),
        restriction,
      };
    },
  );
  return { data };
}
