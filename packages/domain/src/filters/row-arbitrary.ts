import fc from 'fast-check';
import type { Offer, ProductSide, ResultRow } from '../product';
import { PRODUCT_SIZES, SIDE_STATUSES } from '../product';
import { LISTING_RESTRICTIONS, type ReportRestriction } from '../listing-restrictions';

// Result rows drawn from the same small vocabulary as the filter values (arbitraries.ts), so random
// filters hit, miss and straddle boundaries often. Used by the SQL compiler's property test.

const num = fc.option(
  fc.oneof(fc.integer({ min: -50, max: 2000 }), fc.double({ min: -50, max: 2000, noNaN: true })),
  { nil: null, freq: 4 },
);
const count = fc.option(fc.integer({ min: 0, max: 60 }), { nil: null, freq: 4 });
const seller = fc.option(fc.constantFrom('A1SELLER', 'A1STORE', 'A2OTHER', 'a1seller'), { nil: null });
const brand = fc.option(fc.constantFrom('Acme', ' acme ', 'Globex', "O'Brien", 'İstanbul Toys', '50%_off'), {
  nil: null,
});
const titleWord = fc.constantFrom(
  'Acme',
  'Wooden',
  'train',
  'Train-Set',
  'set',
  "O'Brien",
  '50%_off',
  'back\\slash',
  'İstanbul',
  'Toyota',
  'toy',
);
const title = fc.option(
  fc.array(titleWord, { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')),
  { nil: null },
);
const category = fc.constantFrom(
  'Toys & Games',
  'toys & games',
  'Baby',
  'Electronics',
  'Furniture',
  ' Baby ',
);

const offer: fc.Arbitrary<Offer | null> = fc.option(
  fc.record({
    seller_id: seller,
    seller_name: fc.constant('Seller'),
    is_fba: fc.boolean(),
    buy_price: fc.option(fc.double({ min: 0.5, max: 1500, noNaN: true }), { nil: null, freq: 6 }),
    import_fee: fc.option(fc.double({ min: 0, max: 30, noNaN: true }), { nil: null }),
    shipping_fee: fc.option(fc.double({ min: 0, max: 30, noNaN: true }), { nil: null }),
    s_dates: fc.option(
      fc.integer({ min: 0, max: 40 }).map((d) => ({ min_days: d, max_days: d + 3 })),
      { nil: null },
    ),
  }),
  { nil: null, freq: 5 },
);

export const productSideArbitrary: fc.Arbitrary<ProductSide> = fc.record({
  status: fc.constantFrom(...SIDE_STATUSES, 'ok', 'ok', 'ok'),
  buybox: offer,
  lowest: offer,
  lowest_fba: offer,
  total_prices_count: count,
  fba_prices_count: count,
  average_price: num,
  coupon: fc.option(
    fc.record({
      type: fc.constantFrom('percent' as const, 'dollar' as const),
      value: fc.integer({ min: 1, max: 50 }),
    }),
    { nil: null },
  ),
  sales_rank: fc.option(
    fc.record({
      rank: fc.integer({ min: 1, max: 2000 }),
      category,
      level: fc.constantFrom('top' as const, 'sub' as const),
    }),
    { nil: null, freq: 4 },
  ),
  categories: fc.array(category, { maxLength: 3 }),
  brand,
  title,
  image: fc.constant(null),
  is_prime: fc.boolean(),
  is_amazonchoice: fc.boolean(),
  is_sba: fc.boolean(),
  has_buybox: fc.boolean(),
  has_same_brand_seller: fc.boolean(),
  seller_brand_count: count,
  review_count: count,
  review_rating: fc.option(fc.constantFrom(1, 2.5, 3, 4.5, 5), { nil: null }),
  variation: count,
  max_order_quantity: count,
  stocks: count,
  weight: fc.option(
    fc.record({
      value: fc.double({ min: 0.01, max: 50, noNaN: true }),
      unit: fc.constantFrom('lb' as const, 'oz' as const, 'kg' as const, 'g' as const),
    }),
    { nil: null },
  ),
  package_dimensions: fc.constant(null),
  product_size: fc.option(
    fc.constantFrom(...PRODUCT_SIZES).map((package_name) => ({ package_name })),
    {
      nil: null,
    },
  ),
  category_commission_rate: fc.constant(null),
  dangerous_goods: fc.option(
    fc.record({
      regulations: fc.subarray(['ghs', 'transportation']),
      batteries: fc.constantFrom('included' as const, 'required' as const, null),
      lithium: fc.boolean(),
      lithium_wh: fc.constant(null),
    }),
    { nil: null, freq: 3 },
  ),
});

/** A product's listing restriction, or none (not checked). */
const restrictionArbitrary: fc.Arbitrary<ReportRestriction | null> = fc.option(
  fc.constantFrom(...LISTING_RESTRICTIONS).map((state) => ({
    state,
    reasons: state === 'can_list' ? [] : ['Amazon says no.'],
    approval_url:
      state === 'approval_required' ? 'https://sellercentral.amazon.com/hz/approvalrequest' : null,
    checked_at: '2026-11-24T00:00:00.000Z',
  })),
  { nil: null },
);

/** Rows with distinct product IDs (the generated filters name B000000001, B000000002 and B00000000X). */
export const resultRowsArbitrary = (n: number): fc.Arbitrary<Omit<ResultRow, 'fbm' | 'banned'>[]> =>
  fc
    .array(fc.tuple(productSideArbitrary, productSideArbitrary, restrictionArbitrary), {
      minLength: n,
      maxLength: n,
    })
    .map((sides) =>
      sides.map(([row_cross, row_to, restriction], i) => ({
        product_id: i < 3 ? ['B000000001', 'B000000002', 'B00000000X'][i]! : `B${String(i).padStart(9, '0')}`,
        row_cross,
        row_to,
        restriction,
      })),
    );
