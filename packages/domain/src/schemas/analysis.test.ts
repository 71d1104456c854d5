import { describe, expect, it } from 'vitest';
import { priceProduct } from '../pricing/price-product';
import { makeRow, makeSettings } from '../fixtures';
import { productRatesRequestSchema, productRatesResponseSchema } from './analysis';

describe('per-product rates schemas', () => {
  it('takes digits with an optional decimal part as numbers', () => {
    expect(productRatesRequestSchema.parse({ min: '5', std: '10.5', max: 40 })).toEqual({
      min: 5,
      std: 10.5,
      max: 40,
    });
  });

  it("answer: every field of priceProduct's block goes out unchanged", () => {
    const row = makeRow();
    for (const individual of [{ min: 5, std: 10, max: 15 }, null]) {
      const fbm = priceProduct({ ...row, individual }, makeSettings());
      const answer = { product_id: row.product_id, individual, fbm };
      expect(productRatesResponseSchema.parse(answer)).toEqual(answer);
    }
    const failed = priceProduct(
      { ...row, row_cross: { ...row.row_cross, buybox: null, lowest: null } },
      makeSettings(),
    );
    expect(failed.reason).toBe('ppr_failed');
    expect(
      productRatesResponseSchema.parse({ product_id: 'B000000001', individual: null, fbm: failed }).fbm,
    ).toEqual(failed);
  });
});
