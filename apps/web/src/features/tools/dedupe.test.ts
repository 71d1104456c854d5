import { describe, expect, it } from 'vitest';
import { decodeListings, dedupeFile, type DedupeProgress } from './dedupe';

const REPORT = 'seller-sku\tasin1\nSKÜ-1\tB000000001\nSKÜ-2\tB000000001\n';

describe('decodeListings', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    const bytes = new TextEncoder().encode(REPORT);
    expect(decodeListings(bytes)).toBe(REPORT);
    expect(decodeListings(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toBe(REPORT);
  });

  it("reads a spreadsheet's Unicode text (UTF-16 with its byte-order mark)", () => {
    const le = new Uint8Array(2 + REPORT.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < REPORT.length; i++) le[2 + i * 2] = REPORT.charCodeAt(i);
    expect(decodeListings(le)).toBe(REPORT);
    const be = new Uint8Array(2 + REPORT.length * 2);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < REPORT.length; i++) be[3 + i * 2] = REPORT.charCodeAt(i);
    expect(decodeListings(be)).toBe(REPORT);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const latin = Uint8Array.from(REPORT, (c) => c.charCodeAt(0));
    expect(decodeListings(latin)).toBe(REPORT);
  });
});

describe('dedupeFile', () => {
  it('reads a file, decodes it and checks it, reporting progress from 0 to 100', async () => {
    const seen: DedupeProgress[] = [];
    const file = new File([Uint8Array.from(REPORT, (c) => c.charCodeAt(0))], 'listings.txt');
    const result = await dedupeFile(file, (p) => seen.push(p));
    expect(result.duplicates).toEqual([{ sku: 'SKÜ-2', productId: 'B000000001', keptSku: 'SKÜ-1', line: 3 }]);
    expect(seen[0]).toEqual({ phase: 'reading', percent: 0 });
    expect(seen.at(-1)).toEqual({ phase: 'checking', percent: 100 });
    const percents = seen.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });
});
