import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_LISTINGS_HEADER, makeAllListingsReport } from './listings-fixture';
import {
  buildDuplicateRemovalFile,
  checkListingsReport,
  findDuplicateListings,
  parseAllListingsReport,
  readListingRows,
} from './product-ids';

const HEADER = 'item-name\titem-description\tlisting-id\tseller-sku\tprice\tasin1\tstatus';
const row = (name: string, sku: string, asin: string, description = '') =>
  [name, description, '1', sku, '10', asin, 'Active'].join('\t');

describe('checkListingsReport', () => {
  const report = [
    HEADER,
    row('Train', 'SKU-1', 'B000000001'),
    row('Train again', 'SKU-2', 'B000000001'),
    row('Car', 'SKU-3', 'B000000002'),
    row('Train, third', 'SKU-4', 'b000000001'),
  ];

  it('marks every later listing of a product ID, naming the SKU that stays and the line', () => {
    const result = checkListingsReport(report.join('\n'));
    expect(result).toEqual({
      problem: null,
      header: true,
      skipped: 0,
      skuCount: 4,
      duplicates: [
        { sku: 'SKU-2', productId: 'B000000001', keptSku: 'SKU-1', line: 3 },
        { sku: 'SKU-4', productId: 'B000000001', keptSku: 'SKU-1', line: 5 },
      ],
    });
  });

  it('reads CRLF, CR, a byte-order mark and empty lines the same as plain LF', () => {
    const plain = checkListingsReport(report.join('\n'));
    const duplicates = plain.duplicates.map(({ sku, productId, keptSku }) => ({ sku, productId, keptSku }));
    for (const text of [
      report.join('\r\n') + '\r\n',
      report.join('\r'),
      `\uFEFF${report.join('\n')}`,
      `\n\n  \n${report.join('\n\n')}\n\t\n\n`,
      `\uFEFF\r\n${report.join('\r\n\r\n')}`,
    ]) {
      const result = checkListingsReport(text);
      expect(result.problem).toBe(null);
      expect(result.skuCount).toBe(4);
      expect(result.skipped).toBe(0);
      expect(result.duplicates.map(({ sku, productId, keptSku }) => ({ sku, productId, keptSku }))).toEqual(
        duplicates,
      );
    }
  });

  it('reads a header-less file whose first cell carries the byte-order mark', () => {
    const result = checkListingsReport('\uFEFFSKU-A\tB000000009\r\nSKU-B\tB000000009\r\n');
    expect(result.header).toBe(false);
    expect(result.duplicates).toEqual([{ sku: 'SKU-B', productId: 'B000000009', keptSku: 'SKU-A', line: 2 }]);
  });

  it('reads quoted cells as a spreadsheet saves them, line breaks included', () => {
    const text = [
      HEADER,
      ['"Train, ""red"""', '"Line one\nline two"', '1', '"SKU-1"', '10', '"B000000001"', 'Active'].join('\t'),
      ['12" wide rug', '', '2', 'SKU-2', '10', 'B000000001', 'Active'].join('\t'),
      ['"Quoted" start', '', '3', 'SKU-3', '10', 'B000000001', 'Active'].join('\t'),
    ].join('\r\n');
    expect(checkListingsReport(text).duplicates).toEqual([
      { sku: 'SKU-2', productId: 'B000000001', keptSku: 'SKU-1', line: 4 },
      { sku: 'SKU-3', productId: 'B000000001', keptSku: 'SKU-1', line: 5 },
    ]);
  });

  it('finds nothing to remove in a file without duplicates', () => {
    const result = checkListingsReport(
      [HEADER, row('A', 'SKU-1', 'B000000001'), row('B', 'SKU-2', 'B000000002')].join('\n'),
    );
    expect(result).toMatchObject({ problem: null, skuCount: 2, duplicates: [] });
  });

  it('never deletes a SKU that appears again: it is the same listing', () => {
    const text = [
      HEADER,
      row('A', 'SKU-1', 'B000000001'),
      row('A', 'SKU-1', 'B000000001'),
      row('B', 'SKU-1', 'B000000002'),
    ];
    expect(checkListingsReport(text.join('\n'))).toMatchObject({ skuCount: 1, duplicates: [] });
  });

  it('counts lines that give no listing', () => {
    const text = [
      HEADER,
      row('A', 'SKU-1', 'B000000001'),
      row('B', '', 'B000000002'),
      row('C', 'SKU-3', 'X123'),
    ];
    expect(checkListingsReport(text.join('\n'))).toMatchObject({ skuCount: 1, skipped: 2 });
  });

  it('says what is wrong with a file it cannot use', () => {
    expect(checkListingsReport('').problem).toBe('empty');
    expect(checkListingsReport('\uFEFF\r\n  \r\n').problem).toBe('empty');
    expect(checkListingsReport('SKU-1,B000000001\nSKU-2,B000000001\n').problem).toBe('not_tab_separated');
    expect(checkListingsReport('name\tprice\nTrain\t10\n').problem).toBe('no_columns');
    expect(checkListingsReport(`${HEADER}\n${row('A', 'SKU-1', 'not-an-asin')}\n`).problem).toBe(
      'no_listings',
    );
  });

  it('reports progress up to the end', () => {
    const seen: number[] = [];
    checkListingsReport(makeAllListingsReport({ rows: 20_000 }), (f) => seen.push(f));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
  });

  it('reads a generated Seller Central report: every repeated ASIN after its first listing', () => {
    const text = makeAllListingsReport({ rows: 2_000, duplicateShare: 0.2, lineEnd: '\r\n' });
    const lines = text
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split('\t'));
    const skuAt = ALL_LISTINGS_HEADER.indexOf('seller-sku');
    const asinAt = ALL_LISTINGS_HEADER.indexOf('asin1');
    const seen = new Set<string>();
    const expected = lines.flatMap((cells) => {
      const asin = cells[asinAt]!;
      if (seen.has(asin)) return [cells[skuAt]!];
      seen.add(asin);
      return [];
    });
    const result = checkListingsReport(text);
    expect(result.skuCount).toBe(2_000);
    expect(result.duplicates.map((d) => d.sku)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(200);
  });

  it('reads the same listings whether or not a spreadsheet quoted the cells (property)', () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !/[\t\r\n"]/.test(s));
    const text = fc.string({ maxLength: 20 }); // may hold quotes, tabs and line breaks
    const listing = fc.record({
      name: text,
      sku: fc.stringMatching(/^[A-Z0-9-]{1,12}$/),
      asin: fc.constantFrom('B000000001', 'B000000002', 'B000000003', 'b000000003', 'none'),
      note: cell,
    });
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    fc.assert(
      fc.property(fc.array(listing, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), (rows, eol) => {
        const header = ['item-name', 'seller-sku', 'item-note', 'asin1'].join('\t');
        const quoted = rows.map((r) => [quote(r.name), quote(r.sku), r.note, quote(r.asin)].join('\t'));
        const plain = rows.map((r) => [r.name.replace(/[\t\r\n"]/g, ' '), r.sku, r.note, r.asin].join('\t'));
        const a = checkListingsReport([header, ...quoted].join(eol));
        const b = checkListingsReport([header, ...plain].join(eol));
        expect(a.duplicates.map((d) => [d.sku, d.keptSku])).toEqual(
          b.duplicates.map((d) => [d.sku, d.keptSku]),
        );
        expect(a.skuCount).toBe(b.skuCount);
      }),
    );
  });
});

describe('the older entry points keep their answers', () => {
  it('readListingRows, parseAllListingsReport and findDuplicateListings agree with the check', () => {
    const text = '\uFEFFsku\tproduct-id\r\nSKU-A\t"B000000009"\r\n\r\nSKU-B\tb000000009\r\nSKU-C\tB00000000X';
    expect(readListingRows(text)).toEqual([
      { sku: 'SKU-A', productId: 'B000000009' },
      { sku: 'SKU-B', productId: 'B000000009' },
      { sku: 'SKU-C', productId: 'B00000000X' },
    ]);
    expect(parseAllListingsReport(text)).toEqual({
      ids: ['B000000009', 'B00000000X'],
      skus: { B000000009: 'SKU-A', B00000000X: 'SKU-C' },
    });
    const found = findDuplicateListings(text);
    expect(found).toEqual({ skuCount: 3, duplicates: [{ sku: 'SKU-B', productId: 'B000000009' }] });
    expect(buildDuplicateRemovalFile(found.duplicates)).toBe(
      'sku\tproduct-id\tproduct-id-type\tadd-delete\nSKU-B\tB000000009\t1\td\n',
    );
  });
});
