// Supplier price lists for tests, the e2e suite and the bench: generated lines and the smallest .xlsx
// Excel opens (one sheet of inline strings and numbers), written with fflate.
import { strToU8, zipSync } from 'fflate';
import { gs1CheckDigit } from './identifiers';

/** A valid UPC-A from a serial number (11 digits, the check digit added). */
export const upcOf = (serial: number) => {
  const body = `0${String(serial).padStart(10, '0')}`.slice(-11);
  return body + gs1CheckDigit(body);
};

/** A valid EAN-13 (prefix 400, Germany) from a serial number. */
export const eanOf = (serial: number) => {
  const body = `400${String(serial).padStart(9, '0')}`.slice(-12);
  return body + gs1CheckDigit(body);
};

export const SUPPLIER_HEADER = ['UPC', 'Description', 'Unit Cost', 'Case Pack', 'MOQ', 'Item No'];

/** `count` good lines after the header: UPCs and EANs in turn, a price, a pack of 1, 2, 6 or 12. */
export function supplierRows(count: number, { start = 1 }: { start?: number } = {}): string[][] {
  const packs = [1, 2, 6, 12];
  return Array.from({ length: count }, (_, k) => {
    const i = start + k;
    return [
      i % 2 ? upcOf(i) : eanOf(i),
      `Supplier item ${i}`,
      (1 + ((i * 37) % 4000) / 100).toFixed(2),
      String(packs[i % packs.length]),
      String(1 + (i % 5)),
      `SKU-${i}`,
    ];
  });
}

const csvCell = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export const toCsv = (rows: readonly (readonly string[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const columnName = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : columnName(Math.floor(i / 26) - 1) + columnName(i % 26);

function sheetXml(rows: readonly (readonly (string | number | null)[])[]) {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((cell, c) => {
          if (cell === null || cell === '') return '';
          const ref = `${columnName(c)}${r + 1}`;
          return typeof cell === 'number'
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${xml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** An .xlsx workbook of one or more sheets (the first is the one a supplier list is read from). */
export function toXlsx(...sheets: (readonly (readonly (string | number | null)[])[])[]): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${ns}"><sheets>${sheets
        .map((_, i) => `<sheet name="Sheet${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${ns}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ),
  };
  sheets.forEach((rows, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(rows));
  });
  return zipSync(files, { level: 1 });
}
