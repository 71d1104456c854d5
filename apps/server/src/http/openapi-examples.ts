import { fieldError, type HttpError, notFound } from './errors';
import { tooMany } from './rate-limit';

/**
 * Request and response examples of the operations scripts use (README's API section), by `METHOD url`
 * as Fastify names the route. The OpenAPI test checks each against the route's own schemas.
 */
export interface ApiExample {
  summary: string;
  /** The success status the response example is for. */
  status: number;
  request?: unknown;
  response?: unknown;
}

const REPORT_ID = '3f2b8c1e-5a7d-4e9b-9c1a-2d4e6f8a0b1c';
const PRODUCT_IDS = ['B0C1XAMPLE', 'B0C2XAMPLE', 'B0C3XAMPLE'];

const SUMMARY = {
  id: REPORT_ID,
  title: 'Spring restock',
  type: 'product-analysis',
  created_at: '2026-11-23T15:18:24.895Z',
  finish_at: '2026-11-23T15:18:26.835Z',
  from_marketplace: 'amazon',
  to_marketplace: 'amazon',
  from_country: 'us',
  to_country: 'ca',
  size: 6,
  done_size: 6,
  finalized: true,
  no_answer_count: 0,
  estimated_finish_at: null,
  restrictions: { state: 'done', total: 3, checked: 3 },
  phase: null,
};

const country = (code: string, name: string, currency: string, symbol: string) => ({
  code,
  name,
  flag_code: code.toUpperCase(),
  currency: { code: currency, symbol },
});

/** One seller's offer as a marketplace answers it. */
const offer = (fba: boolean, price: number, seller: string, fees: [importFee: number, shipping: number]) => ({
  is_fba: fba,
  s_dates: fba ? { max_days: 11, min_days: 5 } : { max_days: 12, min_days: 7 },
  buy_price: price,
  seller_id: seller,
  import_fee: fees[0],
  seller_name: fba ? 'Daily Outlet' : 'Top Seller',
  shipping_fee: fees[1],
});
const US_OFFER = offer(true, 10.24, 'A2069SELLERUS', [1.33, 11.19]);
const CA_OFFER = offer(false, 18.24, 'A7677SELLERCA', [0, 9.59]);

/** The product on one marketplace: what differs between the two sides is passed in. */
const side = (own: Record<string, unknown>) => ({
  brand: 'Northwind',
  image: 'https://m.media-amazon.com/images/I/B0C1XAMPLE.jpg',
  title: 'Northwind Smart Stand 81',
  coupon: null,
  is_sba: false,
  status: 'ok',
  weight: { unit: 'lb', value: 9.34 },
  variation: 0,
  categories: ['Automotive'],
  has_buybox: true,
  product_size: { package_name: 'large-standard-size' },
  max_order_quantity: null,
  package_dimensions: { unit: 'in', width: 11.5, height: 6.57, length: 14.79 },
  has_same_brand_seller: false,
  category_commission_rate: null,
  ...own,
});

const atBuyboxAndStd = (buybox: number, std: number) => ({ buybox, custom: { std } });

/** A product of a report, both sides and its fbm pricing: what /v1/filters pages and /v1/lookup answer. */
const EXAMPLE_ROW = {
  product_id: 'B0C1XAMPLE',
  row_cross: side({
    buybox: US_OFFER,
    lowest: US_OFFER,
    lowest_fba: US_OFFER,
    stocks: 3,
    is_prime: true,
    sales_rank: { rank: 18, level: 'top', category: 'Automotive' },
    review_count: 11,
    average_price: 11.05,
    review_rating: 4.96,
    is_amazonchoice: false,
    fba_prices_count: 3,
    seller_brand_count: 3,
    total_prices_count: 5,
  }),
  row_to: side({
    buybox: CA_OFFER,
    lowest: CA_OFFER,
    lowest_fba: null,
    stocks: 18,
    is_prime: false,
    sales_rank: { rank: 16, level: 'top', category: 'Automotive' },
    review_count: 12,
    average_price: 18.28,
    review_rating: 4.01,
    is_amazonchoice: true,
    fba_prices_count: 0,
    seller_brand_count: 1,
    total_prices_count: 2,
  }),
  individual: null,
  fbm: {
    available: true,
    reason: null,
    buy_price: 10.24,
    shipping_fee: 11.19,
    cost_in_tc: 30.73,
    commission_rate: 12,
    commission_category: 'Automotive & Powersports',
    commission_source: 'table',
    closing_fee: null,
    fee_estimate_price: null,
    sell_price: atBuyboxAndStd(18.24, 41.9),
    profit_amount: atBuyboxAndStd(-14.67, 6.15),
    profit_percent: atBuyboxAndStd(-47.76, 20),
    fba_profit_percent: -47.76,
    min_price: 38.41,
    std_price: 41.9,
    max_price: 52.37,
    stock: 3,
    rule_index: 0,
    diff_between_lowest: 129.71,
  },
  banned: null,
};

export const API_EXAMPLES: Readonly<Record<string, ApiExample>> = {
  'POST /api/reports': {
    summary: 'Send product IDs in',
    status: 201,
    request: {
      title: 'Spring restock',
      from_country: 'us',
      to_country: 'ca',
      marketplace: 'amazon',
      source: 'manual',
      product_ids: PRODUCT_IDS.join('\n'),
    },
    response: { report_id: REPORT_ID, sent: 3, valid: 3, repetitive: 0, invalid: 0 },
  },
  'GET /api/reports': { summary: 'List the latest 20 reports', status: 200, response: [SUMMARY] },
  'GET /api/reports/:id': {
    summary: 'Follow a report',
    status: 200,
    response: {
      ...SUMMARY,
      content: PRODUCT_IDS,
      skus: {},
      from_country_info: country('us', 'United States', 'USD', '$'),
      to_country_info: country('ca', 'Canada', 'CAD', 'CA$'),
      parity_rates: { AED: 1.12, AUD: 1.12, CAD: 1.35, GBP: 0.94, MXN: 1.12, SGD: 1.12, USD: 1 },
      parity: 1.35,
      settings: null,
      amazon_accounts: { from: 'own', to: 'shared' },
      lane: {
        settings: {
          route: 'reship',
          carrier: 'courier',
          rate_card: { per_parcel: 8, per_kg: 3, divisor: 5000, currency: 'USD' },
          clearance_fee: null,
          registered_selling: false,
          registered_buying: false,
          purchase_tax_pct: null,
          duty_pct: null,
          conversion_fee_pct: 1.5,
          mode: 'landed',
          forwarder_ship_to: null,
          purchase_days: 1,
          inbound_days: 2,
          forwarder_days: 2,
        },
        on: '2026-11-26',
        seller: { establishment: 'tr', registered_home: false },
      },
      priced_with: null,
    },
  },
  'POST /v1/filters': {
    summary: "A page of a report's filtered rows",
    status: 200,
    request: {
      report_id: REPORT_ID,
      filters: '',
      limit: 20,
      skip: 0,
      sort_key: 'product_id',
      sort_direction: 'asc',
    },
    response: {
      total: 3,
      filtered_count: 3,
      settings_defined: false,
      categories: ['Automotive', 'Electronics', 'Toys & Games'],
      bsr_categories: ['Automotive', 'Electronics'],
      data: [EXAMPLE_ROW],
      filtered_ids: PRODUCT_IDS,
    },
  },
  'POST /v1/lookup': {
    summary: 'Check one product now (1 credit)',
    status: 200,
    request: { product_id: 'B0C1XAMPLE', from_country: 'us', to_country: 'ca', inventory_id: null },
    response: {
      lookup_id: '7d0e6c52-1b8a-4f3e-a1d2-5c9b8e7f6a40',
      row: EXAMPLE_ROW,
      from_country: 'us',
      to_country: 'ca',
      inventory_id: null,
      remaining: 99,
    },
  },
  'POST /v1/exports': {
    summary: 'Export rows for a spreadsheet',
    status: 200,
    request: {
      report_id: REPORT_ID,
      export_type: 'fbm',
      product_ids: 'all',
    },
    response: {
      data: [
        {
          product_id: 'B0C1XAMPLE',
          sku: 'SS-4F2A9C1B7D',
          generated_sku: 'SS-4F2A9C1B7D',
          stocks: 3,
          available_for_fbm: true,
          min_price: 38.41,
          std_price: 41.9,
          max_price: 52.37,
          brand: 'Northwind',
          title: 'Northwind Smart Stand 81',
          banned: null,
          restriction: 'can_list',
        },
      ],
    },
  },
  'GET /api/usage': {
    summary: "Today's usage",
    status: 200,
    response: {
      r_count: 3,
      ip_count: 0,
    },
  },
  'GET /v1/products/:marketplace/:asin/history': {
    summary: "A product's price and rank history",
    status: 200,
    response: {
      marketplace: 'ae',
      asin: 'B0C1XAMPLE',
      currency: 'AED',
      days: 30,
      resolution: 'hour',
      points: [
        {
          at: '2026-11-03T09:00:00.000Z',
          source: 'observed',
          buybox_price: 129.5,
          buybox_is_amazon: null,
          lowest_new_price: 124,
          lowest_fba_price: 129.5,
          new_offers: 6,
          fba_offers: 2,
          sales_rank: 1840,
          rank_category: 'Toys & Games',
          in_stock: true,
        },
      ],
      signals: {
        lowest_price: { price: 124, at: '2026-11-03T09:00:00.000Z' },
        highest_price: { price: 129.5, at: '2026-11-03T09:00:00.000Z' },
        days_out_of_stock: 0,
        rank_improvements: 1,
        sandbox_days: 0,
      },
    },
  },
};

const errorBody = (e: HttpError) => ({ error: { code: e.code, message: e.message, ...e.details } });

/** One refusal of each status, as the server sends it; `403` for a token on a session-only route. */
export const ERROR_EXAMPLES: Readonly<Record<string, unknown>> = {
  '400': errorBody(fieldError('product_ids', 'validation.report.productIdsRequired')),
  '401': { error: { code: 'unauthenticated', message: 'Please sign in.' } },
  '403': {
    error: {
      code: 'token_not_allowed',
      message: 'API tokens cannot call this endpoint: it needs a signed-in session.',
    },
  },
  '403 token': { error: { code: 'account_suspended', message: 'Your account has been suspended.' } },
  '404': errorBody(notFound('This report was not found.')),
  '429': errorBody(tooMany(42)),
  '500': {
    error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again later.' },
  },
};
