import type { InventoryDeleting, ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxStoreListings } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { dryRunThenPublish, listableInCanada, seedPricedProducts } from './helpers/listings';

// Deleting an inventory, or changing its countries, cannot orphan live offers (issue 56, item 3): while it
// has offers on Amazon, the delete asks what becomes of them, takes them down through the listings' own
// removal, and the inventory goes only once Amazon took every one; a country change is refused (409).

setUpInventories();

let userId: string;
const storeRow = async (sku: string) => (await sandboxStoreListings(database.db)).find((s) => s.sku === sku);
const del = (cookie: string, id: string, onAmazon?: string) =>
  call('DELETE', `/api/inventories/${id}${onAmazon ? `?on_amazon=${onAmazon}` : ''}`, cookie);
const exists = async (id: string) =>
  (await database.db.execute(sql`select 1 from inventories where id = ${id}::uuid`)).rows.length > 0;

/** An inventory of Alice's with `count` products published and live in the sandbox store. */
async function publishedInventory(from: number, count = 2): Promise<{ id: string; view: ListingsView }> {
  const id = (await create(alice)).id;
  const codes = listableInCanada(count, from);
  await seedPricedProducts(
    database.db,
    id,
    userId,
    codes.map((code) => ({ code, std: 25, stock: 4 })),
  );
  const view = await dryRunThenPublish(app, alice, id, codes);
  expect(view.listings.map((l) => l.state)).toEqual(codes.map(() => 'live'));
  return { id, view };
}

beforeAll(async () => {
  userId = await userIdOf(database.db, 'alice@example.com');
});

describe('deleting an inventory with live listings', () => {
  it('asks and then zeroes them; the inventory goes once Amazon took every 0', async () => {
    const { id, view } = await publishedInventory(14100);
    const skus = view.listings.map((l) => l.sku);

    const unasked = await del(alice, id);
    expect(unasked.statusCode, unasked.body).toBe(400);
    expect(unasked.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['on_amazon']);
    expect(await exists(id)).toBe(true);
    const bad = await del(alice, id, 'hide');
    expect(bad.statusCode).toBe(400);

    // Another seller: 404 whatever they ask, and nothing moves.
    for (const choice of [undefined, 'quantity_zero', 'delete']) {
      expect((await del(bob, id, choice)).statusCode).toBe(404);
    }
    for (const sku of skus) expect((await storeRow(sku))!.fulfillmentAvailability![0]!.quantity).toBe(4);

    const asked = await del(alice, id, 'quantity_zero');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<InventoryDeleting>()).toEqual({ on_amazon: 'quantity_zero', listings: 2 });
    await expect.poll(() => exists(id), { timeout: 30_000 }).toBe(false);
    for (const sku of skus) expect((await storeRow(sku))!.fulfillmentAvailability![0]!.quantity).toBe(0);
  });

  it('keeps the inventory while a feed it submitted may still land (SUBMITTED), zeroing the rest', async () => {
    const { id, view } = await publishedInventory(16600);
    const [flying, other] = view.listings as [
      ListingsView['listings'][number],
      ListingsView['listings'][number],
    ];
    // A sync's feed carrying stock was taken by Amazon and not yet processed: it could bring the stock back.
    await database.db.execute(sql`
      insert into listing_pushes (listing_id, sku, reason, status, submission_id, new_quantity)
      select id, sku, 'quantity', 'SUBMITTED', 'FEED-IN-FLIGHT', 4 from listings
       where inventory_id = ${id}::uuid and code = ${flying.product_id}`);
    const asked = await del(alice, id, 'quantity_zero');
    expect(asked.statusCode, asked.body).toBe(202);
    await expect
      .poll(async () => (await storeRow(other.sku))!.fulfillmentAvailability![0]!.quantity, {
        timeout: 30_000,
      })
      .toBe(0);
    // The in-flight one waits for its feed (the job asks again later): the inventory stays meanwhile.
    expect(await exists(id)).toBe(true);
    expect((await storeRow(flying.sku))!.fulfillmentAvailability![0]!.quantity).toBe(4);
  });

  it('delete: the store no longer has the SKUs, then the inventory goes', async () => {
    const { id, view } = await publishedInventory(14300);
    const asked = await del(alice, id, 'delete');
    expect(asked.statusCode, asked.body).toBe(202);
    await expect.poll(() => exists(id), { timeout: 30_000 }).toBe(false);
    for (const l of view.listings) expect(await storeRow(l.sku)).toBeUndefined();
  });

  it('keeps the inventory while the account is paused or a run is under way (409); none: goes at once (204)', async () => {
    const { id } = await publishedInventory(14500, 1);
    await call('PUT', '/api/listings/pause', alice, { paused: true });
    const paused = await del(alice, id, 'delete');
    expect(paused.statusCode, paused.body).toBe(409);
    expect(paused.json().error.code).toBe('listings_paused');
    await call('PUT', '/api/listings/pause', alice, { paused: false });
    expect(await exists(id)).toBe(true);

    // A publish under way could put an offer after the take-down: the delete waits for it (409).
    await database.db.execute(sql`
      insert into listing_runs (inventory_id, user_id, mode, status) values (${id}::uuid, ${userId}, 'publish', 'queued')`);
    const running = await del(alice, id, 'delete');
    expect(running.statusCode, running.body).toBe(409);
    expect(running.json().error.code).toBe('listings_run_running');
    await database.db.execute(
      sql`update listing_runs set status = 'failed' where inventory_id = ${id}::uuid`,
    );
    expect(await exists(id)).toBe(true);

    const empty = (await create(alice)).id;
    expect((await del(bob, empty)).statusCode).toBe(404);
    const gone = await del(alice, empty);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await exists(empty)).toBe(false);
  });
});

describe('changing the countries of an inventory with live listings', () => {
  it('is refused (409) naming the listings; other fields still change; another seller gets 404', async () => {
    const { id, view } = await publishedInventory(14700);
    const codes = view.listings.map((l) => l.product_id).sort();
    for (const body of [{ to_country: 'uk' }, { from_country: 'uk' }]) {
      const res = await call('PATCH', `/api/inventories/${id}`, alice, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('inventory_has_listings');
      expect(res.json().error.listings).toEqual(codes);
      expect(res.json().error.message).toContain(codes[0]);
    }
    expect((await call('PATCH', `/api/inventories/${id}`, bob, { to_country: 'uk' })).statusCode).toBe(404);
    const renamed = await call('PATCH', `/api/inventories/${id}`, alice, {
      title: 'Renamed',
      to_country: 'ca',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = (
      await database.db.execute<{ to_country: string }>(
        sql`select to_country from inventories where id = ${id}::uuid`,
      )
    ).rows;
    expect(row!.to_country).toBe('ca');
  });
});
