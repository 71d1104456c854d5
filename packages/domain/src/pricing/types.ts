export const RULE_TYPES = ['cost', 'ppr', 'buybox_store'] as const;
/** Shown in the rule editor but not selectable (the specification lists them as disabled). */
export const DISABLED_RULE_TYPES = ['prices', 'sales_rank'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const RATE_TYPES = ['fixed', 'prorated_ppr'] as const;
export type RateType = (typeof RATE_TYPES)[number];

export interface PricingRule {
  rule_type: RuleType;
  threshold_start?: number | null;
  threshold_end?: number | null;
  seller_id?: string | null;
  rate_type: RateType;
  min_rate: number;
  std_rate: number;
  max_rate: number;
  stock: number;
}

export interface PricingSettings {
  handling_time: number;
  parity: number;
  parity_type: 'auto' | 'fixed';
  /** Percent, used when no category of the product matches the commission table. */
  default_category_commission_rate: number;
  commission_rate_type: 'fixed';
  min_stock: number;
  def_stock: number;
  pricing_rules: PricingRule[];
}

export interface AtBuyboxAndCustom {
  buybox: number | null;
  custom: { std: number | null };
}

export const FEE_SOURCES = ['estimate', 'table'] as const;
export type FeeSource = (typeof FEE_SOURCES)[number];

/** The fbm block of a result row: what listing the product merchant-fulfilled would cost and earn. */
export interface FbmBlock {
  available: boolean;
  /** Why it is not available (a status reason or `ppr_failed`); null when available. */
  reason: string | null;
  /** Buying-side price the cost is based on, in the buying currency. */
  buy_price: number | null;
  shipping_fee: number | null;
  cost_in_tc: number | null;
  /** Percent of the sell price Amazon keeps at the standard price. */
  commission_rate: number;
  commission_category: string | null;
  /** Where `commission_rate` came from: Amazon's fee estimate for the product, or our category table. */
  commission_source: FeeSource;
  /** Amazon's closing fee per sale from its estimate; null without one (the category table has none). */
  closing_fee: number | null;
  /** The price Amazon's estimate was asked at; null without an estimate. */
  fee_estimate_price: number | null;
  /** The shipping asked with it (0 when none was sent); null without an estimate. */
  fee_estimate_shipping?: number | null;
  /** The estimate's fee lines not counted in the profit, by Amazon's name; null without an estimate. */
  other_fees?: { type: string; amount: number }[] | null;
  sell_price: AtBuyboxAndCustom;
  profit_amount: AtBuyboxAndCustom;
  profit_percent: AtBuyboxAndCustom;
  /** PPR at the target buy box when buying from the cheapest FBA offer. */
  fba_profit_percent: number | null;
  min_price: number | null;
  std_price: number | null;
  max_price: number | null;
  stock: number;
  rule_index: number | null;
  diff_between_lowest: number | null;
}
