import type { Offer, ProductSide, ResultRow } from './product';
import { defaultFirstRule } from './pricing/presets';
import type { PricingSettings } from './pricing/types';

/** Builders for tests and benchmarks: a plausible product side, overridable field by field. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    seller_id: 'A1SELLER',
    seller_name: 'Seller One',
    is_fba: false,
    buy_price: 10,
    import_fee: 0,
    shipping_fee: 0,
    s_dates: { min_days: 3, max_days: 7 },
    ...overrides,
  };
}

export function makeSide(overrides: Partial<ProductSide> = {}): ProductSide {
  return {
    status: 'ok',
    buybox: makeOffer(),
    lowest: makeOffer(),
    lowest_fba: null,
    total_prices_count: 5,
    fba_prices_count: 1,
    average_price: 11,
    coupon: null,
    sales_rank: { rank: 1500, category: 'Toys & Games', level: 'top' },
    categories: ['Toys & Games'],
    brand: 'Acme',
    title: 'Acme Wooden Train Set',
    image: null,
    is_prime: true,
    is_amazonchoice: false,
    is_sba: false,
    has_buybox: true,
    has_same_brand_seller: false,
    seller_brand_count: 1,
    review_count: 120,
    review_rating: 4.5,
    variation: 0,
    max_order_quantity: 10,
    stocks: null,
    weight: { value: 1.2, unit: 'lb' },
    package_dimensions: { length: 10, width: 6, height: 3, unit: 'in' },
    product_size: { package_name: 'small-standard-size' },
    category_commission_rate: null,
    ...overrides,
  };
}

export function makeRow(overrides: Partial<ResultRow> = {}): ResultRow {
  return {
    product_id: 'B000000001',
    row_cross: makeSide(),
    row_to: makeSide(),
    fbm: null,
    banned: null,
    individual: null,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<PricingSettings> = {}): PricingSettings {
  return {
    handling_time: 2,
    parity: 1,
    parity_type: 'fixed',
    default_category_commission_rate: 15,
    commission_rate_type: 'fixed',
    min_stock: 1,
    def_stock: 5,
    pricing_rules: [defaultFirstRule()],
    ...overrides,
  };
}
