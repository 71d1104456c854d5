import {
  chargedOn,
  priceProduct,
  type FbmBlock,
  type FeeEstimate,
  type ProductSide,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { updateInventory } from '../src/features/inventories/update-inventory';
import type { MarketplaceProvider } from '../src/providers/marketplace/types';
import { baselineSandbox } from './helpers/sandbox';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { SETTINGS } from './helpers/analysis-setting';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { productIds, restrictionPhaseOver, sendUsToCaReport } from './helpers/reports';
import { laneCtx, withParcel } from './helpers/lanes';

// Amazon's fee estimates in a report (sandbox marketplace, real worker and queue): asked in the phase
// after the lookups under the owner's own authorisation, at the price each product sells at in the
// selling country; the rows are priced with them (and keep them through a settings save); kept for the
// next report; a seller without an authorisation keeps the category table.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const sandbox = baselineSandbox();
/** Items the marketplace was asked fees for. */
const asked: { asin: string; price: number; shipping: number }[] = [];
/** When set, every fee call fails as a dropped connection would (not an answer Amazon gave). */
let failFees = false;
/** ASINs the marketplace was asked restrictions for. */
const restrictionsAsked: string[] = [];
const counting: MarketplaceProvider = {
  ...sandbox,
  listingRestrictions: (asins, region, account) => {
    restrictionsAsked.push(...asins);
    return sandbox.listingRestrictions!(asins, region, account);
  },
  feeEstimates: async (items, region, account) => {
    if (failFees) throw new TypeError('fetch failed');
    asked.push(...items);
    return sandbox.feeEstimates!(items, region, account);
  },
};
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));
const PRODUCTS = productIds(80, 'FE');

async function sendReport(name: string) {
  const id = await sendUsToCaReport(app, database.db, cookies[name]!, `${name}'s report`, PRODUCTS);
  await restrictionPhaseOver(app, cookies[name]!, id);
  return id;
}

type Row = { product_id: string; row_cross: ProductSide; row_to: ProductSide; fbm: FbmBlock };

async function rowsOf(name: string, id: string) {
  const res = await call(app, 'POST', '/v1/filters', cookies[name], { report_id: id, limit: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Row[] }>().data;
}

const sellingPrice = (r: Row) => r.row_to.buybox?.buy_price ?? r.row_to.lowest?.buy_price ?? null;
/** The shipping of the offer the price came from: the referral fee is charged on both. */
const sellingShipping = (r: Row) =>
  (r.row_to.buybox?.buy_price ? r.row_to.buybox : r.row_to.lowest)?.shipping_fee ?? 0;
const found = (r: Row) => r.row_to.status !== 'dog' && r.row_to.status !== 'noanswer';

/** The fbm_std_price the filters and exports read, per product. */
async function storedStdPrices(reportId: string) {
  const rows = await database.db.execute<{ product_id: string; fbm_std_price: number | null }>(sql`
    select product_id, fbm_std_price from report_products where report_id = ${reportId}::uuid`);
  return new Map(rows.rows.map((r) => [r.product_id, r.fbm_std_price]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { TOKEN_ENCRYPTION_KEY: KEY_A }, { marketplace: counting });
  app = testApp.app;
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
  }
  for (const name of ['alice', 'carol']) {
    const sealed = box.seal(`Atzr|${name}`, sealContext(ids[name]!, 'na'));
    await saveConnection(database.db, ids[name]!, 'na', `A1${name.toUpperCase()}`, sealed);
  }
  // Dave's consent came back claiming Alice's selling partner id (it travels through the browser).
  await saveConnection(
    database.db,
    ids.dave!,
    'na',
    'A1ALICE',
    box.seal('Atzr|dave', sealContext(ids.dave!, 'na')),
  );
}, 120_000);
afterAll(() => testApp?.close());

describe("Amazon's fee estimates in a report", () => {
  let reportId: string;
  let priced: Row[];
  const estimates = new Map<string, FeeEstimate>();

  it('prices each product found with a price by Amazon’s estimate at that price, and says so', async () => {
    reportId = await sendReport('alice');
    const rows = await rowsOf('alice', reportId);
    priced = rows.filter((r) => found(r) && sellingPrice(r) !== null);
    expect(priced.length).toBeGreaterThan(10);
    // Asked once per product found with a selling price, at that price.
    expect(asked.map((a) => a.asin).sort()).toEqual(priced.map((r) => r.product_id).sort());
    // With the shipping of the offer the price came from: Amazon charges the referral fee on both.
    const shippingOf = new Map(priced.map((r) => [r.product_id, sellingShipping(r)]));
    for (const a of asked) expect(a.shipping, a.asin).toBe(shippingOf.get(a.asin));
    expect(asked.some((a) => a.shipping > 0)).toBe(true);
    const own = { own: { sellingPartnerId: 'A1ALICE', refreshToken: 'x' } };
    const answers = await sandbox.feeEstimates!(
      priced.map((r) => ({ asin: r.product_id, price: sellingPrice(r)!, shipping: sellingShipping(r) })),
      'ca',
      own,
    );
    priced.forEach((r, i) => estimates.set(r.product_id, answers[i]!));
    const stored = await storedStdPrices(reportId);
    for (const row of priced) {
      const fees = estimates.get(row.product_id)!;
      expect(row.fbm.fee_estimate_price, row.product_id).toBe(sellingPrice(row));
      expect(row.fbm.closing_fee, row.product_id).toBe(fees.closing_fee);
      if (row.fbm.commission_source === 'estimate')
        // A share of what the fee was charged on: the price plus its shipping.
        expect(row.fbm.commission_rate).toBeCloseTo((fees.referral_fee / chargedOn(fees)) * 100, 1);
      // The stored column the filters and exports read was priced with it too.
      expect(stored.get(row.product_id), row.product_id).toBe(row.fbm.std_price);
    }
    expect(new Set(priced.map((r) => r.fbm.commission_source))).toContain('estimate');
    expect(priced.some((r) => (r.fbm.closing_fee ?? 0) > 0)).toBe(true);
    // Products without a selling price keep the table.
    for (const row of rows.filter((r) => !priced.includes(r))) {
      expect(row.fbm).toMatchObject({
        commission_source: 'table',
        closing_fee: null,
        fee_estimate_price: null,
      });
    }
  });

  it('keeps the estimates through a settings save: every row priced as the domain prices it', async () => {
    const saved = await call(app, 'POST', '/v1/settings', cookies.alice, {
      report_id: reportId,
      ...SETTINGS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await rowsOf('alice', reportId);
    const stored = await storedStdPrices(reportId);
    for (const row of rows) {
      const fees = estimates.get(row.product_id);
      // Re-priced on the lane in force: Alice saved none, so the default landed lane (issue 45).
      const expected = priceProduct(
        { ...withParcel(row), ...(fees ? { fees } : {}), individual: null },
        SETTINGS,
        laneCtx('us', 'ca', SETTINGS),
      );
      expect(row.fbm, row.product_id).toEqual(expected);
      expect(stored.get(row.product_id), row.product_id).toBe(row.fbm.std_price);
    }
  });

  it('asks Amazon nothing for the next report of the same products: the estimates are kept', async () => {
    const before = asked.length;
    const next = await sendReport('alice');
    expect(asked.length).toBe(before);
    const rows = await rowsOf('alice', next);
    for (const row of rows.filter((r) => estimates.has(r.product_id)))
      expect(row.fbm.closing_fee, row.product_id).toBe(estimates.get(row.product_id)!.closing_fee);
  });

  it('leaves a seller without an authorisation on the category table, and nothing fails', async () => {
    const before = asked.length;
    const id = await sendReport('bob');
    expect(asked.length).toBe(before);
    const rows = await rowsOf('bob', id);
    expect(rows.length).toBe(PRODUCTS.length);
    for (const row of rows)
      expect(row.fbm).toMatchObject({
        commission_source: 'table',
        closing_fee: null,
        fee_estimate_price: null,
      });
  });

  it('checks every restriction when the fee calls fail: those products keep the category table', async () => {
    failFees = true;
    try {
      const id = await sendReport('carol');
      const summary = (await call(app, 'GET', `/api/reports/${id}`, cookies.carol)).json<{
        restrictions: { state: string; total: number; checked: number };
      }>();
      expect(summary.restrictions.state).toBe('done');
      expect(summary.restrictions.checked).toBe(summary.restrictions.total);
      expect(summary.restrictions.total).toBeGreaterThan(0);
      for (const row of await rowsOf('carol', id)) expect(row.fbm.commission_source).toBe('table');
    } finally {
      failFees = false;
    }
  });

  it("never hands one user's kept answers to another claiming the same selling partner id", async () => {
    const fees = asked.length;
    const restrictions = restrictionsAsked.length;
    await sendReport('dave');
    // Alice's answers for these very products are kept; Dave's report asks Amazon under his own token.
    expect(asked.length).toBeGreaterThan(fees);
    expect(restrictionsAsked.length).toBeGreaterThan(restrictions);
  });

  it('prices the products Alice adds to an inventory with the estimates her account was given', async () => {
    const created = await call(app, 'POST', '/api/inventories', cookies.alice, {
      title: 'US to CA',
      from_country: 'us',
      to_country: 'ca',
      sell_type: 'fbm',
      settings: SETTINGS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const inventoryId = created.json<{ id: string }>().id;
    // Products whose estimate gives another price than the table, so the test tells the two apart.
    // Inventories price on the owner's lane in force: the default landed lane (issue 45).
    const std = (row: Row, fees?: FeeEstimate) =>
      priceProduct(
        { ...withParcel(row), ...(fees ? { fees } : {}), individual: null },
        SETTINGS,
        laneCtx('us', 'ca', SETTINGS),
      ).std_price;
    const chosen = priced.filter((r) => std(r) !== std(r, estimates.get(r.product_id))).slice(0, 10);
    expect(chosen.length).toBeGreaterThan(0);
    const added = await call(app, 'POST', `/api/inventories/${inventoryId}/products`, cookies.alice, {
      report_id: reportId,
      product_ids: chosen.map((r) => r.product_id),
    });
    expect(added.statusCode, added.body).toBe(200);
    const page = (await call(app, 'GET', `/api/inventories/${inventoryId}/products`, cookies.alice)).json<{
      products: { code: string; std_price: number | null }[];
    }>();
    expect(page.products).toHaveLength(chosen.length);
    for (const row of chosen) {
      const product = page.products.find((p) => p.code === row.product_id)!;
      expect(product.std_price, row.product_id).toBe(std(row, estimates.get(row.product_id)));
    }

    // The daily update prices what it looked up with the same kept estimates.
    await database.db.execute(sql`
      update inventories set update_status = 'queued', update_queued_at = now() where id = ${inventoryId}::uuid`);
    const deps = { db: database.db, logger: pino({ level: 'silent' }), leaseSeconds: 60, owner: 'fees-test' };
    expect(await updateInventory({ ...deps, marketplace: sandbox }, inventoryId)).toBe('done');
    const stored = await database.db.execute<{ code: string; snapshot: Row; std_price: number | null }>(sql`
      select code, snapshot, std_price from inventory_products where inventory_id = ${inventoryId}::uuid`);
    expect(stored.rows).toHaveLength(chosen.length);
    for (const product of stored.rows) {
      const row = { ...product.snapshot, product_id: product.code };
      expect(product.std_price, product.code).toBe(std(row, estimates.get(product.code)));
    }
  });
});
