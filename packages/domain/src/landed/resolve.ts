import { FIXED_RATES, regionByCode } from '../regions';
import { minimumReferralFee } from '../pricing/fee-estimate';
import type { LaneSettings } from '../schemas/lanes';
import {
  borderRule,
  collectionRule,
  customsValueRule,
  dsfRule,
  dutyRule,
  feeTaxRule,
  priceTaxRule,
  type BorderRule,
  type CustomsValueRule,
  type RuleRow,
} from './rules';
import type { FeeSchedule } from '../pricing/commission';
import type { Piece } from './solve';
import type { LaneContext } from './types';

/** A rule as a line uses it: its rate (percent) and where it comes from. */
export interface Applied {
  rate: number;
  rule: string;
  assumed: boolean;
}

const applied = (row: RuleRow & { rate: number }, rate = row.rate): Applied => ({
  rate,
  rule: row.id,
  assumed: row.assumed,
});

/** Everything about a lane that does not depend on the product: resolved once per report. */
export interface ResolvedLane {
  ctx: LaneContext;
  lane: LaneSettings;
  currency: string;
  buyCurrency: string;
  domestic: boolean;
  /** Rate of the tax inside the selling price (0 when prices exclude tax). */
  priceTax: Applied & { includes: boolean };
  /** Amazon keeps the tax on goods shipped from abroad up to `up_to` (value ex tax). */
  collection: (Applied & { upTo: number }) | null;
  /** Null on a domestic lane. */
  border: BorderRule | null;
  /** What the border's percentages and thresholds are taken on; null on a domestic lane. */
  customs: CustomsValueRule | null;
  /** Selling units → the border rule's threshold currency (multiply). */
  borderFx: number;
  feeTax: Applied | null;
  dsf: Applied | null;
  conversion: Applied;
  /** Tax on the purchase and whether the buying country's price includes it. */
  purchaseTax: Applied & { includes: boolean; reclaimed: boolean };
  /** The minimum referral fee in the selling currency (landed mode applies it to table fees too). */
  minimumReferral: number;
  /** Selling-currency units per unit of `code`. */
  fx: (code: string) => number;
  /** Duty rates already looked up, by category (a report repeats a few hundred). */
  dutyCache: Map<string | null, Applied>;
  /**
   * The model's pieces without the product's fixed costs, by referral schedule and duty rate (solve.ts
   * `lanePieces`): products of one category share them, so a recompute fits a few hundred, not 50,000.
   */
  pieceCache: Map<FeeSchedule, Map<number, Piece[]>>;
}

export function resolveLane(ctx: LaneContext): ResolvedLane {
  const { lane, on, from, to } = ctx;
  const currency = regionByCode(to).currency.code;
  const buyCurrency = regionByCode(from).currency.code;
  const rates = ctx.rates ?? FIXED_RATES;
  const fx = (code: string): number => {
    if (code === currency) return 1;
    if (code === buyCurrency) return ctx.parity;
    const per = rates[code];
    const buyPer = rates[buyCurrency];
    if (!per || !buyPer) throw new Error(`no exchange rate for ${code}`);
    // Through the buying currency, so a third currency agrees with the report's parity.
    return (buyPer / per) * ctx.parity;
  };
  const domestic = from === to;
  const tax = priceTaxRule(to, on);
  const collectRow = collectionRule(to, on);
  // On a domestic lane only the UK's rule for sellers established elsewhere applies, at any value.
  const collect = !domestic
    ? collectRow
    : collectRow?.domestic_nonestablished && ctx.seller.establishment !== to
      ? { ...collectRow, up_to: Infinity }
      : null;
  const border = domestic ? null : borderRule(to, from, lane.carrier, on);
  const fees = feeTaxRule(to, ctx.seller.establishment, on);
  // Tax on fees is recoverable for a seller registered at home, or registered in the store's country.
  const feesRecoverable =
    ctx.seller.registered_home || (ctx.seller.establishment === to && lane.registered_selling);
  const dsf = dsfRule(to, ctx.seller.establishment, on);
  const buyTax = priceTaxRule(from, on);
  const buyIncludes = buyTax?.price_includes_tax ?? false;
  const purchaseRate = lane.purchase_tax_pct ?? (buyIncludes ? buyTax!.rate : 0);
  return {
    ctx,
    lane,
    currency,
    buyCurrency,
    domestic,
    priceTax: tax
      ? { ...applied(tax, tax.price_includes_tax ? tax.rate : 0), includes: tax.price_includes_tax }
      : { rate: 0, rule: 'none', assumed: true, includes: false },
    collection: collect ? { ...applied(collect), upTo: collect.up_to } : null,
    border,
    customs: domestic ? null : customsValueRule(to, on),
    borderFx: border ? 1 / fx(border.currency) : 1,
    feeTax: fees && !feesRecoverable ? applied(fees) : null,
    dsf: dsf ? applied(dsf) : null,
    conversion: {
      rate: currency === buyCurrency ? 0 : lane.conversion_fee_pct,
      rule: currency === buyCurrency ? 'lane.sameCurrency' : 'lane.conversion_fee_pct',
      assumed: false,
    },
    purchaseTax: {
      rate: purchaseRate,
      rule: lane.purchase_tax_pct === null ? (buyTax?.id ?? 'none') : 'lane.purchase_tax_pct',
      assumed: false,
      includes: buyIncludes,
      reclaimed: lane.registered_buying,
    },
    minimumReferral: minimumReferralFee(to),
    fx,
    dutyCache: new Map(),
    pieceCache: new Map(),
  };
}

/** The duty percent for a category: the lane's override, else the selling country's default (assumed). */
export function dutyFor(r: ResolvedLane, category: string | null): Applied {
  const known = r.dutyCache.get(category);
  if (known) return known;
  const row = dutyRule(r.ctx.to, category, r.ctx.on);
  const duty =
    r.lane.duty_pct !== null
      ? { rate: r.lane.duty_pct, rule: 'lane.duty_pct', assumed: false }
      : row
        ? applied(row)
        : { rate: 0, rule: 'none', assumed: true };
  r.dutyCache.set(category, duty);
  return duty;
}
