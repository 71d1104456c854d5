import {
  effectiveSettings,
  encodeFilters,
  FIXED_RATES,
  generateSku,
  matchesFilters,
  priceProduct,
  type ActiveFilter,
  type PricingSettings,
  type ResultRow,
} from '@crossmarket/domain';
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { seedReport, userIdOf, type SeedRow } from './helpers/analysis';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let owner: string;
let other: string;
let ownerId: string;
let report: { id: string; rows: ResultRow[] };
const defaults = effectiveSettings({
  settings: null,
  from_country: 'us',
  to_country: 'ca',
  parity_rates: FIXED_RATES,
});

const id = (i: number) => `B${String(i).padStart(9, '0')}`;
const BRANDS = ['Acme', "O'Brien", 'Globex'];

/** 30 products: prices rising with the index, three brands, two categories, one not found on Amazon.ca. */
function rowsForTest(): SeedRow[] {
  return Array.from({ length: 30 }, (_, i) => {
    const brand = BRANDS[i % 3]!;
    const title = i % 5 === 0 ? `${brand} 50%_off Wooden Train` : `${brand} wooden blocks`;
    const category = i % 2 ? 'Toys & Games' : 'Baby';
    return {
      product_id: id(i + 1),
      row_cross: makeSide({
        buybox: makeOffer({ buy_price: 5 + i }),
        lowest: makeOffer({ buy_price: 5 + i }),
        brand,
        title,
        stocks: i % 4 === 0 ? null : i,
      }),
      row_to: makeSide({
        status: i === 7 ? 'dog' : 'ok',
        buybox: makeOffer({ buy_price: 20 + i * 1.5, seller_id: i % 2 ? 'A1STORE' : 'A2OTHER' }),
        lowest: makeOffer({ buy_price: 19 + i * 1.5 }),
        brand,
        title,
        categories: [category],
        sales_rank: { rank: 100 * i + 1, category, level: 'top' },
      }),
    };
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  [owner, other] = await Promise.all([
    activeUser(app, database.db, 'owner@example.com'),
    activeUser(app, database.db, 'other@example.com'),
  ]);
  await Promise.all([subscribe(app, owner, 'L'), subscribe(app, other, 'L')]);
  ownerId = await userIdOf(database.db, 'owner@example.com');
  report = await seedReport(database.db, ownerId, rowsForTest(), {
    pricedWith: defaults,
    skus: { [id(2)]: 'MY-SKU-2' },
  });
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const post = (cookie: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
const filter = (cookie: string, body: object) =>
  post(cookie, '/v1/filters', { report_id: report.id, ...body });
const fieldOf = (res: { json(): { error: { fields: { field: string; message: string }[] } } }) =>
  res.json().error.fields[0]!;

const SETTINGS: PricingSettings = makeSettings({
  parity: 1.5,
  parity_type: 'fixed',
  def_stock: 7,
  pricing_rules: [
    {
      rule_type: 'cost',
      threshold_start: 0,
      threshold_end: 10_000_000,
      rate_type: 'fixed',
      min_rate: 10,
      std_rate: 20,
      max_rate: 50,
      stock: 7,
    },
    {
      rule_type: 'cost',
      threshold_start: 20,
      threshold_end: 40,
      rate_type: 'fixed',
      min_rate: 5,
      std_rate: 8,
      max_rate: 30,
      stock: 3,
    },
  ],
});

describe('POST /v1/filters', () => {
  it('answers the first page, the counts, every ID and the option lists; fbm is priceProduct', async () => {
    const res = await filter(owner, { filters: '', limit: 20, skip: 0 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 30, filtered_count: 30, settings_defined: false });
    expect(body.filtered_ids).toHaveLength(30);
    expect(body.data).toHaveLength(20);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(
      report.rows.slice(0, 20).map((r) => r.product_id),
    );
    const first = body.data[0];
    expect(first.fbm).toEqual(priceProduct(report.rows[0]!, defaults, { toRegion: 'ca' }));
    expect(first.row_to.brand).toBe('Acme');
    expect(first.banned).toBeNull();
    expect(body.data[7].fbm.available).toBe(false); // not found in the selling country
    expect(body.categories).toEqual(['Baby', 'Toys & Games']);
    expect(body.bsr_categories).toEqual(['Baby', 'Toys & Games']);
  });

  it('sorts by PPR, cost, the report order and product ID, and pages with skip', async () => {
    const ids = async (body: object) =>
      (await filter(owner, { limit: 100, ...body })).json().data.map((r: ResultRow) => r.product_id);
    const byPpr = [...report.rows]
      .sort(
        (a, b) => (b.fbm!.profit_percent.buybox ?? -Infinity) - (a.fbm!.profit_percent.buybox ?? -Infinity),
      )
      .map((r) => r.product_id);
    expect(await ids({ sort_key: 'ppr', sort_direction: 'desc' })).toEqual(byPpr);
    const byCost = [...report.rows]
      .sort((a, b) => a.fbm!.cost_in_tc! - b.fbm!.cost_in_tc!)
      .map((r) => r.product_id);
    expect(await ids({ sort_key: 'cost', sort_direction: 'asc' })).toEqual(byCost);
    const natural = report.rows.map((r) => r.product_id).reverse();
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
    const body = (await filter(owner, { filters: encodeFilters(filters), limit: 100 })).json();
    const expected = report.rows.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);
    expect(expected.length).toBeGreaterThan(3);
    expect(body.filtered_count).toBe(expected.length);
    expect([...body.filtered_ids].sort()).toEqual(expected);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(expected);
    expect(body.total).toBe(30);
  });

  it('treats quotes, %, _, backslashes and SQL as text, never as patterns or code', async () => {
    const run = async (filters: ActiveFilter[]) => {
      const res = await filter(owner, { filters: encodeFilters(filters), limit: 100 });
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
    expect((await filter(owner, {})).statusCode).toBe(200); // the reports table is still there
  });

  it('refuses unreadable filters with a 400 naming the field', async () => {
    const tooLong = await filter(owner, { filters: 'A'.repeat(10_001) });
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
      const res = await filter(owner, { filters });
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
    ] as const) {
      const res = await filter(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res).field).toBe(field);
    }
  });

  it('refuses settings-dependent filters until the report has settings', async () => {
    const res = await filter(owner, {
      filters: encodeFilters([{ id: 'to_ppr_percent', value: { min: 10 } }]),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({ field: 'filters', message: 'Settings must be defined first.' });
  });

  it("answers 404 for another user's report", async () => {
    expect((await filter(other, {})).statusCode).toBe(404);
  });
});

/** A codec string for an envelope the encoder would refuse to produce (JSON → raw deflate → base64url). */
function encodeRaw(envelope: unknown): string {
  return deflateRawSync(Buffer.from(JSON.stringify(envelope))).toString('base64url');
}

describe('POST /v1/settings', () => {
  const save = (cookie: string, body: object) =>
    post(cookie, '/v1/settings', { report_id: report.id, ...SETTINGS, ...body });

  it('refuses bad settings with the rule messages, as { error: true }', async () => {
    const cases: [object, string, string][] = [
      [{ min_stock: 9, def_stock: 3 }, 'min_stock', "Minimum stock can't be greater than default stock"],
      [{ handling_time: 21 }, 'handling_time', 'Enter value'],
      [{ parity: 'x' }, 'parity', 'Enter rate'],
      [
        { pricing_rules: [SETTINGS.pricing_rules[0], { ...SETTINGS.pricing_rules[1], min_rate: 9 }] },
        'pricing_rules.1.min_rate',
        'Minimum rate must be lower than standard rate',
      ],
      [
        {
          pricing_rules: [
            SETTINGS.pricing_rules[0],
            { ...SETTINGS.pricing_rules[1], rule_type: 'buybox_store' },
          ],
        },
        'pricing_rules.1.seller_id',
        'Missing seller id',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(owner, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ error: true, code: 'validation_error' });
      expect(res.json().fields).toContainEqual(expect.objectContaining({ field, message }));
    }
    const { report_id: _omit, ...noReport } = { report_id: 1, ...SETTINGS };
    const missing = await app.inject({
      method: 'POST',
      url: '/v1/settings',
      headers: jsonHeaders(owner),
      payload: noReport,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].field).toBe('report_id');
  });

  it("answers 404 for another user's report and changes nothing", async () => {
    const res = await save(other, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(true);
    expect((await filter(owner, {})).json().settings_defined).toBe(false);
  });

  it('stores the settings and re-prices every row with priceProduct', async () => {
    const res = await save(owner, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false });
    const body = (await filter(owner, { limit: 100 })).json();
    expect(body.settings_defined).toBe(true);
    for (const [i, row] of body.data.entries()) {
      expect(row.fbm).toEqual(priceProduct(report.rows[i]!, SETTINGS, { toRegion: 'ca' }));
    }
    // The second rule (cost 20–40) now prices some rows.
    expect(body.data.some((r: ResultRow) => r.fbm!.rule_index === 1)).toBe(true);
  });

  it('then accepts settings-dependent filters, over the re-priced columns', async () => {
    const filters: ActiveFilter[] = [
      { id: 'to_ppr_percent', value: { min: 20 } },
      { id: 'cross_fbm_availability', value: 'only' },
      { id: 'cross_stock', value: { min: 3, max: 3 } },
    ];
    const body = (await filter(owner, { filters: encodeFilters(filters), limit: 100 })).json();
    const priced = report.rows.map((r) => ({ ...r, fbm: priceProduct(r, SETTINGS, { toRegion: 'ca' }) }));
    const expected = priced.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(30);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(expected);
  });

  it('uses the report parity when the parity type is auto', async () => {
    expect((await save(owner, { parity_type: 'auto', parity: 99 })).json()).toEqual({ error: false });
    const body = (await filter(owner, { limit: 1 })).json();
    const auto = { ...SETTINGS, parity_type: 'auto' as const, parity: defaults.parity };
    expect(body.data[0].fbm).toEqual(priceProduct(report.rows[0]!, auto, { toRegion: 'ca' }));
    await save(owner, {});
  });

  it('refuses a report that is still being processed', async () => {
    const pending = await seedReport(database.db, ownerId, rowsForTest().slice(0, 2), {
      pricedWith: defaults,
    });
    await database.db.execute(sql`update reports set finalized = false where id = ${pending.id}::uuid`);
    const res = await post(owner, '/v1/settings', { ...SETTINGS, report_id: pending.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: true,
      message: 'This report is still being prepared. Try again when it is done.',
    });
  });
});

describe('POST /v1/exports', () => {
  const exportOf = (cookie: string, body: object, reportId = report.id) =>
    post(cookie, '/v1/exports', { report_id: reportId, export_type: 'fbm', product_ids: 'all', ...body });

  it('needs settings first', async () => {
    const fresh = await seedReport(database.db, ownerId, rowsForTest().slice(0, 3), { pricedWith: defaults });
    const res = await exportOf(owner, {}, fresh.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Define settings first.');
  });

  it('answers every product with its SKU, stock and prices: the numbers priceProduct gives', async () => {
    const res = await exportOf(owner, {});
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(30);
    for (const [i, row] of data.entries()) {
      const source = report.rows[i]!;
      const fbm = priceProduct(source, SETTINGS, { toRegion: 'ca' });
      expect(row).toEqual({
        product_id: source.product_id,
        sku: source.product_id === id(2) ? 'MY-SKU-2' : generateSku(ownerId, source.product_id),
        generated_sku: generateSku(ownerId, source.product_id),
        stocks: fbm.stock,
        available_for_fbm: fbm.available,
        min_price: fbm.min_price,
        std_price: fbm.std_price,
        max_price: fbm.max_price,
        brand: source.row_to.brand,
        title: source.row_to.title,
        banned: null,
      });
    }
  });

  it('answers only the selected products (unknown IDs left out)', async () => {
    const res = await exportOf(owner, { product_ids: ` ${id(3)},${id(1)} ,b000000005,B999999999` });
    expect(res.json().data.map((r: { product_id: string }) => r.product_id)).toEqual([id(1), id(3), id(5)]);
  });

  it('refuses an empty selection, a bad ID and another export type, naming the field', async () => {
    const empty = await exportOf(owner, { product_ids: ' , ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldOf(empty)).toMatchObject({
      field: 'product_ids',
      message: 'Select at least 1 fbm available product to create inventory file.',
    });
    const bad = await exportOf(owner, { product_ids: `${id(1)},'; select 1; --` });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad).field).toBe('product_ids');
    const fba = await exportOf(owner, { export_type: 'fba' });
    expect(fba.statusCode).toBe(400);
    expect(fieldOf(fba).field).toBe('export_type');
  });

  it("answers 404 for another user's report", async () => {
    expect((await exportOf(other, {})).statusCode).toBe(404);
  });
});

describe('banned contents mark rows for the selling region', () => {
  it('by brand, product ID and title words, in filters and exports', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/me/banned-contents',
      headers: jsonHeaders(owner),
      payload: {
        brands: { ca: 'globex' },
        pids: { ca: id(1), us: id(2) },
        keywords: { ca: 'wooden train' },
      },
    });
    expect(put.statusCode).toBe(200);
    const expected = (i: number) =>
      i === 0 ? 'pid' : BRANDS[i % 3] === 'Globex' ? 'brand' : i % 5 === 0 ? 'title' : null;
    const rows = (await filter(owner, { limit: 100 })).json().data;
    expect(rows.map((r: { banned: string | null }) => r.banned)).toEqual(
      rows.map((_: unknown, i: number) => expected(i)),
    );
    const exported = (
      await post(owner, '/v1/exports', { report_id: report.id, export_type: 'fbm', product_ids: 'all' })
    ).json().data;
    expect(exported.map((r: { banned: string | null }) => r.banned)).toEqual(
      rows.map((_: unknown, i: number) => expected(i)),
    );
    // Each reason occurs; the product ID banned for the US only (the second row) stays unmarked.
    expect(new Set(rows.map((r: { banned: string | null }) => r.banned))).toEqual(
      new Set(['pid', 'brand', 'title', null]),
    );
    expect(rows[1].banned).toBeNull();
  });
});
