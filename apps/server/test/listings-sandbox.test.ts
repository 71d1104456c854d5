import type { Inventory } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { queueDailyUpdates } from '../src/features/inventories/update-schedule';
import { pgBossQueue } from '../src/jobs/queue';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { createSandboxMarketplace, sandboxSnapshot } from '../src/providers/marketplace/sandbox';
import { baselineSandbox, SANDBOX_BASELINE_DAY } from './helpers/sandbox';
import { sandboxRestriction } from '../src/providers/marketplace/sandbox-restrictions';
import { sandboxStoreListings } from '../src/providers/seller-store';
import { call } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { dryRunThenPublish, listingsOf, seedPricedProducts } from './helpers/listings';

// Offline parity: with the sandbox marketplace, an inventory is published to the sandbox's store, and an
// "Update now" of an inventory with sync on pushes what changed to it, through the real jobs.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let cookie: string;
let userId: string;
/** The day of the sandbox's market the app's server and worker answer (the baseline until a test moves it). */
let day = SANDBOX_BASELINE_DAY;
const DAY = 86_400_000;

/** Sandbox products Canada lets anyone list, and that the sandbox prices as available. */
function listable(count: number, from = 3000) {
  const found: string[] = [];
  for (let i = from; found.length < count && i < from + 3000; i++) {
    const id = `B${String(i).padStart(9, '0')}`;
    const to = sandboxSnapshot(id, 'ca', { shipTo: 'ca', role: 'to', today: SANDBOX_BASELINE_DAY });
    const from = sandboxSnapshot(id, 'us', { shipTo: 'ca', role: 'cross', today: SANDBOX_BASELINE_DAY });
    if (to.side.status !== 'ok' || from.side.status !== 'ok') continue;
    if (sandboxRestriction(to, 'ca').state === 'can_list') found.push(id);
  }
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {}, { marketplace: createSandboxMarketplace({ day: () => day }) });
  app = testApp.app;
  cookie = await activeUser(app, database.db, 'alice@example.com');
  userId = await userIdOf(database.db, 'alice@example.com');
  await subscribe(app, cookie, 'S');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

/** An inventory of `codes`, priced by a real sandbox update on the baseline day (every product looked up). */
async function pricedInventory(codes: string[]) {
  const created = await call(app, 'POST', '/api/inventories', cookie, BODY);
  const inventory = created.json<Inventory>();
  await seedPricedProducts(
    database.db,
    inventory.id,
    userId,
    codes.map((code) => ({ code, std: 1 })),
  );
  await database.db.execute(sql`update inventory_products set snapshot = null, updated_at = null
    where inventory_id = ${inventory.id}::uuid`);
  await database.db.execute(
    sql`update inventories set update_status = 'queued' where id = ${inventory.id}::uuid`,
  );
  const deps = { db: database.db, logger: pino({ level: 'silent' }), leaseSeconds: 60, owner: 'test' };
  expect(await updateInventory({ ...deps, marketplace: baselineSandbox() }, inventory.id)).toBe('done');
  return inventory;
}

describe('the sandbox store', () => {
  it('takes a publish, and an update with sync on pushes the change to it', async () => {
    const inventory = await pricedInventory(listable(12));

    const published = await dryRunThenPublish(app, cookie, inventory.id);
    const live = published.listings.filter((l) => l.state === 'live');
    expect(live.length).toBeGreaterThan(0);
    const store = await sandboxStoreListings(database.db);
    expect(store.map((s) => s.sku).sort()).toEqual(live.map((l) => l.sku).sort());

    // Our last push and the store both say 5 more than the source now gives (a price that has since
    // fallen): the next update with sync on reads the store back, finds no hand edit, and sends the new one.
    const drifted = live[0]!;
    await database.db.execute(sql`update listings set pushed_price = pushed_price + 5
      where inventory_id = ${inventory.id}::uuid and code = ${drifted.product_id}`);
    await database.db.execute(sql`update sandbox_listings set attributes = jsonb_set(attributes,
      '{purchasable_offer,0,our_price,0,schedule,0,value_with_tax}', to_jsonb(${drifted.price! + 5}::float8))
      where sku = ${drifted.sku}`);
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventory.id}::uuid`,
    );
    const asked = await call(app, 'POST', `/api/inventories/${inventory.id}/update`, cookie);
    expect(asked.statusCode, asked.body).toBe(202);
    await expect
      .poll(
        async () => {
          const history = await call(
            app,
            'GET',
            `/api/inventories/${inventory.id}/listings/${drifted.product_id}/history`,
            cookie,
          );
          return history.json().pushes[0]?.reason;
        },
        { timeout: 30_000 },
      )
      .toBe('price');
    const view = await listingsOf(app, cookie, inventory.id);
    expect(view.listings.find((l) => l.product_id === drifted.product_id)!.price).toBe(drifted.price);
    const kept = (await sandboxStoreListings(database.db)).find((s) => s.sku === drifted.sku)!;
    expect(Number(kept.offers![0]!.price.amount)).toBe(drifted.price);
    // The /dev page shows the store's listings, to loopback clients only.
    const page = await app.inject({ method: 'GET', url: '/dev/store' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(drifted.sku);
    const far = await app.inject({ method: 'GET', url: '/dev/store', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(404);
  });

  it('the next day, the daily update of an inventory with sync on pushes what the market moved (issue 59)', async () => {
    const inventory = await pricedInventory(listable(16, 7000));
    const published = await dryRunThenPublish(app, cookie, inventory.id);
    expect(published.listings.filter((l) => l.state === 'live').length).toBeGreaterThan(0);
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventory.id}::uuid`,
    );
    const pushes = async () =>
      (
        await database.db.execute<{ reason: string }>(sql`select p.reason from listing_pushes p
          join listings l on l.id = p.listing_id
          where l.inventory_id = ${inventory.id}::uuid and p.reason <> 'publish'`)
      ).rows.map((r) => r.reason);
    expect(await pushes()).toEqual([]);

    // A day later the market has moved: the daily schedule's update, then the sync, push the change.
    day += DAY;
    try {
      expect(await queueDailyUpdates(database.db, pgBossQueue(testApp.worker!.boss))).toBeGreaterThan(0);
      await expect.poll(pushes, { timeout: 60_000 }).not.toEqual([]);
      expect(await pushes()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(price|sold_out|restock|unprofitable)$/)]),
      );
    } finally {
      day = SANDBOX_BASELINE_DAY;
    }
  });
});
