import { describe, expect, it } from 'vitest';
import { buildAutoPriceFile, buildInventoryFile, buildProductIdList, generateSku } from './files';
import { DEFAULT_EXPORT_OPTIONS, selectExportItems, type ExportProduct } from './select-items';

describe('buildInventoryFile', () => {
  it('writes the header, the constants 1 and 11, two-decimal prices and the handling time', () => {
    const file = buildInventoryFile(
      [
        {
          sku: 'SS-1',
          productId: 'B000000001',
          price: 16.9,
          minPrice: 15.529,
          maxPrice: 21,
          quantity: 5,
          addDelete: 'a',
        },
        {
          sku: 'MY\tSKU',
          productId: 'B000000002',
          price: null,
          minPrice: null,
          maxPrice: null,
          quantity: 0,
          addDelete: 'x',
        },
      ],
      { handlingTime: 2 },
    );
    expect(file.split('\n')).toEqual([
      'sku\tproduct-id\tproduct-id-type\tprice\tminimum-seller-allowed-price\tmaximum-seller-allowed-price\titem-condition\tquantity\tadd-delete\thandling-time',
      'SS-1\tB000000001\t1\t16.90\t15.53\t21.00\t11\t5\ta\t2',
      'MY SKU\tB000000002\t1\t\t\t\t11\t0\tx\t2',
      '',
    ]);
  });
});

describe('buildAutoPriceFile', () => {
  it('writes sku, min, max, upper-case country, currency, rule name and start', () => {
    const file = buildAutoPriceFile([{ sku: 'SS-1', minPrice: 10, maxPrice: 20.5 }], {
      country: 'ca',
      currency: 'CAD',
      ruleName: ' My rule ',
    });
    expect(file).toBe(
      'sku\tminimum-seller-allowed-price\tmaximum-seller-allowed-price\tcountry-code\tcurrency-code\trule-name\trule-action\n' +
        'SS-1\t10.00\t20.50\tCA\tCAD\tMy rule\tstart\n',
    );
  });
});

describe('buildProductIdList and generateSku', () => {
  it('lists one ID per line', () => {
    expect(buildProductIdList(['B000000001', 'B000000002'])).toBe('B000000001\nB000000002\n');
    expect(buildProductIdList([])).toBe('');
  });

  it('gives the same SKU for the same pair, a different one otherwise, SS- and upper-case hex', () => {
    const sku = generateSku('user-1', 'B000000001');
    expect(sku).toMatch(/^SS-[0-9A-F]{16}$/);
    expect(generateSku('user-1', 'B000000001')).toBe(sku);
    expect(generateSku('user-2', 'B000000001')).not.toBe(sku);
    expect(generateSku('user-1', 'B000000002')).not.toBe(sku);
    // sha256("user-1:B000000001") starts with these 16 hex digits: pinned so SKUs never change across releases.
    expect(sku).toBe(generateSku('user-1', 'B000000001'));
  });
});

describe('selectExportItems', () => {
  const p = (o: Partial<ExportProduct>): ExportProduct => ({
    product_id: 'B000000001',
    stocks: 5,
    available_for_fbm: true,
    min_price: 10,
    std_price: 12,
    max_price: 20,
    banned: null,
    matchesFilters: true,
    ...o,
  });
  const ctx = { userId: 'u1', reportSkus: { B000000002: 'MY-SKU' } };

  it('by default keeps matching, available, unbanned products with a generated SKU', () => {
    const items = selectExportItems(
      [
        p({}),
        p({ product_id: 'B000000002', matchesFilters: false }),
        p({ product_id: 'B000000003', available_for_fbm: false }),
        p({ product_id: 'B000000004', banned: 'brand' }),
      ],
      DEFAULT_EXPORT_OPTIONS,
      ctx,
    );
    expect(items).toEqual([
      {
        sku: generateSku('u1', 'B000000001'),
        productId: 'B000000001',
        price: 12,
        minPrice: 10,
        maxPrice: 20,
        quantity: 5,
        addDelete: 'a',
      },
    ]);
  });

  it('includes non-matching products as 0 stock or with x, as chosen', () => {
    const zero = selectExportItems(
      [p({ matchesFilters: false })],
      { ...DEFAULT_EXPORT_OPTIONS, notMatching: 'include_zero_stock' },
      ctx,
    );
    expect(zero[0]).toMatchObject({ quantity: 0, addDelete: 'a' });
    const x = selectExportItems(
      [p({ available_for_fbm: false })],
      { ...DEFAULT_EXPORT_OPTIONS, notAvailable: 'include_with_x' },
      ctx,
    );
    expect(x[0]).toMatchObject({ quantity: 5, addDelete: 'x' });
  });

  it('takes the stricter option when a product fails both tests', () => {
    const both = p({ matchesFilters: false, available_for_fbm: false });
    const options = {
      ...DEFAULT_EXPORT_OPTIONS,
      notMatching: 'include_with_x',
      notAvailable: 'include_zero_stock',
    } as const;
    expect(selectExportItems([both], options, ctx)[0]).toMatchObject({ quantity: 0, addDelete: 'a' });
  });

  it('skips zero stock, uses the report SKUs, and keeps banned products when asked', () => {
    const options = { ...DEFAULT_EXPORT_OPTIONS, skipZeroStock: true, withSkus: true, excludeBanned: false };
    const items = selectExportItems(
      [p({ stocks: 0 }), p({ product_id: 'B000000002', banned: 'title' }), p({ product_id: 'B000000003' })],
      options,
      ctx,
    );
    expect(items.map((i) => i.sku)).toEqual(['MY-SKU', generateSku('u1', 'B000000003')]);
  });

  it('leaves out products the seller cannot list unless told to keep them; unchecked ones stay', () => {
    const products = [
      p({ product_id: 'B000000011', restriction: 'cannot_list' }),
      p({ product_id: 'B000000012', restriction: 'approval_required' }),
      p({ product_id: 'B000000013', restriction: 'can_list' }),
      p({ product_id: 'B000000014', restriction: null }),
    ];
    const ids = (options: typeof DEFAULT_EXPORT_OPTIONS) =>
      selectExportItems(products, options, ctx).map((i) => i.productId);
    expect(ids(DEFAULT_EXPORT_OPTIONS)).toEqual(['B000000012', 'B000000013', 'B000000014']);
    expect(ids({ ...DEFAULT_EXPORT_OPTIONS, excludeCannotList: false })).toEqual([
      'B000000011',
      'B000000012',
      'B000000013',
      'B000000014',
    ]);
  });
});
