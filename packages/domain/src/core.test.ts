import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBannedReason, titleHasKeyword } from './banned';
import {
  buildDuplicateRemovalFile,
  duplicateRemovalFileName,
  findDuplicateListings,
  parseAllListingsReport,
  parseProductIds,
} from './product-ids';
import { buyingRegions, inventoryRegions, parityFor, REGIONS, sellingRegions } from './regions';
import { deriveReportStatus, displayedProductCount } from './report-status';

describe('regions', () => {
  it('has the seven regions with their roles and currencies', () => {
    expect(REGIONS.map((r) => [r.code, r.currency.code, r.currency.rate])).toEqual([
      ['us', 'USD', 1],
      ['ca', 'CAD', 1.35],
      ['uk', 'GBP', 0.94],
      ['mx', 'MXN', 1.12],
      ['au', 'AUD', 1.12],
      ['ae', 'AED', 1.12],
      ['sg', 'SGD', 1.12],
    ]);
    expect(buyingRegions().map((r) => r.code)).toEqual(['us', 'uk']);
    expect(sellingRegions().map((r) => r.code)).toEqual(['us', 'ca', 'uk', 'mx', 'au', 'ae', 'sg']);
    expect(inventoryRegions()).toHaveLength(7);
  });

  it('parity is the target rate over the source rate, two decimals', () => {
    expect(parityFor('us', 'ca')).toBe(1.35);
    expect(parityFor('uk', 'ca')).toBe(1.44); // 1.35 ÷ 0.94 = 1.436
    expect(parityFor('uk', 'us')).toBe(1.06); // 1 ÷ 0.94 = 1.0638
    expect(parityFor('us', 'mx', { USD: 1, MXN: 18.5 })).toBe(18.5);
  });
});

describe('parseProductIds', () => {
  it('counts sent, valid, repetitive and invalid lines the specification way', () => {
    const text =
      'b000000001\n\n  B000000002 \nB000000001\nb0000-00003\nnot an id\nBÖ000000004\n   \nB00000000_\n';
    expect(parseProductIds(text)).toEqual({
      sent: 7,
      valid: ['B000000001', 'B000000002', 'B000000003', 'B000000004'],
      repetitive: 1,
      invalid: 2, // "not an id" and the underscore one (underscore is a word character, not a digit)
    });
  });

  it('handles Windows and old Mac line ends', () => {
    expect(parseProductIds('B000000001\r\nB000000002\rB000000003').valid).toHaveLength(3);
  });

  it('is idempotent on its own output (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.stringMatching(/^[bB][A-Za-z0-9]{9}$/)), { maxLength: 30 }),
        (lines) => {
          const first = parseProductIds(lines.join('\n')).valid;
          const second = parseProductIds(first.join('\n'));
          expect(second.valid).toEqual(first);
          expect(second.repetitive + second.invalid).toBe(0);
        },
      ),
    );
  });
});

describe('all listings report', () => {
  const amazon =
    'item-name\tlisting-id\tseller-sku\tprice\tasin1\n' +
    'Train\t1\tSKU-1\t10\tB000000001\n' +
    'Train again\t2\tSKU-2\t10\tB000000001\n' +
    'Broken\t3\tSKU-3\t10\tnot-an-asin\n' +
    'Car\t4\tSKU-4\t12\tb000000002\n';

  it('reads Amazon header columns by name', () => {
    expect(parseAllListingsReport(amazon)).toEqual({
      ids: ['B000000001', 'B000000002'],
      skus: { B000000001: 'SKU-1', B000000002: 'SKU-4' },
    });
  });

  it('reads the first two columns of a file without that header', () => {
    expect(parseAllListingsReport('SKU-A\tB000000009\nheader\tjunk\nSKU-B\tB00000000X\n').skus).toEqual({
      B000000009: 'SKU-A',
      B00000000X: 'SKU-B',
    });
  });

  it('finds listings that repeat a product ID and writes the delete file', () => {
    const result = findDuplicateListings(amazon);
    expect(result).toEqual({ skuCount: 3, duplicates: [{ sku: 'SKU-2', productId: 'B000000001' }] });
    expect(buildDuplicateRemovalFile(result.duplicates)).toBe(
      'sku\tproduct-id\tproduct-id-type\tadd-delete\nSKU-2\tB000000001\t1\td\n',
    );
    expect(duplicateRemovalFileName('All Listings.TXT')).toBe('All Listings-duplicates-removed.txt');
  });
});

describe('deriveReportStatus', () => {
  it('follows the specification table', () => {
    expect(deriveReportStatus({ finalized: true, size: 10, done_size: 10 })).toEqual({ key: 'done' });
    expect(deriveReportStatus({ finalized: false, size: null, done_size: null })).toEqual({ key: 'pending' });
    expect(deriveReportStatus({ finalized: false, size: 10, done_size: 0 })).toEqual({ key: 'in_queue' });
    expect(deriveReportStatus({ finalized: false, size: 10, done_size: -1 })).toEqual({ key: 'cancelled' });
    expect(deriveReportStatus({ finalized: false, size: 3, done_size: 1 })).toEqual({
      key: 'processing',
      percent: '33.33',
    });
    expect(deriveReportStatus({ finalized: false, size: 10, done_size: 10 })).toEqual({ key: 'completing' });
  });

  it('shows half the size as products for product analysis', () => {
    expect(displayedProductCount({ type: 'product-analysis', size: 400 })).toBe(200);
    expect(displayedProductCount({ size: null })).toBe(0);
  });
});

describe('findBannedReason', () => {
  const banned = {
    brands: { ca: ['ACME '] },
    pids: { ca: ['B000000009'] },
    keywords: { ca: ['train set', 'toy'] },
  };
  const product = { product_id: 'B000000001', brand: 'Acme', title: 'Wooden Train Set' };

  it('checks brand (exact, any case), then product ID, then title words, for the selling region only', () => {
    expect(findBannedReason(product, banned, 'ca')).toBe('brand');
    expect(findBannedReason({ ...product, brand: 'Acme Toys' }, banned, 'ca')).toBe('title');
    expect(findBannedReason({ ...product, brand: null, product_id: 'B000000009' }, banned, 'ca')).toBe('pid');
    expect(findBannedReason(product, banned, 'us')).toBeNull();
  });

  it('matches whole words only', () => {
    expect(titleHasKeyword('Toy car', 'toy')).toBe(true);
    expect(titleHasKeyword('Toyota car', 'toy')).toBe(false);
    expect(titleHasKeyword('Wooden train  set', 'Train Set')).toBe(true);
    expect(titleHasKeyword('abc toy', 'a.c')).toBe(false); // the keyword is literal text, not a pattern
    expect(titleHasKeyword('Lego (Classic) set', '(classic)')).toBe(true);
  });
});
