import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSellerStore, type SellerStore, type StoreTarget } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, injectJson } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { dryRunThenPublish, listableInCanada, listingsOf, seedPricedProducts } from './helpers/listings';

// One seller cannot hold up another: while Alice's 5,000-product dry run waits on Amazon and her four
// other inventories' syncs wait on Amazon too, Bob's sold-out product still reaches Amazon as quantity 0.
// Nothing here is timed: Bob's push is seen while Alice's run is still `running`.

let database: TestDatabase;
let testApp: TestApp;
let alice: string;
let bob: string;
let aliceId: string;

/** Alice's calls to Amazon wait here until the test lets them go; everyone else's go to the sandbox. */
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const held = { puts: 0, patches: 0 };
const aliceSyncs = new Set<string>();
let firstHeld!: () => void;
const someHeld = new Promise<void>((resolve) => (firstHeld = resolve));

beforeAll(async () => {
  database = await createTestDatabase();
  const sandbox = createSellerStore(testConfig(), { db: database.db });
  const isAlice = (target: StoreTarget) => aliceId !== undefined && target.account.tenant === aliceId;
  const store: SellerStore = {
    ...sandbox,
    put: async (target, sku, body, options) => {
      if (!isAlice(target)) return sandbox.put(target, sku, body, options);
      held.puts += 1;
      await released;
      return { sku, status: 'VALID', submissionId: 'held', issues: [] };
    },
    patch: async (target, sku, body) => {
      if (!isAlice(target)) return sandbox.patch(target, sku, body);
      held.patches += 1;
      aliceSyncs.add(sku);
      firstHeld();
      await released;
      return { sku, status: 'ACCEPTED', submissionId: 'held', issues: [] };
    },
  };
  testApp = await buildTestApp(database, {}, { sellerStore: store });
  [alice, bob] = await Promise.all([
    activeUser(testApp.app, database.db, 'alice@example.com'),
    activeUser(testApp.app, database.db, 'bob@example.com'),
  ]);
  await Promise.all([subscribe(testApp.app, alice, 'L'), subscribe(testApp.app, bob, 'L')]);
  aliceId = await userIdOf(database.db, 'alice@example.com');
});

afterAll(async () => {
  release();
  await testApp?.close();
  await database?.destroy();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: object) =>
  injectJson(testApp.app, method, url, cookie, body);

async function inventory(cookie: string, title: string) {
  const res = await call('POST', '/api/inventories', cookie, { ...BODY, title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A live listing of a product whose source sold out: the next sync sends it quantity 0. */
async function soldOutListing(inventoryId: string, code: string) {
  await seedPricedProducts(database.db, inventoryId, aliceId, [{ code, std: 30, crossStatus: 'nostock' }]);
  await database.db.execute(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, pushed_price,
                          pushed_quantity, pushed_at)
    values (${inventoryId}::uuid, ${aliceId}, ${code}, ${`SKU-${code}`}, 'A2EUQ1WTGCTBG2', 'live', 30, 5, now())`);
}

describe('listings jobs are fair between sellers', () => {
  it("seller B's quantity-0 sync finishes while seller A's 5,000-product dry run is running", async () => {
    // Bob has one listing on Amazon (the sandbox store), published as a seller does.
    const bobId = await userIdOf(database.db, 'bob@example.com');
    const bobInventory = await inventory(bob, 'Bob');
    const [code] = listableInCanada(1, 21000);
    await seedPricedProducts(database.db, bobInventory, bobId, [{ code: code!, std: 30, stock: 4 }]);
    await dryRunThenPublish(testApp.app, bob, bobInventory);
    expect((await listingsOf(testApp.app, bob, bobInventory)).listings[0]?.quantity).toBe(4);

    // Alice's 5,000-product dry run starts and waits on Amazon.
    const big = await inventory(alice, 'Alice big');
    await seedPricedProducts(
      database.db,
      big,
      aliceId,
      Array.from({ length: 5000 }, (_, i) => ({ code: `B${String(900_000 + i).padStart(9, '0')}`, std: 20 })),
    );
    const run = await call('POST', `/api/inventories/${big}/listings`, alice, { mode: 'preview' });
    expect(run.statusCode, run.body).toBe(202);
    await expect.poll(() => held.puts).toBeGreaterThan(0);

    // Her four other inventories each sync a sold-out product, and wait on Amazon too.
    for (let i = 0; i < 4; i++) {
      const id = await inventory(alice, `Alice ${i}`);
      await soldOutListing(id, `B${String(950_000 + i).padStart(9, '0')}`);
      expect(
        (await call('PUT', `/api/inventories/${id}/listings/sync`, alice, { enabled: true })).statusCode,
      ).toBe(200);
    }
    await someHeld;

    // Bob's source sells out; his sync is queued behind all of Alice's work.
    await seedPricedProducts(database.db, bobInventory, bobId, [
      { code: code!, std: 30, crossStatus: 'nostock' },
    ]);
    const on = await call('PUT', `/api/inventories/${bobInventory}/listings/sync`, bob, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);

    await expect
      .poll(async () => (await listingsOf(testApp.app, bob, bobInventory)).listings[0]?.quantity, {
        timeout: 60_000,
      })
      .toBe(0);
    const aliceRun = (await listingsOf(testApp.app, alice, big)).last_run!;
    expect(aliceRun.status).toBe('running');
    // Alice's syncs took no more than her share of the slots meanwhile.
    expect(aliceSyncs.size).toBeLessThanOrEqual(2);
  });
});
