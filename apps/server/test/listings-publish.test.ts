import type { ListingRun } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { createMarketplace } from '../src/providers/marketplace';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { createSellerStore } from '../src/providers/seller-store';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, TEST_APP_URL, testConfig, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { seedPricedProducts, waitForRun } from './helpers/listings';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Publishing an inventory's products as offers on Amazon, against the SP-API stand-in: the dry run, the
// offer-only bodies, restricted products left out, owner-only routes, and the seller's token kept out of
// logs and job payloads.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
const logs: string[] = [];
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const ALICE_TOKEN = 'Atzr|alice-na-secret-refresh';
const ALICE_SELLER = 'A1ALICESELLER';
const CA = MARKETPLACES.ca.id;
let inventoryId: string;

const config = (url: string, lwaUrl: string) =>
  testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: url,
    LWA_TOKEN_URL: lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });

const products = Array.from({ length: 30 }, (_, i) => ({
  code: `B0000001${String(i).padStart(2, '0')}`,
  std: 20 + i,
  min: 15 + i,
  max: 40 + i,
  stock: 1 + (i % 4),
}));

const post = (name: string, id: string, body: object) =>
  call(app, 'POST', `/api/inventories/${id}/listings`, cookies[name], body);

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(undefined, {
    restricted: (asin) => asin.startsWith('BGATED'),
    sellerOf: (token) => (token === ALICE_TOKEN ? ALICE_SELLER : undefined),
  });
  const cfg = config(stand.url, stand.lwaUrl);
  // Every log line kept (trace), to search for the seller's token.
  testApp = await buildTestApp(
    database,
    { ...cfg, LOG_LEVEL: 'trace' },
    {
      logs,
      marketplace: createMarketplace(cfg, { db: database.db }),
      sellerStore: createSellerStore(cfg, { db: database.db }),
    },
  );
  app = testApp.app;
  for (const name of ['alice', 'bob', 'carol']) {
    cookies[name] = await activeUser(app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
    await subscribe(app, cookies[name]!, 'S');
  }
  const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));
  await saveConnection(
    database.db,
    ids.alice!,
    'na',
    ALICE_SELLER,
    box.seal(ALICE_TOKEN, sealContext(ids.alice!, 'na')),
  );
  const created = await call(app, 'POST', '/api/inventories', cookies.alice, BODY);
  expect(created.statusCode, created.body).toBe(201);
  inventoryId = created.json<{ id: string }>().id;
  await seedPricedProducts(database.db, inventoryId, ids.alice!, [
    ...products,
    { code: 'BGATED0001', std: 30 },
  ]);
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

describe('a dry run', () => {
  it("shows Amazon's issue for the product it refuses and publishes nothing", async () => {
    const res = await post('alice', inventoryId, {
      mode: 'preview',
      product_ids: ['BGATED0001', products[0]!.code, products[1]!.code],
    });
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<ListingRun>();
    expect(run).toMatchObject({ mode: 'preview', status: 'queued' });
    const view = await waitForRun(app, cookies.alice!, inventoryId, run.id);
    const byId = new Map(view.last_run!.results.map((r) => [r.product_id, r]));
    expect(byId.get('BGATED0001')).toMatchObject({
      outcome: 'invalid',
      issues: [expect.objectContaining({ severity: 'ERROR', message: expect.any(String) })],
    });
    expect(byId.get(products[0]!.code)).toMatchObject({ outcome: 'valid', issues: [] });
    // Every call was a preview; Amazon keeps nothing and we record no listing.
    expect(stand.listings.calls.every((c) => c.mode === 'VALIDATION_PREVIEW')).toBe(true);
    expect(stand.listings.calls).toHaveLength(3);
    expect(view.listings).toEqual([]);
  });
});

describe('the dry run comes first', () => {
  it('refuses to publish what Amazon has not checked in a dry run of the last 24 hours (409, nothing sent)', async () => {
    const before = stand.listings.calls.length;
    const refused = async (body: object) => {
      const res = await post('alice', inventoryId, { mode: 'publish', ...body });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('listings_dry_run_required');
      return res.json().error.message as string;
    };
    // The dry run above checked three of the 31 products.
    expect(await refused({})).toBe(
      'Run a dry run first: Amazon has not checked 28 of these products in the last 24 hours. Nothing was published.',
    );
    const checked = [products[0]!.code, products[1]!.code];
    // A product Amazon did not answer for in the dry run has no verdict.
    await database.db.execute(sql`update listing_run_results v set outcome = 'failed' from listing_runs r
      where r.id = v.run_id and r.inventory_id = ${inventoryId}::uuid and v.product_id = ${checked[0]!}`);
    expect(await refused({ product_ids: checked })).toContain('not checked 1 of these products');
    await database.db.execute(sql`update listing_run_results v set outcome = 'valid' from listing_runs r
      where r.id = v.run_id and r.inventory_id = ${inventoryId}::uuid and v.product_id = ${checked[0]!}`);
    // A day-old dry run no longer counts.
    await database.db.execute(sql`update listing_runs set finished_at = finished_at - interval '25 hours'
      where inventory_id = ${inventoryId}::uuid`);
    expect(await refused({ product_ids: checked })).toContain('not checked 2 of these products');
    expect(stand.listings.calls.length).toBe(before);
    const runs = await database.db.execute(
      sql`select 1 from listing_runs where inventory_id = ${inventoryId}::uuid and mode = 'publish'`,
    );
    expect(runs.rows).toEqual([]);
  });
});

describe('a publish', () => {
  it('sends 30 offer-only bodies with the marketplace, currency, prices, quantity and handling time', async () => {
    // The gated product is known restricted for Alice's account: left out without a call.
    await database.db
      .execute(sql`insert into listing_restrictions (user_id, selling_partner_id, country, asin, state, reasons)
      values (${ids.alice!}, ${ALICE_SELLER}, 'ca', 'BGATED0001', 'approval_required', '["Approval needed."]'::jsonb)`);
    // The seller's dry run of the whole inventory, then the publish.
    const checked = await post('alice', inventoryId, { mode: 'preview' });
    await waitForRun(app, cookies.alice!, inventoryId, checked.json<ListingRun>().id);
    const before = stand.listings.calls.length;
    const res = await post('alice', inventoryId, { mode: 'publish' });
    expect(res.statusCode, res.body).toBe(202);
    const view = await waitForRun(app, cookies.alice!, inventoryId, res.json<ListingRun>().id);
    const puts = stand.listings.calls.slice(before).filter((c) => c.operation === 'putListingsItem');
    expect(puts).toHaveLength(30);
    for (const p of products) {
      const sent = puts.find(
        (c) =>
          (c.body as { attributes: { merchant_suggested_asin: { value: string }[] } }).attributes
            .merchant_suggested_asin[0]!.value === p.code,
      )!;
      expect(sent).toMatchObject({ marketplaceId: CA, sellerId: ALICE_SELLER, mode: null });
      expect(sent.body).toEqual({
        productType: 'PRODUCT',
        requirements: 'LISTING_OFFER_ONLY',
        attributes: {
          merchant_suggested_asin: [{ value: p.code, marketplace_id: CA }],
          condition_type: [{ value: 'new_new', marketplace_id: CA }],
          purchasable_offer: [
            {
              marketplace_id: CA,
              currency: 'CAD',
              audience: 'ALL',
              our_price: [{ schedule: [{ value_with_tax: p.std }] }],
              minimum_seller_allowed_price: [{ schedule: [{ value_with_tax: p.min }] }],
              maximum_seller_allowed_price: [{ schedule: [{ value_with_tax: p.max }] }],
            },
          ],
          fulfillment_availability: [
            {
              fulfillment_channel_code: 'DEFAULT',
              quantity: p.stock,
              lead_time_to_ship_max_days: BODY.settings.handling_time,
            },
          ],
        },
      });
    }
    const gated = view.last_run!.results.find((r) => r.product_id === 'BGATED0001');
    expect(gated).toMatchObject({ outcome: 'left_out', left_out: 'restricted' });
    // Read back once: every accepted listing is live at the price and quantity pushed.
    expect(view.listings).toHaveLength(30);
    expect(view.listings.every((l) => l.state === 'live' && l.pushed_at !== null)).toBe(true);
    expect(view.listings.find((l) => l.product_id === products[3]!.code)).toMatchObject({
      price: products[3]!.std,
      quantity: products[3]!.stock,
    });
    const history = await call(
      app,
      'GET',
      `/api/inventories/${inventoryId}/listings/${products[3]!.code}/history`,
      cookies.alice,
    );
    expect(history.json().pushes).toEqual([
      expect.objectContaining({ reason: 'publish', new_price: products[3]!.std, status: 'ACCEPTED' }),
    ]);
    expect(stand.throttled.putListingsItem).toBe(0);
  });

  it("never puts the seller's refresh token in a log line or a job payload", async () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.filter((line) => line.includes(ALICE_TOKEN))).toEqual([]);
    const jobs = await database.db.execute<{ name: string; data: unknown }>(
      sql`select name, data from pgboss.job where name in ('publish-listings', 'sync-listings')`,
    );
    expect(jobs.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(jobs.rows)).not.toContain(ALICE_TOKEN);
    expect(
      jobs.rows.every(
        (j) =>
          Object.keys(j.data as object).join() === 'run_id' ||
          Object.keys(j.data as object).join() === 'inventory_id',
      ),
    ).toBe(true);
  });
});

describe('who may', () => {
  it("answers 404 for another user's inventory, on every listings route", async () => {
    const url = `/api/inventories/${inventoryId}/listings`;
    expect((await call(app, 'GET', url, cookies.bob)).statusCode).toBe(404);
    expect((await post('bob', inventoryId, { mode: 'publish' })).statusCode).toBe(404);
    expect((await call(app, 'PUT', `${url}/sync`, cookies.bob, { enabled: true })).statusCode).toBe(404);
    expect((await call(app, 'GET', `${url}/${products[0]!.code}/history`, cookies.bob)).statusCode).toBe(404);
    const [{ enabled }] = (
      await database.db.execute<{ enabled: boolean }>(
        sql`select listing_sync_enabled as enabled from inventories where id = ${inventoryId}::uuid`,
      )
    ).rows as [{ enabled: boolean }];
    expect(enabled).toBe(false);
  });

  it('refuses a bad body naming the field, and a seller with no Amazon account of their own (409)', async () => {
    const bad = await post('alice', inventoryId, { mode: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('mode');
    const created = await call(app, 'POST', '/api/inventories', cookies.carol, BODY);
    const refused = await post('carol', created.json<{ id: string }>().id, { mode: 'preview' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'amazon_not_connected', region: 'na' });
  });

  it('is usable with a personal token', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: jsonHeaders(cookies.alice, { origin: TEST_APP_URL }),
      payload: { name: 'Listings' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: `/api/inventories/${inventoryId}/listings`,
      headers: { authorization: `Bearer ${created.json<{ key: string }>().key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listings).toHaveLength(30);
  });
});
