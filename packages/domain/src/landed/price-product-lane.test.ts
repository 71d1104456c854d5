import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeOffer, makeRow, makeSettings, makeSide } from '../fixtures';
import { resultRowsArbitrary } from '../filters/row-arbitrary';
import { priceProduct } from '../pricing/price-product';
import { rowMoney } from '../pricing/row-money';
import { PRESET_RULE_SETS } from '../pricing/presets';
import { REGION_CODES } from '../regions';
import { laneCtx } from './lane-fixtures';
import { laneModel } from './model';
import { resolveLane } from './resolve';
import { MONEY_KEYS } from './types';

// Lane mode `simple` is the specification's formula: with no tax treatment, thresholds, conversion fee
// or international leg, the lane model must give today's priceProduct figures for every row.

const fees = fc.option(
  fc.record({
    price: fc.double({ min: 1, max: 500, noNaN: true }),
    referral_fee: fc.double({ min: 0, max: 80, noNaN: true }),
    closing_fee: fc.constantFrom(0, 1.8),
  }),
  { nil: null },
);

describe('simple mode reproduces priceProduct', () => {
  it('for every generated row, rule set, parity and selling country', () => {
    fc.assert(
      fc.property(
        resultRowsArbitrary(25),
        fc.array(fees, { minLength: 25, maxLength: 25 }),
        fc.constantFrom(...Object.keys(PRESET_RULE_SETS), 'first'),
        fc.double({ min: 0.3, max: 30, noNaN: true }),
        fc.constantFrom(...REGION_CODES),
        fc.constantFrom('us' as const, 'uk' as const),
        (rows, rowFees, preset, parity, to, from) => {
          const rules =
            preset === 'first' ? undefined : [...PRESET_RULE_SETS[preset as keyof typeof PRESET_RULE_SETS]];
          const settings = makeSettings({ parity, ...(rules ? { pricing_rules: rules } : {}) });
          const lane = resolveLane(laneCtx(from, to, parity, { mode: 'simple', conversion_fee_pct: 1.5 }));
          rows.forEach((row, i) => {
            const input = { ...row, fbm: null, banned: null, individual: null, fees: rowFees[i] ?? null };
            const today = priceProduct(input, settings, { toRegion: to });
            expect(priceProduct(input, settings, { toRegion: to, lane })).toEqual(today);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('priceProduct on a landed lane', () => {
  it("prices the first rule's rates on the landed cost, and the buy box with every line", () => {
    const lane = resolveLane(
      laneCtx('us', 'ca', 1.38, {
        rate_card: { per_parcel: 18, per_kg: 0, currency: 'USD' },
        clearance_fee: { amount: 10, currency: 'CAD' },
      }),
    );
    const row = makeRow({
      row_cross: makeSide({ buybox: makeOffer({ buy_price: 50, shipping_fee: 0 }) }),
      row_to: makeSide({ buybox: makeOffer({ buy_price: 149.99 }), categories: ['Toys & Games'] }),
    });
    const settings = makeSettings({ parity: 1.38 });
    const fbm = priceProduct(row, settings, { toRegion: 'ca', lane });
    const today = priceProduct(row, settings, { toRegion: 'ca' });
    const model = laneModel(lane, {
      buy_price: 50,
      shipping_fee: 0,
      import_fee: 0,
      parcel: null,
      schedule: { kind: 'flat', rate: 0.15 },
      fee_source: 'table',
      category: 'Toys & Games',
    });
    expect(fbm.cost_in_tc).toBe(93.84); // US$50 + US$18 at 1.38, before border charges
    expect(fbm.profit_amount.buybox).toBe(model.breakdown(149.99).profit);
    expect(fbm.profit_amount.buybox!).toBeLessThan(today.profit_amount.buybox! - 20);
    const first = settings.pricing_rules[0]!;
    for (const [price, rate] of [
      [fbm.min_price, first.min_rate],
      [fbm.std_price, first.std_rate],
      [fbm.max_price, first.max_rate],
    ] as const) {
      expect(model.rateAt(price!)!).toBeGreaterThanOrEqual(rate);
      expect(model.rateAt(price! - 0.01)!).toBeLessThan(rate);
    }
    expect(fbm.profit_percent.custom.std!).toBeGreaterThanOrEqual(first.std_rate);

    const money = rowMoney(row, settings, { toRegion: 'ca', lane }, fbm);
    expect(money.buybox!.lines.map((l) => l.key)).toEqual([...MONEY_KEYS]);
    expect(money.buybox!.profit).toBe(fbm.profit_amount.buybox);
    expect(money.std!.price).toBe(fbm.std_price);
    expect(money.std!.profit).toBe(fbm.profit_amount.custom.std);
    expect(rowMoney(row, settings, { toRegion: 'ca' }, fbm)).toEqual({ buybox: null, std: null });
  });
});
