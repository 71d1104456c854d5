import {
  encodeFilters,
  exportsResponseSchema,
  generateSku,
  matchesFilters,
  priceProduct,
  type ActiveFilter,
  type ResultRow,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReport } from './helpers/analysis';
import {
  analysisSetting,
  BRANDS,
  defaults,
  fieldOf,
  id,
  rowsForTest,
  SETTINGS,
} from './helpers/analysis-setting';
import { jsonHeaders } from './helpers/auth';
import { laneCtx, withParcel } from './helpers/lanes';

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  s = await analysisSetting();
});
afterAll(() => s.close());

// A settings save re-prices with the lane in force (issue 45). The owner saved none: the default landed
// lane (reship, courier, no rate card), so the expected figures are priceProduct's on that lane, not the
// specification's formula the seeded report started with.
const ON_LANE = laneCtx('us', 'ca', SETTINGS);

describe('POST /v1/settings', () => {
  const save = (cookie: string, body: object) =>
    s.post(cookie, '/v1/settings', { report_id: s.report.id, ...SETTINGS, ...body });

  it('refuses bad settings with the rule messages, as { error: true }', async () => {
    const cases: [object, string, string][] = [
      [{ min_stock: 9, def_stock: 3 }, 'min_stock', "Minimum stock can't be greater than default stock."],
      [{ handling_time: 21 }, 'handling_time', 'Enter value'],
      [{ parity: 'x' }, 'parity', 'Enter rate.'],
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
        'Missing seller id.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(s.owner, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ error: true, code: 'validation_error' });
      expect(res.json().fields).toContainEqual(expect.objectContaining({ field, message }));
    }
    const { report_id: _omit, ...noReport } = { report_id: 1, ...SETTINGS };
    const missing = await s.app.inject({
      method: 'POST',
      url: '/v1/settings',
      headers: jsonHeaders(s.owner),
      payload: noReport,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].field).toBe('report_id');
  });

  it("answers 404 for another user's report and changes nothing", async () => {
    const res = await save(s.other, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(true);
    expect((await s.filter(s.owner, {})).json().settings_defined).toBe(false);
  });

  it('stores the settings and re-prices every row with priceProduct', async () => {
    const res = await save(s.owner, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false });
    const body = (await s.filter(s.owner, { limit: 100 })).json();
    expect(body.settings_defined).toBe(true);
    for (const [i, row] of body.data.entries()) {
      expect(row.fbm).toEqual(priceProduct(withParcel(s.report.rows[i]!), SETTINGS, ON_LANE));
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
    const body = (await s.filter(s.owner, { filters: encodeFilters(filters), limit: 100 })).json();
    const priced = s.report.rows.map((r) => ({ ...r, fbm: priceProduct(withParcel(r), SETTINGS, ON_LANE) }));
    const expected = priced.filter((r) => matchesFilters(r, filters)).map((r) => r.product_id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(30);
    expect(body.data.map((r: ResultRow) => r.product_id)).toEqual(expected);
  });

  it('uses the report parity when the parity type is auto', async () => {
    expect((await save(s.owner, { parity_type: 'auto', parity: 99 })).json()).toEqual({ error: false });
    const body = (await s.filter(s.owner, { limit: 1 })).json();
    const auto = { ...SETTINGS, parity_type: 'auto' as const, parity: defaults.parity };
    expect(body.data[0].fbm).toEqual(
      priceProduct(withParcel(s.report.rows[0]!), auto, laneCtx('us', 'ca', auto)),
    );
    await save(s.owner, {});
  });

  it('refuses a report that is still being processed', async () => {
    const pending = await seedReport(s.database.db, s.ownerId, rowsForTest().slice(0, 2), {
      pricedWith: defaults,
    });
    await s.database.db.execute(sql`update reports set finalized = false where id = ${pending.id}::uuid`);
    const res = await s.post(s.owner, '/v1/settings', { ...SETTINGS, report_id: pending.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: true,
      message: 'This report is still being prepared. Try again when it is done.',
    });
  });
});

describe('POST /v1/exports', () => {
  const exportOf = (cookie: string, body: object, reportId = s.report.id) =>
    s.post(cookie, '/v1/exports', { report_id: reportId, export_type: 'fbm', product_ids: 'all', ...body });

  it('needs settings first', async () => {
    const fresh = await seedReport(s.database.db, s.ownerId, rowsForTest().slice(0, 3), {
      pricedWith: defaults,
    });
    const res = await exportOf(s.owner, {}, fresh.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Define settings first.');
  });

  it('answers every product with its SKU, stock and prices: the numbers priceProduct gives', async () => {
    const res = await exportOf(s.owner, {});
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(30);
    for (const [i, row] of data.entries()) {
      const source = s.report.rows[i]!;
      const fbm = priceProduct(withParcel(source), SETTINGS, ON_LANE);
      expect(row).toEqual({
        product_id: source.product_id,
        sku: source.product_id === id(2) ? 'MY-SKU-2' : generateSku(s.ownerId, source.product_id),
        generated_sku: generateSku(s.ownerId, source.product_id),
        stocks: fbm.stock,
        available_for_fbm: fbm.available,
        min_price: fbm.min_price,
        std_price: fbm.std_price,
        max_price: fbm.max_price,
        brand: source.row_to.brand,
        title: source.row_to.title,
        banned: null,
        // Not checked: the seller has no Amazon authorisation of their own.
        restriction: null,
      });
    }
  });

  it('sends the text the response schema would: its key order and JSON, as application/json', async () => {
    const res = await exportOf(s.owner, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json().data).toHaveLength(30);
    expect(res.body).toBe(JSON.stringify(exportsResponseSchema.parse(res.json())));
  });

  it('answers only the selected products (unknown IDs left out)', async () => {
    const res = await exportOf(s.owner, { product_ids: ` ${id(3)},${id(1)} ,b000000005,B999999999` });
    expect(res.json().data.map((r: { product_id: string }) => r.product_id)).toEqual([id(1), id(3), id(5)]);
  });

  it('refuses an empty selection, a bad ID and another export type, naming the field', async () => {
    const empty = await exportOf(s.owner, { product_ids: ' , ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldOf(empty)).toMatchObject({
      field: 'product_ids',
      message: 'Select at least 1 fbm available product to create inventory file.',
    });
    const bad = await exportOf(s.owner, { product_ids: `${id(1)},'; select 1; --` });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad).field).toBe('product_ids');
    const fba = await exportOf(s.owner, { export_type: 'fba' });
    expect(fba.statusCode).toBe(400);
    expect(fieldOf(fba).field).toBe('export_type');
  });

  it("answers 404 for another user's report", async () => {
    expect((await exportOf(s.other, {})).statusCode).toBe(404);
  });
});

describe('banned contents mark rows for the selling region', () => {
  it('by brand, product ID and title words, in filters and exports', async () => {
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/me/banned-contents',
      headers: jsonHeaders(s.owner),
      payload: {
        brands: { ca: 'globex' },
        pids: { ca: id(1), us: id(2) },
        keywords: { ca: 'wooden train' },
      },
    });
    expect(put.statusCode).toBe(200);
    const expected = (i: number) =>
      i === 0 ? 'pid' : BRANDS[i % 3] === 'Globex' ? 'brand' : i % 5 === 0 ? 'title' : null;
    const rows = (await s.filter(s.owner, { limit: 100 })).json().data;
    expect(rows.map((r: { banned: string | null }) => r.banned)).toEqual(
      rows.map((_: unknown, i: number) => expected(i)),
    );
    const exported = (
      await s.post(s.owner, '/v1/exports', { report_id: s.report.id, export_type: 'fbm', product_ids: 'all' })
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
