import { parseAllListingsReport } from '@crossmarket/domain';
import { makeAllListingsReport } from '@crossmarket/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readListingsUpload } from '../src/features/reports/upload';

/** The text as an upload arrives: bytes in chunks of the given sizes (cycled). */
async function* chunks(text: string | Buffer, sizes: number[]) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

const expected = (text: string) => {
  const { ids, skus } = parseAllListingsReport(text);
  return { ids, skus };
};
const got = async (text: string | Buffer, sizes: number[], sliceChars: number, maxIds = 1_000_000) => {
  const upload = await readListingsUpload(chunks(text, sizes), maxIds, { sliceChars });
  return { ids: [...upload.skus.keys()], skus: Object.fromEntries(upload.skus), upload };
};

describe('reading an upload as it streams', () => {
  it('finds what the whole-text reader finds, however the bytes and slices fall', async () => {
    const report = makeAllListingsReport({ rows: 3000, seed: 11, lineEnd: '\r\n' });
    const whole = expected(report);
    expect(whole.ids.length).toBeGreaterThan(2000);
    for (const [sizes, slice] of [
      [[1000], 4096],
      [[7, 13, 4096], 1000],
      [[65536], 100_000],
    ] as const) {
      const streamed = await got(report, [...sizes], slice);
      expect(streamed.ids).toEqual(whole.ids);
      expect(streamed.skus).toEqual(whole.skus);
    }
  });

  it('keeps quoted multi-line cells whole across slices, and reads headerless files and a BOM', async () => {
    const header = 'item-name\titem-description\tseller-sku\tasin1';
    const quoted = (i: number) =>
      `Item ${i}\t"A description\nover two lines, 12"" wide"\tSKU-${i}\tB${String(i).padStart(9, '0')}`;
    const text = [header, ...Array.from({ length: 400 }, (_, i) => quoted(i + 1))].join('\n');
    expect((await got(text, [100], 600)).ids).toEqual(expected(text).ids);
    expect(expected(text).ids).toHaveLength(400);

    const headerless = Array.from({ length: 300 }, (_, i) => `S${i}\tB${String(i).padStart(9, '0')}`);
    const plain = `\uFEFF${headerless.join('\n')}\n`;
    expect((await got(plain, [50], 256)).ids).toEqual(expected(plain).ids);
  });

  it('matches the whole-text reader on random files (property)', async () => {
    const line = fc.oneof(
      fc
        .tuple(fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/), fc.stringMatching(/^B[A-Z0-9]{9}$/))
        .map(([sku, id]) => `x\t${sku}\t${id}`),
      fc.constant(''),
      fc.constant('  '),
      fc.constant('x\t"quoted\ncell"\tB000000001'),
      fc.constant('12" wide\tSKU-Q\tB00000000Q'),
      fc.constant('x\t"say ""hi""\r\nthere"\tB00000000H'),
      fc.constant('"stray opening\tSKU-S\tB00000000S'),
      fc.constant('x\t"closes"late\tB00000000L\r'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 16, max: 200 }),
        async (lines, sizes, slice) => {
          const text = ['item\tseller-sku\tasin1', ...lines].join('\n');
          const streamed = await got(text, sizes, slice);
          expect(streamed.ids).toEqual(expected(text).ids);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('stops keeping IDs past the limit and drains the rest, and marks a binary file', async () => {
    const report = makeAllListingsReport({ rows: 5000, seed: 3, duplicateShare: 0 });
    let read = 0;
    async function* counted() {
      for await (const chunk of chunks(report, [8192])) {
        read += chunk.length;
        yield chunk;
      }
    }
    const upload = await readListingsUpload(counted(), 1000, { sliceChars: 16 * 1024 });
    expect(upload.overLimit).toBe(true);
    expect(upload.skus.size).toBeLessThan(1400); // one slice past the limit at most
    expect(read).toBe(Buffer.byteLength(report)); // the whole upload was consumed, not left hanging

    const binary = Buffer.concat([Buffer.from('sku\tasin1\nA\tB000000001\n'), Buffer.from([0xff, 0xfe, 0])]);
    expect((await readListingsUpload(chunks(binary, [5]), 10)).problem).toBe('binary');
    const nul = Buffer.from('sku\tasin1\nA\tB000000001\u0000\n');
    expect((await readListingsUpload(chunks(nul, [5]), 10)).problem).toBe('binary');
  });
});
