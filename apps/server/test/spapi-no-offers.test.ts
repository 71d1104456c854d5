import type { InventoryProductPage } from '@crossmarket/domain';
import { makeOffer, makeSide } from '@crossmarket/domain/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { inventoryProducts } from '../src/db/schema';
import { createMarketplace } from '../src/providers/marketplace';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { call } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { waitFor } from './helpers/processes';
import { productIds, sendUsToCaReport } from './helpers/reports';
import { LIMITS } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Amazon's NoBuyableOffers (a 200 with no offers) read end to end: a selling-side product nobody sells is
// an open opportunity priced like the specification says, a source nobody sells any more takes the
// inventory's stock to 0 and says why, and the answer is kept like any other.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
let alice: string;

/** `BOPEN…` nobody sells in Canada (the selling side); `BGONE…` nobody sells any more in the US (the source). */
const noOffers = (asin: string, marketplaceId: string) =>
  (asin.startsWith('BOPEN') && marketplaceId === MARKETPLACES.ca.id) ||
  (asin.startsWith('BGONE') && marketplaceId === MARKETPLACES.us.id);

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(
    {
      ...LIMITS,
      getCompetitiveSummary: { rate: 10, burst: 2 },
      getCompetitivePricing: { rate: 10, burst: 2 },
    },
    { noOffers },
  );
  const cfg = testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_REFRESH_TOKEN_NA: 'Atzr|shared-na',
    SPAPI_ENDPOINT: stand.url,
    LWA_TOKEN_URL: stand.lwaUrl,
  });
  testApp = await buildTestApp(database, cfg, { marketplace: createMarketplace(cfg, { db: database.db }) });
  app = testApp.app;
  alice = await activeUser(app, database.db, 'alice@example.com');
  await subscribe(app, alice, 'S');
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

describe('a US → CA report where nobody sells 10 of 100 products in Canada', () => {
  it('prices those 10 as open opportunities, and keeps the answer for the next report', async () => {
    const sold = productIds(90, 'SOLD');
    const open = productIds(10, 'OPEN');
    const first = await sendUsToCaReport(app, database.db, alice, 'No offers', [...sold, ...open]);
    const rows = await database.db.execute<{
      product_id: string;
      to_status: string;
      fbm_available: boolean;
      fbm_std_price: number | null;
    }>(sql`select product_id, to_status, fbm_available, fbm_std_price from report_products
            where report_id = ${first}::uuid`);
    const byId = new Map(rows.rows.map((r) => [r.product_id, r]));
    expect(byId.size).toBe(100);
    for (const id of open) {
      // Not `noanswer`: nobody sells it there, which is the opportunity the specification prices.
      expect(byId.get(id)).toMatchObject({ to_status: 'nostock', fbm_available: true });
      expect(byId.get(id)!.fbm_std_price).toBeGreaterThan(0);
    }
    for (const id of sold) expect(byId.get(id)!.to_status).toBe('ok');
    // Asked once per marketplace: an answer, not asked again within the lookup.
    for (const id of open) expect(stand.offersAsked(id)).toBe(2);

    // Kept like any answer: the same products again are served from the cache, Amazon is not asked.
    await sendUsToCaReport(app, database.db, alice, 'No offers again', [...open, ...sold]);
    for (const id of open) expect(stand.offersAsked(id)).toBe(2);
    const [again] = (
      await database.db.execute<{ cached_count: number }>(
        sql`select cached_count from reports where title = 'No offers again'`,
      )
    ).rows;
    expect(again!.cached_count).toBe(100);
  });
});

describe('an inventory update where the source answers NoBuyableOffers', () => {
  it('sets the stock to 0 and says why; a product still sold keeps its stock', async () => {
    const created = await call(app, 'POST', '/api/inventories', alice, BODY);
    expect(created.statusCode, created.body).toBe(201);
    const inventoryId = created.json<{ id: string }>().id;
    const userId = await userIdOf(database.db, 'alice@example.com');
    // Both were priced and in stock at the last update, looked up in full just now.
    const side = makeSide({
      buybox: makeOffer({ seller_id: 'A1SELLER', buy_price: 10 }),
      looked_up_at: new Date().toISOString(),
    });
    await database.db.insert(inventoryProducts).values(
      ['BGONE00001', 'BSTILL0001'].map((code) => ({
        inventoryId,
        userId,
        code,
        snapshot: { row_cross: side, row_to: side },
        available: true,
        stdPrice: 20,
        stock: 5,
        updatedAt: new Date(Date.now() - 86_400_000),
      })),
    );
    const asked = await call(app, 'POST', `/api/inventories/${inventoryId}/update`, alice);
    expect(asked.statusCode, asked.body).toBe(202);
    await waitFor(async () => {
      const res = await call(app, 'GET', `/api/inventories/${inventoryId}`, alice);
      return res.json<{ update: { status: string } }>().update.status === 'done' || undefined;
    }, 'the inventory update');
    const page = (
      await call(app, 'GET', `/api/inventories/${inventoryId}/products`, alice)
    ).json<InventoryProductPage>();
    const gone = page.products.find((p) => p.code === 'BGONE00001')!;
    const still = page.products.find((p) => p.code === 'BSTILL0001')!;
    expect(gone).toMatchObject({ available: false, stock: 0, unavailable_reason: 'cross_nostock' });
    expect(still).toMatchObject({ available: true, unavailable_reason: null });
    expect(still.stock).toBeGreaterThan(0);
  });
});
