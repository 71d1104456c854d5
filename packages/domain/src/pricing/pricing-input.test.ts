import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productSideArbitrary } from '../filters/row-arbitrary';
import { makeSettings } from '../fixtures';
import { laneCtx } from '../landed/lane-fixtures';
import { parcelOf } from '../landed/parcel';
import { resolveLane } from '../landed/resolve';
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

  it('keeps the parcel, with or without an estimate, so a rate card prices the stored row alike (property)', () => {
    const lane = resolveLane(
      laneCtx('us', 'ca', 1.37, { rate_card: { per_parcel: 3, per_kg: 11, currency: 'USD', divisor: 5000 } }),
    );
    const fees = fc.option(
      fc.record({ price: fc.constant(40), referral_fee: fc.constant(6), closing_fee: fc.constant(0) }),
      {
        nil: null,
      },
    );
    fc.assert(
      fc.property(
        productSideArbitrary,
        productSideArbitrary,
        fees,
        fc.boolean(),
        (cross, row_to, fee, boxed) => {
          const dims = { length: 30, width: 20.5, height: 10, unit: 'cm' as const };
          const row_cross = boxed ? { ...cross, package_dimensions: dims } : cross;
          const row = { row_cross, row_to, fees: fee, parcel: parcelOf(row_cross) };
          const stored = unpackPricingInput(JSON.parse(packPricingInput(pricingInput(row))));
          expect(stored.parcel ?? null).toEqual(row.parcel ? expect.objectContaining({}) : null);
          if (row.parcel) {
            expect(stored.parcel!.weight_kg).toBe(row.parcel.weight_kg);
            expect(stored.parcel!.dims_cm).toEqual(row.parcel.dims_cm);
          }
          expect(stored.fees ?? null).toEqual(fee);
          const ctx = { toRegion: 'ca' as const, lane };
          expect(priceProduct(stored, makeSettings({ parity: 1.37 }), ctx)).toEqual(
            priceProduct(row, makeSettings({ parity: 1.37 }), ctx),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
