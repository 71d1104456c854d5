import type { FeeSchedule } from '../pricing/commission';
import type { RegionCode } from '../regions';
import type { LaneSettings, SellerTaxProfile } from '../schemas/lanes';

/** The lines of the money model, in the order they are shown (issue 45). */
export const MONEY_KEYS = [
  'sale_price',
  'tax_kept_by_amazon',
  'referral_fee',
  'closing_fee',
  'digital_services_fee',
  'tax_on_fees',
  'payout',
  'conversion_fee',
  'buy_price',
  'buy_tax',
  'source_shipping',
  'international_shipping',
  'duty',
  'import_tax',
  'clearance_fee',
  'landed_cost',
  'profit',
] as const;
export type MoneyKey = (typeof MONEY_KEYS)[number];

export interface MoneyLine {
  key: MoneyKey;
  /** In the selling currency; deductions and costs are positive amounts. */
  amount: number;
  currency: string;
  /** The rule row id behind the line (rules/), a `lane.*` setting, or null for sums and the price. */
  rule: string | null;
  /** A default, an unverified rule or a missing setting went into it. */
  assumed: boolean;
  /** What was actually paid, when in another currency (the buy price in dollars, say). */
  paid?: { amount: number; currency: string };
}

export interface MoneyBreakdown {
  price: number;
  currency: string;
  lines: MoneyLine[];
  profit: number;
  landed_cost: number;
  /** Profit ÷ sale price × 100. */
  margin: number;
  /** Profit ÷ landed cost × 100 (null without a cost). */
  ppr: number | null;
}

/** The parcel the rate card charges for: actual kilograms and outer dimensions in centimetres. */
export interface Parcel {
  weight_kg: number | null;
  dims_cm: { length: number; width: number; height: number } | null;
}

/** A lane as priced: the countries, the day whose rules apply, the exchange rates and the settings. */
export interface LaneContext {
  from: RegionCode;
  to: RegionCode;
  /** YYYY-MM-DD: rules in force on this day. */
  on: string;
  /** Selling-currency units per buying-currency unit (the report's parity). */
  parity: number;
  /** Units per US dollar by currency code, for a third currency (a rate card in GBP on US → CA, Mexico's US$ bands). */
  rates?: Readonly<Record<string, number>>;
  lane: LaneSettings;
  seller: SellerTaxProfile;
}

/** One product's side of the model. Amounts in the buying currency, as the offer lists them. */
export interface ProductCosts {
  buy_price: number;
  shipping_fee: number;
  /** The offer's import-fee deposit: paid only when the source ships to the buyer (and in `simple`). */
  import_fee: number;
  parcel: Parcel | null;
  /** The referral schedule: the category table's or Amazon's estimate (pricing/fee-estimate.ts). */
  schedule: FeeSchedule;
  /** Where the referral fee comes from, named on its line. */
  fee_source: 'table' | 'estimate';
  /** The matched commission category: picks a category duty rate. */
  category: string | null;
}
