import { feeAt, priceForNet } from '../pricing/commission';
import { round2 } from '../regions';
import type { MoneyState } from './evaluate';
import type { ProductCosts } from './types';

/**
 * The specification's formula, kept as lane mode `simple`: `profit = S − fee(S) − (buy + shipping +
 * import fee) × parity`, with no tax treatment, thresholds, conversion fee or international leg. The
 * arithmetic (order of operations, no rounding until shown) is priceProduct's, so it gives the same figures.
 */
export function simpleCost(p: ProductCosts, parity: number): number {
  return (p.buy_price + p.shipping_fee + p.import_fee) * parity;
}

export function evaluateSimple(p: ProductCosts, parity: number, price: number, s: MoneyState) {
  const cost = simpleCost(p, parity);
  const fee = feeAt(price, p.schedule);
  const closing = p.schedule.kind === 'estimate' ? p.schedule.closing : 0;
  s.sale = price;
  s.value = price;
  s.taxKept = 0;
  s.referral = fee - closing;
  s.closing = closing;
  s.dsf = 0;
  s.feeTax = 0;
  s.payout = price - fee;
  s.conversion = 0;
  s.net = s.payout;
  s.buy = p.buy_price * parity;
  s.buyTax = 0;
  s.sourceShipping = p.shipping_fee * parity;
  s.intl = 0;
  s.duty = 0;
  s.importTax = p.import_fee * parity;
  s.clearance = 0;
  s.landed = cost;
  s.profit = price - fee - cost;
  s.regime.saleTax = 'none';
  s.regime.duty = false;
  s.regime.importTax = false;
  s.regime.band = -1;
}

/** Today's price for a profit rate: the exact root, rounded to the nearest cent (pricing/README.md step 6). */
export function simplePriceForRate(p: ProductCosts, parity: number, ratePercent: number): number {
  return round2(priceForNet(simpleCost(p, parity) * (1 + ratePercent / 100), p.schedule));
}
