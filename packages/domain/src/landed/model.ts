import { breakdownOf } from './breakdown';
import { toCents } from './cents';
import { emptyState, evaluateLanded, fixedCosts, type FixedCosts, type MoneyState } from './evaluate';
import { resolveLane, type ResolvedLane } from './resolve';
import { evaluateSimple, simpleCost, simplePriceForRate } from './simple';
import { piecesOf, priceForRateLanded, type Piece } from './solve';
import type { LaneContext, MoneyBreakdown, ProductCosts } from './types';

/** One product on one lane: the money model at any price, and its inverse. */
export interface LaneModel {
  mode: 'landed' | 'simple';
  currency: string;
  /**
   * The cost pricing rules match on and the breakdown's base: goods, purchase tax and both legs (landed:
   * border charges excluded, they depend on the price; simple: today's `cost_in_tc`).
   */
  baseCost: number;
  /** The model's state at `price` (a fresh object). */
  at(price: number): MoneyState;
  profitAt(price: number): number;
  /** Profit ÷ landed cost × 100 at `price`. */
  rateAt(price: number): number | null;
  breakdown(price: number): MoneyBreakdown;
  /** The price earning `ratePercent` on the landed cost (landed: the lowest such cent; simple: today's). */
  priceForRate(ratePercent: number): number | null;
}

/**
 * The money model for a product on a lane. `resolved` is `resolveLane(ctx)`, computed once per report;
 * a `LaneContext` is accepted for one-off use.
 */
export function laneModel(lane: ResolvedLane | LaneContext, product: ProductCosts): LaneModel {
  const r = 'ctx' in lane ? lane : resolveLane(lane);
  const parity = r.ctx.parity;
  const scratch = emptyState();
  if (r.lane.mode === 'simple') {
    const cost = simpleCost(product, parity);
    const at = (price: number, s = emptyState()) => (evaluateSimple(product, parity, price, s), s);
    return {
      mode: 'simple',
      currency: r.currency,
      baseCost: cost,
      at: (price) => at(price),
      profitAt: (price) => at(price, scratch).profit,
      rateAt: (price) => (cost > 0 ? (at(price, scratch).profit / cost) * 100 : null),
      breakdown: (price) => breakdownOf(r, product, null, at(price)),
      priceForRate: (rate) => (cost > 0 ? simplePriceForRate(product, parity, rate) : null),
    };
  }
  const f: FixedCosts = fixedCosts(r, product);
  let pieces: Piece[] | null = null; // fitted on the first price asked, shared by the rule's three rates
  const at = (price: number, s = emptyState()) => (evaluateLanded(r, product, f, toCents(price), s), s);
  return {
    mode: 'landed',
    currency: r.currency,
    baseCost: (f.buy + f.buyTax + f.sourceShipping + f.intl) / 100,
    at: (price) => at(price),
    profitAt: (price) => at(price, scratch).profit,
    rateAt: (price) => {
      const s = at(price, scratch);
      // From whole cents, so a rate of exactly r reads as r (14.42 ÷ 25.75 = 56 %, not 55.999…).
      const landed = Math.round(s.landed * 100);
      return landed > 0 ? (Math.round(s.profit * 100) * 100) / landed : null;
    },
    breakdown: (price) => breakdownOf(r, product, f, at(price)),
    priceForRate: (rate) => {
      if (f.buy + f.buyTax + f.sourceShipping + f.intl <= 0) return null;
      pieces ??= piecesOf(r, product, f, scratch);
      const c = priceForRateLanded(r, product, f, pieces, rate, scratch);
      return c === null ? null : c / 100;
    },
  };
}
