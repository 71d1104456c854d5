import { bannedReasonSchema, exportsResponseSchema, LISTING_RESTRICTIONS } from '@crossmarket/domain';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { exportJsonText } from './export-json';
import type { ExportRow } from './export-report';

// What Fastify sent for /v1/exports before: the response schema's serializer.
const schemaSerializer = serializerCompiler({
  schema: exportsResponseSchema,
  method: 'POST',
  url: '/v1/exports',
}) as (data: unknown) => string;

const TEXTS = [
  null,
  '',
  'Acme',
  'Şeker "Çay" Bardağı \\ 12\'li',
  'line\nbreak\ttab\u0001control',
  'emoji 🚂 and 中文',
  'lone surrogate \ud800 end',
  '</script><script>',
  '\u2028\u2029',
];
const NUMBERS = [null, 0, -0, 1, 12.5, 0.1 + 0.2, -3.75, 1e21, 5e-7, 123_456_789.123];

/** Rows that go through every value kind the schema allows, its keys in another order than the schema's. */
function variedRows(n: number): ExportRow[] {
  return Array.from({ length: n }, (_, i) => {
    const pick = <T>(xs: readonly T[], salt: number) => xs[(i * 7 + salt) % xs.length]!;
    return {
      generated_sku: `SS-${String(i).padStart(16, '0')}`,
      sku: i % 4 === 0 ? `MY-SKU-"${i}"` : `SS-${String(i).padStart(16, '0')}`,
      restriction: pick([null, ...LISTING_RESTRICTIONS], 1),
      banned: pick([null, ...bannedReasonSchema.options], 2),
      title: pick(TEXTS, 3),
      brand: pick(TEXTS, 4),
      max_price: pick(NUMBERS, 5),
      std_price: pick(NUMBERS, 6),
      min_price: pick(NUMBERS, 7),
      available_for_fbm: i % 3 !== 0,
      stocks: pick([0, 1, 5, 250, -1], 8),
      product_id: `B${String(i).padStart(9, '0')}`,
    };
  });
}

describe('exportJsonText', () => {
  it('writes the bytes the response schema serializer writes, for every kind of value', () => {
    for (const n of [0, 1, 500]) {
      const rows = variedRows(n);
      expect(exportJsonText(rows)).toBe(schemaSerializer({ data: rows }));
    }
  });

  it('refuses what the schema refuses, instead of writing invalid JSON', () => {
    const [row] = variedRows(1);
    const bad: Partial<ExportRow>[] = [
      { min_price: Number.NaN },
      { max_price: Number.POSITIVE_INFINITY },
      { stocks: 1.5 },
      { stocks: 2 ** 53 },
      { available_for_fbm: null as unknown as boolean },
    ];
    for (const change of bad) {
      const rows = [{ ...row!, ...change }];
      expect(() => schemaSerializer({ data: rows })).toThrow();
      expect(() => exportJsonText(rows)).toThrow();
    }
  });
});
