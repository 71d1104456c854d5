import {
  encodeFilters,
  matchesFilters,
  priceProduct,
  type ActiveFilter,
  type IndividualRates,
  type PricingSettings,
  type ResultRow,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReport } from './helpers/analysis';
import { analysisSetting, defaults, id, rowsForTest, SETTINGS } from './helpers/analysis-setting';
import { jsonHeaders } from './helpers/auth';

let s: Awaited<ReturnType<typeof analysisSetting>>;
beforeAll(async () => {
  s = await analysisSetting();
  // About a product's own rates, not the money model: the owner's lane is `simple`, the specification's
  // formula (landed/price-product-lane.test.ts proves it gives priceProduct's figures without a lane).
  const lane = await s.app.inject({
    method: 'PUT',
    url: '/api/lanes/us/ca',
    headers: jsonHeaders(s.owner),
    payload: { mode: 'simple' },
  });
  expect(lane.statusCode).toBe(200);
});
afterAll(() => s.close());

const url = (productId: string, reportId = s.report.id) =>
  `/v1/reports/${reportId}/products/${productId}/rates`;
const put = (cookie: string | undefined, productId: string, payload: object, reportId?: string) =>
  s.app.inject({ method: 'PUT', url: url(productId, reportId), headers: jsonHeaders(cookie), payload });
// Like the web client, no JSON content type without a body (Fastify refuses an empty JSON body).
const del = (cookie: string | undefined, productId: string, reportId?: string) =>
  s.app.inject({ method: 'DELETE', url: url(productId, reportId), headers: cookie ? { cookie } : {} });

const source = (productId: string) => s.report.rows.find((r) => r.product_id === productId)!;
/** What the row should show: priceProduct with the report's settings and the product's own rates. */
const priced = (productId: string, settings: PricingSettings, individual: IndividualRates | null = null) =>
  priceProduct({ ...source(productId), individual }, settings, { toRegion: 'ca' });

/** The stored rates and the narrow row's fbm columns the filters and exports read. */
async function stored(productId: string) {
  const result = await s.database.db.execute<{
    individual: IndividualRates | null;
    std: number | null;
    custom: number | null;
  }>(sql`
    select case when i.individual_profit_rate_min is not null then json_build_object(
             'min', i.individual_profit_rate_min, 'std', i.individual_profit_rate_std,
             'max', i.individual_profit_rate_max) end as individual,
           r.fbm_std_price as std, r.fbm_profit_custom as custom
      from report_product_pricing i
      join report_products r using (report_id, product_id)
     where i.report_id = ${s.report.id}::uuid and i.product_id = ${productId}`);
  return result.rows[0];
}

const pageRows = async () =>
  (await s.filter(s.owner, { limit: 100 })).json().data as (ResultRow & { individual: IndividualRates })[];

describe('PUT /v1/reports/:id/products/:productId/rates: refusals', () => {
  it('refuses bad bodies with the ordering messages, each on its field, and changes nothing', async () => {
    const before = await stored(id(3));
    const cases: [object, string, string][] = [
      [{ min: 10, std: 10, max: 20 }, 'min', 'Minimum rate must be lower than standard rate'],
      [{ min: 10, std: 10, max: 20 }, 'std', 'Standard rate must be greater than minimum rate'],
      [{ min: '5', std: '20', max: '20' }, 'std', 'Standard rate must be lower than maximum rate'],
      [{ min: '5', std: '20', max: '20' }, 'max', 'Maximum rate must be greater than standard rate'],
      [{ min: 'ten', std: 20, max: 30 }, 'min', 'Enter rate.'],
      [{ min: '5,5', std: 20, max: 30 }, 'min', 'Enter rate.'],
      [{ min: 5, std: '2e1', max: 30 }, 'std', 'Enter rate.'],
      [{ min: -5, std: 20, max: 30 }, 'min', 'Enter rate.'],
      [{ min: 5, std: 20 }, 'max', 'Enter rate.'],
      [{ min: 5, std: 20, max: '9'.repeat(400) }, 'max', 'Enter rate.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(s.owner, id(3), body);
      expect(res.statusCode, `${field} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.fields).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await stored(id(3))).toEqual(before);
    expect(before!.individual).toBeNull();
  });

  it('answers 401 to a stranger before looking at the body', async () => {
    expect((await put(undefined, id(3), { min: 'x' })).statusCode).toBe(401);
    expect((await del(undefined, id(3))).statusCode).toBe(401);
  });

  it("answers 404 for another user's report, an unknown product and malformed ids, changing nothing", async () => {
    const rates = { min: 1, std: 2, max: 3 };
    expect((await put(s.owner, id(4), rates)).statusCode).toBe(200);
    const before = await stored(id(4));
    const notFound = (res: { statusCode: number; json(): unknown }, what: string) => {
      expect(res.statusCode, what).toBe(404);
      expect(res.json(), what).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    };
    notFound(await put(s.other, id(4), { min: 5, std: 6, max: 7 }), "other's PUT");
    notFound(await del(s.other, id(4)), "other's DELETE");
    notFound(await put(s.owner, 'B999999999', rates), 'unknown product');
    notFound(await del(s.owner, 'B999999999'), 'unknown product DELETE');
    // Malformed ids answer 404 before the body is validated.
    notFound(await put(s.owner, 'not-a-product', { min: 'x' }), 'malformed product');
    notFound(await put(s.owner, id(4), { min: 'x' }, 'not-a-uuid'), 'malformed report');
    notFound(await put(s.owner, id(4), rates, '00000000-0000-4000-8000-000000000000'), 'unknown report');
    expect(await stored(id(4))).toEqual(before);
    expect(before!.individual).toEqual(rates);
    expect((await del(s.owner, id(4))).statusCode).toBe(200);
    expect((await stored(id(4)))!.individual).toBeNull();
  });

  it('refuses a report that is still being processed', async () => {
    const pending = await seedReport(s.database.db, s.ownerId, rowsForTest().slice(0, 2), {
      pricedWith: defaults,
    });
    await s.database.db.execute(sql`update reports set finalized = false where id = ${pending.id}::uuid`);
    const res = await put(s.owner, id(1), { min: 1, std: 2, max: 3 }, pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'report_not_ready',
      message: 'This report is still being prepared. Try again when it is done.',
    });
  });
});

describe('per-product rates re-price their row', () => {
  const OWN = { min: 5, std: 10.5, max: 40 };

  it('before settings: the row is priced with the report defaults and the rates; /v1/filters carries them', async () => {
    const res = await put(s.owner, id(3), { min: '5', std: '10.5', max: '40' });
    expect(res.statusCode).toBe(200);
    const fbm = priced(id(3), defaults, OWN);
    expect(res.json()).toEqual({ product_id: id(3), individual: OWN, fbm });
    expect(fbm.std_price).not.toBe(priced(id(3), defaults).std_price);
    expect(await stored(id(3))).toMatchObject({ individual: OWN, std: fbm.std_price });

    const rows = await pageRows();
    for (const row of rows) {
      const own = row.product_id === id(3) ? OWN : null;
      expect(row.individual, row.product_id).toEqual(own);
      expect(row.fbm, row.product_id).toEqual(priced(row.product_id, defaults, own));
    }
  });

  it('a settings save keeps them: every row re-priced, each with its own rates', async () => {
    const res = await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
    expect(res.json()).toEqual({ error: false });
    for (const row of await pageRows()) {
      const own = row.product_id === id(3) ? OWN : null;
      expect(row.individual, row.product_id).toEqual(own);
      expect(row.fbm, row.product_id).toEqual(priced(row.product_id, SETTINGS, own));
    }
    expect((await stored(id(3)))!.std).toBe(priced(id(3), SETTINGS, OWN).std_price);
  });

  // Product 12: cost 24 (16 × 1.5) under the second rule (cost 20–40: std 8 %), Toys & Games at 15 %.
  const HIGH = { min: 50, std: 60, max: 90 };

  it('after settings: the std price follows the std rate, and the filters compare the new columns', async () => {
    const rule = priced(id(12), SETTINGS);
    expect(rule.rule_index).toBe(1);
    const res = await put(s.owner, id(12), HIGH);
    expect(res.statusCode).toBe(200);
    const { fbm } = res.json();
    expect(fbm).toEqual(priced(id(12), SETTINGS, HIGH));
    expect(fbm.std_price).toBeCloseTo((fbm.cost_in_tc * 1.6) / 0.85, 1);
    expect(fbm.std_price).toBeGreaterThan(rule.std_price!);
    // The buy-box PPR does not depend on the rates; the profit at the std price does.
    expect(fbm.profit_percent.buybox).toBe(rule.profit_percent.buybox);
    expect(fbm.profit_amount.custom.std).toBeGreaterThan(rule.profit_amount.custom.std!);

    const row = (await pageRows()).find((r) => r.product_id === id(12))!;
    expect(row).toMatchObject({ individual: HIGH, fbm });

    // Custom profit at least the new row's (less a little): only rows whose stored column follows the rates.
    const threshold = fbm.profit_amount.custom.std - 0.5;
    expect(rule.profit_amount.custom.std!).toBeLessThan(threshold);
    const filters: ActiveFilter[] = [
      { id: 'to_profit_custom', value: { min: threshold } },
      { id: 'to_diff_between_lowest', value: { min: fbm.diff_between_lowest - 0.5 } },
    ];
    const body = (await s.filter(s.owner, { filters: encodeFilters(filters), limit: 100 })).json();
    const own = (productId: string) => (productId === id(3) ? OWN : productId === id(12) ? HIGH : null);
    const expected = s.report.rows
      .map((r) => ({ ...r, fbm: priced(r.product_id, SETTINGS, own(r.product_id)) }))
      .filter((r) => matchesFilters(r, filters))
      .map((r) => r.product_id);
    expect(expected).toContain(id(12));
    expect(body.filtered_ids).toEqual(expected);
    expect((await stored(id(12)))!.custom).toBe(fbm.profit_amount.custom.std);
  });

  it('/v1/exports answers the prices of the rates', async () => {
    const res = await s.post(s.owner, '/v1/exports', {
      report_id: s.report.id,
      export_type: 'fbm',
      product_ids: `${id(12)},${id(3)},${id(5)}`,
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().data.map((r: { product_id: string }) => [r.product_id, r]));
    for (const [productId, own] of [
      [id(3), OWN],
      [id(12), HIGH],
      [id(5), null],
    ] as const) {
      const fbm = priced(productId, SETTINGS, own);
      expect(byId.get(productId), productId).toMatchObject({
        available_for_fbm: fbm.available,
        min_price: fbm.min_price,
        std_price: fbm.std_price,
        max_price: fbm.max_price,
        stocks: fbm.stock,
      });
    }
  });

  it('an unavailable product keeps its reason with its own rates', async () => {
    const res = await put(s.owner, id(8), HIGH); // the "dog" product
    expect(res.json().fbm).toEqual(priced(id(8), SETTINGS, HIGH));
    expect(res.json().fbm).toMatchObject({ available: false, reason: 'dog' });
    expect((await del(s.owner, id(8))).statusCode).toBe(200);
  });

  it('DELETE restores the rule pricing, in the answer, the filters, the exports and later saves', async () => {
    const res = await del(s.owner, id(12));
    expect(res.statusCode).toBe(200);
    const rule = priced(id(12), SETTINGS);
    expect(res.json()).toEqual({ product_id: id(12), individual: null, fbm: rule });
    expect(await stored(id(12))).toMatchObject({ individual: null, std: rule.std_price });
    const row = (await pageRows()).find((r) => r.product_id === id(12))!;
    expect(row).toMatchObject({ individual: null, fbm: rule });
    const exported = await s.post(s.owner, '/v1/exports', {
      report_id: s.report.id,
      export_type: 'fbm',
      product_ids: id(12),
    });
    expect(exported.json().data[0]).toMatchObject({ std_price: rule.std_price, max_price: rule.max_price });

    // Clearing twice is harmless; a later save prices it by its rule and product 3 still by its own.
    expect((await del(s.owner, id(12))).json().individual).toBeNull();
    await s.post(s.owner, '/v1/settings', { report_id: s.report.id, ...SETTINGS });
    expect((await stored(id(12)))!.std).toBe(rule.std_price);
    expect((await stored(id(3)))!.std).toBe(priced(id(3), SETTINGS, OWN).std_price);
  });

  it('the table refuses partial or unordered rates whatever writes them', async () => {
    const write = (set: ReturnType<typeof sql>) =>
      s.database.db.execute(sql`update report_product_pricing set ${set}
        where report_id = ${s.report.id}::uuid and product_id = ${id(5)}`);
    await expect(write(sql`individual_profit_rate_min = 1`)).rejects.toThrow();
    await expect(
      write(
        sql`individual_profit_rate_min = 3, individual_profit_rate_std = 2, individual_profit_rate_max = 4`,
      ),
    ).rejects.toThrow();
    await expect(
      write(
        sql`individual_profit_rate_min = 1, individual_profit_rate_std = 2, individual_profit_rate_max = 'Infinity'`,
      ),
    ).rejects.toThrow();
  });
});
