import { describe, expect, it } from 'vitest';
import { amounts, laneCtx, product } from './lane-fixtures';
import { laneModel } from './model';
import { parcelOf } from './parcel';

describe('the lines from the product and the lane', () => {
  it("Amazon's fee estimate replaces the table: its share of the price, its minimum, its closing fee", () => {
    const ctx = laneCtx('us', 'uk', 0.8, {}, { establishment: 'us' });
    const estimate = { kind: 'estimate', rate: 0.1, minimum: 0.25, closing: 0.5 } as const;
    const b = laneModel(ctx, product({ schedule: estimate, fee_source: 'estimate' })).breakdown(60);
    expect(amounts(b.lines)).toMatchObject({ referral_fee: 6, closing_fee: 0.5, digital_services_fee: 0.13 });
    expect(b.lines.find((l) => l.key === 'referral_fee')!.rule).toBe('amazon.fee_estimate');
    const cheap = laneModel(ctx, product({ schedule: estimate, fee_source: 'estimate' })).breakdown(2);
    expect(amounts(cheap.lines).referral_fee).toBe(0.25);
  });

  it('the rate card charges the greater of actual and dimensional weight, in its own currency', () => {
    const card = { per_parcel: 5, per_kg: 10, divisor: 5000, currency: 'GBP' } as const;
    const ctx = { ...laneCtx('us', 'ca', 1.38, { rate_card: card }), rates: { USD: 1, GBP: 0.8, CAD: 1.38 } };
    // 30 × 20 × 20 cm = 12,000 cm³ ÷ 5,000 = 2.4 kg > 1 kg: £29.00 = US$36.25 = C$50.03
    const dims = { length: 30, width: 20, height: 20 };
    const heavy = laneModel(ctx, product({ parcel: { weight_kg: 1, dims_cm: dims } })).breakdown(100);
    expect(heavy.lines.find((l) => l.key === 'international_shipping')).toMatchObject({
      amount: 50.03,
      assumed: false,
      paid: { amount: 29, currency: 'GBP' },
    });
    const unknown = laneModel(ctx, product({ parcel: null })).breakdown(100);
    expect(unknown.lines.find((l) => l.key === 'international_shipping')).toMatchObject({
      amount: 8.63, // the per-parcel £5 only
      assumed: true,
    });
    const noCard = laneModel(laneCtx('us', 'ca', 1.38), product()).breakdown(100);
    expect(noCard.lines.find((l) => l.key === 'international_shipping')).toMatchObject({
      amount: 0,
      assumed: true,
    });
  });

  it("when the source ships, the offer's import-fee deposit is the import charge and no leg is ours", () => {
    const ctx = laneCtx('us', 'ca', 1.38, {
      route: 'source_ships',
      rate_card: { per_parcel: 18, per_kg: 0, currency: 'USD' },
      clearance_fee: { amount: 10, currency: 'CAD' },
    });
    const b = laneModel(ctx, product({ buy_price: 50, shipping_fee: 12, import_fee: 9 })).breakdown(149.99);
    expect(amounts(b.lines)).toMatchObject({
      source_shipping: 16.56,
      international_shipping: 0,
      import_tax: 12.42, // US$9 deposit
      clearance_fee: 0,
    });
    expect(b.lines.find((l) => l.key === 'import_tax')!.rule).toBe('offer.import_fee');
  });

  it('a domestic lane has no border and no conversion fee; a US purchase can carry sales tax', () => {
    const b = laneModel(
      laneCtx('us', 'us', 1, { purchase_tax_pct: 6.625 }),
      product({ buy_price: 50 }),
    ).breakdown(100);
    expect(amounts(b.lines)).toMatchObject({
      buy_price: 50,
      buy_tax: 3.31,
      duty: 0,
      import_tax: 0,
      conversion_fee: 0,
    });
  });

  it('simple mode: only the referral fee and the offer costs, exactly as the specification', () => {
    const ctx = laneCtx('us', 'ca', 1.35, { mode: 'simple' });
    const m = laneModel(
      ctx,
      product({ buy_price: 10, shipping_fee: 2, import_fee: 0, schedule: { kind: 'flat', rate: 0.15 } }),
    );
    const b = m.breakdown(25);
    expect(b.profit).toBe(5.05); // 25 × 0.85 − 12 × 1.35
    expect(m.priceForRate(20)).toBe(22.87); // 16.2 × 1.2 ÷ 0.85
    expect(amounts(b.lines)).toMatchObject({
      tax_kept_by_amazon: 0,
      digital_services_fee: 0,
      conversion_fee: 0,
      landed_cost: 16.2,
    });
  });
});

describe('parcelOf', () => {
  it('reads a side in pounds and inches as kilograms and centimetres', () => {
    const p = parcelOf({
      weight: { value: 2, unit: 'lb' },
      package_dimensions: { length: 10, width: 5, height: 2, unit: 'in' },
    });
    expect(p!.weight_kg).toBeCloseTo(0.907, 3);
    expect(p!.dims_cm).toEqual({ length: 25.4, width: 12.7, height: 5.08 });
    expect(parcelOf({ weight: null, package_dimensions: null })).toBeNull();
  });
});

describe('a domestic UK lane', () => {
  it('Amazon keeps the VAT at any value from a seller established outside the UK, not from a UK one', () => {
    const price = 300; // value £250, over £135
    const foreign = laneModel(laneCtx('uk', 'uk', 1, {}, { establishment: 'tr' }), product()).breakdown(
      price,
    );
    expect(foreign.lines.find((l) => l.key === 'tax_kept_by_amazon')).toMatchObject({
      amount: 50,
      rule: 'collect-uk',
    });
    const local = laneModel(laneCtx('uk', 'uk', 1, {}, { establishment: 'uk' }), product()).breakdown(price);
    expect(amounts(local.lines).tax_kept_by_amazon).toBe(0);
  });
});
