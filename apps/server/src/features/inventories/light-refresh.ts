import type { Offer, PricingSettings, ProductSide } from '@crossmarket/domain';
import type { PriceCheck } from '../../providers/marketplace/types';

/** Only a full lookup can price this side. */
export const FULL = 'full';

/** Whether the selling side's buy box seller matters: a `buybox_store` rule compares it. */
export const needsBuyBoxSeller = (settings: PricingSettings) =>
  settings.pricing_rules.some((r) => r.rule_type === 'buybox_store');

/**
 * A side of the last snapshot with a light check applied, or `FULL` when pricing needs what the check
 * does not carry. `priceProduct` reads of a side its status, its buy box's price, shipping, import fee
 * and seller, and, only when there is no buy box, its lowest offer; the rest (catalogue facts, the
 * lowest offers, the sellers) stays as the last full lookup found it. So a full lookup is needed:
 * - with no usable last side, or one whose status is a catalogue fact (`dog`, `notsame`, `noship`,
 *   `noanswer`) that a light check cannot confirm or clear;
 * - when the check does not know the product (`unknown`);
 * - when new offers exist but none holds the buy box: pricing then buys from, or aims at, the lowest
 *   offer, which a light check does not carry;
 * - on the selling side, when a `buybox_store` rule needs the winner and the check does not name it.
 */
export function applyPriceCheck(
  last: ProductSide | undefined,
  check: PriceCheck | undefined,
  needsSeller: boolean,
): ProductSide | typeof FULL {
  if (!last || (last.status !== 'ok' && last.status !== 'nostock')) return FULL;
  if (!check || check.status === 'unknown') return FULL;
  if (check.status === 'nostock') {
    return {
      ...last,
      status: 'nostock',
      buybox: null,
      lowest: null,
      lowest_fba: null,
      total_prices_count: 0,
      fba_prices_count: 0,
      average_price: null,
      has_buybox: false,
      is_prime: false,
      is_sba: false,
      coupon: null,
    };
  }
  const box = check.buybox;
  if (!box || (needsSeller && box.seller_id === null)) return FULL;
  const before = last.buybox;
  // A check names the winner's price, not how it ships: kept while the winner may be the same seller.
  const sameSeller = before !== null && (box.seller_id === null || box.seller_id === before.seller_id);
  const buybox: Offer = {
    seller_id: box.seller_id ?? before?.seller_id ?? null,
    seller_name: sameSeller ? before.seller_name : box.seller_id,
    is_fba: sameSeller ? before.is_fba : false,
    s_dates: sameSeller ? before.s_dates : null,
    buy_price: box.buy_price,
    shipping_fee: box.shipping_fee,
    import_fee: box.import_fee,
  };
  const total = check.new_offers ?? last.total_prices_count;
  return {
    ...last,
    status: 'ok',
    buybox,
    has_buybox: true,
    total_prices_count: total,
    fba_prices_count:
      last.fba_prices_count === null || total === null ? null : Math.min(last.fba_prices_count, total),
  };
}
