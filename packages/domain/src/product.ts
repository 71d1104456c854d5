import type { BannedReason } from './banned';
import type { FbmBlock } from './pricing/types';
import type { ReportRestriction } from './listing-restrictions';

/**
 * Why a side of a result row is unavailable; `ok` when it is. `nostock` means no new-condition offer
 * (used or collectible offers alone do not make a product available); `noanswer` means Amazon did not
 * answer for the product even after retries — nothing is known about its stock; `unlisted` means its
 * offers were not asked for, as the seller may not list it in the selling country (the catalogue was).
 */
export const SIDE_STATUSES = ['ok', 'dog', 'notsame', 'nostock', 'noship', 'noanswer', 'unlisted'] as const;
export type SideStatus = (typeof SIDE_STATUSES)[number];

export const PRODUCT_SIZES = [
  'small-standard-size',
  'large-standard-size',
  'small-oversize',
  'medium-oversize',
  'large-oversize',
  'special-oversize',
] as const;

export interface Offer {
  seller_id: string | null;
  seller_name: string | null;
  /** Null when unknown: a light price check names a winner's price, not how it ships. */
  is_fba: boolean | null;
  /** What the buyer pays for the item (listing price, in the side's currency). */
  buy_price: number | null;
  import_fee: number | null;
  shipping_fee: number | null;
  /**
   * Delivery window in days from today: the offer's shipping time plus the transit estimate of its
   * marketplace and fulfilment (cross-border when shipped abroad), so never "today" for a 0-hour FBA offer.
   */
  s_dates: { min_days: number; max_days: number } | null;
  /**
   * The offer cannot ship now (Amazon's `availabilityType` FUTURE_WITH_DATE / FUTURE_WITHOUT_DATE: a
   * pre-order or back-order): it has no delivery window and does not make the product in stock.
   */
  available_later?: boolean;
}

export interface Coupon {
  type: 'percent' | 'dollar';
  value: number;
}

/** One side (buying or selling country) of a result row: the marketplace data for one product. */
/**
 * What the catalogue declares of a product's dangerous goods (catalog items 2022-04-01 `attributes`):
 * air carriers restrict them, so the international leg may not fly (docs/decisions.md, "Dangerous goods").
 */
export interface DangerousGoods {
  /** `supplier_declared_dg_hz_regulation` values that name a regulation (ghs, transportation, storage, waste, other). */
  regulations: string[];
  /** Batteries come with it (`batteries_included`, `includes_rechargable_battery`) or it needs some (`batteries_required`). */
  batteries: 'included' | 'required' | null;
  /** Lithium cells (`battery.cell_composition`, `num_batteries.type` lithium_*, or a `lithium_battery` entry). */
  lithium: boolean;
  /** The lithium battery's energy in watt-hours, where given (`lithium_battery.energy_content`). */
  lithium_wh: number | null;
}

/** Whether air carriers restrict it: a declared regulation, batteries shipped with it, or lithium cells. */
export const isDangerousGoods = (dg: DangerousGoods | null | undefined): boolean =>
  !!dg && (dg.regulations.length > 0 || dg.batteries === 'included' || dg.lithium);

/** A product's dangerous goods from either side's catalogue (one ASIN, one product). */
export const dangerousGoodsOf = (row: Pick<ResultRow, 'row_cross' | 'row_to'>): DangerousGoods | null =>
  [row.row_to.dangerous_goods, row.row_cross.dangerous_goods].find(isDangerousGoods) ?? null;

export interface ProductSide {
  status: SideStatus;
  buybox: Offer | null;
  lowest: Offer | null;
  /** The cheapest offer fulfilled by Amazon, for the FBA Seller PPR filter. */
  lowest_fba: Offer | null;
  total_prices_count: number | null;
  fba_prices_count: number | null;
  average_price: number | null;
  coupon: Coupon | null;
  sales_rank: { rank: number; category: string; level: 'top' | 'sub' } | null;
  categories: string[];
  brand: string | null;
  title: string | null;
  image: string | null;
  is_prime: boolean;
  is_amazonchoice: boolean;
  /** Sold by Amazon itself. */
  is_sba: boolean;
  has_buybox: boolean;
  has_same_brand_seller: boolean;
  seller_brand_count: number | null;
  review_count: number | null;
  review_rating: number | null;
  variation: number | null;
  max_order_quantity: number | null;
  stocks: number | null;
  weight: { value: number; unit: 'lb' | 'oz' | 'kg' | 'g' } | null;
  package_dimensions: { length: number; width: number; height: number; unit: 'in' | 'cm' } | null;
  product_size: { package_name: string } | null;
  category_commission_rate: number | null;
  /**
   * How many buy box winners the last full lookup saw (Amazon names up to two: one Prime, one not); a
   * light check that does not name its winner cannot say which of two it priced.
   */
  buybox_winners?: number;
  /** When the full lookup this side's lowest offers and sellers come from was made (ISO time). */
  looked_up_at?: string;
  /**
   * The last full lookup, under the seller's own authorisation, found the seller's own offer here: Amazon's
   * getCompetitivePricing answers for it (it answers only the calling seller's listings).
   */
  listed_by_seller?: boolean;
  /**
   * The buying side is a supplier price list's line (issue 62), not an Amazon lookup: an inventory keeps
   * it as its cost instead of asking the buying marketplace.
   */
  from_supplier?: boolean;
  /** Dangerous goods as the catalogue declares them; null or absent when it declares none. */
  dangerous_goods?: DangerousGoods | null;
}

/** Per-product profit rates that override the matched rule's rates. */
export interface IndividualRates {
  min: number;
  std: number;
  max: number;
}

export interface ResultRow {
  product_id: string;
  row_cross: ProductSide;
  row_to: ProductSide;
  /** Null until the report has settings (or when pricing could not run). */
  fbm: FbmBlock | null;
  banned: BannedReason | null;
  individual?: IndividualRates | null;
  /** Whether the seller may list it in the selling country; null or absent until checked. */
  restriction?: ReportRestriction | null;
}

const WEIGHT_TO_LB = { lb: 1, oz: 1 / 16, kg: 2.20462, g: 0.00220462 } as const;

export function weightInLbs(side: Pick<ProductSide, 'weight'>): number | null {
  return side.weight ? side.weight.value * WEIGHT_TO_LB[side.weight.unit] : null;
}
