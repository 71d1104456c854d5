import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { applyFeed } from '../src/features/listings/apply-feed';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { followListingFeeds } from '../src/features/listings/late-feeds';
import type { ListingsDeps } from '../src/features/listings/publish';
import { storeTarget } from '../src/features/listings/store-target';
import { dryRunThenPublish, listingsOf, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// Issue 56, item 2: a refusal does not stop sync. A listing Amazon refused a price for still gets its
// quantity 0 when its source sells out; a 0 goes in its own patch, so a price refused beside it does not
// take it down; and a 0 is not withheld while an earlier feed of the listing is still in flight.

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
  code: `B0000056${String(i).padStart(2, '0')}`,
  std: 30 + i,
  min: 20 + i,
  max: 60 + i,
  stock: 3,
}));
/** A price Amazon refuses (4000001: `our_price` not above 0 once rounded to the cent). */
const refusedPrice = (p: (typeof products)[number]) => ({ ...p, std: 0.001, min: 0, max: 0.001 });
const soldOut = (p: (typeof products)[number]) => ({
  ...p,
  available: false,
  stock: 0,
  crossStatus: 'nostock',
});

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const writesSince = (from: number) =>
  stand.listings.calls
    .slice(from)
    .filter((c) => c.operation !== 'getListingsItem' && c.operation !== 'searchListingsItems');
const amazonQuantity = (l: ListingsView['listings'][number]) =>
  stand.listings.listing(SELLER, l.marketplace_id, l.sku)!.fulfillment_availability![0]!.quantity;

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-zero', {}, products);
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
  const published = await dryRunThenPublish(app, cookie, inventoryId);
  expect(published.listings.map((l) => l.state)).toEqual(products.map(() => 'live'));
  await database.db.execute(
    sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
  );
});
afterAll(() => seller.close());

describe('a refused price still lets the 0 through', () => {
  it('a listing needing attention after a refused price gets its 0 when the source sells out', async () => {
    const p = products[0]!;
    await seedPricedProducts(database.db, inventoryId, userId, [refusedPrice(p)]);
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const refused = listing(await view(), p.code);
    expect(refused.state).toBe('needs_attention');
    expect(refused.issues[0]).toMatchObject({ code: '4000001' });
    expect(amazonQuantity(refused)).toBe(3);

    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(refusedPrice(p))]);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const writes = writesSince(before);
    expect(writes.map((w) => [w.operation, w.sku])).toEqual([['patchListingsItem', refused.sku]]);
    expect(JSON.stringify(writes[0]!.body)).not.toContain('purchasable_offer');
    expect(amazonQuantity(refused)).toBe(0);
    expect(listing(await view(), p.code).quantity).toBe(0);
  });

  it('a stale source with a refused price: the 0 goes alone first and is kept, the price is refused', async () => {
    const p = products[1]!;
    await seedPricedProducts(database.db, inventoryId, userId, [refusedPrice(p)]);
    // The source was last refreshed a month ago: past any plan's maximum age, so it must stop selling.
    await database.db.execute(sql`update inventory_products set updated_at = now() - interval '30 days'
      where inventory_id = ${inventoryId}::uuid and code = ${p.code}`);
    const before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    const l = listing(await view(), p.code);
    const writes = writesSince(before).filter((w) => w.sku === l.sku);
    expect(writes.map((w) => JSON.stringify(w.body).includes('purchasable_offer'))).toEqual([false, true]);
    expect(amazonQuantity(l)).toBe(0);
    expect(l).toMatchObject({ quantity: 0, state: 'needs_attention' });
  });

  it('a 0 is sent by patch while an earlier feed of the listing is still in flight', async () => {
    const p = products[2]!;
    const l = listing(await view(), p.code);
    const [row] = (
      await database.db.execute<{ id: string }>(
        sql`select id from listings where inventory_id = ${inventoryId}::uuid and code = ${p.code}`,
      )
    ).rows;
    await database.db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price,
        old_quantity, new_quantity, reason, status, submission_id, message_id)
      values (${row!.id}::uuid, ${l.sku}, ${l.price}, ${l.price! + 1}, 3, 3, 'price', 'IN_PROGRESS', 'FEED-56', 1)`);
    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(p)]);
    const before = stand.listings.calls.length;
    await keepListingsInStep(deps, inventoryId);
    // Not read back (our in-flight figures are not the seller's edit), sent at once.
    const calls = stand.listings.calls.slice(before).filter((c) => c.sku.includes(l.sku));
    expect(calls.map((c) => c.operation)).toEqual(['patchListingsItem']);
    expect(amazonQuantity(l)).toBe(0);
  });

  it('a sync that goes by feed still sends its 0 by patch, first, and not in the feed', async () => {
    const [gone, ...moved] = products.slice(3, 7);
    await seedPricedProducts(database.db, inventoryId, userId, [
      soldOut(gone!),
      ...moved.map((p) => ({ ...p, std: p.std + 1 })),
    ]);
    const v = await view();
    const sku = listing(v, gone!.code).sku;
    const feedsBefore = stand.feeds.size;
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep({ ...deps, feedFrom: 3, feedPollMs: 5 }, inventoryId)).toBe(
      'feed-submitted',
    );
    await followListingFeeds(deps);
    // The 0 first, alone; then the feed's three messages (the stand-in applies each as it processes it).
    const writes = writesSince(before);
    expect(writes).toHaveLength(4);
    expect(writes[0]).toMatchObject({ operation: 'patchListingsItem', sku });
    expect(writes.filter((w) => w.sku === sku)).toHaveLength(1);
    const feeds = [...stand.feeds.values()].slice(feedsBefore);
    expect(feeds).toHaveLength(1);
    expect(feeds[0]!.messages.map((m) => m.sku).sort()).toEqual(
      moved.map((p) => listing(v, p.code).sku).sort(),
    );
    expect(amazonQuantity(listing(await view(), gone!.code))).toBe(0);
  });

  it('a feed Amazon applies after a newer 0 brings its stock back: the 0 goes again', async () => {
    const p = products[7]!;
    const l = listing(await view(), p.code);
    const [row] = (
      await database.db.execute<{ id: string }>(
        sql`select id from listings where inventory_id = ${inventoryId}::uuid and code = ${p.code}`,
      )
    ).rows;
    // A sync's feed carrying stock was taken by Amazon and waits; then the source sold out, and the 0
    // went at once by patch (the quantity-first rule never waits for a feed).
    await database.db.execute(sql`insert into listing_pushes (listing_id, sku, old_price, new_price,
        old_quantity, new_quantity, reason, status, submission_id, message_id)
      values (${row!.id}::uuid, ${l.sku}, ${l.price}, ${l.price}, 3, 3, 'quantity', 'SUBMITTED', 'FEED-LATE', 1)`);
    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(p)]);
    await keepListingsInStep(deps, inventoryId);
    expect(amazonQuantity(l)).toBe(0);
    // Amazon processes the old feed only now: its stock lands after our 0.
    stand.listings.editInSellerCentral(SELLER, l.marketplace_id, l.sku, { quantity: 3 });
    const target = (await storeTarget(deps.store, deps.accounts, userId, 'ca'))!;
    const ended = { feedId: 'FEED-LATE', status: 'DONE' as const, ended: 'done' as const, issues: new Map() };
    const { resent } = await applyFeed(deps, target, ended, { readBack: false, settle: false });
    expect(resent).toBe(1);
    expect(amazonQuantity(l)).toBe(0);
    expect(listing(await view(), p.code)).toMatchObject({ quantity: 0 });
  });
});
