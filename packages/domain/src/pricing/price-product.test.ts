import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeOffer, makeRow, makeSettings, makeSide } from '../fixtures';
import type { ProductSide } from '../product';
import type { RegionCode } from '../regions';
import { defaultFirstRule } from './presets';
import { priceProduct } from './price-product';
import type { PricingRule, PricingSettings } from './types';

// Base case: buy 10 + shipping 2 in the buying country, target buy box 25 and lowest 24, Toys & Games (15%).
const cross = (o: Partial<ProductSide> = {}) =>
  makeSide({ buybox: makeOffer({ buy_price: 10, shipping_fee: 2, import_fee: 0 }), ...o });
const to = (o: Partial<ProductSide> = {}) =>
  makeSide({
    buybox: makeOffer({ buy_price: 25, seller_id: 'A1STORE' }),
    lowest: makeOffer({ buy_price: 24 }),
    categories: ['Toys & Games'],
    sales_rank: null,
    ...o,
  });
const price = (
  rowOverrides: Parameters<typeof makeRow>[0] = {},
  settings: Partial<PricingSettings> = {},
  toRegion: RegionCode = 'ca',
) =>
  priceProduct(makeRow({ row_cross: cross(), row_to: to(), ...rowOverrides }), makeSettings(settings), {
    toRegion,
  });
const rule = (r: Partial<PricingRule>): PricingRule => ({ ...defaultFirstRule(), threshold_start: 0, ...r });

describe('priceProduct: cost and buy-box profit', () => {
  it('1. base case: cost, buy-box profit and PPR, first-rule prices, diff to lowest, stock', () => {
    const fbm = price();
    expect(fbm.cost_in_tc).toBe(12); // (10 + 2 + 0) × 1
    expect(fbm.sell_price.buybox).toBe(25);
    expect(fbm.profit_amount.buybox).toBe(9.25); // 25 × 0.85 − 12
    expect(fbm.profit_percent.buybox).toBe(77.08); // 9.25 ÷ 12 × 100 = 77.083
    expect(fbm.min_price).toBe(15.53); // 12 × 1.10 ÷ 0.85 = 15.529
    expect(fbm.std_price).toBe(16.94); // 12 × 1.20 ÷ 0.85 = 16.941
    expect(fbm.max_price).toBe(21.18); // 12 × 1.50 ÷ 0.85 = 21.176
    expect(fbm.profit_amount.custom.std).toBe(2.4); // 16.94 × 0.85 − 12 = 2.399
    expect(fbm.profit_percent.custom.std).toBe(19.99); // 2.399 ÷ 12 = 19.99 %
    expect(fbm.diff_between_lowest).toBe(-29.42); // (16.94 − 24) ÷ 24 = −29.417 %
    expect(fbm.stock).toBe(5); // buying stock unknown → the rule's 5
    expect(fbm).toMatchObject({ available: true, reason: null, rule_index: 0, commission_rate: 15 });
  });

  it('2. parity multiplies the cost into the target currency', () => {
    const fbm = price({}, { parity: 1.35 });
    expect(fbm.cost_in_tc).toBe(16.2); // 12 × 1.35
    expect(fbm.std_price).toBe(22.87); // 16.2 × 1.2 ÷ 0.85 = 22.871
  });

  it('3. the import fee is part of the cost', () => {
    const fbm = price({
      row_cross: cross({ buybox: makeOffer({ buy_price: 10, shipping_fee: 2, import_fee: 3 }) }),
    });
    expect(fbm.cost_in_tc).toBe(15); // 10 + 2 + 3
    expect(fbm.std_price).toBe(21.18); // 15 × 1.2 ÷ 0.85 = 21.176
  });

  it('4. without a buy box the lowest offer is the buy price', () => {
    const fbm = price({
      row_cross: cross({ buybox: null, lowest: makeOffer({ buy_price: 9, shipping_fee: 1 }) }),
    });
    expect(fbm.cost_in_tc).toBe(10); // 9 + 1
    expect(fbm.buy_price).toBe(9);
  });

  it('5. PPR at the buy box with parity', () => {
    const fbm = price({}, { parity: 1.35 });
    expect(fbm.profit_amount.buybox).toBe(5.05); // 25 × 0.85 − 16.2
    expect(fbm.profit_percent.buybox).toBe(31.17); // 5.05 ÷ 16.2 = 31.17 %
  });

  it('6. FBA seller PPR uses the cheapest FBA offer of the buying side', () => {
    const fbm = price({ row_cross: cross({ lowest_fba: makeOffer({ buy_price: 11, is_fba: true }) }) });
    expect(fbm.fba_profit_percent).toBe(93.18); // (25 × 0.85 − 11) ÷ 11 = 10.25 ÷ 11 = 93.18 %
  });
});

describe('priceProduct: commission', () => {
  it('7. a matched 8% category', () => {
    const fbm = price({ row_to: to({ categories: ['Computers'] }) });
    expect(fbm.commission_rate).toBe(8);
    expect(fbm.commission_category).toBe('Computers');
    expect(fbm.std_price).toBe(15.65); // 14.4 ÷ 0.92 = 15.652
  });

  it('8. an alias matches by similarity ("Electronics" → Consumer Electronics, 8%)', () => {
    const fbm = price({ row_to: to({ categories: ['Electronics'] }) });
    expect(fbm.commission_category).toBe('Consumer Electronics');
    expect(fbm.commission_rate).toBe(8);
  });

  it('9. no category scores 0.45: the default rate from settings', () => {
    const fbm = price({ row_to: to({ categories: ['Zzqx'] }) }, { default_category_commission_rate: 12 });
    expect(fbm.commission_category).toBeNull();
    expect(fbm.std_price).toBe(16.36); // 14.4 ÷ 0.88 = 16.364
  });

  it('10. threshold tier, low: Baby at 8% while the price stays within $10', () => {
    const fbm = price(
      {
        row_cross: cross({ buybox: makeOffer({ buy_price: 5 }) }),
        row_to: to({ categories: ['Baby Products'] }),
      },
      {},
      'us',
    );
    expect(fbm.std_price).toBe(6.52); // 5 × 1.2 = 6 ÷ 0.92 = 6.522 ≤ 10
    expect(fbm.commission_rate).toBe(8);
  });

  it('11. threshold tier, high: Baby at 15% once the price passes $10', () => {
    const fbm = price({ row_to: to({ categories: ['Baby Products'] }) }, {}, 'us');
    expect(fbm.std_price).toBe(16.94); // 14.4 ÷ 0.92 = 15.65 > 10 → 14.4 ÷ 0.85 = 16.941
    expect(fbm.commission_rate).toBe(15);
  });

  it('12. marginal tier: Furniture 15% up to $200, 10% above', () => {
    const fbm = price(
      {
        row_cross: cross({ buybox: makeOffer({ buy_price: 200 }) }),
        row_to: to({ categories: ['Furniture'] }),
      },
      {},
      'us',
    );
    // net 240: 240 ÷ 0.85 = 282 > 200 → (240 + 200 × (0.15 − 0.10)) ÷ 0.90 = 277.78
    expect(fbm.std_price).toBe(277.78);
    // fee 200 × 0.15 + 77.78 × 0.10 = 37.78 → 13.60 % of 277.78
    expect(fbm.commission_rate).toBe(13.6);
  });

  it('13. marginal tier below the break: Furniture at 15%', () => {
    const fbm = price(
      {
        row_cross: cross({ buybox: makeOffer({ buy_price: 100 }) }),
        row_to: to({ categories: ['Furniture'] }),
      },
      {},
      'us',
    );
    expect(fbm.std_price).toBe(141.18); // 120 ÷ 0.85 = 141.176
  });

  it('14. thresholds scale to the selling currency (MXN 1.12: Baby break at 11.20)', () => {
    const row = {
      row_cross: cross({ buybox: makeOffer({ buy_price: 9.8 }) }),
      row_to: to({ categories: ['Baby'] }),
      individual: { min: 0, std: 0, max: 0 },
    };
    expect(price(row, {}, 'mx').std_price).toBe(10.65); // 9.8 ÷ 0.92 = 10.652 ≤ 11.20
    expect(price(row, {}, 'us').std_price).toBe(11.53); // 10.652 > 10 → 9.8 ÷ 0.85 = 11.529
  });
});

describe('priceProduct: rules', () => {
  it('15. a matching cost rule overrides the first rule', () => {
    const fbm = price(
      {},
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({
            threshold_start: 10,
            threshold_end: 20,
            min_rate: 30,
            std_rate: 40,
            max_rate: 60,
            stock: 3,
          }),
        ],
      },
    );
    expect(fbm.rule_index).toBe(1);
    expect(fbm.std_price).toBe(19.76); // 12 × 1.4 ÷ 0.85 = 19.765
    expect(fbm.stock).toBe(3);
  });

  it('16. a cost rule out of range leaves the first rule', () => {
    const fbm = price(
      {},
      { pricing_rules: [defaultFirstRule(), rule({ threshold_start: 20, threshold_end: 40, std_rate: 40 })] },
    );
    expect(fbm.rule_index).toBe(0);
    expect(fbm.std_price).toBe(16.94);
  });

  it('17. of two matching rules the later wins', () => {
    const fbm = price(
      {},
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({ threshold_end: 100, min_rate: 25, std_rate: 30, max_rate: 60 }),
          rule({ threshold_start: 10, threshold_end: 20, min_rate: 30, std_rate: 40, max_rate: 60 }),
        ],
      },
    );
    expect(fbm.rule_index).toBe(2);
  });

  it('18. a ppr rule matches on the buy-box PPR (77.08)', () => {
    const fbm = price(
      {},
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({
            rule_type: 'ppr',
            threshold_start: 70,
            threshold_end: 80,
            min_rate: 50,
            std_rate: 60,
            max_rate: 90,
          }),
        ],
      },
    );
    expect(fbm.rule_index).toBe(1);
    expect(fbm.std_price).toBe(22.59); // 12 × 1.6 ÷ 0.85 = 22.588
  });

  it('19. a ppr rule never matches a product without a target price', () => {
    const fbm = price(
      { row_to: to({ status: 'nostock', buybox: null, lowest: null }) },
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({ rule_type: 'ppr', threshold_start: -1000, threshold_end: 1000 }),
        ],
      },
    );
    expect(fbm.rule_index).toBe(0);
    expect(fbm.profit_percent.buybox).toBeNull();
    expect(fbm.std_price).toBe(16.94); // still priced from cost: out-of-stock targets are listable
    expect(fbm.available).toBe(true);
  });

  it('19b. a selling side Amazon did not answer for is unavailable, never priced as out of stock', () => {
    const fbm = price({ row_to: to({ status: 'noanswer', buybox: null, lowest: null }) });
    expect(fbm.available).toBe(false);
    expect(fbm.reason).toBe('noanswer');
    const buying = price({ row_cross: cross({ status: 'noanswer' }) });
    expect(buying).toMatchObject({ available: false, reason: 'noanswer' });
  });

  it('20. a buybox_store rule matches the target buy-box seller', () => {
    const fbm = price(
      {},
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({ rule_type: 'buybox_store', seller_id: 'A1STORE', min_rate: 5, std_rate: 8, max_rate: 20 }),
        ],
      },
    );
    expect(fbm.rule_index).toBe(1);
    expect(fbm.std_price).toBe(15.25); // 12 × 1.08 ÷ 0.85 = 15.247
  });

  it('21. prorated_ppr derives the rates from the buy-box PPR', () => {
    const fbm = price(
      {},
      {
        pricing_rules: [
          defaultFirstRule(),
          rule({
            rule_type: 'ppr',
            threshold_start: 50,
            threshold_end: 1e7,
            rate_type: 'prorated_ppr',
            min_rate: 80,
            max_rate: 50,
          }),
        ],
      },
    );
    // PPR 77.083: std = 77.083 → 12 × 1.77083 ÷ 0.85 = 25.00 (the buy box itself)
    expect(fbm.std_price).toBe(25);
    // min = 80 % of 77.083 = 61.667 → 12 × 1.61667 ÷ 0.85 = 22.82
    expect(fbm.min_price).toBe(22.82);
    // max = 77.083 × 1.5 = 115.625 → 12 × 2.15625 ÷ 0.85 = 30.44
    expect(fbm.max_price).toBe(30.44);
  });

  it('22. individual rates override the rule', () => {
    const fbm = price({ individual: { min: 5, std: 10, max: 15 } });
    expect(fbm.min_price).toBe(14.82); // 12.6 ÷ 0.85 = 14.824
    expect(fbm.std_price).toBe(15.53); // 13.2 ÷ 0.85 = 15.529
    expect(fbm.max_price).toBe(16.24); // 13.8 ÷ 0.85 = 16.235
  });
});

describe('priceProduct: stock and availability', () => {
  it('23. buying stock below min_stock lists 0', () => {
    expect(price({ row_cross: cross({ stocks: 3 }) }, { min_stock: 5 }).stock).toBe(0);
  });

  it('24. buying stock caps the rule stock', () => {
    expect(price({ row_cross: cross({ stocks: 8 }) }).stock).toBe(5); // min(5, 8)
    expect(price({ row_cross: cross({ stocks: 2 }) }).stock).toBe(2); // min(5, 2), 2 ≥ min_stock 1
  });

  it('25. an unavailable buying side is not available, with its status as the reason', () => {
    const fbm = price({ row_cross: cross({ status: 'dog' }) });
    expect(fbm).toMatchObject({ available: false, reason: 'dog' });
  });

  it('26. a different product in the selling country is not available', () => {
    expect(price({ row_to: to({ status: 'notsame' }) })).toMatchObject({
      available: false,
      reason: 'notsame',
    });
  });

  it('27. no buying price: PPR calculation failed, nothing priced', () => {
    const fbm = price({ row_cross: cross({ buybox: null, lowest: null }) });
    expect(fbm).toMatchObject({ available: false, reason: 'ppr_failed', cost_in_tc: null, std_price: null });
  });

  it('28. no lowest offer: no diff between lowest', () => {
    expect(price({ row_to: to({ lowest: null }) }).diff_between_lowest).toBeNull();
  });
});

describe('priceProduct: defaults', () => {
  it("takes the selling region from the row's to_country when no context is given", () => {
    const row = makeRow({
      row_cross: cross({ buybox: makeOffer({ buy_price: 9.8 }) }),
      row_to: to({ categories: ['Baby'] }),
      individual: { min: 0, std: 0, max: 0 },
    });
    expect(priceProduct({ ...row, to_country: 'mx' }, makeSettings()).std_price).toBe(10.65);
    expect(priceProduct(row, makeSettings()).std_price).toBe(11.53); // us by default
  });
});

describe('priceProduct: properties', () => {
  it('min ≤ std ≤ max for every fixed rule whose rates are ordered', () => {
    const rates = fc
      .tuple(
        fc.double({ min: -50, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
      )
      .map(([a, b, c]) => [a, a + b, a + b + c] as const);
    fc.assert(
      fc.property(
        rates,
        fc.double({ min: 0.5, max: 2000, noNaN: true }),
        fc.constantFrom('Toys & Games', 'Furniture', 'Baby', 'Jewelry', 'Watches', 'Unknown'),
        fc.constantFrom<RegionCode>('us', 'ca', 'uk', 'mx', 'au', 'ae', 'sg'),
        ([min, std, max], buy, category, region) => {
          const fbm = priceProduct(
            makeRow({
              row_cross: cross({ buybox: makeOffer({ buy_price: buy }) }),
              row_to: to({ categories: [category] }),
            }),
            makeSettings({
              pricing_rules: [defaultFirstRule({ min_rate: min, std_rate: std, max_rate: max })],
            }),
            { toRegion: region },
          );
          expect(fbm.min_price!).toBeLessThanOrEqual(fbm.std_price!);
          expect(fbm.std_price!).toBeLessThanOrEqual(fbm.max_price!);
        },
      ),
    );
  });

  it('the standard price earns the standard rate, within the cent lost to rounding', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 3000, noNaN: true }),
        fc.integer({ min: 0, max: 200 }),
        (buy, std) => {
          const fbm = priceProduct(
            makeRow({
              row_cross: cross({ buybox: makeOffer({ buy_price: buy }) }),
              row_to: to({ categories: ['Watches'] }),
            }),
            makeSettings({
              pricing_rules: [defaultFirstRule({ min_rate: 0, std_rate: std, max_rate: 300 })],
            }),
            { toRegion: 'us' },
          );
          // Price and profit are each rounded to the cent, so up to a cent can be lost between them.
          expect(fbm.profit_amount.custom.std!).toBeGreaterThanOrEqual(buy * (std / 100) - 0.0101);
        },
      ),
    );
  });
});
