import type { ListingRunResult, ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { createSellerStore, sandboxStoreListings } from '../src/providers/seller-store';
import { userIdOf } from './helpers/analysis';
import { testConfig } from './helpers/app';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { dryRunThenPublish, listableInCanada, listingsRun, seedPricedProducts } from './helpers/listings';
import { sendUsToCaReport } from './helpers/reports';

// What a publish leaves out though the product is priced and available (issue 56): a source whose lookup
// is older than the plan allows or that Amazon did not answer (item 8), a product another of the seller's
// inventories lists in the marketplace (item 6: one SKU, one offer), a first price far above the buy box
// or the landed cost (item 9), and — checked again when the publish starts — no dry-run verdict.

setUpInventories();

let aliceId: string;
const DAY = 86_400_000;
const skusInStore = async () => new Set((await sandboxStoreListings(database.db)).map((s) => s.sku));
const resultOf = (view: ListingsView, code: string) =>
  view.last_run!.results.find((r) => r.product_id === code)!;
const leftOut = (r: ListingRunResult) => ({ left_out: r.left_out, codes: r.issues.map((i) => i.code) });

beforeAll(async () => {
  aliceId = await userIdOf(database.db, 'alice@example.com');
});

describe('stale sources are not published', () => {
  it("a 30-day-old report's products are left out of a publish", async () => {
    const codes = listableInCanada(2, 15000);
    const reportId = await sendUsToCaReport(app, database.db, alice, 'Old report', codes);
    // The report as it stands 30 days later: its lookups are that old.
    const then = new Date(Date.now() - 30 * DAY).toISOString();
    await database.db.execute(
      sql`update reports set created_at = ${then}::timestamptz where id = ${reportId}::uuid`,
    );
    await database.db.execute(sql`
      update report_product_snapshots
         set row_cross = jsonb_set(row_cross, '{looked_up_at}', to_jsonb(${then}::text)),
             row_to = jsonb_set(row_to, '{looked_up_at}', to_jsonb(${then}::text))
       where report_id = ${reportId}::uuid`);
    const inventoryId = (await create(alice, { title: 'From an old report' })).id;
    const added = await call('POST', `/api/inventories/${inventoryId}/products`, alice, {
      report_id: reportId,
      product_ids: codes,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toBe(2);
    // Priced and in stock whatever the sandbox said, so only the source's age can leave them out.
    await database.db.execute(sql`
      update inventory_products set std_price = 30, min_price = 25, max_price = 40, stock = 4, available = true
       where inventory_id = ${inventoryId}::uuid`);

    const dry = await listingsRun(app, alice, inventoryId, 'preview');
    for (const code of codes)
      expect(leftOut(resultOf(dry, code))).toEqual({
        left_out: 'stale_source',
        codes: ['STALE_SOURCE'],
      });
    const before = await skusInStore();
    const published = await listingsRun(app, alice, inventoryId, 'publish');
    for (const code of codes) expect(resultOf(published, code).left_out).toBe('stale_source');
    expect(published.listings).toEqual([]);
    expect(await skusInStore()).toEqual(before);
  });

  it('a side Amazon did not answer is left out, naming the country', async () => {
    const inventoryId = (await create(alice, { title: 'No answer' })).id;
    const [code] = listableInCanada(1, 15200);
    await seedPricedProducts(database.db, inventoryId, aliceId, [
      { code: code!, std: 30, stock: 4, crossStatus: 'noanswer' },
    ]);
    const dry = await listingsRun(app, alice, inventoryId, 'preview');
    expect(leftOut(resultOf(dry, code!))).toEqual({ left_out: 'no_answer', codes: ['SOURCE_NO_ANSWER'] });
    expect(resultOf(dry, code!).issues[0]!.message).toBe('US');
  });
});

describe('one SKU, one listing', () => {
  it("refuses a product another of the seller's inventories lists there, naming it; another seller is free", async () => {
    const [code] = listableInCanada(1, 15400);
    const first = (await create(alice, { title: 'First shop' })).id;
    await seedPricedProducts(database.db, first, aliceId, [{ code: code!, std: 30, stock: 4 }]);
    const live = await dryRunThenPublish(app, alice, first, [code!]);
    expect(live.listings.map((l) => l.state)).toEqual(['live']);
    const storePrice = async () =>
      (await sandboxStoreListings(database.db)).find((s) => s.sku === live.listings[0]!.sku)!.offers?.[0]
        ?.price;
    const priceBefore = await storePrice();

    const second = (await create(alice, { title: 'Second shop' })).id;
    await seedPricedProducts(database.db, second, aliceId, [{ code: code!, std: 45, stock: 9 }]);
    const dry = await listingsRun(app, alice, second, 'preview');
    expect(leftOut(resultOf(dry, code!))).toEqual({
      left_out: 'listed_elsewhere',
      codes: ['LISTED_BY_OTHER_INVENTORY'],
    });
    expect(resultOf(dry, code!).issues[0]!.message).toBe('First shop');
    const published = await listingsRun(app, alice, second, 'publish');
    expect(resultOf(published, code!).left_out).toBe('listed_elsewhere');
    expect(published.listings).toEqual([]);
    expect(await storePrice()).toEqual(priceBefore);

    const bobs = (await create(bob, { title: 'Bob' })).id;
    const bobId = await userIdOf(database.db, 'bob@example.com');
    await seedPricedProducts(database.db, bobs, bobId, [{ code: code!, std: 45, stock: 9 }]);
    expect(resultOf(await listingsRun(app, bob, bobs, 'preview'), code!).outcome).toBe('valid');
    // Alice's run results are hers: Bob cannot read or start them.
    expect((await call('GET', `/api/inventories/${second}/listings`, bob)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/inventories/${second}/listings`, bob, { mode: 'preview' })).statusCode,
    ).toBe(404);
  });
});

describe('prices that make sense on a first publish', () => {
  it('holds a price above 3× the buy box, or 3× the landed cost without one', async () => {
    const inventoryId = (await create(alice, { title: 'Ceilings' })).id;
    const [overBuybox, overCost, fine] = listableInCanada(3, 15600);
    await seedPricedProducts(database.db, inventoryId, aliceId, [
      { code: overBuybox!, std: 45, stock: 4 },
      { code: overCost!, std: 20, stock: 4 },
      { code: fine!, std: 25, stock: 4 },
    ]);
    await database.db.execute(sql`
      update inventory_products
         set snapshot = case when code = ${overCost!} then snapshot
                             else jsonb_set(snapshot, '{row_to,buybox}', '{"buy_price": 10, "shipping_fee": 0}') end,
             cost_in_tc = 5
       where inventory_id = ${inventoryId}::uuid`);
    const dry = await listingsRun(app, alice, inventoryId, 'preview');
    expect(leftOut(resultOf(dry, overBuybox!))).toEqual({
      left_out: 'price_held',
      codes: ['PRICE_ABOVE_BUYBOX_CEILING'],
    });
    expect(resultOf(dry, overBuybox!).issues[0]!.message).toBe('45.00 > 3 × 10.00');
    expect(leftOut(resultOf(dry, overCost!))).toEqual({
      left_out: 'price_held',
      codes: ['PRICE_ABOVE_COST_CEILING'],
    });
    expect(resultOf(dry, fine!).outcome).toBe('valid');
    const published = await listingsRun(app, alice, inventoryId, 'publish');
    expect(published.listings.map((l) => l.product_id)).toEqual([fine]);
  });
});

describe("a supplier's pack the seller has not confirmed is never published (issue 62)", () => {
  it('holds a product whose Amazon pack differs or is unknown until confirmed', async () => {
    const inventoryId = (await create(alice, { title: 'Supplier packs' })).id;
    const [differs, unknown, confirmed, same] = listableInCanada(4, 15700);
    await seedPricedProducts(
      database.db,
      inventoryId,
      aliceId,
      [differs, unknown, confirmed, same].map((code) => ({ code: code!, std: 30, stock: 4 })),
    );
    await database.db.execute(sql`
      update inventory_products
         set supplier_pack = case code when ${same!} then 'same' when ${unknown!} then 'unknown' else 'differs' end,
             supplier_units = case code when ${unknown!} then null else 6 end,
             pack_confirmed_at = case code when ${confirmed!} then now() end
       where inventory_id = ${inventoryId}::uuid`);
    const dry = await listingsRun(app, alice, inventoryId, 'preview');
    expect(leftOut(resultOf(dry, differs!))).toEqual({
      left_out: 'pack_unconfirmed',
      codes: ['SUPPLIER_PACK_DIFFERS'],
    });
    expect(resultOf(dry, differs!).issues[0]!.message).toBe('6');
    expect(leftOut(resultOf(dry, unknown!))).toEqual({
      left_out: 'pack_unconfirmed',
      codes: ['SUPPLIER_PACK_UNKNOWN'],
    });
    expect(resultOf(dry, confirmed!).outcome).toBe('valid');
    expect(resultOf(dry, same!).outcome).toBe('valid');
    const published = await listingsRun(app, alice, inventoryId, 'publish');
    expect(resultOf(published, differs!).left_out).toBe('pack_unconfirmed');
    expect(published.listings.map((l) => l.product_id).sort()).toEqual([confirmed, same].sort());
  });
});

describe('the dry-run check is made again when the run starts', () => {
  it('a publish run leaves out a product whose dry run is older than 24 hours', async () => {
    const inventoryId = (await create(alice, { title: 'Aged dry run' })).id;
    const [code] = listableInCanada(1, 15800);
    await seedPricedProducts(database.db, inventoryId, aliceId, [{ code: code!, std: 30, stock: 4 }]);
    expect(resultOf(await listingsRun(app, alice, inventoryId, 'preview'), code!).outcome).toBe('valid');
    // The publish was accepted by the route; by the time the run starts, the dry run has aged.
    const run = await insertRun(database.db, aliceId, inventoryId, 'publish', [code!]);
    await database.db.execute(sql`
      update listing_runs set finished_at = now() - interval '25 hours'
       where inventory_id = ${inventoryId}::uuid and mode = 'preview'`);
    const cfg = testConfig();
    const deps: ListingsDeps = {
      db: database.db,
      logger: pino({ level: 'silent' }),
      store: createSellerStore(cfg, { db: database.db }),
    };
    const before = await skusInStore();
    expect(await runListings(deps, run.id)).toBe('done');
    const [row] = (
      await database.db.execute<{ results: ListingRunResult[] }>(
        sql`select jsonb_agg(jsonb_build_object('product_id', product_id, 'outcome', outcome,
                                                'left_out', left_out, 'issues', issues)) as results
              from listing_run_results where run_id = ${run.id}::uuid`,
      )
    ).rows;
    expect(row!.results.map(leftOut)).toEqual([{ left_out: 'no_dry_run', codes: ['DRY_RUN_MISSING'] }]);
    expect(await skusInStore()).toEqual(before);
  });
});
