import { isProductId } from '../product-ids';

/**
 * Product identifiers a supplier's list carries, and the catalogue search type each is asked under
 * (searchCatalogItems' `identifiersType`). GS1 numbers (GTIN-8, UPC-A, EAN-13, GTIN-14) are one family:
 * right-aligned in 14 digits with leading zeros they are the same number, so a UPC is an EAN with a
 * leading 0 and a GTIN-14 whose first digit is 0 is that EAN (GS1 General Specifications §3.3.2).
 */
export type IdentifierKind = 'UPC' | 'EAN' | 'GTIN' | 'ISBN' | 'ASIN';

/** Why a cell is not a usable identifier. */
export type IdentifierProblem = 'no_identifier' | 'identifier_format' | 'identifier_exponent' | 'check_digit';

export interface ProductIdentifier {
  kind: IdentifierKind;
  /** As Amazon's search takes it: digits only (ISBN-10 may end in X), an ASIN upper-cased. */
  value: string;
  /**
   * One key for the same product however it was written: the GTIN-14 of GS1 numbers (ISBN-13 included,
   * an ISBN-10 converted to its ISBN-13 first), the ASIN itself.
   */
  key: string;
  /** The leading zero a spreadsheet dropped from a UPC was put back (the check digit then held). */
  zeroRestored?: boolean;
}

const DIGITS = /^\d+$/;

/** The GS1 check digit of the digits before it (weights 3,1,3… from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += Number(body[i]) * w;
  return (10 - (sum % 10)) % 10;
}

/** Whether a GTIN-8/12/13/14's last digit is its check digit. */
export function isValidGtin(code: string): boolean {
  if (!DIGITS.test(code) || ![8, 12, 13, 14].includes(code.length)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** The ISBN-10 check character of its first nine digits (weights 10…2, modulus 11; 10 is X). */
export function isbn10CheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function isValidIsbn10(code: string): boolean {
  return /^\d{9}[\dX]$/.test(code) && isbn10CheckChar(code) === code[9];
}

/** ISBN-13s are EAN-13s of the "Bookland" prefixes 978 and 979. */
export const isIsbn13 = (code: string) => /^97[89]\d{10}$/.test(code) && isValidGtin(code);

/** UPC-A → EAN-13: the same number with a leading 0. */
export function upcToEan13(upc: string): string {
  if (!isValidGtin(upc) || upc.length !== 12) throw new Error(`not a UPC-A: ${upc}`);
  return `0${upc}`;
}

/** EAN-13 → UPC-A, only for an EAN that starts with 0 (the others have no UPC); else null. */
export function ean13ToUpc(ean: string): string | null {
  if (!isValidGtin(ean) || ean.length !== 13) throw new Error(`not an EAN-13: ${ean}`);
  return ean.startsWith('0') ? ean.slice(1) : null;
}

/** Any GTIN (8, 12, 13 or 14 digits) as a GTIN-14: left-padded with zeros, the check digit unchanged. */
export function toGtin14(gtin: string): string {
  if (!isValidGtin(gtin)) throw new Error(`not a GTIN: ${gtin}`);
  return gtin.padStart(14, '0');
}

/**
 * A GTIN-14 as the shortest GS1 number it stands for: EAN-13 when its indicator digit is 0, UPC-A when the
 * EAN also starts with 0; a GTIN-14 of another indicator (a case of the item) stays itself.
 */
export function fromGtin14(gtin14: string): { kind: 'UPC' | 'EAN' | 'GTIN'; value: string } {
  if (!isValidGtin(gtin14) || gtin14.length !== 14) throw new Error(`not a GTIN-14: ${gtin14}`);
  if (!gtin14.startsWith('0')) return { kind: 'GTIN', value: gtin14 };
  const ean = gtin14.slice(1);
  return ean.startsWith('0') ? { kind: 'UPC', value: ean.slice(1) } : { kind: 'EAN', value: ean };
}

/** ISBN-10 → ISBN-13: 978, the first nine digits, a new GS1 check digit. */
export function isbn10To13(isbn10: string): string {
  if (!isValidIsbn10(isbn10)) throw new Error(`not an ISBN-10: ${isbn10}`);
  const body = `978${isbn10.slice(0, 9)}`;
  return body + gs1CheckDigit(body);
}

/** ISBN-13 → ISBN-10, only for the 978 prefix (979 books have no ISBN-10); else null. */
export function isbn13To10(isbn13: string): string | null {
  if (!isIsbn13(isbn13)) throw new Error(`not an ISBN-13: ${isbn13}`);
  if (!isbn13.startsWith('978')) return null;
  const body = isbn13.slice(3, 12);
  return body + isbn10CheckChar(body);
}

/**
 * Reads one cell as an identifier. Spaces and hyphens (ISBNs are printed with them) are dropped; a number
 * a spreadsheet wrote in exponent form (7.12345E+11) has lost digits and is refused, not rebuilt; an
 * 11-digit number is a UPC whose leading zero the spreadsheet dropped only if the check digit then holds.
 */
export function readIdentifier(
  cell: string | number | null | undefined,
): { ok: true; id: ProductIdentifier } | { ok: false; problem: IdentifierProblem } {
  const raw =
    typeof cell === 'number' ? (Number.isInteger(cell) ? cell.toFixed(0) : String(cell)) : (cell ?? '');
  const text = raw.trim().toUpperCase();
  if (!text) return { ok: false, problem: 'no_identifier' };
  if (/^\d+(\.\d+)?E\+?\d+$/.test(text)) return { ok: false, problem: 'identifier_exponent' };
  const code = text.replace(/[\s-]/g, '');
  if (isProductId(code)) return { ok: true, id: { kind: 'ASIN', value: code, key: code } };
  if (/^\d{9}[\dX]$/.test(code)) {
    if (!isValidIsbn10(code)) return { ok: false, problem: 'check_digit' };
    return { ok: true, id: { kind: 'ISBN', value: code, key: isbn10To13(code).padStart(14, '0') } };
  }
  if (!DIGITS.test(code)) return { ok: false, problem: 'identifier_format' };
  let digits = code;
  let zeroRestored = false;
  if (digits.length === 11) {
    digits = `0${digits}`;
    zeroRestored = true;
  }
  if (![8, 12, 13, 14].includes(digits.length)) return { ok: false, problem: 'identifier_format' };
  if (!isValidGtin(digits)) return { ok: false, problem: 'check_digit' };
  const kind: IdentifierKind =
    digits.length === 14 ? 'GTIN' : digits.length === 13 ? 'EAN' : digits.length === 12 ? 'UPC' : 'EAN';
  const id: ProductIdentifier = { kind, value: digits, key: toGtin14(digits) };
  if (zeroRestored) id.zeroRestored = true;
  return { ok: true, id };
}
