import {
  effectiveSettings,
  FBM_COLUMNS,
  FIXED_RATES,
  narrowValues,
  packPricingInput,
  priceProduct,
  reportLane,
  unpackPricingInput,
  type FeeEstimate,
  type PricingSettings,
  type ProductSide,
  type RegionCode,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import { assignments, recordsetDefinition } from '../../db/narrow-columns';

type FullSides = { row_cross: ProductSide; row_to: ProductSide };

const sameEstimate = (a: FeeEstimate, b: FeeEstimate) =>
  a.price === b.price &&
  (a.shipping ?? 0) === (b.shipping ?? 0) &&
  a.referral_fee === b.referral_fee &&
  a.closing_fee === b.closing_fee &&
  JSON.stringify(a.other_fees ?? []) === JSON.stringify(b.other_fees ?? []);

/**
 * The price and shipping to ask Amazon's fees at: where the product sells now (its buy box, else its lowest
 * offer). A merchant-fulfilled referral fee is charged on both.
 */
export function estimatePrice(packedInput: string): { price: number; shipping: number } | null {
  const to = unpackPricingInput(JSON.parse(packedInput)).row_to;
  const offer = to.buybox?.buy_price ? to.buybox : to.lowest;
  const price = offer?.buy_price ?? null;
  return price && price > 0 ? { price, shipping: Math.max(0, offer?.shipping_fee ?? 0) } : null;
}

/**
 * Writes products' fee estimates into a report: into each product's stored pricing input (so a later
 * settings save prices with it too), and its fbm columns priced again at once with the report's settings
 * and the product's own rates. The report row is locked first, as a settings save locks it, so a save
 * either reads these inputs or re-prices after them; the results version moves (cached filter results
 * were made with the old prices).
 */
export async function writeReportFees(
  db: Db,
  reportId: string,
  found: ReadonlyMap<string, FeeEstimate>,
): Promise<number> {
  if (found.size === 0) return 0;
  return withTx(db, async (tx) => {
    const head = await tx.execute<{
      settings: PricingSettings | null;
      from_country: RegionCode;
      to_country: RegionCode;
      parity_rates: Record<string, number> | null;
      lane: unknown;
    }>(sql`
      select settings, from_country, to_country, parity_rates, lane from reports
       where id = ${reportId}::uuid for update`);
    const report = head.rows[0];
    if (!report) return 0;
    const settings = effectiveSettings({ ...report, parity_rates: report.parity_rates ?? FIXED_RATES });
    const ctx = {
      toRegion: report.to_country,
      lane: reportLane(
        report.from_country,
        report.to_country,
        settings.parity,
        report.parity_rates,
        report.lane,
      ),
    };
    const stored = await tx.execute<{
      product_id: string;
      input: string;
      imin: number | null;
      istd: number | null;
      imax: number | null;
    }>(sql`
      select product_id, input, individual_profit_rate_min as imin, individual_profit_rate_std as istd,
             individual_profit_rate_max as imax
        from report_product_pricing
       where report_id = ${reportId}::uuid and product_id = any(${sql.param([...found.keys()])}::text[])`);
    // Only inputs whose estimate changes are written: a phase run again with kept estimates moves nothing
    // (and so leaves the report's cached filter results alone).
    const rows = stored.rows.flatMap((r) => {
      const known = unpackPricingInput(JSON.parse(r.input));
      const fees = found.get(r.product_id)!;
      if (known.fees && sameEstimate(known.fees, fees)) return [];
      const pricing = { ...known, fees };
      const individual = r.imin === null ? null : { min: r.imin, std: r.istd!, max: r.imax! };
      const fbm = priceProduct({ ...pricing, individual }, settings, ctx);
      const row = {
        product_id: r.product_id,
        ...(pricing as unknown as FullSides),
        fbm,
        banned: null,
        individual,
      };
      return {
        product_id: r.product_id,
        input: packPricingInput(pricing),
        ...narrowValues(row, FBM_COLUMNS),
      };
    });
    if (rows.length === 0) return 0;
    await tx.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(product_id text, input text, ${recordsetDefinition(FBM_COLUMNS)})
      ),
      pricing as (
        update report_product_pricing p set input = i.input
          from input i where p.report_id = ${reportId}::uuid and p.product_id = i.product_id
      )
      update report_products r set ${assignments(FBM_COLUMNS, 'i')}
        from input i where r.report_id = ${reportId}::uuid and r.product_id = i.product_id`);
    await tx.execute(sql`
      update reports set results_version = results_version + 1 where id = ${reportId}::uuid`);
    return rows.length;
  });
}
