import { breakdownOf } from './breakdown';
import { toCents } from './cents';
import { emptyState, evaluateLanded, fixedCosts, type FixedCosts, type MoneyState } from './evaluate';
import { resolveLane, type ResolvedLane } from './resolve';
import { evaluateSimple, simpleCost, simplePriceForRate } from './simple';
import { priceForRateLanded, productPieces, type ProductPieces } from './solve';
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
  return r.lane.mode === 'simple' ? new SimpleModel(r, product) : new LandedModel(r, product);
}

// A recompute builds two models for each of 50,000 products: classes, so that building one allocates a
// small object and no closures (each closure is an allocation, and under tsx a named-function wrapper).

class SimpleModel implements LaneModel {
  readonly mode = 'simple' as const;
  readonly currency: string;
  readonly baseCost: number;
  private readonly scratch = emptyState();
  constructor(
    private readonly r: ResolvedLane,
    private readonly product: ProductCosts,
  ) {
    this.currency = r.currency;
    this.baseCost = simpleCost(product, r.ctx.parity);
  }
  at(price: number, s = emptyState()): MoneyState {
    evaluateSimple(this.product, this.r.ctx.parity, price, s);
    return s;
  }
  profitAt(price: number) {
    return this.at(price, this.scratch).profit;
  }
  rateAt(price: number) {
    return this.baseCost > 0 ? (this.at(price, this.scratch).profit / this.baseCost) * 100 : null;
  }
  breakdown(price: number) {
    return breakdownOf(this.r, this.product, null, this.at(price));
  }
  priceForRate(rate: number) {
    return this.baseCost > 0 ? simplePriceForRate(this.product, this.r.ctx.parity, rate) : null;
  }
}

class LandedModel implements LaneModel {
  readonly mode = 'landed' as const;
  readonly currency: string;
  readonly baseCost: number;
  private readonly f: FixedCosts;
  /** Fitted on the first price asked, shared by the rule's three rates. */
  private pieces: ProductPieces | null = null;
  private readonly scratch = emptyState();
  /** The cents `scratch` holds the model at (-1: none): the profit and rate at one price evaluate once. */
  private held = -1;
  constructor(
    private readonly r: ResolvedLane,
    private readonly product: ProductCosts,
  ) {
    this.currency = r.currency;
    const f = fixedCosts(r, product);
    this.f = f;
    this.baseCost = (f.buy + f.buyTax + f.sourceShipping + f.intl) / 100;
  }
  at(price: number, s = emptyState()): MoneyState {
    evaluateLanded(this.r, this.product, this.f, toCents(price), s);
    return s;
  }
  private evaluated(price: number): MoneyState {
    const cents = toCents(price);
    if (cents !== this.held) {
      evaluateLanded(this.r, this.product, this.f, cents, this.scratch);
      this.held = cents;
    }
    return this.scratch;
  }
  profitAt(price: number) {
    return this.evaluated(price).profit;
  }
  rateAt(price: number) {
    const s = this.evaluated(price);
    // From whole cents, so a rate of exactly r reads as r (14.42 ÷ 25.75 = 56 %, not 55.999…).
    const landed = Math.round(s.landed * 100);
    return landed > 0 ? (Math.round(s.profit * 100) * 100) / landed : null;
  }
  breakdown(price: number) {
    return breakdownOf(this.r, this.product, this.f, this.at(price));
  }
  priceForRate(rate: number) {
    const f = this.f;
    if (f.buy + f.buyTax + f.sourceShipping + f.intl <= 0) return null;
    // Fitting the pieces may evaluate into the scratch state: what it held is gone.
    this.held = -1;
    const fit = (this.pieces ??= productPieces(this.r, this.product, f, this.scratch));
    const c = priceForRateLanded(this.r, this.product, f, fit.pieces, rate, fit.shift);
    return c === null ? null : c / 100;
  }
}
