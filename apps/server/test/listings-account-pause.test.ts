import type { ListingRun, ListingsAccountPause } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLookupAccounts } from '../src/features/amazon';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { removeListings } from '../src/features/listings/remove-listings';
import { retryListing } from '../src/features/listings/retry-listing';
import { zeroListingForOrder } from '../src/features/listings/zero-for-order';
import { insertRun } from '../src/features/listings/repo';
import { createSellerStore, sandboxStoreListings } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { testConfig } from './helpers/app';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import {
  dryRunThenPublish,
  listableInCanada,
  listingsOf,
  seedPricedProducts,
  waitForRun,
} from './helpers/listings';

// The account-wide pause is the switch a seller reaches for when something is wrong: while it is on,
// nothing is written to their Amazon account — no sync, and none of their own requests either (publish,
// retry, the removal of a listed product); work queued before it stops too. A dry run writes nothing and
// still goes.

setUpInventories();

let inventoryId: string;
let userId: string;
let codes: string[];
let deps: ListingsDeps;

const pause = (cookie: string, paused: unknown) => call('PUT', '/api/listings/pause', cookie, { paused });
const storeSkus = async () => (await sandboxStoreListings(database.db)).map((s) => s.sku).sort();

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  userId = await userIdOf(database.db, 'alice@example.com');
  codes = listableInCanada(3, 11000);
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    codes.map((code) => ({ code, std: 30, stock: 4 })),
  );
  const view = await dryRunThenPublish(app, alice, inventoryId, codes.slice(0, 2));
  // The run's verdicts name why when a product did not go live (seen once in a full run: none did).
  expect(
    view.listings.map((l) => l.state),
    JSON.stringify(view.last_run),
  ).toEqual(['live', 'live']);
  const cfg = testConfig();
  const logger = pino({ level: 'silent' });
  deps = {
    db: database.db,
    logger,
    store: createSellerStore(cfg, { db: database.db }),
    accounts: createLookupAccounts({
      db: database.db,
      queue: { send: async () => null, retry: async () => false },
      config: cfg,
      logger,
    }),
  };
});

describe('the account-wide pause', () => {
  it("is the session's own: 400 names `paused`; one seller's switch is not another's", async () => {
    const bad = await pause(alice, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['paused']);
    const on = await pause(bob, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<ListingsAccountPause>()).toEqual({ paused: true });
    expect((await listingsOf(app, alice, inventoryId)).sync.account_paused).toBe(false);
    expect((await pause(bob, false)).json<ListingsAccountPause>()).toEqual({ paused: false });
  });

  it('refuses publish, retry and removing a listed product (409) and writes nothing; a dry run goes', async () => {
    expect((await pause(alice, true)).json<ListingsAccountPause>()).toEqual({ paused: true });
    expect((await listingsOf(app, alice, inventoryId)).sync.account_paused).toBe(true);
    const before = await storeSkus();

    const publish = await call('POST', `/api/inventories/${inventoryId}/listings`, alice, {
      mode: 'publish',
      product_ids: [codes[2]],
    });
    expect(publish.statusCode, publish.body).toBe(409);
    expect(publish.json().error.code).toBe('listings_paused');
    const retry = await call('POST', `/api/inventories/${inventoryId}/listings/${codes[0]}/retry`, alice);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json().error.code).toBe('listings_paused');
    const remove = await call('DELETE', `/api/inventories/${inventoryId}/products`, alice, {
      product_ids: [codes[0]],
      on_amazon: 'delete',
    });
    expect(remove.statusCode, remove.body).toBe(409);
    const kept = await database.db.execute(
      sql`select code from inventory_products where inventory_id = ${inventoryId}::uuid order by code`,
    );
    expect(kept.rows.map((r) => r.code)).toEqual([...codes].sort());

    const preview = await call('POST', `/api/inventories/${inventoryId}/listings`, alice, {
      mode: 'preview',
      product_ids: [codes[2]],
    });
    expect(preview.statusCode, preview.body).toBe(202);
    await waitForRun(app, alice, inventoryId, preview.json<ListingRun>().id);
    expect(await storeSkus()).toEqual(before);
  });

  it('stops a publish or a removal queued before it', async () => {
    expect((await pause(alice, true)).statusCode).toBe(200);
    const before = await storeSkus();
    const run = await insertRun(database.db, userId, inventoryId, 'publish', [codes[2]!]);
    expect(await runListings(deps, run.id)).toBe('paused');
    expect(await removeListings(deps, inventoryId, [codes[0]!], 'delete')).toBe('paused');
    expect(await storeSkus()).toEqual(before);
    const view = await listingsOf(app, alice, inventoryId);
    expect(view.listings.map((l) => l.state)).toEqual(['live', 'live']);

    // Resumed, the seller's own requests go again.
    expect((await pause(alice, false)).json<ListingsAccountPause>()).toEqual({ paused: false });
    const retry = await call('POST', `/api/inventories/${inventoryId}/listings/${codes[0]}/retry`, alice);
    expect(retry.statusCode, retry.body).toBe(202);
  });

  it('a 0 the pause held back is sent, alone, as soon as the seller resumes', async () => {
    expect((await pause(alice, true)).statusCode).toBe(200);
    const [listing] = (
      await database.db.execute<{ id: string; sku: string; pushed_price: number }>(
        sql`select id, sku, pushed_price from listings where inventory_id = ${inventoryId}::uuid and code = ${codes[1]!}`,
      )
    ).rows;
    // An order found the source sold out while paused: the 0 could not go, the offer still sells.
    expect(await zeroListingForOrder(deps, listing!.id)).toBe('paused');
    const onAmazon = async () =>
      (await sandboxStoreListings(database.db)).find((x) => x.sku === listing!.sku)!;
    const quantityOf = (item: Awaited<ReturnType<typeof onAmazon>>) =>
      item.fulfillmentAvailability?.[0]?.quantity;
    const priceOf = (item: Awaited<ReturnType<typeof onAmazon>>) => JSON.stringify(item.offers);
    expect(quantityOf(await onAmazon())).toBeGreaterThan(0);
    const priceBefore = priceOf(await onAmazon());
    // The seller's price moves meanwhile: a zero-only retry must not send it.
    await database.db.execute(
      sql`update inventory_products set std_price = std_price + 5 where inventory_id = ${inventoryId}::uuid and code = ${codes[1]!}`,
    );

    expect((await pause(alice, false)).statusCode).toBe(200);
    const queued = await database.db.execute<{ data: { product_id: string; zero_only?: boolean } }>(
      sql`select data from pgboss.job where name = 'retry-listing' and data->>'inventory_id' = ${inventoryId}`,
    );
    expect(queued.rows.map((r) => r.data)).toContainEqual({
      inventory_id: inventoryId,
      product_id: codes[1],
      zero_only: true,
    });
    // Only the product owed a 0: the other live listing is left to its sync.
    expect(queued.rows.filter((r) => r.data.zero_only).map((r) => r.data.product_id)).toEqual([codes[1]]);
    // The job (run here, as the worker would) sends the 0 and nothing else.
    const outcome = await retryListing(deps, inventoryId, codes[1]!, { zeroOnly: true });
    expect(outcome).toBe('done');
    const after = await onAmazon();
    expect(quantityOf(after)).toBe(0);
    expect(priceOf(after)).toBe(priceBefore);
  });
});
