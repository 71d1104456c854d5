import type { MoneyBreakdown } from '../landed/types';
import type { PricedInput, PricingContext } from './price-product';
import { modelForOffer, rowSchedule, sourceOffer } from './row-lane';
import type { FbmBlock, PricingSettings } from './types';

/**
 * "From price to profit" for a product (issue 45): the breakdown at the target buy-box price and at the
 * standard price of its fbm block, as the offers answer's `money: { buybox, std }`. Null where the block
 * has no such price or the row cannot be priced (no lane, no buy price).
 */
export function rowMoney(
  row: PricedInput,
  settings: PricingSettings,
  ctx: PricingContext,
  fbm: Pick<FbmBlock, 'sell_price' | 'std_price'>,
): { buybox: MoneyBreakdown | null; std: MoneyBreakdown | null } {
  const model = modelForOffer(
    row,
    ctx.lane ?? null,
    sourceOffer(row.row_cross),
    rowSchedule(row, settings, ctx.toRegion),
  );
  const at = (price: number | null) => (model && price ? model.breakdown(price) : null);
  return { buybox: at(fbm.sell_price.buybox), std: at(fbm.std_price) };
}
