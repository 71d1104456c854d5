import type { Offer, PricingSettings, ProductSide } from '@crossmarket/domain';
import type { PriceCheck } from '../../providers/marketplace/types';

/** Only a full lookup can price this side. */
export const FULL = 'full';

/** Whether the selling side's buy box seller matters: a `buybox_store` rule compares it. */
export const needsBuyBoxSeller = (settings: PricingSettings) =>
  settings.pricing_rules.some((r) => r.rule_type === 'buybox_store');

/** What a light check may be applied with. */
export interface CheckRules {
  /** A `buybox_store` rule compares the selling side's winner: it must be named. */
  needsSeller: boolean;
}

/**
 * A side of the last snapshot with a light check applied, or `FULL` when pricing needs what the check
 * does not carry. `priceProduct` reads of a side its status, its buy box's price, shipping, import fee
 * and seller, and, only when there is no buy box, its lowest offer; the rest (catalogue facts, the
 * lowest offers, the sellers) stays as the last full lookup found it. A check only carries what it says
 * (docs/decisions.md, "A light check carries only what it says"). So a full lookup is needed:
 * - with no usable last side, or one whose status is a catalogue fact (`dog`, `notsame`, `noship`,
 *   `noanswer`) that a light check cannot confirm or clear;
 * - when the check does not know the product (`unknown`);
 * - when the check says "no new offer" and the last full lookup did not: only a full lookup confirms it;
 * - when the last full lookup found no stock and the check names a buy box: it may be a pre-order;
 * - when new offers exist but none holds the buy box: pricing then buys from, or aims at, the lowest
 *   offer, which a light check does not carry;
 * - when the last full lookup saw two winners (Prime and not) and the check does not name the one it
 *   chose: its price may be the other winner's, and the side must not mix two winners;
 * - on the selling side, when a `buybox_store` rule needs the winner and the check does not name it.
 * A winner the check does not name, or names differently, has an unknown delivery, and an unknown way of
 * shipping unless the check says it.
 */
export function applyPriceCheck(
  last: ProductSide | undefined,
  check: PriceCheck | undefined,
  rules: CheckRules,
): ProductSide | typeof FULL {
  if (!last || (last.status !== 'ok' && last.status !== 'nostock')) return FULL;
  if (!check || check.status === 'unknown') return FULL;
  if (check.status === 'nostock') return last.status === 'nostock' ? last : FULL;
  // Back in stock, or only a pre-order holding the buy box (which a check cannot tell): a full lookup says.
  if (last.status === 'nostock') return FULL;
  const box = check.buybox;
  if (!box || (rules.needsSeller && box.seller_id === null)) return FULL;
  const before = last.buybox;
  const sameSeller = before !== null && box.seller_id !== null && box.seller_id === before.seller_id;
  if ((last.buybox_winners ?? 1) > 1 && !sameSeller) return FULL;
  const buybox: Offer = sameSeller
    ? {
        ...before,
        is_fba: box.is_fba ?? before.is_fba,
        buy_price: box.buy_price,
        shipping_fee: box.shipping_fee,
        import_fee: box.import_fee,
      }
    : {
        seller_id: box.seller_id,
        seller_name: box.seller_id,
        is_fba: box.is_fba ?? null,
        s_dates: null,
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
    ...(check.coupon !== undefined ? { coupon: check.coupon } : {}),
    total_prices_count: total,
    fba_prices_count:
      last.fba_prices_count === null || total === null ? null : Math.min(last.fba_prices_count, total),
  };
}
