import { describe, expect, it } from 'vitest';
import {
  ean13ToUpc,
  fromGtin14,
  gs1CheckDigit,
  isbn10To13,
  isbn13To10,
  isValidGtin,
  isValidIsbn10,
  readIdentifier,
  toGtin14,
  upcToEan13,
} from './identifiers';

describe('check digits', () => {
  it('computes GS1 check digits of UPC-A, EAN-13, EAN-8 and GTIN-14', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452, GS1's worked example
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('10614141000415')).toBe(true); // GTIN-14 of a case
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('12345')).toBe(false);
  });

  it('computes ISBN-10 check characters, X for ten', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('0306406153')).toBe(false);
  });
});

describe('conversions', () => {
  it('a UPC is an EAN with a leading 0, and back', () => {
    expect(upcToEan13('036000291452')).toBe('0036000291452');
    expect(ean13ToUpc('0036000291452')).toBe('036000291452');
    expect(ean13ToUpc('4006381333931')).toBeNull();
    expect(() => upcToEan13('036000291453')).toThrow();
  });

  it('every GTIN is right-aligned in fourteen digits', () => {
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(fromGtin14('00036000291452')).toEqual({ kind: 'UPC', value: '036000291452' });
    expect(fromGtin14('04006381333931')).toEqual({ kind: 'EAN', value: '4006381333931' });
    expect(fromGtin14('10614141000415')).toEqual({ kind: 'GTIN', value: '10614141000415' });
  });

  it('converts ISBN-10 and ISBN-13 both ways (979 has no ISBN-10)', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn13To10('9780306406157')).toBe('0306406152');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn13To10('9780804429573')).toBe('080442957X');
    const isbn979 = `979103430498${gs1CheckDigit('979103430498')}`;
    expect(isbn13To10(isbn979)).toBeNull();
  });
});

describe('readIdentifier', () => {
  it('reads each kind with one key for the same product', () => {
    const upc = readIdentifier('036000291452');
    const ean = readIdentifier('0036000291452');
    const gtin = readIdentifier('00036000291452');
    expect(upc).toMatchObject({ ok: true, id: { kind: 'UPC', value: '036000291452' } });
    expect(ean).toMatchObject({ ok: true, id: { kind: 'EAN' } });
    expect(gtin).toMatchObject({ ok: true, id: { kind: 'GTIN' } });
    const keys = [upc, ean, gtin].map((r) => (r.ok ? r.id.key : null));
    expect(new Set(keys)).toEqual(new Set(['00036000291452']));
    const isbn10 = readIdentifier('0-306-40615-2');
    const isbn13 = readIdentifier('978-0-306-40615-7');
    expect(isbn10).toMatchObject({ ok: true, id: { kind: 'ISBN', value: '0306406152' } });
    expect(isbn10.ok && isbn13.ok && isbn10.id.key === isbn13.id.key).toBe(true);
    expect(readIdentifier(' b0c1x2y3z4 ')).toMatchObject({
      ok: true,
      id: { kind: 'ASIN', value: 'B0C1X2Y3Z4' },
    });
  });

  it('puts back a leading zero a spreadsheet dropped only when the check digit then holds', () => {
    expect(readIdentifier('36000291452')).toMatchObject({
      ok: true,
      id: { kind: 'UPC', value: '036000291452', zeroRestored: true },
    });
    expect(readIdentifier('36000291453')).toEqual({ ok: false, problem: 'check_digit' });
  });

  it('names what is wrong', () => {
    expect(readIdentifier('')).toEqual({ ok: false, problem: 'no_identifier' });
    expect(readIdentifier(null)).toEqual({ ok: false, problem: 'no_identifier' });
    expect(readIdentifier('3.60003E+11')).toEqual({ ok: false, problem: 'identifier_exponent' });
    expect(readIdentifier('ABC-123')).toEqual({ ok: false, problem: 'identifier_format' });
    expect(readIdentifier('12345')).toEqual({ ok: false, problem: 'identifier_format' });
    expect(readIdentifier('4006381333932')).toEqual({ ok: false, problem: 'check_digit' });
    expect(readIdentifier('0306406153')).toEqual({ ok: false, problem: 'check_digit' });
  });
});
