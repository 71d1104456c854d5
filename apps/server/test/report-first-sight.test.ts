import {
  defaultReportSettings,
  encodeFilters,
  parityFor,
  type ReportDetail,
  type ResultRow,
} from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { reports } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, injectJson, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { productIds, sendUsToCaReport } from './helpers/reports';

// Issue 46, item 1: a finished report is priced, and says so, before the seller presses any settings
// button (sandbox marketplace, real worker and queue).

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let seller: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  seller = await activeUser(app, database.db, 'first-sight@example.com');
  await subscribe(app, seller, 'L');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('a report on first sight', () => {
  it('keeps the default settings that priced its rows, without any settings call', async () => {
    const id = await sendUsToCaReport(app, database.db, seller, 'First sight', productIds(60, 'FIRST'));
    const [stored] = await database.db.select().from(reports).where(eq(reports.id, id));
    const defaults = defaultReportSettings(parityFor('us', 'ca', stored!.parityRates!));

    const detail = (await injectJson(app, 'GET', `/api/reports/${id}`, seller)).json<ReportDetail>();
    expect(detail.settings).toEqual(defaults);

    const res = await injectJson(app, 'POST', '/v1/filters', seller, { report_id: id, limit: 100, page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: ResultRow[]; settings_defined: boolean }>();
    expect(body.settings_defined).toBe(true);
    const priced = body.data.filter((r) => r.fbm?.std_price != null);
    expect(priced.length).toBeGreaterThan(10);

    // The stored fbm columns the filters compare are set, so a settings-dependent filter runs.
    const columns = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from report_products
           where report_id = ${id}::uuid and fbm_std_price is not null`,
    );
    expect(columns.rows[0]!.n).toBe(priced.length);
    const filtered = await injectJson(app, 'POST', '/v1/filters', seller, {
      report_id: id,
      limit: 100,
      page: 1,
      filters: encodeFilters([{ id: 'cross_buy_price_for_ppr', value: { min: 0 } }]),
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json<{ filtered_count: number }>().filtered_count).toBeGreaterThan(0);

    // The extension's "In your reports" answers the report's own figures for the same product (item 3).
    const product = priced[0]!;
    const latest = await injectJson(app, 'GET', `/v1/products/${product.product_id}/latest`, seller);
    expect(latest.statusCode, latest.body).toBe(200);
    const { row } = latest.json<{ latest: { row: ResultRow } }>().latest;
    expect(row.fbm!.profit_amount.buybox).toBe(product.fbm!.profit_amount.buybox);
    expect(row.fbm!.profit_percent.buybox).toBe(product.fbm!.profit_percent.buybox);
  });
});

describe("the onboarding's lane question", () => {
  it('saves the lane before a plan is bought, for that seller only', async () => {
    const newcomer = await activeUser(app, database.db, 'newcomer@example.com');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/lanes/us/ca',
      headers: jsonHeaders(newcomer),
      payload: { route: 'source_ships', carrier: 'post' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const lane = (await injectJson(app, 'GET', '/api/lanes/us/ca', newcomer)).json();
    expect(lane).toMatchObject({ saved: true, settings: { route: 'source_ships', carrier: 'post' } });
    // Another seller's lane is untouched.
    const other = (await injectJson(app, 'GET', '/api/lanes/us/ca', seller)).json();
    expect(other.settings.route).toBe('reship');
  });
});
