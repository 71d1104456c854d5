import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productSideArbitrary } from '../filters/row-arbitrary';
import { makeSettings } from '../fixtures';
import { priceProduct } from './price-product';
import { packPricingInput, pricingInput, unpackPricingInput } from './pricing-input';

describe('the stored pricing input', () => {
  it('prices exactly like the whole row, after packing and unpacking (property)', () => {
    fc.assert(
      fc.property(productSideArbitrary, productSideArbitrary, (row_cross, row_to) => {
        const row = { row_cross, row_to };
        const stored = unpackPricingInput(JSON.parse(packPricingInput(pricingInput(row))));
        for (const settings of [makeSettings(), makeSettings({ parity: 1.37, min_stock: 3 })]) {
          expect(priceProduct(stored, settings, { toRegion: 'ca' })).toEqual(
            priceProduct(row, settings, { toRegion: 'ca' }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stores a repeated offer once and reads it back as the same offer (property)', () => {
    fc.assert(
      fc.property(productSideArbitrary, productSideArbitrary, (cross, to) => {
        // The usual shape: the buy box is also the lowest (and the lowest FBA) offer.
        const row = {
          row_cross: { ...cross, lowest: cross.buybox, lowest_fba: cross.buybox },
          row_to: { ...to, lowest: to.buybox },
        };
        const input = pricingInput(row);
        const packed = packPricingInput(input);
        const stored = unpackPricingInput(JSON.parse(packed));
        expect(stored).toEqual(input);
        if (cross.buybox) expect(JSON.parse(packed).slice(3, 5)).toEqual([0, 0]);
        expect(priceProduct(stored, makeSettings(), { toRegion: 'ca' })).toEqual(
          priceProduct(row, makeSettings(), { toRegion: 'ca' }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('still reads inputs stored before repeats were shared', () => {
    const offer = ['S1', 10, 2, 1];
    const old = ['ok', 4, offer, offer, null, 'ok', ['Toys'], [5, 'Toys', 'top'], offer, offer];
    const input = unpackPricingInput(old);
    expect(input.row_cross.lowest).toEqual({
      seller_id: 'S1',
      buy_price: 10,
      shipping_fee: 2,
      import_fee: 1,
    });
    expect(input.row_cross.lowest_fba).toBeNull();
    expect(input.row_to.lowest).toEqual(input.row_to.buybox);
  });
});
