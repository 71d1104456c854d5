import type { ListingHistory, ListingRetry, ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { skuFor } from '../src/features/analysis';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { sandboxStoreListings } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import {
  dryRunThenPublish,
  listingsRun,
  listingsOf,
  seedPricedProducts,
  waitForRun,
  listableInCanada,
} from './helpers/listings';

// A listing's retry: owner only; a listing Amazon took gets its current price and quantity sent again, one
// it never took is published again, a deleted one is not retried.

setUpInventories();

let inventoryId: string;
let userId: string;
let codes: string[];

const retry = (cookie: string, code: string) =>
  call('POST', `/api/inventories/${inventoryId}/listings/${code}/retry`, cookie);
const listing = (view: ListingsView, code: string) => view.listings.find((l) => l.product_id === code)!;
const storeRow = async (sku: string) => (await sandboxStoreListings(database.db)).find((s) => s.sku === sku);
const history = async (code: string) =>
  (
    await call('GET', `/api/inventories/${inventoryId}/listings/${code}/history`, alice)
  ).json<ListingHistory>().pushes;

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  userId = await userIdOf(database.db, 'alice@example.com');
  codes = listableInCanada(3, 9000);
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    codes.map((code) => ({ code, std: 30, min: 20, max: 45, stock: 4 })),
  );
  const view = await dryRunThenPublish(app, alice, inventoryId, codes.slice(0, 2));
  // The run's verdicts name why when a product did not go live (seen once in a full run: none did).
  expect(
    view.listings.map((l) => l.state),
    JSON.stringify(view.last_run),
  ).toEqual(['live', 'live']);
});

describe("a listing's retry", () => {
  it("is the owner's only: 404 for another user, for a product with no listing; 400 names product_id", async () => {
    expect((await retry(bob, codes[0]!)).statusCode).toBe(404);
    expect((await retry(alice, codes[2]!)).statusCode).toBe(404);
    const bad = await retry(alice, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['product_id']);
    expect(await history(codes[0]!)).toHaveLength(1);
  });

  it('sends the current price and quantity again, even unchanged, and reads the listing back', async () => {
    const code = codes[0]!;
    // Amazon flagged the listing, and the source's stock moved since the last push.
    await database.db.execute(sql`update listings set state = 'needs_attention',
      issues = '[{"code":"18155","message":"Minimum price above price.","severity":"ERROR"}]'::jsonb
      where inventory_id = ${inventoryId}::uuid and code = ${code}`);
    await database.db.execute(sql`update inventory_products set stock = 7
      where inventory_id = ${inventoryId}::uuid and code = ${code}`);
    const res = await retry(alice, code);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ListingRetry>()).toEqual({ product_id: code, action: 'push', run_id: null });
    await expect.poll(async () => (await history(code))[0]?.reason, { timeout: 30_000 }).toBe('retry');
    expect((await history(code))[0]).toMatchObject({ new_price: 30, new_quantity: 7, status: 'ACCEPTED' });
    const sku = listing(await listingsOf(app, alice, inventoryId), code).sku;
    expect((await storeRow(sku))!.fulfillmentAvailability![0]!.quantity).toBe(7);
    await expect
      .poll(async () => listing(await listingsOf(app, alice, inventoryId), code))
      .toMatchObject({ state: 'live', quantity: 7, issues: [] });
  });

  it('publishes again a listing Amazon never took', async () => {
    const code = codes[2]!;
    // As a refused publish leaves it: needs attention, nothing pushed.
    await database.db
      .execute(sql`insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, issues)
      values (${inventoryId}::uuid, ${userId}, ${code}, ${skuFor(userId, code)}, ${MARKETPLACES.ca.id},
              'needs_attention', '[{"code":"90220","message":"missing","severity":"ERROR"}]'::jsonb)`);
    // Like any publish, it needs Amazon's verdict from a dry run of the last day first.
    const unchecked = await retry(alice, code);
    expect(unchecked.statusCode, unchecked.body).toBe(409);
    expect(unchecked.json().error.code).toBe('listings_dry_run_required');
    expect(await storeRow(skuFor(userId, code))).toBeUndefined();
    await listingsRun(app, alice, inventoryId, 'preview', [code]);
    const res = await retry(alice, code);
    expect(res.statusCode, res.body).toBe(202);
    const asked = res.json<ListingRetry>();
    expect(asked).toMatchObject({ product_id: code, action: 'publish' });
    const view = await waitForRun(app, alice, inventoryId, asked.run_id!);
    expect(view.last_run!.results.map((r) => [r.product_id, r.outcome])).toEqual([[code, 'accepted']]);
    expect(listing(view, code)).toMatchObject({ state: 'live', quantity: 4, price: 30 });
    expect(await storeRow(skuFor(userId, code))).toBeDefined();
  });

  it('is refused (409) for a listing deleted from Amazon', async () => {
    await database.db.execute(sql`update listings set state = 'removed'
      where inventory_id = ${inventoryId}::uuid and code = ${codes[1]}`);
    const res = await retry(alice, codes[1]!);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('listing_removed');
  });
});
