import { describe, expect, it } from 'vitest';
import { inBuyingCurrency } from './breakdown';
import { amounts, laneCtx, product } from './lane-fixtures';
import { laneModel } from './model';
import { MONEY_KEYS } from './types';

// shared/reference/cross-border.md §8: FX 1 USD = 1.38 CAD, 1 GBP = 1.30 USD, 1 GBP = 2.00 AUD; referral
// 15 % of the gross price, DSF 2 %, ACCS 1.5 %, no shipping charged to the buyer, seller not registered.

describe('the reference worked lanes, to the cent', () => {
  it('A: US → CA, Turkish seller, forwarder + courier, C$149.99 makes US$1.29', () => {
    const ctx = laneCtx(
      'us',
      'ca',
      1.38,
      {
        rate_card: { per_parcel: 18, per_kg: 0, currency: 'USD' },
        clearance_fee: { amount: 10, currency: 'CAD' },
      },
      { establishment: 'tr' },
    );
    const b = laneModel(ctx, product({ buy_price: 50 })).breakdown(149.99);
    expect(b.lines.map((l) => l.key)).toEqual([...MONEY_KEYS]);
    expect(amounts(b.lines)).toMatchObject({
      sale_price: 149.99,
      tax_kept_by_amazon: 0,
      referral_fee: 22.5,
      digital_services_fee: 0.45,
      tax_on_fees: 0,
      payout: 127.04,
      conversion_fee: 1.91,
      buy_price: 69, // US$50
      buy_tax: 0,
      international_shipping: 24.84, // US$18
      duty: 0, // C$149.99 ≤ C$150 courier from the US
      import_tax: 19.5, // HST 13 % over C$40
      clearance_fee: 10,
    });
    expect(inBuyingCurrency(b, 1.38, 'USD')).toEqual({
      currency: 'USD',
      proceeds: 90.67,
      landed_cost: 89.38,
      profit: 1.29,
    });
    const tax = b.lines.find((l) => l.key === 'import_tax')!;
    expect(tax).toMatchObject({ rule: 'border-ca-us-courier', assumed: true }); // the province is assumed
    expect(b.lines.find((l) => l.key === 'digital_services_fee')).toMatchObject({
      rule: 'dsf-ca',
      assumed: true,
    });
  });

  it('B: US → UK, US seller ships by courier, £64.99 makes US$10.62', () => {
    const ctx = laneCtx('us', 'uk', 1 / 1.3, { rate_card: { per_parcel: 14, per_kg: 0, currency: 'USD' } });
    const b = laneModel(ctx, product({ buy_price: 32 })).breakdown(64.99);
    expect(amounts(b.lines)).toMatchObject({
      tax_kept_by_amazon: 10.83, // 1/6, value £54.16 ≤ £135
      referral_fee: 9.75,
      digital_services_fee: 0.2,
      tax_on_fees: 0,
      payout: 44.21,
      conversion_fee: 0.66,
      duty: 0,
      import_tax: 0,
    });
    expect(b.lines.find((l) => l.key === 'tax_kept_by_amazon')!.rule).toBe('collect-uk');
    expect(inBuyingCurrency(b, 1 / 1.3, 'USD')).toEqual({
      currency: 'USD',
      proceeds: 56.62,
      landed_cost: 46,
      profit: 10.62,
    });
  });

  it('B2: the source ships straight to the UK buyer: UK VAT on the purchase too, US$3.82', () => {
    const ctx = laneCtx('us', 'uk', 1 / 1.3, { route: 'source_ships' });
    const b = laneModel(ctx, product({ buy_price: 32, shipping_fee: 12 })).breakdown(64.99);
    expect(amounts(b.lines)).toMatchObject({ tax_kept_by_amazon: 10.83, international_shipping: 0, duty: 0 });
    expect(inBuyingCurrency(b, 1 / 1.3, 'USD').profit).toBe(3.82);
  });

  it('C: UK → AU, UK seller not VAT-registered, A$139 makes £2.26; registered, £8.26', () => {
    const lane = { rate_card: { per_parcel: 13.5, per_kg: 0, currency: 'GBP' } } as const;
    const seller = { establishment: 'uk' } as const;
    const b = laneModel(laneCtx('uk', 'au', 2, lane, seller), product({ buy_price: 36 })).breakdown(139);
    expect(amounts(b.lines)).toMatchObject({
      tax_kept_by_amazon: 12.64, // 1/11, value A$126.36 ≤ A$1,000
      referral_fee: 20.85,
      digital_services_fee: 0.42,
      tax_on_fees: 0,
      payout: 105.09,
      conversion_fee: 1.58,
      buy_price: 60, // £30 ex VAT
      buy_tax: 12, // £6 VAT inside the UK price
      international_shipping: 27,
      duty: 0,
      import_tax: 0,
    });
    expect(b.lines.find((l) => l.key === 'digital_services_fee')).toMatchObject({
      rule: 'dsf-au-uk',
      assumed: true,
    });
    expect(inBuyingCurrency(b, 2, 'GBP').profit).toBe(2.26);
    const registered = laneModel(
      laneCtx('uk', 'au', 2, { ...lane, registered_buying: true }, seller),
      product({ buy_price: 36 }),
    ).breakdown(139);
    expect(inBuyingCurrency(registered, 2, 'GBP').profit).toBe(8.26);
  });
});
