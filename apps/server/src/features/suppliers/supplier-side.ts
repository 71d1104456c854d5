import {
  regionByCode,
  supplierSourcePrice,
  type ProductSide,
  type RegionCode,
  type ResolvedLane,
} from '@crossmarket/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportSupplierRows } from '../../db/schema';
import { emptySide } from '../../providers/marketplace/empty-side';
import type { LookedUp } from '../../providers/marketplace/types';

/**
 * A supplier report's buying side for a batch, in place of a lookup in the buying marketplace: the
 * supplier's line as the one offer (its buy price, in the buying currency as the lane reads it; no
 * shipping to the forwarder is quoted), described by the selling side's catalogue data (the same
 * product: its parcel prices the international leg). Counted as cached: it asks Amazon nothing.
 */
export async function supplierSides(
  db: Db,
  report: { id: string; fromCountry: string; parityRates: Record<string, number> | null },
  ids: readonly string[],
  to: readonly LookedUp[],
  lane: ResolvedLane | null,
  fallbackRates: Readonly<Record<string, number>>,
): Promise<LookedUp[]> {
  const rows = await db
    .select()
    .from(reportSupplierRows)
    .where(and(eq(reportSupplierRows.reportId, report.id), inArray(reportSupplierRows.productId, [...ids])));
  const byId = new Map(rows.map((r) => [r.productId, r]));
  const buyCurrency = regionByCode(report.fromCountry as RegionCode).currency.code;
  const rates = report.parityRates ?? fallbackRates;
  return ids.map((id, i) => {
    const row = byId.get(id);
    const seen = to[i]?.side;
    if (!row) return { product_id: id, side: emptySide('dog'), offers: [], cached: true };
    const price = supplierSourcePrice(row.buyPrice, {
      listCurrency: row.currency,
      buyCurrency,
      rates,
      pricesIncludeTax: row.pricesIncludeTax,
      purchaseTax: lane ? lane.purchaseTax : null,
    });
    const offer = {
      seller_id: null,
      seller_name: null,
      is_fba: false,
      buy_price: price,
      import_fee: 0,
      shipping_fee: 0,
      s_dates: null,
    };
    const side: ProductSide = {
      ...emptySide('ok'),
      buybox: offer,
      lowest: offer,
      total_prices_count: 1,
      has_buybox: true,
      title: row.name ?? seen?.title ?? null,
      brand: seen?.brand ?? null,
      image: seen?.image ?? null,
      categories: seen?.categories ?? [],
      weight: seen?.weight ?? null,
      package_dimensions: seen?.package_dimensions ?? null,
      product_size: seen?.product_size ?? null,
      max_order_quantity: null,
      stocks: null,
      from_supplier: true,
    };
    return { product_id: id, side, offers: [], cached: true };
  });
}
