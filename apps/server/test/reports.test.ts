import { defaultReportSettings, priceProduct, type ResultRow } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { productOffers, reportProducts, reportProductSnapshots, reports } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { laneCtx, withParcel } from './helpers/lanes';
import { productIds, waitForReport } from './helpers/reports';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let small: string; // plan S: 1,000 a day, 1,000 at once
let large: string; // plan L
let other: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  [small, large, other] = await Promise.all([
    activeUser(app, database.db, 'small@example.com'),
    activeUser(app, database.db, 'large@example.com'),
    activeUser(app, database.db, 'other@example.com'),
  ]);
  await subscribe(app, small, 'S');
  await subscribe(app, large, 'L');
  await subscribe(app, other, 'L');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const create = (cookie: string, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: jsonHeaders(cookie),
    payload: {
      title: 'Test',
      from_country: 'us',
      to_country: 'ca',
      marketplace: 'amazon',
      source: 'manual',
      ...body,
    },
  });

const failure = async (res: Awaited<ReturnType<typeof create>>) => {
  expect(res.statusCode).toBe(400);
  const field = res.json().error.fields[0];
  return { field: field.field as string, message: field.message as string };
};

describe('report creation checks, in the specification order', () => {
  it('requires product IDs', async () => {
    expect(await failure(await create(large, { product_ids: '  \n ' }))).toEqual({
      field: 'product_ids',
      message: 'One product per line',
    });
  });

  it('needs at least one valid ID', async () => {
    expect(await failure(await create(large, { product_ids: 'hello\nB12\n' }))).toEqual({
      field: 'product_ids',
      message: 'There is no valid Product ID in your list',
    });
  });

  it('refuses more IDs than the plan sends at once', async () => {
    const res = await create(small, { product_ids: productIds(1001, 'T').join('\n') });
    expect((await failure(res)).message).toBe(
      'Your list contains too many products. You can only send 1000 products at once.',
    );
  });

  it('checks the product IDs before the countries', async () => {
    const res = await create(large, { product_ids: '', from_country: 'us', to_country: 'us' });
    expect((await failure(res)).field).toBe('product_ids');
  });

  it('refuses the same country on both sides', async () => {
    const res = await create(large, { product_ids: 'B000000001', from_country: 'uk', to_country: 'uk' });
    expect(await failure(res)).toEqual({ field: 'to_country', message: 'Countries should be different.' });
  });

  it('requires both countries, and only known ones', async () => {
    const res = await create(large, { product_ids: 'B000000001', from_country: null });
    expect(await failure(res)).toEqual({ field: 'from_country', message: 'Select country.' });
    const unknown = await create(large, { product_ids: 'B000000001', to_country: 'xx' });
    expect((await failure(unknown)).field).toBe('to_country');
  });
});

describe('the daily quota', () => {
  it('holds under 20 concurrent submissions: never more than the quota is accepted', async () => {
    const user = await activeUser(app, database.db, 'racer@example.com');
    await subscribe(app, user, 'S');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(user, { product_ids: productIds(100, `R${i}`).join('\n') }),
      ),
    );
    const accepted = answers.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect((await failure(refused)).message).toContain('Your daily remaining quota is: 0.');
    }
    const usage = (await app.inject({ url: '/api/usage', headers: { cookie: user } })).json();
    expect(usage.r_count).toBe(1000);
  });
});

describe('a report from submission to its rows', () => {
  let reportId: string;
  const ids = productIds(120, 'E');

  it('answers the counts and queues the report', async () => {
    const text = [...ids, ids[0], 'not-an-id', ' b000000000 '].join('\n');
    const res = await create(large, { product_ids: text, title: 'Toys to Canada' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ sent: 123, valid: 121, repetitive: 1, invalid: 1 });
    reportId = body.report_id;
  });

  it('is processed by the worker: one row per valid product on both sides, then finalized', async () => {
    const report = await waitForReport(database.db, reportId);
    expect(report.finalized).toBe(true);
    expect(report.doneSize).toBe(report.size);
    expect(report.size).toBe(242);
    expect(report.finishAt).toBeInstanceOf(Date);
    const rows = await database.db.select().from(reportProducts).where(eq(reportProducts.reportId, reportId));
    expect(rows).toHaveLength(121);
    const snapshots = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportProductSnapshots)
      .where(eq(reportProductSnapshots.reportId, reportId));
    expect(snapshots[0]!.n).toBe(121);
    const offers = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productOffers)
      .where(eq(productOffers.reportId, reportId));
    expect(offers[0]!.n).toBe(242);
    // Priced with the default settings: available rows have a cost in the selling currency.
    const narrow = await database.db.execute<{ fbm_available: boolean; fbm_cost_in_tc: number | null }>(
      sql`select fbm_available, fbm_cost_in_tc from report_products where report_id = ${reportId}`,
    );
    const priced = narrow.rows.filter((r) => r.fbm_available);
    expect(priced.length).toBeGreaterThan(50);
    expect(priced.every((r) => (r.fbm_cost_in_tc ?? 0) > 0)).toBe(true);
    // The filters' option lists are kept on the finalized report.
    expect(report.facets?.categories.length).toBeGreaterThan(0);
    expect(report.facets?.bsr_categories.length).toBeGreaterThan(0);
  });

  it('answers /v1/filters from the rows the worker wrote, priced like priceProduct', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/filters',
      headers: jsonHeaders(large),
      payload: { report_id: reportId, limit: 100, sort_key: 'cost', sort_direction: 'desc' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The finish keeps the default settings that priced the rows (issue 46): defined without a save.
    expect(body).toMatchObject({ total: 121, filtered_count: 121, settings_defined: true });
    expect(body.categories.length).toBeGreaterThan(0);
    const settings = defaultReportSettings(1.35);
    // The report keeps the lane in force when it was created: the default landed lane (issue 45).
    const ctx = laneCtx('us', 'ca', settings);
    for (const row of body.data) {
      expect(row.fbm).toEqual(priceProduct(withParcel(row), settings, ctx));
    }
    const costs = body.data.map((r: ResultRow) => r.fbm!.cost_in_tc).filter((c: number | null) => c !== null);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
  });

  it('lists it newest first with its progress fields, and shows its detail', async () => {
    const list = (await app.inject({ url: '/api/reports', headers: { cookie: large } })).json();
    expect(list[0]).toMatchObject({ id: reportId, title: 'Toys to Canada', finalized: true, size: 242 });
    const detail = (await app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: large } })).json();
    expect(detail.content).toHaveLength(121);
    expect(detail.to_country_info).toMatchObject({ name: 'Canada', currency: { code: 'CAD' } });
    expect(detail.parity).toBe(1.35);
    expect(detail.parity_rates.CAD).toBe(1.35);
  });

  it('says in the list which phase a report is in, and the estimate while it looks up', async () => {
    const saved = (await database.db.select().from(reports).where(eq(reports.id, reportId)))[0]!;
    const listed = async () =>
      (await app.inject({ url: '/api/reports', headers: { cookie: large } }))
        .json()
        .find((r: { id: string }) => r.id === reportId);
    const at = new Date(Date.now() + 7 * 60_000);
    const set = (values: Partial<typeof reports.$inferInsert>) =>
      database.db.update(reports).set(values).where(eq(reports.id, reportId));
    try {
      await set({ finalized: false, doneSize: 100, estimatedFinishAt: at });
      expect(await listed()).toMatchObject({ phase: 'looking_up', estimated_finish_at: at.toISOString() });
      await set({
        finalized: true,
        doneSize: 242,
        estimatedFinishAt: null,
        restrictionsState: 'checking',
        restrictionsTotal: 120,
        restrictionsChecked: 40,
      });
      expect(await listed()).toMatchObject({
        phase: 'restrictions',
        restrictions: { state: 'checking', total: 120, checked: 40 },
      });
      await set({ restrictionsState: 'done', restrictionsChecked: 120 });
      expect((await listed()).phase).toBeNull();
      await set({ finalized: false, doneSize: -1 }); // cancelled
      expect((await listed()).phase).toBeNull();
    } finally {
      await set({
        finalized: saved.finalized,
        doneSize: saved.doneSize,
        estimatedFinishAt: saved.estimatedFinishAt,
        restrictionsState: saved.restrictionsState,
        restrictionsTotal: saved.restrictionsTotal,
        restrictionsChecked: saved.restrictionsChecked,
      });
    }
  });

  it('streams its progress as server-sent events, ending once finalized and its restrictions phase is over', async () => {
    const res = await app.inject({ url: `/api/reports/${reportId}/events`, headers: { cookie: large } });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body.split('\n\n').filter((e) => e.startsWith('event: progress'));
    // The phase may still be waiting for its job when the stream opens: then its end is a second event.
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.length).toBeLessThanOrEqual(2);
    const data = JSON.parse(events.at(-1)!.split('data: ')[1]!);
    expect(data).toMatchObject({ id: reportId, finalized: true, done_size: 242, no_answer_count: 0 });
    // The sandbox can answer restrictions, but this seller has no Amazon authorisation of their own.
    expect(data.restrictions).toMatchObject({ state: 'not_connected', checked: 0 });
  });

  it("answers a product's sellers on both sides, cheapest first, only to the report's owner", async () => {
    const withOffers = await database.db.execute<{ product_id: string }>(sql`
      select product_id from product_offers
       where report_id = ${reportId} and side = 'cross' and jsonb_array_length(offers) > 2 limit 1`);
    const productId = withOffers.rows[0]!.product_id;
    const url = `/v1/reports/${reportId}/products/${productId}/offers`;
    const res = await app.inject({ url, headers: { cookie: large } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.product_id).toBe(productId);
    const prices = body.cross.map((o: { buy_price: number }) => o.buy_price);
    expect(prices.length).toBeGreaterThan(2);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(body.cross[0]).toHaveProperty('seller_name');
    expect(Array.isArray(body.to)).toBe(true);

    expect((await app.inject({ url, headers: { cookie: other } })).statusCode).toBe(404);
    const absent = `/v1/reports/${reportId}/products/B0NOTHERE0/offers`;
    expect((await app.inject({ url: absent, headers: { cookie: large } })).statusCode).toBe(404);
    const malformed = await app.inject({
      url: `/v1/reports/${reportId}/products/nope/offers`,
      headers: { cookie: large },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('productId');
  });

  it('reads seller ratings stored out of 5 before they became percentages', async () => {
    const [stored] = (
      await database.db.execute<{ product_id: string }>(sql`
        select product_id from product_offers
         where report_id = ${reportId} and side = 'to' and jsonb_array_length(offers) > 0 limit 1`)
    ).rows;
    await database.db.execute(sql`
      update product_offers
         set offers = jsonb_build_array((offers->0) - 'rating_percent' || '{"rating_average": 4.5}'::jsonb)
       where report_id = ${reportId} and product_id = ${stored!.product_id} and side = 'to'`);
    const url = `/v1/reports/${reportId}/products/${stored!.product_id}/offers`;
    const [offer] = (await app.inject({ url, headers: { cookie: large } })).json().to;
    expect(offer.rating_percent).toBe(90);
    expect(offer).not.toHaveProperty('rating_average');
  });

  it('is invisible to another user', async () => {
    for (const url of [`/api/reports/${reportId}`, `/api/reports/${reportId}/events`]) {
      expect((await app.inject({ url, headers: { cookie: other } })).statusCode).toBe(404);
    }
    const list = (await app.inject({ url: '/api/reports', headers: { cookie: other } })).json();
    expect(list.map((r: { id: string }) => r.id)).not.toContain(reportId);
  });

  it('answers 404 when the id is not a report id, as for an unknown report', async () => {
    const res = await app.inject({ url: '/api/reports/not-a-uuid', headers: { cookie: large } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('This report was not found.');
  });
});

describe('uploading an All Listings Report', () => {
  const multipart = (
    file: { name: string; content: Buffer | string } | null,
    fields: Record<string, string> = {},
  ) => {
    const boundary = '----crossmarket-test';
    const parts: (string | Buffer)[] = [];
    for (const [k, v] of Object.entries({
      title: 'Upload',
      from_country: 'us',
      to_country: 'uk',
      ...fields,
    })) {
      parts.push(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    }
    if (file) {
      parts.push(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/plain\r\n\r\n`,
        file.content,
        '\r\n',
      );
    }
    parts.push(`--${boundary}--\r\n`);
    return app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie: large, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
    });
  };

  it('refuses a form field holding U+0000, naming it (the form is read past the NUL hook)', async () => {
    const text = ['item-name\tseller-sku\tprice\tasin1', 'Train\tSKU-1\t10\tB0UPLOAD01'].join('\n');
    const res = await multipart({ name: 'listings.txt', content: text }, { title: 'Up\u0000load' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'title', key: 'validation.nulCharacter' });
  });

  it('keeps the SKUs of the valid lines, read by header', async () => {
    const text = [
      'item-name\tseller-sku\tprice\tasin1',
      'Train\tSKU-1\t10\tB0UPLOAD01',
      'Lamp\tSKU-2\t12\tB0UPLOAD02',
      'Broken\tSKU-3\t12\tnope',
    ].join('\n');
    const res = await multipart({ name: 'listings.txt', content: text });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ valid: 2 });
    const [row] = await database.db.select().from(reports).where(eq(reports.id, res.json().report_id));
    expect(row!.skus).toEqual({ B0UPLOAD01: 'SKU-1', B0UPLOAD02: 'SKU-2' });
  });

  it('refuses a file that is not .txt, a binary file, a missing file, and one too large', async () => {
    const cases: [Parameters<typeof multipart>[0], RegExp][] = [
      [{ name: 'listings.csv', content: 'a\tB000000001' }, /Only \.txt files are accepted/],
      [
        { name: 'listings.txt', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]) },
        /not a text file/,
      ],
      [null, /Upload your All Listings Report/],
      [{ name: 'big.txt', content: Buffer.alloc(21 * 1024 * 1024, 'a') }, /too large \(at most 20 MB\)/],
    ];
    for (const [file, message] of cases) {
      const res = await multipart(file);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0]).toMatchObject({
        field: 'file',
        message: expect.stringMatching(message),
      });
    }
  });

  it('counts the products while the file streams: past the send limit it answers the send-limit check', async () => {
    const header = 'item-name\tseller-sku\tprice\tasin1';
    const lines = productIds(30_000, 'U').map((id, i) => `Item ${i}\tSKU-${i}\t10\t${id}`);
    const res = await multipart({ name: 'listings.txt', content: [header, ...lines].join('\n') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({
      field: 'product_ids',
      message: 'Your list contains too many products. You can only send 5000 products at once.',
    });
  });
});
