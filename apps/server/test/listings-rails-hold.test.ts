import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import type { ListingsDeps } from '../src/features/listings/publish';
import { setSync } from '../src/features/listings/repo';
import { dryRunThenPublish, listingsOf, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// Issue 56, item 10: the hold counts quantities too. A run that would take too many quantities to 0 at once
// (or bring too many back from 0) holds them like a price move, and a released hold lets go the run it was
// released for, not a later one with other figures (today a release survived a pause and skipped the next).

let seller: SpapiSeller;
let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;

const products = Array.from({ length: 10 }, (_, i) => ({
  code: `B0000057${String(i).padStart(2, '0')}`,
  std: 30 + i,
  min: 20 + i,
  max: 60 + i,
  stock: 3,
}));
const soldOut = (p: (typeof products)[number]) => ({
  ...p,
  available: false,
  stock: 0,
  crossStatus: 'nostock',
});

const view = () => listingsOf(app, cookie, inventoryId);
const skusOf = (v: ListingsView, codes: string[]) =>
  v.listings.filter((l) => codes.includes(l.product_id)).map((l) => l.sku);
const writesSince = (from: number) =>
  stand.listings.calls
    .slice(from)
    .filter((c) => c.operation !== 'getListingsItem' && c.operation !== 'searchListingsItems');
const setPaused = (paused: boolean) =>
  database.db.execute(
    sql`update inventories set listing_sync_enabled = true, listing_sync_paused = ${paused}
         where id = ${inventoryId}::uuid`,
  );

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-hold', {}, products);
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
  await dryRunThenPublish(app, cookie, inventoryId);
  await setPaused(false);
});
afterAll(() => seller.close());

describe('the hold counts quantities', () => {
  it('a run that would take 6 of 10 listings to 0 at once holds them and says so', async () => {
    const gone = products.slice(0, 6);
    await seedPricedProducts(database.db, inventoryId, userId, gone.map(soldOut));
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('held');
    expect(writesSince(before)).toEqual([]);
    const held = await view();
    expect(held.sync.hold).toMatchObject({ changed: 0, zeroed: 6, restocked: 0, total: 10 });
    expect(held.listings.filter((l) => l.quantity === 0)).toEqual([]);
  });

  it('a hold released while sync is paused does not let a later run with other figures go', async () => {
    await setSync(database.db, userId, inventoryId, { enabled: true, paused: true, release_hold: true });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('paused');
    // The next update finds one more source sold out: not the run the seller released.
    await setPaused(false);
    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(products[6]!)]);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('held');
    expect(writesSince(before)).toEqual([]);
    expect((await view()).sync.hold).toMatchObject({ zeroed: 7 });

    // Released for these figures, the run goes: the seven zeros, nothing else.
    await setSync(database.db, userId, inventoryId, { enabled: true, release_hold: true });
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const zeroed = products.slice(0, 7).map((p) => p.code);
    const after = await view();
    expect(
      writesSince(before)
        .map((w) => w.sku)
        .sort(),
    ).toEqual(skusOf(after, zeroed).sort());
    expect(after.sync.hold).toBeNull();
    expect(
      after.listings
        .filter((l) => l.quantity === 0)
        .map((l) => l.product_id)
        .sort(),
    ).toEqual(zeroed);
  });

  it('bringing 7 of 10 back from 0 at once holds too', async () => {
    await seedPricedProducts(database.db, inventoryId, userId, products.slice(0, 7));
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('held');
    expect(writesSince(before)).toEqual([]);
    expect((await view()).sync.hold).toMatchObject({ restocked: 7 });
  });
});
