import type { ResolvedLane } from '../landed/resolve';
import type { Parcel } from '../landed/types';
import type { ResultRow } from '../product';
import { round2, type RegionCode } from '../regions';
import { feeAt, priceForNet, type FeeSchedule } from './commission';
import { modelForOffer, rowSchedule, sourceOffer } from './row-lane';
import type { CrossPricingSide, PricingInput, PricingOffer, ToPricingSide } from './pricing-input';
import type { FbmBlock, PricingRule, PricingSettings } from './types';

export interface PricingContext {
  /** The selling region, whose commission table applies. */
  toRegion: RegionCode;
  /**
   * The lane's money model (landed/, issue 45), resolved once per report with `resolveLane`. Without one,
   * the specification's formula; a lane in mode `simple` gives the same figures (landed/price-product-lane.test.ts).
   */
  lane?: ResolvedLane | null;
}

export type PricedInput = PricingInput & {
  individual?: ResultRow['individual'];
  /** The report's selling region, used when no context is given. */
  to_country?: RegionCode;
  /** The product's parcel (weight, dimensions) for a lane's rate card. */
  parcel?: Parcel | null;
};

/**
 * The buying side must be `ok`. On the selling side a product without stock is an opportunity, but one
 * Amazon did not answer for (or whose offers were not asked, `unlisted`) is unknown, not priced as if
 * nobody sold it.
 */
function unavailableReason(cross: CrossPricingSide, to: ToPricingSide): string | null {
  if (cross.status !== 'ok') return cross.status;
  if (
    to.status === 'dog' ||
    to.status === 'notsame' ||
    to.status === 'noship' ||
    to.status === 'noanswer' ||
    to.status === 'unlisted'
  )
    return to.status;
  return null;
}

function costOf(offer: PricingOffer | null, parity: number): number | null {
  return offer?.buy_price
    ? (offer.buy_price + (offer.shipping_fee ?? 0) + (offer.import_fee ?? 0)) * parity
    : null;
}

function profitAt(price: number, cost: number, s: FeeSchedule): number {
  return price - feeAt(price, s) - cost;
}

function priceForRate(cost: number, ratePercent: number, s: FeeSchedule): number {
  return round2(priceForNet(cost * (1 + ratePercent / 100), s));
}

// Hot path (50,000 products per recompute): no closures per call, plain loops.
function inRuleRange(rule: PricingRule, x: number): boolean {
  return x >= (rule.threshold_start ?? -Infinity) && x <= (rule.threshold_end ?? Infinity);
}

function ruleMatches(rule: PricingRule, cost: number, buyboxPpr: number | null, buyboxSeller: string | null) {
  switch (rule.rule_type) {
    case 'cost':
      return inRuleRange(rule, cost);
    case 'ppr':
      return buyboxPpr !== null && inRuleRange(rule, buyboxPpr);
    case 'buybox_store':
      return !!rule.seller_id && buyboxSeller === rule.seller_id.trim();
  }
}

/** Rule rates as profit percents; prorated_ppr derives them from the buy-box PPR (pricing/README.md). */
function ratesOf(
  rule: PricingRule,
  buyboxPpr: number | null,
): { min: number; std: number; max: number } | null {
  if (rule.rate_type === 'fixed') return { min: rule.min_rate, std: rule.std_rate, max: rule.max_rate };
  if (buyboxPpr === null) return null;
  return {
    min: (buyboxPpr * rule.min_rate) / 100,
    std: buyboxPpr,
    max: buyboxPpr * (1 + rule.max_rate / 100),
  };
}

/**
 * Prices one product for merchant fulfilment in the selling country (DESIGN §7, pricing/README.md).
 * Pure: the same row and settings always give the same block.
 */
export function priceProduct(row: PricedInput, settings: PricingSettings, ctx?: PricingContext): FbmBlock {
  const { row_cross: cross, row_to: to } = row;
  const toRegion = ctx?.toRegion ?? row.to_country ?? 'us';
  const rs = rowSchedule(row, settings, toRegion);
  const { commission, estimate, schedule } = rs;
  const offer = sourceOffer(cross);
  const lane = ctx?.lane ?? null;
  const model = modelForOffer(row, lane, offer, rs);
  const rawCost = model ? model.baseCost : costOf(offer, settings.parity);
  const block: FbmBlock = {
    available: false,
    reason: unavailableReason(cross, to),
    buy_price: offer?.buy_price ?? null,
    shipping_fee: offer?.shipping_fee ?? null,
    cost_in_tc: rawCost === null ? null : round2(rawCost),
    commission_rate: round2(
      schedule.kind === 'flat' || schedule.kind === 'estimate' ? schedule.rate * 100 : 0,
    ),
    commission_category: commission.category,
    commission_source: estimate?.referral ?? 'table',
    closing_fee: row.fees ? round2(row.fees.closing_fee) : null,
    fee_estimate_price: row.fees ? round2(row.fees.price) : null,
    fee_estimate_shipping: row.fees ? round2(row.fees.shipping ?? 0) : null,
    other_fees: row.fees ? (row.fees.other_fees ?? []) : null,
    sell_price: { buybox: null, custom: { std: null } },
    profit_amount: { buybox: null, custom: { std: null } },
    profit_percent: { buybox: null, custom: { std: null } },
    fba_profit_percent: null,
    min_price: null,
    std_price: null,
    max_price: null,
    stock: 0,
    rule_index: null,
    diff_between_lowest: null,
  };
  if (rawCost === null || rawCost <= 0) {
    block.reason ??= 'ppr_failed';
    return block;
  }
  const cost = rawCost;
  const target = to.buybox?.buy_price ?? to.lowest?.buy_price ?? null;
  let buyboxPpr: number | null = null;
  if (target) {
    const profit = model ? model.profitAt(target) : profitAt(target, cost, schedule);
    buyboxPpr = model ? model.rateAt(target) : (profit / cost) * 100;
    block.sell_price.buybox = round2(target);
    block.profit_amount.buybox = round2(profit);
    block.profit_percent.buybox = buyboxPpr === null ? null : round2(buyboxPpr);
    const fbaModel = modelForOffer(row, lane, cross.lowest_fba, rs);
    const fbaCost = fbaModel ? null : costOf(cross.lowest_fba, settings.parity);
    if (fbaModel) block.fba_profit_percent = round2(fbaModel.rateAt(target) ?? 0);
    else if (fbaCost)
      block.fba_profit_percent = round2((profitAt(target, fbaCost, schedule) / fbaCost) * 100);
  }

  let ruleIndex = 0;
  let rates = ratesOf(settings.pricing_rules[0]!, buyboxPpr);
  const buyboxSeller = to.buybox?.seller_id ?? null;
  const rules = settings.pricing_rules;
  for (let i = 1; i < rules.length; i++) {
    if (!ruleMatches(rules[i]!, cost, buyboxPpr, buyboxSeller)) continue;
    const r = ratesOf(rules[i]!, buyboxPpr);
    if (r) {
      ruleIndex = i;
      rates = r;
    }
  }
  if (row.individual) rates = { ...row.individual };
  if (!rates) {
    block.reason ??= 'ppr_failed';
    return block;
  }
  const rule = settings.pricing_rules[ruleIndex]!;
  block.rule_index = ruleIndex;
  if (model) {
    block.min_price = model.priceForRate(rates.min);
    block.std_price = model.priceForRate(rates.std);
    block.max_price = model.priceForRate(rates.max);
  } else {
    block.min_price = priceForRate(cost, rates.min, schedule);
    block.std_price = priceForRate(cost, rates.std, schedule);
    block.max_price = priceForRate(cost, rates.max, schedule);
  }
  const std = block.std_price;
  if (std === null) {
    // The landed model can find no price reaching the rule's rate (costs grow with the price, or the
    // search ran past its budget on a near-flat line): said as such, not as a failed calculation.
    block.reason ??= model ? 'no_price_for_rate' : 'ppr_failed';
    return block;
  }
  const stdProfit = model ? model.profitAt(std) : profitAt(std, cost, schedule);
  block.sell_price.custom.std = std;
  block.profit_amount.custom.std = round2(stdProfit);
  block.profit_percent.custom.std = round2(model ? (model.rateAt(std) ?? 0) : (stdProfit / cost) * 100);
  if (schedule.kind === 'threshold' || schedule.kind === 'marginal')
    block.commission_rate = round2((feeAt(std, schedule) / std) * 100);
  const lowest = to.lowest?.buy_price;
  if (lowest) block.diff_between_lowest = round2(((std - lowest) / lowest) * 100);

  const wanted = Math.max(0, Math.floor(rule.stock ?? settings.def_stock));
  const known = cross.stocks;
  block.stock = known === null ? wanted : known < settings.min_stock ? 0 : Math.min(wanted, known);
  block.available = block.reason === null;
  return block;
}
