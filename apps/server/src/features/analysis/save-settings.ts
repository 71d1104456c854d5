import {
  englishMessage,
  FBM_COLUMNS,
  FIXED_RATES,
  parityFor,
  priceProduct,
  reportLane,
  type IndividualRates,
  type NarrowColumn,
  type PricingInput,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
  type SettingsRequest,
  unpackPricingInput,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { binaryArray, type BinaryElement } from '../../db/binary-array';
import { assignments, columnList } from '../../db/narrow-columns';
import { reports } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { snapshotLane } from '../lanes';

type FullSides = { row_cross: ProductSide; row_to: ProductSide };
type PricedInput = PricingInput & { individual?: IndividualRates };

function binaryElement(column: NarrowColumn): BinaryElement {
  if (column.type === 'text[]') throw new Error(`${column.name}: no binary encoding for text[]`);
  return column.type;
}

/**
 * POST /v1/settings: stores the settings and the lane in force on the report and re-prices every row
 * with them, in one transaction, so the fbm columns the filters compare always belong to the stored
 * settings (a product's own rates, set through `product-rates.ts`, still replace its rule's). With
 * `parity_type: auto` the parity is the report's own (its rates when it was created), whatever the
 * client sent.
 */
export async function saveSettings(db: Db, userId: string, body: SettingsRequest) {
  const { report_id: reportId, ...input } = body;
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        finalized: reports.finalized,
        from: reports.fromCountry,
        to: reports.toCountry,
        rates: reports.parityRates,
      })
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.userId, userId)))
      .for('update');
    if (!report) throw notFound('This report was not found.');
    if (!report.finalized) {
      throw new HttpError(409, 'report_not_ready', englishMessage('validation.analysis.notReady'));
    }
    const from = report.from as RegionCode;
    const to = report.to as RegionCode;
    const settings: PricingSettings = {
      ...input,
      parity: input.parity_type === 'auto' ? parityFor(from, to, report.rates ?? FIXED_RATES) : input.parity,
    };
    // Saving settings re-prices with the lane in force now (and today's rules): the report keeps it.
    const laneSnapshot = await snapshotLane(tx, userId, from, to);
    const lane = reportLane(from, to, settings.parity, report.rates, laneSnapshot);
    await tx
      .update(reports)
      // The seller's own settings now: the inventory the report was first priced with no longer names them.
      .set({
        settings,
        pricedWith: null,
        lane: laneSnapshot,
        resultsVersion: sql`${reports.resultsVersion} + 1`,
      })
      .where(eq(reports.id, reportId));

    // One JSON text for all rows, assembled from the stored texts: a single parse on our side instead
    // of 50,000 row objects from the driver. A product with its own rates gets them as a third element
    // (float8 prints as its shortest exact text, a JSON number; the table's check keeps them finite).
    const read = await tx.execute<{ rows: string | null }>(sql`
      select '[' || string_agg('[' || to_json(product_id)::text || ',' || input
                               || coalesce(',[' || individual_profit_rate_min || ',' || individual_profit_rate_std
                                           || ',' || individual_profit_rate_max || ']', '')
                               || ']', ',') || ']' as rows
        from report_product_pricing where report_id = ${reportId}::uuid`);
    const inputs = JSON.parse(read.rows[0]?.rows ?? '[]') as [string, unknown, [number, number, number]?][];
    const ids: string[] = [];
    const values: (number | boolean | string | null)[][] = FBM_COLUMNS.map(() => []);
    for (const [productId, packed, own] of inputs) {
      const pricing: PricedInput = unpackPricingInput(packed);
      if (own) pricing.individual = { min: own[0], std: own[1], max: own[2] };
      const fbm = priceProduct(pricing, settings, { toRegion: to, lane });
      // The fbm columns read only the block; the sides are there to make the row whole.
      const row = { product_id: productId, ...(pricing as FullSides), fbm, banned: null };
      ids.push(productId);
      FBM_COLUMNS.forEach((c, k) => values[k]!.push(c.value(row) as number | boolean | null));
    }
    // One binary array parameter per column; unnest zips them back into rows.
    const arrays = FBM_COLUMNS.map(
      (c, k) => sql`${sql.param(binaryArray(binaryElement(c), values[k]!))}::${sql.raw(c.type)}[]`,
    );
    await tx.execute(sql`
      update report_products r
         set ${assignments(FBM_COLUMNS, 'u')}
        from unnest(${sql.param(binaryArray('text', ids))}::text[], ${sql.join(arrays, sql`, `)})
             as u(product_id, ${columnList(FBM_COLUMNS)})
       where r.report_id = ${reportId}::uuid and r.product_id = u.product_id`);
    return { products: ids.length, settings };
  });
}
