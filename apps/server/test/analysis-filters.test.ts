import {
  encodeFilters,
  filterResultsSchema,
  matchesFilters,
  priceProduct,
  type ActiveFilter,
  type ResultRow,
} from '@crossmarket/domain';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedFilters } from '../src/features/analysis/filter-report';
import { jsonHeaders } from './helpers/auth';
import { analysisSetting, defaults, encodeRaw, fieldOf } from './helpers/analysis-setting';

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  s = await analysisSetting();
});
afterAll(() => s.close());

describe('POST /v1/filters', () => {
  it('answers the first page, the counts, every ID and the option lists; fbm is priceProduct', async () => {
    const res = await s.filter(s.owner, { filters: '', limit: 20, skip: 0 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 30, filtered_count: 30, settings_defined: false });
    expect(body.filtered_ids).toHaveLength(30);
    expect(body.data).toHaveLength(20);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(
      s.report.rows.slice(0, 20).map((r) => r.product_id),
    );
    const first = body.data[0];
    expect(first.fbm).toEqual(priceProduct(s.report.rows[0]!, defaults, { toRegion: 'ca' }));
    expect(first.row_to.brand).toBe('Acme');
    expect(first.banned).toBeNull();
    expect(body.data[7].fbm.available).toBe(false); // not found in the selling country
    expect(body.categories).toEqual(['Baby', 'Toys & Games']);
    expect(body.bsr_categories).toEqual(['Baby', 'Toys & Games']);
    // The JSON text is built by hand, past the serializer: it must still be the declared schema, exactly.
    expect(filterResultsSchema.parse(body)).toEqual(body);
  });

  it('compresses the answer for clients that accept br or gzip (the same JSON once decoded)', async () => {
    const payload = { report_id: s.report.id, filters: '', limit: 30, skip: 0 };
    const ask = (encoding: string) =>
      s.app.inject({
        method: 'POST',
        url: '/v1/filters',
        headers: { ...jsonHeaders(s.owner), 'accept-encoding': encoding },
        payload,
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Server-Timing is for the benches (SERVER_TIMING=true), never on by default.
    expect(plain.headers['server-timing']).toBeUndefined();
    const gzip = await ask('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('leaves the ID list out when the client holds it already (with_ids: false)', async () => {
    const filters = encodeFilters([{ id: 'to_buybox_price', value: { min: 10 } }]);
    const full = (await s.filter(s.owner, { filters, limit: 5, skip: 5 })).json();
    const res = await s.filter(s.owner, { filters, limit: 5, skip: 5, with_ids: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('filtered_ids');
    expect(full.filtered_ids).toHaveLength(full.filtered_count);
    // Everything else is the same answer.
    expect(body).toEqual({ ...full, filtered_ids: undefined });
    expect(filterResultsSchema.parse(body)).toEqual(body);
  });

  it('sorts by PPR, cost, the report order and product ID, and pages with skip', async () => {
    const ids = async (body: object) =>
      (await s.filter(s.owner, { limit: 100, ...body })).json().data.map((r: ResultRow) => r.product_id);
    const byPpr = [...s.report.rows]
      .sort(
        (a, b) => (b.fbm!.profit_percent.buybox ?? -Infinity) - (a.fbm!.profit_percent.buybox ?? -Infinity),
      )
      .map((r) => r.product_id);
    expect(await ids({ sort_key: 'ppr', sort_direction: 'desc' })).toEqual(byPpr);
    const byCost = [...s.report.rows]
      .sort((a, b) => a.fbm!.cost_in_tc! - b.fbm!.cost_in_tc!)
      .map((r) => r.product_id);
    expect(await ids({ sort_key: 'cost', sort_direction: 'asc' })).toEqual(byCost);
    const natural = s.report.rows.map((r) => r.product_id).reverse();
    expect(await ids({ sort_key: '$natural', sort_direction: 'desc' })).toEqual(natural);
    expect(await ids({ sort_key: '$natural', sort_direction: 'desc', skip: 25, limit: 10 })).toEqual(
      natural.slice(25),
    );
  });

  it('filters with the catalogue: the same rows matchesFilters keeps', async () => {
    const filters: ActiveFilter[] = [
      { id: 'to_brand', value: { include: ['acme', "o'brien"], exclude: [] } },
      { id: 'to_categories', value: ['toys & games'] },
      { id: 'cross_buybox_price', value: { min: 6, max: 30 } },
    ];
    const body = (await s.filter(s.owner, { filters: encodeFilters(filters), limit: 100 })).json();
    const expected = s.report.rows.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);
    expect(expected.length).toBeGreaterThan(3);
    expect(body.filtered_count).toBe(expected.length);
    expect([...body.filtered_ids].sort()).toEqual(expected);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(expected);
    expect(body.total).toBe(30);
  });

  it('treats quotes, %, _, backslashes and SQL as text, never as patterns or code', async () => {
    const run = async (filters: ActiveFilter[]) => {
      const res = await s.filter(s.owner, { filters: encodeFilters(filters), limit: 100 });
      expect(res.statusCode).toBe(200);
      return res.json().filtered_count as number;
    };
    expect(await run([{ id: 'to_brand', value: { include: ["O'Brien"], exclude: [] } }])).toBe(10);
    expect(await run([{ id: 'to_brand', value: { include: ['%'], exclude: [] } }])).toBe(0);
    expect(await run([{ id: 'to_brand', value: { include: ["x' or '1'='1"], exclude: [] } }])).toBe(0);
    expect(await run([{ id: 'to_title_keywords', value: { include: ['%'], exclude: [] } }])).toBe(0);
    expect(await run([{ id: 'to_title_keywords', value: { include: ['_'], exclude: [] } }])).toBe(0);
    expect(await run([{ id: 'to_title_keywords', value: { include: ['50%_off'], exclude: [] } }])).toBe(6);
    expect(
      await run([
        { id: 'to_store_buybox', value: { seller_ids: ['\\', "'; drop table reports; --"], mode: 'only' } },
      ]),
    ).toBe(0);
    expect(
      await run([
        { id: 'to_store_buybox', value: { seller_ids: ["'; drop table reports; --"], mode: 'exclude' } },
      ]),
    ).toBe(30);
    expect((await s.filter(s.owner, {})).statusCode).toBe(200); // the reports table is still there
  });

  it('refuses unreadable filters with a 400 naming the field', async () => {
    const tooLong = await s.filter(s.owner, { filters: 'A'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(fieldOf(tooLong)).toMatchObject({
      field: 'filters',
      message: 'Your filters are too long. Please try shorten your filters.',
    });
    const envelope = (f: unknown[]) => encodeRaw({ v: 1, f });
    for (const filters of [
      'A'.repeat(10_000),
      "'; drop table reports; --",
      envelope([['bogus_filter', 'only']]),
      envelope([['to_amazon_prime', 42]]),
      envelope([['to_brand', { include: ['x'.repeat(10_000)], exclude: [] }]]),
      envelope([['cross_buybox_price', { min: 'ten' }]]),
      encodeRaw({ v: 2, f: [] }),
    ]) {
      const res = await s.filter(s.owner, { filters });
      expect(res.statusCode, filters.slice(0, 40)).toBe(400);
      expect(fieldOf(res).field).toBe('filters');
    }
  });

  it('refuses bad paging and sorting with the field named', async () => {
    for (const [body, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ skip: -1 }, 'skip'],
      [{ sort_key: 'title' }, 'sort_key'],
      [{ sort_direction: 'sideways' }, 'sort_direction'],
      [{ filters: 12 }, 'filters'],
      [{ report_id: 'nope' }, 'report_id'],
      [{ with_ids: 'yes' }, 'with_ids'],
    ] as const) {
      const res = await s.filter(s.owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res).field).toBe(field);
    }
  });

  it('refuses settings-dependent filters until the report has settings', async () => {
    const res = await s.filter(s.owner, {
      filters: encodeFilters([{ id: 'to_ppr_percent', value: { min: 10 } }]),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({ field: 'filters', message: 'Settings must be defined first.' });
  });

  it("answers 404 for another user's report", async () => {
    expect((await s.filter(s.other, {})).statusCode).toBe(404);
  });

  it('answers 404 for a foreign or unknown report before decoding or keeping its filters', async () => {
    const unseen = encodeFilters([{ id: 'cross_buybox_price', value: { min: 1.2345 } }]);
    const unknownReport = '00000000-0000-4000-8000-000000000000';
    for (const [cookie, report_id] of [
      [s.other, s.report.id],
      [s.owner, unknownReport],
    ] as const) {
      for (const url of ['/v1/filters', '/v1/charts']) {
        expect((await s.post(cookie, url, { report_id, filters: unseen })).statusCode).toBe(404);
        // Unreadable filters too: the report is checked first.
        const bad = await s.post(cookie, url, { report_id, filters: encodeRaw({ v: 1, f: [['x', 1]] }) });
        expect(bad.statusCode).toBe(404);
      }
    }
    expect(decodedFilters.has(unseen)).toBe(false);
    // The owner's call decodes it, and keeps it for the next page.
    expect((await s.filter(s.owner, { filters: unseen })).statusCode).toBe(200);
    expect(decodedFilters.has(unseen)).toBe(true);
  });
});
