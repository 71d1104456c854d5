import { defaultFirstRule } from './pricing/presets';
import type { PricingSettings } from './pricing/types';
import type { Coupon, ProductSide } from './product';
import { parityFor, type RegionCode } from './regions';

/** One seller's offer, as the Sellers & Prices drawer lists it. */
export interface SellerOffer {
  seller_id: string;
  seller_name: string;
  is_fba: boolean;
  /** Sold by Amazon itself. */
  is_sba: boolean;
  coupon: Coupon | null;
  /** The seller's positive feedback over the past 12 months, 0–100 %; 0 is a rating, null is none. */
  rating_percent: number | null;
  rating_count: number | null;
  /** What the buyer pays after the coupon. */
  buy_price: number;
  /** The listing price. */
  price: number;
  shipping_by: 'amazon' | 'merchant';
  shipping_fee: number;
  import_fee: number;
  /** The earliest delivery (shipping time plus transit), ISO date. */
  delivery_date: string | null;
  /** Only available later (a pre-order or back-order): not stock, no delivery date. */
  available_later?: boolean;
  /**
   * The report's owner's own offer (Amazon's `MyOffer`, or their selling partner id): shown, but never
   * competition (not the buy box or lowest offer pricing reads).
   */
  is_own?: boolean;
}

/**
 * Marketplaces where Amazon's own retail seller id is not known to us (no citable source), so its offers
 * cannot be told from any seller's: shown by id, never marked Amazon / SBA (docs/decisions.md).
 */
export const RETAIL_SELLER_UNKNOWN: readonly RegionCode[] = ['ae', 'au', 'sg'];

/** What a marketplace provider answers for one product in one region. */
export interface ProductSnapshot {
  product_id: string;
  side: ProductSide;
  offers: SellerOffer[];
}

export interface LookupOptions {
  /** Where the goods would be shipped (import fees and shipping depend on it). */
  shipTo: RegionCode;
}

/** Settings a fresh report is priced with until the user saves their own. */
export function defaultReportSettings(parity: number): PricingSettings {
  return {
    handling_time: 2,
    parity,
    parity_type: 'auto',
    default_category_commission_rate: 15,
    commission_rate_type: 'fixed',
    min_stock: 1,
    def_stock: 5,
    pricing_rules: [defaultFirstRule()],
  };
}

/**
 * The settings a report is priced with: the user's once saved, otherwise the defaults at the parity of
 * the rates the report was created with. The worker, the filters and the exports all price through this.
 */
export function effectiveSettings(report: {
  settings: PricingSettings | null;
  from_country: RegionCode;
  to_country: RegionCode;
  parity_rates: Readonly<Record<string, number>>;
}): PricingSettings {
  return (
    report.settings ??
    defaultReportSettings(parityFor(report.from_country, report.to_country, report.parity_rates))
  );
}
