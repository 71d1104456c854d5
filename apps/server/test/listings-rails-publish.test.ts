import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import type { ListingsDeps } from '../src/features/listings/publish';
import { retryListing } from '../src/features/listings/retry-listing';
import { call } from './helpers/amazon';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { dryRunThenPublish, listingsOf, seedPricedProducts, waitForRun } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// Issue 56, item 7: publish and retry respect the rails. A publish puts only products with no offer on
// Amazon; a re-publish is asked per product and still leaves out what a sync would leave alone (a push in
// flight, a drift the seller has not decided on, figures a standing hold holds back) and puts the figures the
// seller kept as Amazon has them; a push that overwrites a drifted figure clears that drift.

let seller: SpapiSeller;
let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const SELLER = 'A1ALICESELLER';

const products = Array.from({ length: 10 }, (_, i) => ({
  code: `B0000058${String(i).padStart(2, '0')}`,
  std: 30 + i,
  min: 20 + i,
  max: 60 + i,
  stock: 3,
}));
const codes = (from: number, to: number) => products.slice(from, to).map((p) => p.code);

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const putsSince = (from: number) =>
  stand.listings.calls.slice(from).filter((c) => c.operation === 'putListingsItem' && c.mode === null);
const priceIn = (body: unknown) =>
  (
    body as {
      attributes: { purchasable_offer: { our_price: { schedule: { value_with_tax: number }[] }[] }[] };
    }
  ).attributes.purchasable_offer[0]!.our_price[0]!.schedule[0]!.value_with_tax;

/** A dry run then a publish of these products, as re-publishes (expecting 202 each); the view after. */
async function republish(productIds: string[]) {
  let last: ListingsView | undefined;
  for (const mode of ['preview', 'publish'] as const) {
    const res = await call(app, 'POST', `/api/inventories/${inventoryId}/listings`, cookie, {
      mode,
      product_ids: productIds,
      republish: true,
    });
    expect(res.statusCode, res.body).toBe(202);
    last = await waitForRun(app, cookie, inventoryId, res.json<{ id: string }>().id);
  }
  return last!;
}
const leftOut = (v: ListingsView) =>
  Object.fromEntries(v.last_run!.results.filter((r) => r.left_out).map((r) => [r.product_id, r.left_out]));

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-rails', {}, products);
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
  await dryRunThenPublish(app, cookie, inventoryId, codes(0, 6));
  await database.db.execute(
    sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
  );
});
afterAll(() => seller.close());

describe('publish and retry respect the rails', () => {
  it('a full publish puts only the products with no offer on Amazon', async () => {
    const before = stand.listings.calls.length;
    const after = await dryRunThenPublish(app, cookie, inventoryId);
    const puts = putsSince(before);
    const skus = (from: number, to: number) => codes(from, to).map((c) => listing(after, c).sku);
    expect(puts.map((c) => c.sku).sort()).toEqual(skus(6, 10).sort());
    expect(leftOut(after)).toEqual(Object.fromEntries(codes(0, 6).map((c) => [c, 'listed'])));
    expect(after.listings.map((l) => l.state)).toEqual(products.map(() => 'live'));
  });

  it('a re-publish is asked per product, by its owner only', async () => {
    const url = `/api/inventories/${inventoryId}/listings`;
    const whole = await call(app, 'POST', url, cookie, { mode: 'publish', republish: true });
    expect(whole.statusCode).toBe(400);
    expect(whole.body).toContain('republish');
    const bob = await activeUser(app, database.db, 'bob-rails@example.com');
    await subscribe(app, bob, 'S');
    const other = await call(app, 'POST', url, bob, {
      mode: 'preview',
      product_ids: codes(0, 1),
      republish: true,
    });
    expect(other.statusCode).toBe(404);
  });

  it('a re-publish leaves out a drifted listing and one in flight, and puts a kept price as Amazon has it', async () => {
    const base = await view();
    const [kept, drifted, flying] = [products[7]!, products[8]!, products[9]!];
    const keptListing = listing(base, kept.code);
    stand.listings.editInSellerCentral(SELLER, keptListing.marketplace_id, keptListing.sku, {
      price: keptListing.price! - 2,
    });
    const driftedListing = listing(base, drifted.code);
    stand.listings.editInSellerCentral(SELLER, driftedListing.marketplace_id, driftedListing.sku, {
      price: driftedListing.price! + 5,
    });
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...kept, std: kept.std + 1 },
      { ...drifted, std: drifted.std + 1 },
    ]);
    await keepListingsInStep(deps, inventoryId);
    const chosen = await call(
      app,
      'POST',
      `/api/inventories/${inventoryId}/listings/${kept.code}/drift`,
      cookie,
      { choice: 'keep_amazon' },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const flyingId = (
      await database.db.execute<{ id: string }>(
        sql`select id from listings where inventory_id = ${inventoryId}::uuid and code = ${flying.code}`,
      )
    ).rows[0]!.id;
    await database.db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price,
        old_quantity, new_quantity, reason, status, submission_id, message_id)
      values (${flyingId}::uuid, 'x', 1, 2, 3, 3, 'price', 'IN_PROGRESS', 'FEED-58', 1)`);

    const before = stand.listings.calls.length;
    const after = await republish([kept.code, drifted.code, flying.code]);
    expect(leftOut(after)).toEqual({ [drifted.code]: 'drift', [flying.code]: 'in_flight' });
    const puts = putsSince(before);
    expect(puts.map((c) => c.sku)).toEqual([keptListing.sku]);
    expect(priceIn(puts[0]!.body)).toBe(keptListing.price! - 2);

    // Asked for a retry, the drifted and the in-flight listing say why not; another user gets 404.
    const retryUrl = (code: string) => `/api/inventories/${inventoryId}/listings/${code}/retry`;
    const drift = await call(app, 'POST', retryUrl(drifted.code), cookie);
    expect([drift.statusCode, drift.json().error.code]).toEqual([409, 'listing_drifted']);
    const inFlight = await call(app, 'POST', retryUrl(flying.code), cookie);
    expect([inFlight.statusCode, inFlight.json().error.code]).toEqual([409, 'listing_in_flight']);
    const bob = await activeUser(app, database.db, 'bob-retry-rails@example.com');
    await subscribe(app, bob, 'S');
    expect((await call(app, 'POST', retryUrl(drifted.code), bob)).statusCode).toBe(404);

    // The job, had it been queued before the drift, sends nothing while the seller has not decided.
    const retried = stand.listings.calls.length;
    expect(await retryListing(deps, inventoryId, drifted.code)).toBe('nothing-to-send');
    expect(stand.listings.calls.slice(retried).filter((c) => c.operation === 'patchListingsItem')).toEqual(
      [],
    );
  });

  it('a 0 that overwrites a drifted quantity clears that drift', async () => {
    const p = products[6]!;
    const l = listing(await view(), p.code);
    stand.listings.editInSellerCentral(SELLER, l.marketplace_id, l.sku, { quantity: 9 });
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...p, std: p.std + 1 }]);
    await keepListingsInStep(deps, inventoryId);
    expect(listing(await view(), p.code).drift).toMatchObject({ fields: ['quantity'] });
    await seedPricedProducts(database.db, inventoryId, userId, [
      { ...p, std: p.std + 1, available: false, stock: 0, crossStatus: 'nostock' },
    ]);
    await keepListingsInStep(deps, inventoryId);
    expect(listing(await view(), p.code)).toMatchObject({ quantity: 0, drift: null });
  });

  it('a publish during a hold sends nothing held', async () => {
    // Six of ten prices up 40 %: the sync holds them.
    await seedPricedProducts(
      database.db,
      inventoryId,
      userId,
      products.slice(0, 6).map((p) => ({ ...p, std: p.std * 1.4, max: p.max * 1.4 })),
    );
    expect(await keepListingsInStep(deps, inventoryId)).toBe('held');
    const before = stand.listings.calls.length;
    const after = await republish(codes(0, 6));
    expect(putsSince(before)).toEqual([]);
    expect(leftOut(after)).toEqual(Object.fromEntries(codes(0, 6).map((c) => [c, 'held'])));
    // A retry sends the quantity, not the held price.
    expect(await retryListing(deps, inventoryId, products[0]!.code)).toBe('done');
    const patches = stand.listings.calls.slice(before).filter((c) => c.operation === 'patchListingsItem');
    expect(patches).toHaveLength(1);
    expect(JSON.stringify(patches[0]!.body)).not.toContain('purchasable_offer');
  });
});
