import type { Inventory } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createLookupAccounts, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { createMarketplace } from '../src/providers/marketplace';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { seedPricedProducts } from './helpers/listings';
import { productIds, waitForReport } from './helpers/reports';
import { LIMITS } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// An inventory update whose results are pushed to Amazon (listings sync on) asks Amazon afresh instead of
// reading the shared 15-minute lookup cache another report filled: a sell-out must not reach a listing late.
// The same update with sync off is served from the cache, so the test shows the cache could have answered.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
const TOKEN = 'Atzr|alice-na';
const cfg = (url: string, lwaUrl: string) =>
  testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: url,
    LWA_TOKEN_URL: lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
let config: ReturnType<typeof cfg>;

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(LIMITS);
  config = cfg(stand.url, stand.lwaUrl);
  testApp = await buildTestApp(database, config, {
    marketplace: createMarketplace(config, { db: database.db }),
  });
  app = testApp.app;
  cookie = await activeUser(app, database.db, 'alice@example.com');
  userId = await userIdOf(database.db, 'alice@example.com');
  await subscribe(app, cookie, 'S');
  const box = tokenBoxFor(config, pino({ level: 'silent' }));
  await saveConnection(
    database.db,
    userId,
    'na',
    'A1ALICESELLER',
    box.seal(TOKEN, sealContext(userId, 'na')),
  );
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

/** A US→CA inventory of `codes` with no snapshot yet (every product gets a full lookup), updated once. */
async function updatedInventory(codes: string[], sync: boolean) {
  const created = await call(app, 'POST', '/api/inventories', cookie, BODY);
  const inventory = created.json<Inventory>();
  await seedPricedProducts(
    database.db,
    inventory.id,
    userId,
    codes.map((code) => ({ code, std: 30 })),
  );
  await database.db.execute(sql`update inventory_products set snapshot = null, updated_at = null
    where inventory_id = ${inventory.id}::uuid`);
  await database.db
    .execute(sql`update inventories set update_status = 'queued', listing_sync_enabled = ${sync}
    where id = ${inventory.id}::uuid`);
  const logger = pino({ level: 'silent' });
  const accounts = createLookupAccounts({
    db: database.db,
    queue: { send: async () => null, retry: async () => false },
    config,
    logger,
  });
  const outcome = await updateInventory(
    {
      db: database.db,
      logger,
      leaseSeconds: 60,
      owner: 'test',
      marketplace: createMarketplace(config, { db: database.db }),
      accounts,
    },
    inventory.id,
  );
  expect(outcome).toBe('done');
}

describe('an inventory update that feeds listings', () => {
  it("asks Amazon afresh rather than reuse a report's cached answer; without sync the cache answers", async () => {
    const codes = productIds(4, 'FRESH');
    const report = await call(app, 'POST', '/api/reports', cookie, {
      title: 'warms the cache',
      source: 'manual',
      from_country: 'us',
      to_country: 'ca',
      product_ids: codes.join('\n'),
    });
    expect(report.statusCode, report.body).toBe(201);
    await waitForReport(database.db, report.json<{ report_id: string }>().report_id, 120_000);
    const asked = () => codes.map((c) => stand.offersAsked(c));
    // Both sides of each product, once.
    expect(asked()).toEqual(codes.map(() => 2));

    await updatedInventory(codes, false);
    expect(asked(), 'sync off: served from the lookup cache').toEqual(codes.map(() => 2));

    await updatedInventory(codes, true);
    expect(asked(), 'sync on: both sides asked again').toEqual(codes.map(() => 4));
  });
});
