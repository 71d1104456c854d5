import { describe, expect, it } from 'vitest';
import { guessMapping, rememberedMapping, supplierMappingSchema } from './mapping';
import { readSupplierLines, type SupplierGrid } from './rows';
import { SUPPLIER_HEADER, supplierRows } from './supplier-fixture';

const mapping = supplierMappingSchema.parse({
  identifier: 0,
  name: 1,
  cost: 2,
  pack_size: 3,
  min_order: 4,
  supplier_sku: 5,
  currency: 6,
});

describe('the column mapping', () => {
  it('needs an identifier and a cost column, each column used once', () => {
    const missing = supplierMappingSchema.safeParse({ identifier: 0 });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cost', 'validation.supplier.costColumn'],
    ]);
    // The optional field is the one named: the required ones keep their column.
    const twice = supplierMappingSchema.safeParse({ identifier: 0, cost: 1, name: 1 });
    expect(twice.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'validation.supplier.columnTwice'],
    ]);
    expect(supplierMappingSchema.parse({ identifier: 0, cost: 1, name: '' })).toMatchObject({
      header: true,
      cost_basis: 'unit',
      name: null,
    });
  });

  it('guesses the usual headers and re-finds a remembered column that moved', () => {
    expect(guessMapping([...SUPPLIER_HEADER, 'Currency'])).toEqual({
      identifier: 0,
      name: 1,
      cost: 2,
      pack_size: 3,
      currency: 6,
      min_order: 4,
      supplier_sku: 5,
    });
    const saved = supplierMappingSchema.parse({ identifier: 0, cost: 2, name: 1 });
    const moved = rememberedMapping(
      saved,
      ['UPC', 'Description', 'Unit Cost'],
      ['Unit Cost', 'UPC', 'Notes'],
    );
    // "Description" is gone: its field is left for the seller, not given whatever column is now there.
    expect(moved).toMatchObject({ identifier: 1, cost: 0, name: null });
    const headless = supplierMappingSchema.parse({ header: false, identifier: 0, cost: 2, name: 1 });
    expect(rememberedMapping(headless, [], ['x', 'y', 'z'])).toMatchObject({
      identifier: 0,
      cost: 2,
      name: 1,
    });
  });
});

describe('readSupplierLines', () => {
  it('takes good lines with their numbers', () => {
    const grid: SupplierGrid = [[...SUPPLIER_HEADER], ...supplierRows(3)];
    const read = readSupplierLines(grid, mapping, 'USD');
    expect(read.bad).toEqual([]);
    expect(read.total).toBe(3);
    expect(read.lines.map((l) => l.line)).toEqual([2, 3, 4]);
    expect(read.lines[0]).toMatchObject({ name: 'Supplier item 1', pack: 2, minOrder: 2, sku: 'SKU-1' });
  });

  it('gives exactly the bad lines, with their number and reason, and goes on', () => {
    const good = supplierRows(4);
    const grid: SupplierGrid = [
      [...SUPPLIER_HEADER, 'Currency'],
      good[0]!, // line 2
      ['', 'no code', '1.00'], // 3
      ['036000291453', 'bad check digit', '1.00'], // 4
      [null, null, null], // 5: empty, not a line
      ['3.60003E+11', 'exponent', '1'], // 6
      [good[1]![0]!, 'price', 'call us'], // 7
      [good[1]![0]!, 'price', '1,250'], // 8
      [good[1]![0]!, 'pack', '2', '2.5'], // 9
      [good[1]![0]!, 'moq', '2', '1', 'lots'], // 10
      [good[1]![0]!, 'currency', '2', '1', '1', 'X', 'EUR'], // 11
      good[2]!, // 12
      [`0${good[0]![0]!}`, 'the first line again, as an EAN', '3'], // 13
      ['ABC', 'format', '1'], // 14
      [good[3]![0]!, 'zero', '0'], // 15
    ];
    const read = readSupplierLines(grid, mapping, 'USD');
    expect(read.lines.map((l) => l.line)).toEqual([2, 12]);
    expect(read.bad.map((b) => [b.line, b.reason])).toEqual([
      [3, 'no_identifier'],
      [4, 'check_digit'],
      [6, 'identifier_exponent'],
      [7, 'price_not_number'],
      [8, 'price_ambiguous'],
      [9, 'pack_not_whole'],
      [10, 'min_order_not_number'],
      [11, 'currency_differs'],
      [13, 'duplicate'],
      [14, 'identifier_format'],
      [15, 'price_not_number'],
    ]);
    expect(read.bad.find((b) => b.reason === 'duplicate')).toMatchObject({ first_line: 2 });
    expect(read.total).toBe(read.lines.length + read.bad.length);
  });

  it('reads without a header from the first line, and stops at a limit (the preview)', () => {
    const grid = supplierRows(10);
    const read = readSupplierLines(grid, { ...mapping, header: false }, 'USD', { limit: 4 });
    expect(read.lines.map((l) => l.line)).toEqual([1, 2, 3, 4]);
  });
});
