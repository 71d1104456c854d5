import {
  parcelOf,
  priceProduct,
  type PricingContext,
  type FeeEstimate,
  type PricingSettings,
  type ProductSide,
} from '@crossmarket/domain';

export type SnapshotRow = {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
};

/**
 * What an inventory keeps of a priced product: the fbm verdict, prices and stock, and the landed cost
 * and the profit at the standard price (in the selling currency) the table shows beside them.
 */
export interface PricedColumns {
  available: boolean;
  minPrice: number | null;
  stdPrice: number | null;
  maxPrice: number | null;
  stock: number;
  costInTc: number | null;
  stdProfit: number | null;
}

/**
 * A product priced with the inventory's settings on the lane in force (the same `priceProduct` as a
 * report's rows), and with
 * Amazon's fee estimate for the owner's account when one is kept (features/fees).
 */
export function priceForInventory(
  row: SnapshotRow,
  settings: PricingSettings,
  ctx: PricingContext,
  fees?: FeeEstimate,
): PricedColumns {
  const parcel = parcelOf(row.row_cross);
  const fbm = priceProduct({ ...row, ...(fees ? { fees } : {}), parcel, individual: null }, settings, ctx);
  return {
    available: fbm.available,
    minPrice: fbm.min_price,
    stdPrice: fbm.std_price,
    maxPrice: fbm.max_price,
    stock: fbm.stock,
    costInTc: fbm.cost_in_tc,
    stdProfit: fbm.profit_amount.custom.std,
  };
}

/** The picture a seller recognises: the selling country's, else the buying country's. */
export const imageOf = (row: SnapshotRow) => row.row_to.image ?? row.row_cross.image ?? null;
