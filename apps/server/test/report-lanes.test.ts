import {
  defaultReportSettings,
  MONEY_KEYS,
  parityFor,
  priceProduct,
  productSellersSchema,
  rowMoney,
  type MoneyLine,
  type PricingSettings,
  reportLaneSchema,
  type ResultRow,
  type SettingsRequest,
} from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { reports } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, injectJson, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { seedReport, userIdOf } from './helpers/analysis';
import { defaults, rowsForTest } from './helpers/analysis-setting';
import { laneCtx, withParcel } from './helpers/lanes';
import { productIds, sendUsToCaReport } from './helpers/reports';

// Issue 45: reports price on the lane they keep (taken at creation, again on a settings save).

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  [alice, bob] = await Promise.all([
    activeUser(app, database.db, 'alice@example.com'),
    activeUser(app, database.db, 'bob@example.com'),
  ]);
  await Promise.all([subscribe(app, alice, 'L'), subscribe(app, bob, 'L')]);
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const putLane = async (cookie: string, payload: object) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/lanes/us/ca',
    headers: jsonHeaders(cookie),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Every row of the report through /v1/filters, 100 a page, in the report's order. */
async function allRows(cookie: string, reportId: string): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (let page = 1; ; page++) {
    const res = await injectJson(app, 'POST', '/v1/filters', cookie, {
      report_id: reportId,
      limit: 100,
      page,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: ResultRow[]; filtered_count: number }>();
    rows.push(...body.data);
    if (rows.length >= body.filtered_count || body.data.length === 0) return rows;
  }
}

/** The stored fbm columns the filters, sorts and exports read, by product. */
async function storedColumns(reportId: string) {
  const result = await database.db.execute<{ product_id: string; std: number | null; profit: number | null }>(
    sql`select product_id, fbm_std_price as std, fbm_profit_custom as profit
          from report_products where report_id = ${reportId}::uuid`,
  );
  return new Map(result.rows.map((r) => [r.product_id, r]));
}

function expectStored(stored: Awaited<ReturnType<typeof storedColumns>>, rows: ResultRow[]) {
  for (const row of rows) {
    expect(stored.get(row.product_id)?.std ?? null, row.product_id).toBe(row.fbm!.std_price);
    expect(stored.get(row.product_id)?.profit ?? null, row.product_id).toBe(
      row.fbm!.profit_amount.custom.std,
    );
  }
}

describe('a report on a simple lane', () => {
  it("gives today's figures for every row of a whole sandbox report, shown and stored", async () => {
    await putLane(alice, { mode: 'simple' });
    const id = await sendUsToCaReport(app, database.db, alice, 'Simple', productIds(300, 'SIMPLE'));
    const rows = await allRows(alice, id);
    expect(rows).toHaveLength(300);
    const [report] = await database.db.select().from(reports).where(eq(reports.id, id));
    const settings = defaultReportSettings(parityFor('us', 'ca', report!.parityRates!));
    let priced = 0;
    for (const row of rows) {
      // No lane at all: the specification's formula, as before issue 45.
      expect(row.fbm, row.product_id).toEqual(priceProduct(row, settings, { toRegion: 'ca' }));
      if (row.fbm!.std_price !== null) priced++;
    }
    expect(priced).toBeGreaterThan(30);
    expectStored(await storedColumns(id), rows);
  });
});

describe('a report keeps the lane it was priced with', () => {
  const CARD = { rate_card: { per_parcel: 6, per_kg: 4, currency: 'USD' } };

  it('until its settings are saved, which re-prices with the lane in force', async () => {
    const id = await sendUsToCaReport(app, database.db, bob, 'Landed', productIds(60, 'KEEP'));
    const [created] = await database.db.select().from(reports).where(eq(reports.id, id));
    expect(reportLaneSchema.parse(created!.lane).settings.mode).toBe('landed');
    const settings = defaultReportSettings(parityFor('us', 'ca', created!.parityRates!));
    const before = await allRows(bob, id);
    // Bob saved no lane: the default landed lane.
    const onDefault = laneCtx('us', 'ca', settings);
    for (const row of before)
      expect(row.fbm, row.product_id).toEqual(priceProduct(withParcel(row), settings, onDefault));

    // Editing the lane moves nothing on the report: not the page, not the stored columns.
    await putLane(bob, CARD);
    const unchanged = await allRows(bob, id);
    expect(unchanged.map((r) => r.fbm)).toEqual(before.map((r) => r.fbm));
    expectStored(await storedColumns(id), unchanged);

    // A settings save takes the lane in force: the rate card is charged now.
    const body: SettingsRequest = { report_id: id, ...settings };
    const saved = await injectJson(app, 'POST', '/v1/settings', bob, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const [after] = await database.db.select().from(reports).where(eq(reports.id, id));
    expect(reportLaneSchema.parse(after!.lane).settings.rate_card).toEqual({
      ...CARD.rate_card,
      divisor: 5000,
    });
    const repriced = await allRows(bob, id);
    const onCard = laneCtx('us', 'ca', settings, CARD);
    for (const row of repriced)
      expect(row.fbm, row.product_id).toEqual(priceProduct(withParcel(row), settings, onCard));
    expectStored(await storedColumns(id), repriced);
    const profits = (rows: ResultRow[]) => rows.map((r) => r.fbm!.profit_amount.buybox);
    expect(profits(repriced)).not.toEqual(profits(before));
    bobReport = { id, rows: repriced, settings };
  });
});

let bobReport: { id: string; rows: ResultRow[]; settings: PricingSettings };

describe('GET /v1/reports/:id/products/:productId/offers', () => {
  const offers = (cookie: string, reportId: string, productId: string) =>
    injectJson(app, 'GET', `/v1/reports/${reportId}/products/${productId}/offers`, cookie);

  it('carries every line from price to profit at the buy-box and standard prices, on the report lane', async () => {
    const row = bobReport.rows.find((r) => r.fbm!.std_price !== null && r.fbm!.sell_price.buybox !== null)!;
    const res = await offers(bob, bobReport.id, row.product_id);
    expect(res.statusCode, res.body).toBe(200);
    const body = productSellersSchema.parse(res.json());
    const ctx = laneCtx('us', 'ca', bobReport.settings, {
      rate_card: { per_parcel: 6, per_kg: 4, currency: 'USD' },
    });
    const expected = rowMoney(withParcel(row), bobReport.settings, ctx, row.fbm!);
    expect(body.money.buybox).toEqual(expected.buybox!.lines);
    expect(body.money.std).toEqual(expected.std!.lines);
    expect(body.money.buybox!.map((l) => l.key)).toEqual([...MONEY_KEYS]);
    const line = (lines: MoneyLine[], key: string) => lines.find((l) => l.key === key)!;
    // The lines are the figures the row shows, and the rate card is charged on its own line.
    expect(line(body.money.buybox!, 'profit').amount).toBe(row.fbm!.profit_amount.buybox);
    expect(line(body.money.std!, 'sale_price').amount).toBe(row.fbm!.std_price);
    expect(line(body.money.buybox!, 'international_shipping').amount).toBeGreaterThan(0);
    expect(line(body.money.buybox!, 'international_shipping').rule).toBe('lane.rate_card');
    // Another user's report is not found.
    expect((await offers(alice, bobReport.id, row.product_id)).statusCode).toBe(404);
  });

  it("shows a report from before lanes through a simple lane: the lines end in the row's profit", async () => {
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    const seeded = await seedReport(database.db, aliceId, rowsForTest().slice(0, 12), {
      pricedWith: defaults,
    });
    const row = seeded.rows.find((r) => r.fbm!.std_price !== null && r.fbm!.sell_price.buybox !== null)!;
    const body = productSellersSchema.parse((await offers(alice, seeded.id, row.product_id)).json());
    const profit = body.money.std!.find((l) => l.key === 'profit')!;
    expect(profit.amount).toBe(row.fbm!.profit_amount.custom.std);
    expect(body.money.buybox!.find((l) => l.key === 'profit')!.amount).toBe(row.fbm!.profit_amount.buybox);
    // No international leg on the specification's formula.
    expect(body.money.std!.find((l) => l.key === 'international_shipping')!.amount).toBe(0);
  });
});

describe('GET /api/reports/:id', () => {
  it('names the lane the report is priced with, for its page to show', async () => {
    const res = await injectJson(app, 'GET', `/api/reports/${bobReport.id}`, bob);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await database.db.select().from(reports).where(eq(reports.id, bobReport.id));
    expect(res.json<{ lane: unknown }>().lane).toEqual(reportLaneSchema.parse(stored!.lane));
    expect(res.json<{ lane: { settings: { rate_card: unknown } } }>().lane.settings.rate_card).toMatchObject({
      per_parcel: 6,
      per_kg: 4,
    });
    // The other seller does not see it.
    expect((await injectJson(app, 'GET', `/api/reports/${bobReport.id}`, alice)).statusCode).toBe(404);
  });
});
