import {
  NARROW_COLUMNS,
  narrowValues,
  packPricingInput,
  parcelOf,
  priceProduct,
  pricingInput,
  type PricingContext,
  type PricingSettings,
  type ProductSide,
  type ReportRestriction,
  type SellerOffer,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { assignments, columnList, recordsetDefinition } from './narrow-columns';

export interface LookedUpRow {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  offers_cross: SellerOffer[];
  offers_to: SellerOffer[];
  /** Test seeders only: the worker writes restrictions in their own phase (features/restrictions). */
  restriction?: ReportRestriction | null;
}

/**
 * The common table expressions that write looked-up products into every result table of a report, upserted
 * by report and product: the narrow filter row (its fbm columns priced with `settings` on the report's lane), the packed pricing
 * input, the wide snapshots and both seller lists. `narrow` returns `inserted` per row, so the caller's
 * final statement can count the new ones. The worker and the test seeders write through this one place;
 * the worker's writes (`whileProcessing`) land only while the report is not finalized.
 */
export function upsertResultRows(
  reportId: string,
  rows: readonly LookedUpRow[],
  settings: PricingSettings,
  ctx: PricingContext,
  positions: ReadonlyMap<string, number>,
  { whileProcessing = false }: { whileProcessing?: boolean } = {},
) {
  const input = rows.map((looked) => {
    // The parcel is kept in the packed input, so a re-price charges the lane's rate card alike.
    const r = { ...looked, parcel: parcelOf(looked.row_cross) };
    const fbm = priceProduct(r, settings, ctx);
    return {
      product_id: r.product_id,
      position: positions.get(r.product_id) ?? 0,
      cross_status: r.row_cross.status,
      to_status: r.row_to.status,
      ...narrowValues({ ...r, fbm, banned: null }),
      row_cross: r.row_cross,
      row_to: r.row_to,
      pricing: packPricingInput(pricingInput(r)),
      offers_cross: r.offers_cross,
      offers_to: r.offers_to,
    };
  });
  return sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        product_id text, position int, cross_status text, to_status text,
        ${recordsetDefinition(NARROW_COLUMNS)},
        row_cross jsonb, row_to jsonb, pricing text, offers_cross jsonb, offers_to jsonb)
      ${
        // A worker whose chunk lease ran out may still hold a batch when another finishes the report:
        // a finalized report's rows change only with its results_version (kept views, held columns).
        whileProcessing
          ? sql`where exists (select 1 from reports where id = ${reportId}::uuid and not finalized)`
          : sql``
      }
    ),
    narrow as (
      insert into report_products (report_id, product_id, position, cross_status, to_status,
                                   ${columnList(NARROW_COLUMNS)})
      select ${reportId}::uuid, product_id, position, cross_status, to_status, ${columnList(NARROW_COLUMNS)}
        from input
      on conflict (report_id, product_id) do update
        set position = excluded.position, cross_status = excluded.cross_status,
            to_status = excluded.to_status, ${assignments(NARROW_COLUMNS, 'excluded')}
      returning product_id, (xmax = 0) as inserted
    ),
    pricing as (
      insert into report_product_pricing (report_id, product_id, input)
      select ${reportId}::uuid, product_id, pricing from input
      on conflict (report_id, product_id) do update set input = excluded.input
    ),
    wide as (
      insert into report_product_snapshots (report_id, product_id, row_cross, row_to)
      select ${reportId}::uuid, product_id, row_cross, row_to from input
      on conflict (report_id, product_id) do update
        set row_cross = excluded.row_cross, row_to = excluded.row_to
    ),
    sellers as (
      insert into product_offers (report_id, product_id, side, offers)
      select ${reportId}::uuid, product_id, 'cross', offers_cross from input
      union all
      select ${reportId}::uuid, product_id, 'to', offers_to from input
      on conflict (report_id, product_id, side) do update set offers = excluded.offers
    )`;
}
