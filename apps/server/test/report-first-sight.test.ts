import {
  defaultReportSettings,
  encodeFilters,
  parityFor,
  PRESET_RULE_SETS,
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
import { productIds, sendUsToCaReport, waitForReport } from './helpers/reports';

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

describe('a report priced with an inventory’s settings', () => {
  const inventorySettings = {
    handling_time: 3,
    parity: 1.35,
    parity_type: 'fixed',
    default_category_commission_rate: 40,
    commission_rate_type: 'fixed',
    min_stock: 1,
    def_stock: 7,
    pricing_rules: PRESET_RULE_SETS.recommended,
  };
  const newInventory = async (cookie: string, title: string, to = 'ca') => {
    const res = await injectJson(app, 'POST', '/api/inventories', cookie, {
      title,
      from_country: 'us',
      to_country: to,
      sell_type: 'fbm',
      settings: inventorySettings,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; settings: unknown }>();
  };
  const stdPrices = async (id: string) => {
    const res = await injectJson(app, 'POST', '/v1/filters', seller, { report_id: id, limit: 100, page: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: ResultRow[] }>().data;
    return new Map(rows.flatMap((r) => (r.fbm?.std_price != null ? [[r.product_id, r.fbm.std_price]] : [])));
  };

  it('prices the rows with the chosen inventory’s settings as it finishes, and names it', async () => {
    const inventory = await newInventory(seller, 'Canada restock');
    const products = productIds(40, 'PW');
    const res = await injectJson(app, 'POST', '/api/reports', seller, {
      title: 'Priced with an inventory',
      source: 'manual',
      from_country: 'us',
      to_country: 'ca',
      product_ids: products.join('\n'),
      inventory_id: inventory.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ report_id: string }>().report_id;
    const defaultsId = await sendUsToCaReport(app, database.db, seller, 'Same, defaults', products);
    await waitForReport(database.db, id, 120_000);

    const detail = (await injectJson(app, 'GET', `/api/reports/${id}`, seller)).json<ReportDetail>();
    expect(detail.settings).toEqual(inventory.settings);
    expect(detail.priced_with).toBe('Canada restock');
    const defaults = (
      await injectJson(app, 'GET', `/api/reports/${defaultsId}`, seller)
    ).json<ReportDetail>();
    expect(defaults.priced_with).toBeNull();

    const withInventory = await stdPrices(id);
    const withDefaults = await stdPrices(defaultsId);
    const both = [...withInventory.keys()].filter((p) => withDefaults.has(p));
    expect(both.length).toBeGreaterThan(5);
    expect(both.filter((p) => withInventory.get(p) !== withDefaults.get(p)).length).toBeGreaterThan(5);
    // The same settings saved on the defaults' report price its rows exactly as the inventory's did.
    const saved = await injectJson(app, 'POST', '/v1/settings', seller, {
      report_id: defaultsId,
      ...inventorySettings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stdPrices(defaultsId)).toEqual(withInventory);

    // Settings saved on the report are the seller's own: the inventory no longer names them.
    const own = await injectJson(app, 'POST', '/v1/settings', seller, {
      report_id: id,
      ...inventorySettings,
    });
    expect(own.statusCode, own.body).toBe(200);
    const after = (await injectJson(app, 'GET', `/api/reports/${id}`, seller)).json<ReportDetail>();
    expect(after.priced_with).toBeNull();
  });

  it('refuses another seller’s inventory and one of other countries, naming the field', async () => {
    const other = await activeUser(app, database.db, 'other-inventories@example.com');
    await subscribe(app, other, 'L');
    const theirs = await newInventory(other, 'Not yours');
    const toMx = await newInventory(seller, 'Mexico', 'mx');
    const send = (inventoryId: string) =>
      injectJson(app, 'POST', '/api/reports', seller, {
        title: 'Refused',
        source: 'manual',
        from_country: 'us',
        to_country: 'ca',
        product_ids: productIds(2, 'RF').join('\n'),
        inventory_id: inventoryId,
      });
    for (const [id, key] of [
      [theirs.id, 'validation.report.inventoryId'],
      [toMx.id, 'validation.report.inventoryCountries'],
      ['not-a-uuid', 'validation.report.inventoryId'],
    ] as const) {
      const res = await send(id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[0]).toMatchObject({ field: 'inventory_id', key });
    }
    const mine = (await injectJson(app, 'GET', '/api/reports', seller)).json<{ title: string }[]>();
    expect(mine.map((r) => r.title)).not.toContain('Refused');
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
