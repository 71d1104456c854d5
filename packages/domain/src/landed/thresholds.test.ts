import { describe, expect, it } from 'vitest';
import type { RegionCode } from '../regions';
import type { LaneSettingsInput, SellerTaxProfile } from '../schemas/lanes';
import { amounts, laneCtx, product } from './lane-fixtures';
import { laneModel } from './model';

// Each threshold on both sides (reference §2, §3). Clearance fee 5 in the selling currency, so the line
// also says whether the parcel paid border charges; the default duty rate applies above duty thresholds.
const lines = (
  from: RegionCode,
  to: RegionCode,
  parity: number,
  price: number,
  lane: LaneSettingsInput = {},
  seller: Partial<SellerTaxProfile> = {},
  rates?: Record<string, number>,
) => {
  const currency = { ca: 'CAD', uk: 'GBP', au: 'AUD', sg: 'SGD', ae: 'AED', mx: 'MXN', us: 'USD' }[to];
  const ctx = {
    ...laneCtx(from, to, parity, { clearance_fee: { amount: 5, currency }, ...lane }, seller),
    rates,
  };
  const b = laneModel(ctx, product({ buy_price: 10 })).breakdown(price);
  return { ...amounts(b.lines), rules: Object.fromEntries(b.lines.map((l) => [l.key, l.rule])) };
};

describe('UK £135 (VAT-exclusive value; prices include VAT)', () => {
  it('at £135.00 Amazon keeps 1/6 and nothing is due at the border', () => {
    const x = lines('us', 'uk', 0.8, 162); // 162 ÷ 1.2 = 135.00
    expect(x).toMatchObject({ tax_kept_by_amazon: 27, duty: 0, import_tax: 0, clearance_fee: 0 });
  });
  it('at £135.01 the seller pays duty and import VAT on value + duty, and the carrier fee', () => {
    const x = lines('us', 'uk', 0.8, 162.01); // value 135.01, duty 4 % = 5.40, VAT 20 % × 140.41 = 28.08
    expect(x).toMatchObject({ tax_kept_by_amazon: 0, duty: 5.4, import_tax: 28.08, clearance_fee: 5 });
    expect(x.rules).toMatchObject({ duty: 'duty-uk', import_tax: 'border-uk' });
  });
  it('a UK-registered seller owes the VAT in the price instead and recovers the import VAT', () => {
    const x = lines('us', 'uk', 0.8, 240, { registered_selling: true }); // value 200
    expect(x).toMatchObject({ tax_kept_by_amazon: 40, duty: 8, import_tax: 0, clearance_fee: 5 });
    expect(x.rules).toMatchObject({
      tax_kept_by_amazon: 'price-tax-uk',
      import_tax: 'lane.registered_selling',
    });
  });
});

describe('AU A$1,000 and SG S$400 (GST-inclusive prices)', () => {
  it('AU: 1/11 kept up to a value of A$1,000; above, 5 % duty and 10 % GST on value + duty', () => {
    expect(lines('uk', 'au', 2, 1100)).toMatchObject({ tax_kept_by_amazon: 100, duty: 0, import_tax: 0 });
    // value 1000.01, duty 50.00, GST 10 % × 1050.01 = 105.00
    expect(lines('uk', 'au', 2, 1100.01)).toMatchObject({
      tax_kept_by_amazon: 0,
      duty: 50,
      import_tax: 105,
      clearance_fee: 5,
    });
  });
  it('SG: 9/109 kept up to S$400; above, 9 % import GST and no duty', () => {
    expect(lines('us', 'sg', 1.3, 436)).toMatchObject({ tax_kept_by_amazon: 36, import_tax: 0 });
    expect(lines('us', 'sg', 1.3, 436.01)).toMatchObject({ tax_kept_by_amazon: 0, duty: 0, import_tax: 36 });
  });
});

describe('CA: C$40/C$150 by courier from the US, C$20 by post or from elsewhere (prices exclude tax)', () => {
  it('courier from the US', () => {
    expect(lines('us', 'ca', 1.38, 40)).toMatchObject({ duty: 0, import_tax: 0, clearance_fee: 0 });
    expect(lines('us', 'ca', 1.38, 40.01)).toMatchObject({ duty: 0, import_tax: 5.2, clearance_fee: 5 });
    expect(lines('us', 'ca', 1.38, 150)).toMatchObject({ duty: 0, import_tax: 19.5 });
    // 8 % duty 12.00, HST 13 % × 162.01 = 21.06
    expect(lines('us', 'ca', 1.38, 150.01)).toMatchObject({ duty: 12, import_tax: 21.06 });
  });
  it('post from the US, and courier from the UK: C$20', () => {
    expect(lines('us', 'ca', 1.38, 20, { carrier: 'post' })).toMatchObject({ duty: 0, import_tax: 0 });
    expect(lines('us', 'ca', 1.38, 20.01, { carrier: 'post' })).toMatchObject({
      duty: 1.6,
      import_tax: 2.81,
    });
    expect(lines('uk', 'ca', 1.8, 20)).toMatchObject({ duty: 0, import_tax: 0 });
    expect(lines('uk', 'ca', 1.8, 20.01)).toMatchObject({ duty: 1.6, import_tax: 2.81 });
  });
});

describe('AE AED 1,000 (import VAT on every parcel)', () => {
  it('duty only above AED 1,000; 5 % VAT always; the seller keeps the whole price', () => {
    expect(lines('us', 'ae', 3.67, 1050)).toMatchObject({ tax_kept_by_amazon: 0, duty: 0, import_tax: 50 });
    // value 1000.01: duty 50.00, VAT 5 % × 1050.01 = 52.50
    expect(lines('us', 'ae', 3.67, 1050.01)).toMatchObject({ duty: 50, import_tax: 52.5 });
    expect(lines('us', 'ae', 3.67, 10.5)).toMatchObject({ import_tax: 0.5, clearance_fee: 5 });
  });
});

describe('AE: duty and import VAT on CIF (reference §3 AE row, §3a)', () => {
  // AED 104.30 of international freight for the fixtures' 1 kg parcel.
  const freight = { rate_card: { per_parcel: 100, per_kg: 4.3, divisor: 5000, currency: 'AED' } } as const;
  it('a speaker at AED 1,299.00: duty and VAT on goods plus freight', () => {
    // value 1299 ÷ 1.05 = 1237.14; CIF 1341.44: duty 5 % = 67.07, VAT 5 % × (1341.44 + 67.07) = 70.43
    const x = lines('us', 'ae', 3.67, 1299, freight);
    expect(x).toMatchObject({ international_shipping: 104.3, duty: 67.07, import_tax: 70.43 });
    expect(x.rules).toMatchObject({ duty: 'duty-ae', import_tax: 'border-ae-courier' });
  });
  it('the AED 1,000 threshold is on the same CIF value: AED 999.99 and AED 1,000.01 with the freight', () => {
    // CIF 999.99: goods 895.69 (price 940.47); CIF 1000.01: goods 895.71 (price 940.50)
    expect(lines('us', 'ae', 3.67, 940.47, freight)).toMatchObject({ duty: 0, import_tax: 50 });
    expect(lines('us', 'ae', 3.67, 940.5, freight)).toMatchObject({ duty: 50, import_tax: 52.5 });
  });
  it('the UK keeps the goods alone: the freight stays out of its customs value', () => {
    const card = { rate_card: { per_parcel: 20, per_kg: 0, divisor: 5000, currency: 'GBP' } } as const;
    // value 200, duty 4 % = 8.00, VAT 20 % × 208 = 41.60, whatever the freight
    expect(lines('us', 'uk', 0.8, 240, card)).toMatchObject({ duty: 8, import_tax: 41.6 });
  });
});

describe("Mexico's courier bands (US$, on the value ex IVA)", () => {
  // 18 MXN to the dollar; IVA 16 % inside the price, kept by Amazon (assumed, §11.6).
  it('from the US: exempt to US$50, 17 % to US$117, 19 % to US$2,500, then duty + IVA', () => {
    expect(lines('us', 'mx', 18, 1044)).toMatchObject({
      tax_kept_by_amazon: 144,
      import_tax: 0,
      clearance_fee: 0,
    });
    expect(lines('us', 'mx', 18, 1044.01)).toMatchObject({ duty: 0, import_tax: 153, clearance_fee: 5 });
    expect(lines('us', 'mx', 18, 2442.96)).toMatchObject({ import_tax: 358.02 }); // 17 % of 2106
    expect(lines('us', 'mx', 18, 2442.97)).toMatchObject({ import_tax: 400.14 }); // 19 % of 2106.01
    expect(lines('us', 'mx', 18, 52200)).toMatchObject({ duty: 0, import_tax: 8550 });
    // value 45000.01: duty 3 % = 1350.00, IVA 16 % × 46350.01 = 7416.00
    expect(lines('us', 'mx', 18, 52200.01)).toMatchObject({ duty: 1350, import_tax: 7416 });
  });
  it('from the UK: 33.5 % above US$1 since 15 Aug 2025 (assumed)', () => {
    const [parity, rates] = [18 * 1.3, { USD: 1, GBP: 1 / 1.3, MXN: 18 }];
    // value 18.00 = US$1.00, then 18.01: 33.5 % = 6.03
    expect(lines('uk', 'mx', parity, 20.88, {}, {}, rates)).toMatchObject({ import_tax: 0 });
    expect(lines('uk', 'mx', parity, 20.89, {}, {}, rates)).toMatchObject({ import_tax: 6.03 });
  });
});

describe('US: no de minimis', () => {
  it('duty from the first cent, no import tax', () => {
    expect(lines('uk', 'us', 1.3, 1)).toMatchObject({ duty: 0.05, import_tax: 0, clearance_fee: 5 });
  });
});

describe('fees by the seller: the DSF by establishment, tax on fees by residence', () => {
  it('UK store: 2 % DSF for sellers established outside the UK; 20 % VAT on fees for UK sellers', () => {
    expect(lines('us', 'uk', 0.8, 60, {}, { establishment: 'us' })).toMatchObject({
      referral_fee: 9,
      digital_services_fee: 0.18,
      tax_on_fees: 0,
    });
    expect(lines('us', 'uk', 0.8, 60, {}, { establishment: 'uk' })).toMatchObject({
      digital_services_fee: 0,
      tax_on_fees: 1.8,
    });
    // Registered for VAT in the UK: the VAT on fees is recoverable, so not a cost.
    expect(lines('us', 'uk', 0.8, 60, { registered_selling: true }, { establishment: 'uk' })).toMatchObject({
      tax_on_fees: 0,
    });
  });
  it('US store: 2 % for UK-established sellers, none for US- or Turkey-established', () => {
    expect(lines('uk', 'us', 1.3, 100, {}, { establishment: 'uk' })).toMatchObject({
      digital_services_fee: 0.3,
    });
    expect(lines('uk', 'us', 1.3, 100, {}, { establishment: 'tr' })).toMatchObject({
      digital_services_fee: 0,
    });
  });
  it('AU store: 10 % GST on fees only for AU residents', () => {
    expect(lines('uk', 'au', 2, 100, {}, { establishment: 'au' })).toMatchObject({ tax_on_fees: 1.5 });
    expect(lines('uk', 'au', 2, 100, {}, { establishment: 'us' })).toMatchObject({ tax_on_fees: 0 });
  });
});
