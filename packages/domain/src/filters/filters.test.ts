import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeOffer, makeRow, makeSide } from '../fixtures';
import type { FbmBlock } from '../pricing/types';
import type { DangerousGoods } from '../product';
import { activeFiltersArbitrary } from './arbitraries';
import { FILTERS, FILTERS_BY_ID, type ActiveFilter } from './catalogue';
import {
  decodeFilters,
  encodeFilters,
  FilterCodecError,
  MAX_ENCODED_FILTERS_LENGTH,
  MAX_INFLATED_FILTERS_BYTES,
} from './codec';
import { matchesFilter, matchesFilters } from './match';
import { filterTermCount, MAX_FILTER_TERMS } from './terms';

const expectCodecError = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterCodecError);
    expect((error as FilterCodecError).code).toBe(code);
    return error as FilterCodecError;
  }
  throw new Error('expected a FilterCodecError');
};

describe('FILTERS catalogue', () => {
  it('has every filter of the specification on its side', () => {
    const shared = [
      'delivery_days',
      'same_brand_seller',
      'buybox',
      'sba_sellers',
      'fba_sellers',
      'amazon_choice',
      'amazon_prime',
      'variation',
      'buybox_price',
      'buy_price',
      'average_price',
      'sellers_count',
      'brand',
      'sales_rank_main',
      'sales_rank_sub',
      'title_keywords',
    ];
    const crossOnly = [
      'no_shipping',
      'fba_seller_ppr',
      'buy_price_for_ppr',
      'shipping_fee_for_ppr',
      'product_ids',
      'fbm_availability',
      'coupons',
      'product_size',
      'stock',
      'order_limit',
      'weight_lbs',
      'shipping_fee',
    ];
    const toOnly = [
      'no_stock',
      'seller_brand_count',
      'sales_rank_presence',
      'sales_rank_by_category',
      'categories',
      'ppr_amount',
      'ppr_percent',
      'profit_custom',
      'store_buybox',
      'store_lowest',
      'diff_between_lowest',
      'review_count',
      'average_rating',
      // Beyond the specification's 57 (issue 30): Amazon's answer under the seller's own authorisation.
      'listing_restrictions',
      // Beyond the specification's 57 (issue 44): the catalogue's dangerous goods.
      'dangerous_goods',
    ];
    const ids = (group: string, bases: string[]) => bases.map((b) => `${group}_${b}`);
    expect(FILTERS.map((f) => f.id).sort()).toEqual(
      [...ids('cross', [...shared, ...crossOnly]), ...ids('to', [...shared, ...toOnly])].sort(),
    );
  });

  it('marks the settings-dependent filters (Stock among them) and gives money inputs a currency', () => {
    const dependent = FILTERS.filter((f) => f.dependsOnSettings).map((f) => f.id);
    expect(dependent).toContain('cross_stock');
    expect(dependent).toContain('to_ppr_percent');
    expect(dependent).not.toContain('cross_buy_price');
    expect(FILTERS_BY_ID.get('cross_buy_price')?.currency).toBe('source');
    expect(FILTERS_BY_ID.get('to_buybox_price')?.currency).toBe('target');
    expect(FILTERS_BY_ID.get('to_ppr_amount')?.currency).toBe('target');
  });

  it('gives each filter a distinct narrow-table column per side', () => {
    const columns = FILTERS.filter((f) => f.kind !== 'presence' && f.kind !== 'rank_by_category').map(
      (f) => f.column,
    );
    expect(new Set(columns).size).toBe(columns.length);
  });
});

describe('filter codec', () => {
  const sample: ActiveFilter[] = [
    { id: 'cross_buy_price', value: { min: 5, max: 50 } },
    { id: 'to_brand', value: { include: [], exclude: ['Acme'] } },
    { id: 'cross_coupons', value: 'percent' },
  ];

  it('round-trips a list through a URL-safe string', () => {
    const encoded = encodeFilters(sample);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeFilters(encoded)).toEqual(sample);
    expect(decodeFilters('')).toEqual([]);
  });

  it('round-trips every generated list (property)', () => {
    fc.assert(
      fc.property(activeFiltersArbitrary(), (list) => {
        expect(decodeFilters(encodeFilters(list))).toEqual(list);
      }),
    );
  });

  it('refuses an encoding over 10,000 characters with the specification message key', () => {
    const error = expectCodecError(
      () => decodeFilters('A'.repeat(MAX_ENCODED_FILTERS_LENGTH + 1)),
      'too_long',
    );
    expect(error.messageKey).toBe('validation.filters.tooLong');
    const ids = Array.from({ length: 4000 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const random = ids.map(
      (id, i) => id.slice(0, 5) + ((i * 7919) % 99991).toString(36).toUpperCase().padStart(5, '0'),
    );
    expectCodecError(
      () => encodeFilters([{ id: 'cross_product_ids', value: { ids: random, mode: 'only' } }]),
      'too_long',
    );
  });

  it('refuses a short string that inflates past the limit, before reading it', () => {
    // 10,000 copies of one ID: a valid filter as far as its schema goes, ~130 kB of JSON in ~300 characters.
    const ids = Array.from({ length: 10_000 }, () => 'B000000001');
    const repeated = rawEncode({ v: 1, f: [['cross_product_ids', { ids, mode: 'only' }]] });
    expect(repeated.length).toBeLessThan(MAX_ENCODED_FILTERS_LENGTH);
    expect(expectCodecError(() => decodeFilters(repeated), 'too_long').messageKey).toBe(
      'validation.filters.tooLong',
    );
    // Megabytes from a few thousand characters: refused as too long, not read as a bad value.
    const bomb = rawEncode({ v: 1, f: [['to_brand', { include: ['x'.repeat(4_000_000)] }]] });
    expect(bomb.length).toBeLessThan(MAX_ENCODED_FILTERS_LENGTH);
    expectCodecError(() => decodeFilters(bomb), 'too_long');
    // The encoder never produces what the decoder refuses.
    expectCodecError(
      () => encodeFilters([{ id: 'cross_product_ids', value: { ids, mode: 'only' } }]),
      'too_long',
    );
  });

  it('reads filters up to the inflated limit', () => {
    const words = Array.from({ length: 500 }, (_, i) => `word${i}`);
    // Brand lists: long in bytes, one condition each (keyword lists are bounded by conditions first).
    const big: ActiveFilter[] = [
      { id: 'to_brand', value: { include: words, exclude: words } },
      { id: 'to_title_keywords', value: { include: words.slice(0, 100), exclude: words.slice(0, 90) } },
    ];
    expect(decodeFilters(encodeFilters(big))).toEqual(big);
    const nearLimit = 'z'.repeat(MAX_INFLATED_FILTERS_BYTES - 100);
    expectCodecError(
      () => decodeFilters(rawEncode({ v: 1, f: [['to_brand', { include: [nearLimit] }]] })),
      'invalid_value',
    );
  });

  it('refuses malformed input with a typed error', () => {
    expectCodecError(() => decodeFilters('not base64!'), 'malformed');
    expectCodecError(() => decodeFilters('AAAA'), 'malformed');
    const wrap = rawEncode;
    expectCodecError(() => decodeFilters(wrap({ v: 2, f: [] })), 'unsupported_version');
    expectCodecError(() => decodeFilters(wrap({ v: 1, f: [['cross_nope', 1]] })), 'unknown_filter');
    expectCodecError(() => decodeFilters(wrap({ v: 1, f: [['cross_buy_price', 'cheap']] })), 'invalid_value');
    expectCodecError(
      () => decodeFilters(wrap({ v: 1, f: [['cross_buy_price', { min: 9, max: 1 }]] })),
      'invalid_value',
    );
    expectCodecError(
      () =>
        decodeFilters(
          wrap({
            v: 1,
            f: [
              ['cross_coupons', '*'],
              ['cross_coupons', '*'],
            ],
          }),
        ),
      'duplicate_filter',
    );
    expectCodecError(() => decodeFilters(wrap({ v: 1, f: 'x' })), 'malformed');
  });
});

/** Deflates and base64url-encodes any payload, to feed the decoder hostile envelopes. */
function rawEncode(payload: unknown): string {
  const bytes = deflateSync(strToU8(JSON.stringify(payload)));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('filter term count', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`);
  const keywords = (n: number): ActiveFilter[] => [
    { id: 'to_title_keywords', value: { include: [], exclude: words(n) } },
  ];

  it('counts a keyword a condition and a brand list one, whatever its length', () => {
    expect(filterTermCount(keywords(7))).toBe(7);
    expect(filterTermCount([{ id: 'to_brand', value: { include: words(400), exclude: words(3) } }])).toBe(2);
  });

  it('refuses to make or read a string of more than MAX_FILTER_TERMS conditions, so none is ever saved', () => {
    expect(decodeFilters(encodeFilters(keywords(MAX_FILTER_TERMS)))).toHaveLength(1);
    expect(() => encodeFilters(keywords(MAX_FILTER_TERMS + 1))).toThrow(
      expect.objectContaining({ code: 'too_many_terms', messageKey: 'validation.filters.tooManyTerms' }),
    );
    const handMade = rawEncode({
      v: 1,
      f: [['to_title_keywords', { include: words(MAX_FILTER_TERMS + 1), exclude: [] }]],
    });
    expect(() => decodeFilters(handMade)).toThrow(expect.objectContaining({ code: 'too_many_terms' }));
  });
});

describe('matchesFilters', () => {
  const fbm = {
    available: true,
    stock: 4,
    profit_percent: { buybox: 30, custom: { std: 20 } },
  } as unknown as FbmBlock;
  const row = makeRow({
    product_id: 'B000000001',
    row_cross: makeSide({
      buybox: makeOffer({ buy_price: 12, shipping_fee: 3, s_dates: { min_days: 2, max_days: 6 } }),
      coupon: { type: 'percent', value: 10 },
      weight: { value: 16, unit: 'oz' },
    }),
    row_to: makeSide({
      brand: 'Acme',
      title: 'Acme Wooden Train Set',
      sales_rank: { rank: 1500, category: 'Toys & Games', level: 'top' },
      buybox: makeOffer({ seller_id: 'A1STORE' }),
    }),
    fbm,
  });
  const check = (id: string, value: unknown) => matchesFilter(row, { id, value });

  it('range: inclusive bounds, either optional, an unknown value never matches', () => {
    expect(check('cross_buybox_price', { min: 12, max: 12 })).toBe(true);
    expect(check('cross_buybox_price', { min: 12.01 })).toBe(false);
    expect(check('cross_buybox_price', { max: 11.99 })).toBe(false);
    expect(check('cross_delivery_days', { max: 6 })).toBe(true);
    expect(check('cross_weight_lbs', { min: 1, max: 1 })).toBe(true); // 16 oz = 1 lb
    expect(
      matchesFilter(makeRow({ row_to: makeSide({ review_count: null }) }), {
        id: 'to_review_count',
        value: { min: 0 },
      }),
    ).toBe(false);
  });

  it('mode: only keeps products that have it, exclude those that do not', () => {
    expect(check('to_amazon_prime', 'only')).toBe(true);
    expect(check('to_amazon_prime', 'exclude')).toBe(false);
    expect(check('to_no_stock', 'exclude')).toBe(true);
  });

  it('a side Amazon did not answer for is not out of stock', () => {
    const unanswered = makeRow({ row_to: makeSide({ status: 'noanswer' }) });
    expect(matchesFilter(unanswered, { id: 'to_no_stock', value: 'only' })).toBe(false);
    expect(matchesFilter(unanswered, { id: 'to_no_stock', value: 'exclude' })).toBe(true);
    const noStock = makeRow({ row_to: makeSide({ status: 'nostock' }) });
    expect(matchesFilter(noStock, { id: 'to_no_stock', value: 'only' })).toBe(true);
  });

  it('brand is exact and case-insensitive; title keywords match whole words', () => {
    expect(check('to_brand', { include: ['acme'], exclude: [] })).toBe(true);
    expect(check('to_brand', { include: ['Acm'], exclude: [] })).toBe(false);
    expect(check('to_brand', { include: [], exclude: ['ACME'] })).toBe(false);
    expect(check('to_title_keywords', { include: ['train set'], exclude: [] })).toBe(true);
    expect(check('to_title_keywords', { include: ['rain'], exclude: [] })).toBe(false);
    expect(check('to_title_keywords', { include: [], exclude: ['wooden'] })).toBe(false);
  });

  it('coupons, stores, product IDs, sales rank by category and presence', () => {
    expect(check('cross_coupons', '*')).toBe(true);
    expect(check('cross_coupons', 'dollar')).toBe(false);
    expect(check('to_store_buybox', { seller_ids: ['A1STORE'], mode: 'only' })).toBe(true);
    expect(check('to_store_buybox', { seller_ids: ['A1STORE'], mode: 'exclude' })).toBe(false);
    expect(check('cross_product_ids', { ids: ['B000000001'], mode: 'exclude' })).toBe(false);
    expect(check('to_sales_rank_by_category', { categories: ['toys & games'], max: 2000 })).toBe(true);
    expect(check('to_sales_rank_by_category', { categories: ['Baby'] })).toBe(false);
    expect(check('to_sales_rank_presence', 'absent')).toBe(false);
  });

  it('settings-dependent filters read the fbm block', () => {
    expect(check('to_ppr_percent', { min: 25 })).toBe(true);
    expect(check('cross_stock', { min: 5 })).toBe(false);
    expect(check('cross_fbm_availability', 'only')).toBe(true);
  });

  it("Dangerous goods matches a product either side's catalogue declares, and never a battery it only needs", () => {
    const dg = (d: Partial<DangerousGoods>) => ({
      regulations: [],
      batteries: null,
      lithium: false,
      lithium_wh: null,
      ...d,
    });
    const only = [{ id: 'to_dangerous_goods', value: 'only' as const }];
    const exclude = [{ id: 'to_dangerous_goods', value: 'exclude' as const }];
    expect(matchesFilters(row, only)).toBe(false);
    expect(matchesFilters(row, exclude)).toBe(true);
    const lithium = { ...row, row_cross: { ...row.row_cross, dangerous_goods: dg({ lithium: true }) } };
    expect(matchesFilters(lithium, only)).toBe(true);
    expect(matchesFilters(lithium, exclude)).toBe(false);
    const declared = { ...row, row_to: { ...row.row_to, dangerous_goods: dg({ regulations: ['ghs'] }) } };
    expect(matchesFilters(declared, only)).toBe(true);
    const needsBatteries = {
      ...row,
      row_to: { ...row.row_to, dangerous_goods: dg({ batteries: 'required' }) },
    };
    expect(matchesFilters(needsBatteries, only)).toBe(false);
  });

  it('combines filters with AND', () => {
    expect(matchesFilters(row, [])).toBe(true);
    expect(
      matchesFilters(row, [
        { id: 'to_amazon_prime', value: 'only' },
        { id: 'cross_coupons', value: '*' },
      ]),
    ).toBe(true);
    expect(
      matchesFilters(row, [
        { id: 'to_amazon_prime', value: 'only' },
        { id: 'cross_coupons', value: 'dollar' },
      ]),
    ).toBe(false);
  });
});
