import { describe, expect, it } from 'vitest';
import { minimumOrderOf, packPrice, unitCostOf } from './pack';

describe('pack-size arithmetic', () => {
  it('unit cost × the ASIN’s item package quantity is the buy price', () => {
    expect(packPrice({ cost: 2.5, basis: 'unit', supplierPack: 1 }, 1)).toEqual({
      unitCost: 2.5,
      units: 1,
      buyPrice: 2.5,
      pack: 'same',
    });
    // The supplier sells singles; Amazon's product is a 6-pack: six singles, flagged.
    expect(packPrice({ cost: 2.5, basis: 'unit', supplierPack: 1 }, 6)).toMatchObject({
      buyPrice: 15,
      units: 6,
      pack: 'differs',
    });
  });

  it('a pack price is divided by its units first', () => {
    expect(unitCostOf(30, 'pack', 12)).toBe(2.5);
    expect(packPrice({ cost: 30, basis: 'pack', supplierPack: 12 }, 12)).toMatchObject({
      buyPrice: 30,
      pack: 'same',
    });
    expect(packPrice({ cost: 10, basis: 'pack', supplierPack: 3 }, 2)).toMatchObject({
      buyPrice: 6.67,
      pack: 'differs',
    });
  });

  it('without Amazon’s quantity the supplier’s pack is priced and the row says so, never a guess', () => {
    expect(packPrice({ cost: 30, basis: 'pack', supplierPack: 12 }, null)).toMatchObject({
      buyPrice: 30,
      units: 12,
      pack: 'unknown',
    });
    expect(packPrice({ cost: 30, basis: 'pack', supplierPack: 12 }, 0)).toMatchObject({ pack: 'unknown' });
    expect(packPrice({ cost: 30, basis: 'pack', supplierPack: 12 }, 1.5)).toMatchObject({ pack: 'unknown' });
  });

  it('refuses a pack that is not a whole number of units', () => {
    expect(() => unitCostOf(10, 'pack', 0)).toThrow();
    expect(() => unitCostOf(10, 'pack', 2.5)).toThrow();
  });

  it('prices the minimum order and its whole products’ profit', () => {
    // 5 cases of 12 at 30 each: 60 units, ten 6-packs at 4.20 profit each.
    expect(minimumOrderOf({ cost: 30, basis: 'pack', supplierPack: 12, minOrder: 5 }, 6, 4.2)).toEqual({
      packs: 5,
      units: 60,
      products: 10,
      cost: 150,
      profit: 42,
    });
    // No minimum: one pack; a 5-pack from cases of 12 leaves 2 units over.
    expect(minimumOrderOf({ cost: 2, basis: 'unit', supplierPack: 12, minOrder: null }, 5, null)).toEqual({
      packs: 1,
      units: 12,
      products: 2,
      cost: 24,
      profit: null,
    });
  });
});

describe('the supplier as a buying side', () => {
  it('converts the list currency and grosses a trade price up where shop prices include the tax', async () => {
    const { supplierSourcePrice, matchConfidence } = await import('./buy-side');
    const rates = { USD: 1, GBP: 0.8, EUR: 0.9 };
    const uk = { rate: 20, includes: true };
    // 9 EUR = 8 GBP; without VAT, so 9.60 as a UK shop price (the model takes the 1.60 VAT back out).
    expect(
      supplierSourcePrice(9, {
        listCurrency: 'EUR',
        buyCurrency: 'GBP',
        rates,
        pricesIncludeTax: false,
        purchaseTax: uk,
      }),
    ).toBe(9.6);
    expect(
      supplierSourcePrice(8, {
        listCurrency: 'GBP',
        buyCurrency: 'GBP',
        rates,
        pricesIncludeTax: true,
        purchaseTax: uk,
      }),
    ).toBe(8);
    // A US lane adds its purchase tax on top: the trade price is read as it is.
    expect(
      supplierSourcePrice(8, {
        listCurrency: 'USD',
        buyCurrency: 'USD',
        rates,
        pricesIncludeTax: false,
        purchaseTax: { rate: 6.625, includes: false },
      }),
    ).toBe(8);
    expect(matchConfidence('ASIN', 1, false)).toBe('asin');
    expect(matchConfidence('UPC', 1, false)).toBe('exact');
    expect(matchConfidence('EAN', 3, false)).toBe('one_of_several');
    expect(matchConfidence('EAN', 1, true)).toBe('bundle');
  });
});
