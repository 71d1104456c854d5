import {
  effectiveSettings,
  englishMessage,
  FBM_COLUMNS,
  FIXED_RATES,
  priceProduct,
  reportLane,
  unpackPricingInput,
  type IndividualRates,
  type ProductRatesResponse,
  type ProductSide,
  type RegionCode,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { valueAssignments } from '../../db/narrow-columns';
import { reportProductPricing, reports } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';

type FullSides = { row_cross: ProductSide; row_to: ProductSide };

/**
 * PUT (rates) and DELETE (null) /v1/reports/:id/products/:productId/rates: stores the product's own
 * profit rates beside its pricing input and re-prices that one row's fbm columns at once, with the
 * report's settings in effect and the same `priceProduct` a settings save runs for every row (which reads
 * the rates back, so a later save keeps them). Answers the rates and the new fbm block.
 */
export async function setProductRates(
  db: Db,
  userId: string,
  reportId: string,
  productId: string,
  rates: IndividualRates | null,
): Promise<ProductRatesResponse> {
  return db.transaction(async (tx) => {
    // KEY SHARE: a settings save (FOR UPDATE on the report) either finishes first, and this row is priced
    // with its settings, or waits for this one, and its re-pricing reads these rates.
    const [report] = await tx
      .select({
        finalized: reports.finalized,
        from: reports.fromCountry,
        to: reports.toCountry,
        settings: reports.settings,
        parityRates: reports.parityRates,
        lane: reports.lane,
      })
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.userId, userId)))
      .for('key share');
    if (!report) throw notFound('This report was not found.');
    // As for settings: rows still being written would be priced again without the rates.
    if (!report.finalized) {
      throw new HttpError(409, 'report_not_ready', englishMessage('validation.analysis.notReady'));
    }
    const [stored] = await tx
      .update(reportProductPricing)
      .set({
        individualMin: rates?.min ?? null,
        individualStd: rates?.std ?? null,
        individualMax: rates?.max ?? null,
      })
      .where(and(eq(reportProductPricing.reportId, reportId), eq(reportProductPricing.productId, productId)))
      .returning({ input: reportProductPricing.input });
    if (!stored) throw notFound('This product was not found in the report.');

    const to = report.to as RegionCode;
    const settings = effectiveSettings({
      settings: report.settings ?? null,
      from_country: report.from as RegionCode,
      to_country: to,
      parity_rates: report.parityRates ?? FIXED_RATES,
    });
    const pricing = unpackPricingInput(JSON.parse(stored.input));
    const lane = reportLane(report.from as RegionCode, to, settings.parity, report.parityRates, report.lane);
    const fbm = priceProduct({ ...pricing, individual: rates }, settings, { toRegion: to, lane });
    // The fbm columns read only the block; the sides are there to make the row whole.
    const row = { product_id: productId, ...(pricing as FullSides), fbm, banned: null };
    await tx.execute(sql`
      update report_products set ${valueAssignments(FBM_COLUMNS, (c) => c.value(row))}
       where report_id = ${reportId}::uuid and product_id = ${productId}`);
    // Cached filter results of the report were made with the old price (filter-cache.ts).
    await tx
      .update(reports)
      .set({ resultsVersion: sql`${reports.resultsVersion} + 1` })
      .where(eq(reports.id, reportId));
    return { product_id: productId, individual: rates, fbm };
  });
}
