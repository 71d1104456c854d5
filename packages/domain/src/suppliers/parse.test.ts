import { describe, expect, it } from 'vitest';
import { decodeSupplierText, parseSupplierCsv, readSupplierFile } from './parse';
import { SUPPLIER_HEADER, supplierRows, toCsv, toXlsx } from './supplier-fixture';

const enc = (text: string) => new TextEncoder().encode(text);

describe('supplier files', () => {
  it('reads a CSV with quotes, line breaks in cells and a semicolon separator', () => {
    expect(parseSupplierCsv('UPC,Name,Price\r\n036000291452,"Cola, 6 ""cans""\nnew",1.50\r\n')).toEqual([
      ['UPC', 'Name', 'Price'],
      ['036000291452', 'Cola, 6 "cans"\nnew', '1.50'],
    ]);
    expect(parseSupplierCsv('UPC;Name;Price\n036000291452;Cola;1,50\n')).toEqual([
      ['UPC', 'Name', 'Price'],
      ['036000291452', 'Cola', '1,50'],
    ]);
  });

  it('keeps empty lines so line numbers stay those a spreadsheet shows', () => {
    expect(parseSupplierCsv('a,b\n\n1,2\n')).toEqual([['a', 'b'], [null], ['1', '2']]);
  });

  it('decodes UTF-8 with a mark, UTF-16 and Windows-1252', () => {
    expect(decodeSupplierText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeSupplierText(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe('A');
    expect(decodeSupplierText(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    expect(decodeSupplierText(new Uint8Array([0x41, 0x00, 0x42]))).toBeNull();
  });

  it('reads the first sheet of an .xlsx, numbers as their digits', async () => {
    const rows = [SUPPLIER_HEADER, ...supplierRows(3)];
    const withNumbers = rows.map((row, i) => (i === 0 ? row : [Number(row[0]), ...row.slice(1)]));
    const file = toXlsx(withNumbers, [['other sheet']]);
    const read = await readSupplierFile(file);
    expect(read).toMatchObject({ ok: true, format: 'xlsx' });
    if (!read.ok) return;
    expect(read.grid[0]).toEqual(SUPPLIER_HEADER);
    // A UPC stored as a number lost its leading zero in the sheet; the digits are what is left, exactly.
    expect(read.grid[1]![0]).toBe(String(Number(rows[1]![0])));
    expect(read.grid[2]![0]).toBe(rows[2]![0]);
    expect(read.grid.length).toBe(4);
  });

  it('tells an empty, an old Excel, a binary and a broken workbook apart', async () => {
    expect(await readSupplierFile(new Uint8Array())).toEqual({ ok: false, problem: 'empty' });
    expect(await readSupplierFile(enc('\n\n ,\n'))).toEqual({ ok: false, problem: 'empty' });
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readSupplierFile(xls)).toEqual({ ok: false, problem: 'old_excel' });
    expect(await readSupplierFile(new Uint8Array([1, 0, 2, 0]))).toEqual({ ok: false, problem: 'not_text' });
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]);
    expect(await readSupplierFile(broken)).toEqual({ ok: false, problem: 'unreadable_excel' });
  });

  it('stops reading past maxRows', async () => {
    const csv = toCsv([SUPPLIER_HEADER, ...supplierRows(50)]);
    const read = await readSupplierFile(enc(csv), { maxRows: 11 });
    expect(read.ok && read.grid.length).toBe(11);
  });
});
