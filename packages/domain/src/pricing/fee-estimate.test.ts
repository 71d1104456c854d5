import { describe, expect, it } from 'vitest';
import { makeOffer, makeRow, makeSettings, makeSide } from '../fixtures';
import { feeAt, priceForNet } from './commission';
import { estimateSchedule, type FeeEstimate } from './fee-estimate';
import { priceProduct } from './price-product';
import { packPricingInput, pricingInput, unpackPricingInput } from './pricing-input';

// Buy 10 + shipping 2 (cost 12), target buy box 25, Toys & Games (15 % in the table), sold in the US.
const row = (fees?: FeeEstimate) => ({
  ...makeRow({
    row_cross: makeSide({ buybox: makeOffer({ buy_price: 10, shipping_fee: 2, import_fee: 0 }) }),
    row_to: makeSide({
      buybox: makeOffer({ buy_price: 25 }),
      lowest: makeOffer({ buy_price: 24 }),
      categories: ['Toys & Games'],
      sales_rank: null,
    }),
  }),
  ...(fees ? { fees } : {}),
});
const TABLE_15 = { kind: 'flat', rate: 0.15 } as const;

describe('estimateSchedule: Amazon’s estimate at another price', () => {
  it('reads the rate off the estimate and gives back Amazon’s fee exactly at the price it asked', () => {
    const { schedule, referral } = estimateSchedule(
      { price: 25, referral_fee: 3, closing_fee: 1.8 },
      TABLE_15,
      'us',
    );
    expect(referral).toBe('estimate');
    expect(schedule.rate).toBeCloseTo(0.12, 10); // 3 ÷ 25, not the table's 15 %
    expect(feeAt(25, schedule)).toBeCloseTo(4.8, 10); // 3 + 1.80
    expect(feeAt(50, schedule)).toBeCloseTo(7.8, 10); // 50 × 12 % + 1.80
    expect(feeAt(1, schedule)).toBeCloseTo(2.1, 10); // the $0.30 minimum + 1.80
  });

  it('takes the table’s rate when the estimate is the minimum fee (the rate does not show)', () => {
    const { schedule, referral } = estimateSchedule(
      { price: 1.5, referral_fee: 0.3, closing_fee: 0 },
      TABLE_15,
      'us',
    );
    expect(referral).toBe('table');
    expect(schedule.rate).toBeCloseTo(0.15, 10);
    expect(feeAt(1.5, schedule)).toBeCloseTo(0.3, 10);
    expect(feeAt(20, schedule)).toBeCloseTo(3, 10);
  });

  it('reads a fee of half the price or more as a minimum we do not hold, never as a rate', () => {
    // A marketplace whose minimum is above our 0.30 USD at the fixed rate: 10 MXN at 15 MXN.
    const { schedule, referral } = estimateSchedule(
      { price: 15, referral_fee: 10, closing_fee: 0 },
      TABLE_15,
      'mx',
    );
    expect(referral).toBe('table');
    expect(schedule.rate).toBeCloseTo(0.15, 10);
    expect(schedule.minimum).toBe(10);
    expect(feeAt(50, schedule)).toBe(10); // max(7.50, 10)
    expect(feeAt(100, schedule)).toBeCloseTo(15, 10);
    // Every price it gives earns what was asked for, however small.
    for (const net of [0.5, 5, 40, 300]) {
      const s = priceForNet(net, schedule);
      expect(Number.isFinite(s)).toBe(true);
      expect(s - feeAt(s, schedule)).toBeCloseTo(net, 8);
    }
    // A fee equal to the price is no rate of 100 %.
    expect(estimateSchedule({ price: 2, referral_fee: 2, closing_fee: 0 }, TABLE_15, 'mx').referral).toBe(
      'table',
    );
  });

  it('scales the minimum to the selling currency', () => {
    const { schedule } = estimateSchedule({ price: 27, referral_fee: 4.05, closing_fee: 0 }, TABLE_15, 'ca');
    expect(schedule.minimum).toBeCloseTo(0.405, 10); // 0.30 USD × 1.35
  });

  it('finds the lowest price whose proceeds reach the net, closing fee and minimum included', () => {
    const { schedule } = estimateSchedule({ price: 25, referral_fee: 3, closing_fee: 1.8 }, TABLE_15, 'us');
    for (const net of [0.5, 1, 5, 14.4, 200]) {
      const s = priceForNet(net, schedule);
      expect(s - feeAt(s, schedule)).toBeCloseTo(net, 8);
    }
    expect(priceForNet(14.4, schedule)).toBeCloseTo((14.4 + 1.8) / 0.88, 10);
    // 1 net: (1 + 1.8) ÷ 0.88 = 3.18 would charge 0.38 ≥ 0.30, so the rate's answer stands.
    expect(priceForNet(1, schedule)).toBeCloseTo(2.8 / 0.88, 10);
    // 0.1 net: the rate's answer (2.27) charges 0.27 < 0.30, so the minimum applies: 0.1 + 1.8 + 0.3.
    expect(priceForNet(0.1, schedule)).toBeCloseTo(2.2, 10);
  });
});

describe('priceProduct with Amazon’s estimate', () => {
  it('prices with the estimate and names its source; without one, the table as before', () => {
    const table = priceProduct(row(), makeSettings(), { toRegion: 'us' });
    expect(table).toMatchObject({
      commission_rate: 15,
      commission_source: 'table',
      closing_fee: null,
      fee_estimate_price: null,
    });
    const fbm = priceProduct(row({ price: 25, referral_fee: 3, closing_fee: 1.8 }), makeSettings(), {
      toRegion: 'us',
    });
    expect(fbm).toMatchObject({
      commission_rate: 12,
      commission_source: 'estimate',
      closing_fee: 1.8,
      fee_estimate_price: 25,
    });
    expect(fbm.profit_amount.buybox).toBe(8.2); // 25 − 3 − 1.80 − 12
    expect(fbm.profit_percent.buybox).toBe(68.33); // 8.2 ÷ 12
    expect(fbm.std_price).toBe(18.41); // (12 × 1.2 + 1.80) ÷ 0.88 = 18.409
    expect(fbm.profit_percent.custom.std).toBe(20.01); // (18.41 × 0.88 − 1.80 − 12) ÷ 12 = 20.007 %
  });

  it('keeps the estimate through the stored pricing input; inputs without one pack as before', () => {
    const fees = { price: 25, referral_fee: 3, closing_fee: 1.8 };
    const withFees = packPricingInput({ ...pricingInput(row()), fees });
    expect(unpackPricingInput(JSON.parse(withFees)).fees).toEqual(fees);
    const without = packPricingInput(pricingInput(row()));
    expect(JSON.parse(without)).toHaveLength(10);
    expect(unpackPricingInput(JSON.parse(without)).fees).toBeUndefined();
  });
});
