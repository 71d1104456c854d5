import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import type { SupplierGrid } from './rows';

export type SupplierFileProblem = 'empty' | 'old_excel' | 'not_text' | 'unreadable_excel';

export type SupplierFile =
  { ok: true; format: 'csv' | 'xlsx'; grid: SupplierGrid } | { ok: false; problem: SupplierFileProblem };

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
/** The compound file of Excel 97–2003 (.xls), which we do not read. */
const isOldExcel = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * A text file's characters: UTF-8 (its byte-order mark dropped), UTF-16 by its mark, else Windows-1252 —
 * what Excel on Windows writes a "CSV" in. Null when it holds NULs (a binary file).
 */
export function decodeSupplierText(bytes: Uint8Array): string | null {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * Comma, semicolon, tab or pipe separated text (Papa Parse guesses which from the first lines), quoted
 * cells with line breaks and doubled quotes taken in. Every record is kept, empty ones too, so a record's
 * index + 1 is the line number a spreadsheet shows. `maxRows` stops reading past that many records.
 */
export function parseSupplierCsv(text: string, { maxRows }: { maxRows?: number } = {}): SupplierGrid {
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    ...(maxRows ? { preview: maxRows } : {}),
  });
  const grid = parsed.data.map((row) => row.map((cell) => (cell === '' ? null : cell)));
  // A file ending in a line break gives one empty record more than a spreadsheet shows.
  const last = grid[grid.length - 1];
  if (last && last.length === 1 && last[0] === null) grid.pop();
  return grid;
}

/**
 * The first sheet of an .xlsx workbook (read-excel-file). Numbers are kept as the digits the file stores,
 * never through a float (a 13-digit EAN stays exact); dates and booleans as text.
 */
export async function parseSupplierXlsx(
  data: ArrayBuffer,
  { maxRows }: { maxRows?: number } = {},
): Promise<SupplierGrid> {
  const rows = await readSheet<string>(data, 1, { parseNumber: (s) => s, trim: false });
  const grid: SupplierGrid = [];
  for (const row of rows) {
    if (maxRows !== undefined && grid.length >= maxRows) break;
    grid.push(
      row.map((cell) =>
        cell === null || cell === undefined || cell === ''
          ? null
          : cell instanceof Date
            ? cell.toISOString().slice(0, 10)
            : String(cell),
      ),
    );
  }
  return grid;
}

/** A supplier's file of either kind, told by its bytes (not its name): an .xlsx is a ZIP archive. */
export async function readSupplierFile(
  bytes: Uint8Array,
  options: { maxRows?: number } = {},
): Promise<SupplierFile> {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (isOldExcel(bytes)) return { ok: false, problem: 'old_excel' };
  if (isZip(bytes)) {
    try {
      const copy = bytes.slice().buffer;
      const grid = await parseSupplierXlsx(copy, options);
      return grid.length ? { ok: true, format: 'xlsx', grid } : { ok: false, problem: 'empty' };
    } catch {
      return { ok: false, problem: 'unreadable_excel' };
    }
  }
  const text = decodeSupplierText(bytes);
  if (text === null) return { ok: false, problem: 'not_text' };
  const grid = parseSupplierCsv(text, options);
  return grid.some((row) => row.some((c) => c !== null && c.trim() !== ''))
    ? { ok: true, format: 'csv', grid }
    : { ok: false, problem: 'empty' };
}
