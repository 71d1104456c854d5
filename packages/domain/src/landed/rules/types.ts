import type { RegionCode } from '../../regions';

/**
 * Every rule row names where it comes from (`source`: the ids of shared/reference/cross-border.md §9) and
 * the day it took effect. A rule change is a new row with a later `effective_from`, never an edit, so a
 * report priced on an earlier day can be explained with the rules of that day.
 */
export interface RuleRow {
  /** Stable id, shown beside a money line and used as its `rule`. */
  id: string;
  source: string;
  /** YYYY-MM-DD, the first day the row applies. */
  effective_from: string;
  /** The reference marks the fact unverified or conflicting and we chose (docs/decisions.md, issue 45). */
  assumed: boolean;
}

/** How a selling country shows prices, and its standard consumption-tax rate (reference §1). */
export interface PriceTaxRule extends RuleRow {
  country: RegionCode;
  price_includes_tax: boolean;
  /** Percent; the tax fraction inside an inclusive price is rate ÷ (100 + rate). */
  rate: number;
}

/**
 * Amazon collects the tax on a sale shipped from abroad when the value (ex tax) is at most `up_to`
 * (reference §2): it keeps that tax out of the payout, and no import tax is due at the border.
 */
export interface CollectionRule extends RuleRow {
  country: RegionCode;
  /** Inclusive, in the selling currency, on the value ex tax. */
  up_to: number;
  rate: number;
  /** Amazon also collects, at any value, on goods already in the country sold by a seller established elsewhere. */
  domestic_nonestablished?: boolean;
}

export type Carrier = 'courier' | 'post';

/** Duty and import tax at the border for a selling country, by ship-from country and carrier (reference §3). */
export interface BorderRule extends RuleRow {
  country: RegionCode;
  /** Ship-from country (lower-case ISO code), or '*' for any other. */
  ship_from: string;
  carrier: Carrier | '*';
  /** Currency of the thresholds. */
  currency: string;
  /** No duty while the customs value is at most this (inclusive); 0 = duty from the first cent. */
  duty_free_up_to: number;
  /** No import tax while the customs value is at most this; Infinity = never at the border. */
  tax_free_up_to: number;
  /** Import tax percent above `tax_free_up_to`. */
  import_tax_rate: number;
  /** Import tax is charged on value plus duty (CA, UK, AU, SG, AE: reference §3a), else on value. */
  tax_on_duty: boolean;
  /**
   * Mexico's courier regime: one global rate replacing duty and import tax, chosen by the value's band
   * (each band up to its inclusive `up_to`; past the last band the ordinary rules above apply).
   */
  global_bands?: readonly { up_to: number; rate: number }[];
}

/**
 * What a country's border percentages and thresholds are taken on (reference §3, §3a): the goods alone
 * (`item`, the buyer's price ex tax) or CIF (`cif`: the goods plus the international freight to the border).
 */
export interface CustomsValueRule extends RuleRow {
  country: RegionCode;
  basis: 'item' | 'cif';
}

/** The default duty percent above the threshold, per selling country and (optionally) category. */
export interface DutyRule extends RuleRow {
  country: RegionCode;
  /** A category of the commission table (pricing/commission.ts), or null for the country's default. */
  category: string | null;
  rate: number;
}

/** VAT/GST Amazon adds to its own fees, by the seller's country of establishment (reference §4). */
export interface FeeTaxRule extends RuleRow {
  /** The store whose fees are taxed, or '*' for any. */
  store: RegionCode | '*';
  /** The seller's country of establishment this applies to. */
  resident_of: string;
  rate: number;
}

/** Amazon's Digital Services Fee: a percent of selling fees, by store and seller's establishment. */
export interface DsfRule extends RuleRow {
  store: RegionCode | '*';
  /** Establishment country, or '*' for any country other than the store's own. */
  established_in: string;
  rate: number;
}
