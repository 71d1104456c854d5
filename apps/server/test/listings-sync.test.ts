import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createLookupAccounts, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { followListingFeeds } from '../src/features/listings/late-feeds';
import type { ListingsDeps } from '../src/features/listings/publish';
import { createMarketplace } from '../src/providers/marketplace';
import { createSellerStore } from '../src/providers/seller-store';
import { call, KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';
import { dryRunThenPublish, listingsOf, seedPricedProducts } from './helpers/listings';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Keeping published offers in step with the source, against the SP-API stand-in: only what changed is
// pushed, a sold-out source takes its listing to 0, a jump of every price holds, and nothing is sent while
// sync is off or paused.

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na';
/** SKUs the stand-in's feed processing report refuses. */
const feedFailures = new Set<string>();
const SELLER = 'A1ALICESELLER';

const products = Array.from({ length: 10 }, (_, i) => ({
  code: `B0000002${String(i).padStart(2, '0')}`,
  std: 30 + i,
  min: 20 + i,
  max: 60 + i,
  stock: 3,
}));

/** The Listings Items writes since `from` (without the read-backs). */
const writesSince = (from: number) =>
  stand.listings.calls
    .slice(from)
    .filter((c) => c.operation !== 'getListingsItem' && c.operation !== 'searchListingsItems');
const skuOf = async (code: string) =>
  (await listingsOf(app, cookie, inventoryId)).listings.find((l) => l.product_id === code)!.sku;
const setFlags = (flags: { enabled: boolean; paused: boolean; account: boolean }) =>
  Promise.all([
    database.db.execute(sql`update inventories set listing_sync_enabled = ${flags.enabled},
      listing_sync_paused = ${flags.paused} where id = ${inventoryId}::uuid`),
    database.db.execute(
      sql`update user_data set listings_paused = ${flags.account} where user_id = ${userId}`,
    ),
  ]);

beforeAll(async () => {
  database = await createTestDatabase();
  stand = await startSpapiStandIn(undefined, {
    sellerOf: (t) => (t === TOKEN ? SELLER : undefined),
    feedFailures: (sku) => feedFailures.has(sku),
  });
  const cfg = testConfig({
    MARKETPLACE_PROVIDER: 'spapi',
    SPAPI_CLIENT_ID: 'amzn1.application-oa2-client.test',
    SPAPI_CLIENT_SECRET: 'secret',
    SPAPI_ENDPOINT: stand.url,
    LWA_TOKEN_URL: stand.lwaUrl,
    TOKEN_ENCRYPTION_KEY: KEY_A,
  });
  const store = createSellerStore(cfg, { db: database.db });
  testApp = await buildTestApp(database, cfg, {
    marketplace: createMarketplace(cfg, { db: database.db }),
    sellerStore: store,
  });
  app = testApp.app;
  cookie = await activeUser(app, database.db, 'alice@example.com');
  userId = await userIdOf(database.db, 'alice@example.com');
  await subscribe(app, cookie, 'S');
  const logger = pino({ level: 'silent' });
  const box = tokenBoxFor(cfg, logger);
  await saveConnection(database.db, userId, 'na', SELLER, box.seal(TOKEN, sealContext(userId, 'na')));
  const created = await call(app, 'POST', '/api/inventories', cookie, BODY);
  inventoryId = created.json<{ id: string }>().id;
  await seedPricedProducts(database.db, inventoryId, userId, products);
  const view = await dryRunThenPublish(app, cookie, inventoryId);
  expect(view.listings.map((l) => l.state)).toEqual(products.map(() => 'live'));
  deps = {
    db: database.db,
    logger,
    store,
    accounts: createLookupAccounts({
      db: database.db,
      queue: { send: async () => null, retry: async () => false },
      config: cfg,
      logger,
    }),
  };
});
afterAll(async () => {
  await testApp.close();
  await stand.close();
  await database.destroy();
});

describe('keeping listings in step', () => {
  it('sends nothing when nothing changed', async () => {
    await setFlags({ enabled: true, paused: false, account: false });
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    expect(writesSince(before)).toEqual([]);
  });

  it('a sold-out source sends quantity 0 for exactly that SKU and nothing for unchanged ones', async () => {
    const soldOut = products[2]!;
    await seedPricedProducts(database.db, inventoryId, userId, [
      ...products.filter((p) => p !== soldOut),
      { ...soldOut, available: false, stock: 0, crossStatus: 'nostock' },
    ]);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const writes = writesSince(before);
    expect(writes.map((w) => [w.operation, w.sku])).toEqual([
      ['patchListingsItem', await skuOf(soldOut.code)],
    ]);
    expect(writes[0]!.body).toEqual({
      productType: 'PRODUCT',
      patches: [
        {
          op: 'merge',
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }],
        },
      ],
    });
    // The stand-in kept the handling time; the history says why.
    expect(
      stand.listings.listing(SELLER, writes[0]!.marketplaceId, writes[0]!.sku)!.fulfillment_availability,
    ).toEqual([
      {
        fulfillment_channel_code: 'DEFAULT',
        quantity: 0,
        lead_time_to_ship_max_days: BODY.settings.handling_time,
      },
    ]);
    const history = await call(
      app,
      'GET',
      `/api/inventories/${inventoryId}/listings/${soldOut.code}/history`,
      cookie,
    );
    expect(history.json().pushes[0]).toMatchObject({
      reason: 'sold_out',
      old_quantity: 3,
      new_quantity: 0,
      status: 'ACCEPTED',
    });
  });

  it('a 30 % exchange-rate jump holds the price changes and asks; released, they go', async () => {
    const jumped = products.map((p, i) =>
      i === 2
        ? { ...p, available: false, stock: 0, crossStatus: 'nostock' }
        : {
            ...p,
            std: Math.round(p.std * 130) / 100,
            min: Math.round(p.min * 130) / 100,
            max: Math.round(p.max * 130) / 100,
          },
    );
    await seedPricedProducts(database.db, inventoryId, userId, jumped);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('held');
    expect(writesSince(before)).toEqual([]);
    const held = await listingsOf(app, cookie, inventoryId);
    expect(held.sync.hold).toMatchObject({ changed: 9, total: 10 });
    expect(held.listings.find((l) => l.product_id === products[0]!.code)!.price).toBe(products[0]!.std);

    // The seller releases the hold: the sync job pushes the new prices (only the offer; quantities stand).
    const released = await call(app, 'PUT', `/api/inventories/${inventoryId}/listings/sync`, cookie, {
      enabled: true,
      release_hold: true,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().sync.hold).toBeNull();
    const pushedAll = async () => {
      const { listings } = await listingsOf(app, cookie, inventoryId);
      return jumped.every(
        (p, i) => i === 2 || listings.find((l) => l.product_id === p.code)!.price === p.std,
      );
    };
    const deadline = Date.now() + 30_000;
    while (!(await pushedAll())) {
      if (Date.now() > deadline) throw new Error('the released prices were not pushed');
      await new Promise((r) => setTimeout(r, 100));
    }
    const patches = writesSince(before);
    expect(patches).toHaveLength(9);
    expect(
      patches.every(
        (p) =>
          (p.body as { patches: { path: string }[] }).patches.map((x) => x.path).join() ===
          '/attributes/purchasable_offer',
      ),
    ).toBe(true);
  });

  it('never sends a price outside the range, nor one priced from a side Amazon did not answer', async () => {
    const [a, b] = [products[0]!, products[1]!];
    const base = await listingsOf(app, cookie, inventoryId);
    const priceOf = (code: string) => base.listings.find((l) => l.product_id === code)!;
    await seedPricedProducts(database.db, inventoryId, userId, [
      { code: a.code, std: 500, min: priceOf(a.code).min_price!, max: priceOf(a.code).max_price!, stock: 3 },
      {
        code: b.code,
        std: priceOf(b.code).price! + 1,
        min: priceOf(b.code).min_price!,
        max: priceOf(b.code).max_price!,
        stock: 3,
      },
    ]);
    await database.db
      .execute(sql`update inventory_products set snapshot = jsonb_set(snapshot, '{row_to,status}', '"noanswer"')
      where inventory_id = ${inventoryId}::uuid and code = ${b.code}`);
    const before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    const writes = writesSince(before);
    expect(writes.map((w) => w.sku)).toEqual([await skuOf(a.code)]);
    const offer = (
      writes[0]!.body as {
        patches: { value: { our_price: { schedule: { value_with_tax: number }[] }[] }[] }[];
      }
    ).patches[0]!.value[0]!;
    expect(offer.our_price[0]!.schedule[0]!.value_with_tax).toBe(priceOf(a.code).max_price);
  });

  it('keeps the quantity of a product whose source Amazon did not answer; sends 0 once it answers sold out', async () => {
    const [a, b] = [products[0]!, products[1]!];
    const base = await listingsOf(app, cookie, inventoryId);
    const pushed = (code: string) => base.listings.find((l) => l.product_id === code)!;
    expect(pushed(b.code).quantity).toBeGreaterThan(0);
    const same = (code: string) => ({
      code,
      std: pushed(code).price!,
      min: pushed(code).min_price!,
      max: pushed(code).max_price!,
    });
    // a: sold out at the source; b: no answer (the pricing marks it unavailable with no stock).
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...same(a.code), stock: 0, available: false, crossStatus: 'nostock' },
      { ...same(b.code), stock: 0, available: false, crossStatus: 'noanswer' },
    ]);
    let before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    expect(writesSince(before).map((w) => w.sku)).toEqual([await skuOf(a.code)]);

    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...same(b.code), stock: 0, available: false, crossStatus: 'nostock' },
    ]);
    before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    expect(writesSince(before).map((w) => w.sku)).toEqual([await skuOf(b.code)]);
  });

  it('sends nothing while sync is off, paused, or paused for the whole account', async () => {
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...products[3]!, stock: 9 }]);
    const before = stand.listings.calls.length;
    await setFlags({ enabled: false, paused: false, account: false });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('off');
    await setFlags({ enabled: true, paused: true, account: false });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('paused');
    await setFlags({ enabled: true, paused: false, account: true });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('paused');
    expect(writesSince(before)).toEqual([]);
    await setFlags({ enabled: true, paused: false, account: false });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    expect(writesSince(before).map((w) => w.sku)).toEqual([await skuOf(products[3]!.code)]);
  });

  it('goes by JSON_LISTINGS_FEED past the threshold; a report naming two failed messages marks exactly those two', async () => {
    await setFlags({ enabled: true, paused: false, account: false });
    const changed = [4, 5, 6, 7, 8].map((i) => ({ ...products[i]!, stock: 7 }));
    await seedPricedProducts(database.db, inventoryId, userId, changed);
    const [bad1, bad2] = [await skuOf(changed[1]!.code), await skuOf(changed[3]!.code)];
    feedFailures.add(bad1).add(bad2);
    const before = stand.listings.calls.length;
    const feedsBefore = stand.feeds.size;
    // Submitted and left (the sync does not hold the inventory's claim while Amazon works); the
    // follow-listing-feeds job reads its end.
    expect(await keepListingsInStep({ ...deps, feedFrom: 3, feedPollMs: 10 }, inventoryId)).toBe(
      'feed-submitted',
    );
    expect(await followListingFeeds(deps)).toBe('1/1');
    expect(stand.feeds.size - feedsBefore).toBe(1);
    // One feed, no single patches beside it.
    expect(writesSince(before)).toHaveLength(3);
    expect(stand.refused.filter((r) => r.operation.includes('Feed'))).toEqual([]);
    const { listings } = await listingsOf(app, cookie, inventoryId);
    for (const p of changed) {
      const listing = listings.find((l) => l.product_id === p.code)!;
      if (listing.sku === bad1 || listing.sku === bad2) {
        expect(listing.state, p.code).toBe('needs_attention');
        expect(listing.issues[0]).toMatchObject({ code: '4000001', severity: 'ERROR' });
        expect(listing.quantity).toBe(3);
      } else {
        expect(listing.state, p.code).toBe('live');
        expect(listing.quantity).toBe(7);
      }
    }
    const feedId = [...stand.feeds.keys()].pop();
    const history = await call(
      app,
      'GET',
      `/api/inventories/${inventoryId}/listings/${changed[0]!.code}/history`,
      cookie,
    );
    expect(history.json().pushes[0]).toMatchObject({ status: 'ACCEPTED', submission_id: feedId });
  });

  it('does not overwrite a price changed in Seller Central: shows the drift, and pushes after "overwrite"', async () => {
    await setFlags({ enabled: true, paused: false, account: false });
    const [edited, other] = [products[9]!, products[6]!];
    const base = await listingsOf(app, cookie, inventoryId);
    const now = (code: string) => base.listings.find((l) => l.product_id === code)!;
    const mine = now(edited.code);
    const sku = mine.sku;
    // The seller raises the price by hand in Seller Central; then both products' source prices move a little.
    stand.listings.editInSellerCentral(SELLER, mine.marketplace_id, sku, { price: mine.price! + 5 });
    const moved = (code: string) => ({
      code,
      std: now(code).price! + 1,
      min: now(code).min_price!,
      max: now(code).max_price!,
      stock: now(code).quantity!,
    });
    await seedPricedProducts(database.db, inventoryId, userId, [moved(edited.code), moved(other.code)]);
    let before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    // Both were read back, in one search; only the untouched one was pushed.
    const searches = stand.listings.calls.slice(before).filter((c) => c.operation === 'searchListingsItems');
    expect(searches.map((c) => c.sku.split(',').sort())).toEqual([[sku, await skuOf(other.code)].sort()]);
    expect(writesSince(before).map((w) => w.sku)).toEqual([await skuOf(other.code)]);
    const drifted = (await listingsOf(app, cookie, inventoryId)).listings.find(
      (l) => l.product_id === edited.code,
    )!;
    expect(drifted.price).toBe(mine.price);
    expect(drifted.drift).toMatchObject({
      amazon: { price: mine.price! + 5, quantity: mine.quantity },
      ours: { price: mine.price, quantity: mine.quantity },
      fields: ['price'],
    });

    // While the seller has not chosen, sync leaves the listing alone...
    before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    expect(stand.listings.calls.slice(before).filter((c) => c.sku === sku)).toEqual([]);
    // ...but a source that sells out still takes it to quantity 0, and only that: the price stays Amazon's.
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...moved(edited.code), available: false, stock: 0, crossStatus: 'nostock' },
    ]);
    before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    const soldOut = writesSince(before).filter((w) => w.sku === sku);
    expect(soldOut.map((w) => w.operation)).toEqual(['patchListingsItem']);
    expect(JSON.stringify(soldOut[0]!.body)).not.toContain('purchasable_offer');
    expect(stand.listings.listing(SELLER, mine.marketplace_id, sku)!.fulfillment_availability).toEqual([
      expect.objectContaining({ quantity: 0 }),
    ]);
    // Back in stock: the listing waits for the seller's choice again.
    await seedPricedProducts(database.db, inventoryId, userId, [moved(edited.code)]);

    const url = `/api/inventories/${inventoryId}/listings/${edited.code}/drift`;
    const bob = await activeUser(app, database.db, 'bob-drift@example.com');
    await subscribe(app, bob, 'S');
    expect((await call(app, 'POST', url, bob, { choice: 'overwrite' })).statusCode).toBe(404);
    const bad = await call(app, 'POST', url, cookie, { choice: 'ours' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('choice');
    expect(
      (await listingsOf(app, cookie, inventoryId)).listings.find((l) => l.sku === sku)!.drift,
    ).not.toBeNull();

    // "Overwrite with ours": the sync it queues sends our price over Amazon's.
    before = stand.listings.calls.length;
    const chosen = await call(app, 'POST', url, cookie, { choice: 'overwrite' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().listings.find((l: { sku: string }) => l.sku === sku).drift).toBeNull();
    const target = moved(edited.code).std;
    const deadline = Date.now() + 30_000;
    while (
      (await listingsOf(app, cookie, inventoryId)).listings.find((l) => l.sku === sku)!.price !== target
    ) {
      if (Date.now() > deadline) throw new Error('the overwrite was not pushed');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(writesSince(before).map((w) => w.sku)).toEqual([sku]);
    const offer = stand.listings.listing(SELLER, mine.marketplace_id, sku)!.purchasable_offer![0] as {
      our_price: { schedule: { value_with_tax: number }[] }[];
    };
    expect(offer.our_price[0]!.schedule[0]!.value_with_tax).toBe(target);
    const history = await call(
      app,
      'GET',
      `/api/inventories/${inventoryId}/listings/${edited.code}/history`,
      cookie,
    );
    expect(history.json().pushes[0]).toMatchObject({ old_price: mine.price! + 5, new_price: target });
  });

  it('"keep Amazon\'s" leaves the seller\'s price alone; a sell-out still takes the quantity to 0', async () => {
    const edited = products[8]!;
    const base = await listingsOf(app, cookie, inventoryId);
    const mine = base.listings.find((l) => l.product_id === edited.code)!;
    stand.listings.editInSellerCentral(SELLER, mine.marketplace_id, mine.sku, { price: mine.price! - 2 });
    const figures = { code: edited.code, min: mine.min_price!, max: mine.max_price! };
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...figures, std: mine.price! + 1, stock: mine.quantity! },
    ]);
    await keepListingsInStep(deps, inventoryId);
    const url = `/api/inventories/${inventoryId}/listings/${edited.code}/drift`;
    const kept = await call(app, 'POST', url, cookie, { choice: 'keep_amazon' });
    expect(kept.statusCode, kept.body).toBe(200);
    const listing = kept.json().listings.find((l: { sku: string }) => l.sku === mine.sku);
    expect(listing).toMatchObject({ drift: null, kept_from_amazon: ['price'], price: mine.price! - 2 });

    let before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    expect(writesSince(before)).toEqual([]);
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...figures, std: mine.price! + 1, stock: 0, available: false, crossStatus: 'nostock' },
    ]);
    before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    const writes = writesSince(before);
    expect(writes.map((w) => w.sku)).toEqual([mine.sku]);
    expect((writes[0]!.body as { patches: { path: string }[] }).patches.map((p) => p.path)).toEqual([
      '/attributes/fulfillment_availability',
    ]);
  });
});
