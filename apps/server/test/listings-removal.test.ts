import type { ListingHistory, ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxStoreListings } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { dryRunThenPublish, listingsOf, seedPricedProducts, listableInCanada } from './helpers/listings';

// Removing a product that has an offer on Amazon from an inventory: the seller must say what happens to
// the offer (quantity 0 or delete), and the sandbox store gets exactly that, kept in the listing's history.

setUpInventories();

let inventoryId: string;
let codes: string[];
let published: ListingsView;

const remove = (cookie: string, body: object) =>
  call('DELETE', `/api/inventories/${inventoryId}/products`, cookie, body);
const listing = (view: ListingsView, code: string) => view.listings.find((l) => l.product_id === code)!;
const storeRow = async (sku: string) => (await sandboxStoreListings(database.db)).find((s) => s.sku === sku);

async function lastPush(code: string) {
  const res = await call('GET', `/api/inventories/${inventoryId}/listings/${code}/history`, alice);
  return res.json<ListingHistory>().pushes[0];
}

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  codes = listableInCanada(4, 7000);
  const userId = await userIdOf(database.db, 'alice@example.com');
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    codes.map((code, i) => ({ code, std: 20 + i, stock: 4 })),
  );
  // The last product is never published: removing it needs no choice.
  published = await dryRunThenPublish(app, alice, inventoryId, codes.slice(0, 3));
  expect(published.listings.map((l) => l.state)).toEqual(['live', 'live', 'live']);
});

describe('removing a listed product', () => {
  it('asks what happens on Amazon: 400 naming on_amazon, and the product stays', async () => {
    const res = await remove(alice, { product_ids: [codes[0]] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['on_amazon']);
    const bad = await remove(alice, { product_ids: [codes[0]], on_amazon: 'hide' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['on_amazon']);
    const left = await database.db.execute(
      sql`select code from inventory_products where inventory_id = ${inventoryId}::uuid`,
    );
    expect(left.rows).toHaveLength(4);
  });

  it("answers 404 for another user's inventory and changes nothing", async () => {
    for (const body of [{ product_ids: [codes[0]] }, { product_ids: [codes[0]], on_amazon: 'delete' }]) {
      const res = await remove(bob, body);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await storeRow(listing(published, codes[0]!).sku)).toBeDefined();
    expect(listing(await listingsOf(app, alice, inventoryId), codes[0]!).state).toBe('live');
  });

  it('quantity 0: the store keeps the offer at 0, the listing stays live, the push is kept', async () => {
    const sku = listing(published, codes[0]!).sku;
    const res = await remove(alice, { product_ids: [codes[0]], on_amazon: 'quantity_zero' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toBe(1);
    await expect
      .poll(async () => (await lastPush(codes[0]!))?.reason, { timeout: 30_000 })
      .toBe('removed_zero');
    expect(await lastPush(codes[0]!)).toMatchObject({ old_quantity: 4, new_quantity: 0, status: 'ACCEPTED' });
    expect((await storeRow(sku))!.fulfillmentAvailability![0]!.quantity).toBe(0);
    expect(listing(await listingsOf(app, alice, inventoryId), codes[0]!)).toMatchObject({
      state: 'live',
      quantity: 0,
    });
  });

  it('delete: the store no longer has the SKU and the listing is removed', async () => {
    const sku = listing(published, codes[1]!).sku;
    expect(await storeRow(sku)).toBeDefined();
    const res = await remove(alice, { product_ids: [codes[1]], on_amazon: 'delete' });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => (await lastPush(codes[1]!))?.reason, { timeout: 30_000 })
      .toBe('removed_delete');
    expect(await storeRow(sku)).toBeUndefined();
    const view = await listingsOf(app, alice, inventoryId);
    expect(listing(view, codes[1]!).state).toBe('removed');
    // The other listed product was not touched.
    expect(listing(view, codes[2]!)).toMatchObject({ state: 'live', quantity: 4 });
    expect((await storeRow(listing(published, codes[2]!).sku))!.fulfillmentAvailability![0]!.quantity).toBe(
      4,
    );
  });

  it('a product with no offer on Amazon is removed without the question', async () => {
    const res = await remove(alice, { product_ids: [codes[3]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toBe(1);
  });
});
