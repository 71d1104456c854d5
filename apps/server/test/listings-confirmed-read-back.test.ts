import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { skuFor } from '../src/features/analysis';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { followListingFeeds } from '../src/features/listings/late-feeds';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import type { ListingIssue } from '../src/providers/seller-store';
import { listingsOf, seedDryRun, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// After ACCEPTED, against the SP-API stand-in: a listing is live only when Amazon's summary says BUYABLE,
// a pending one is read again later (the follow-listing-feeds job), an enforcement Amazon applies after
// acceptance makes it need attention in Amazon's words, and a price Amazon refused later is not taken for
// the seller's own edit (drift).

let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na-read-back';
const SELLER = 'A1ALICESELLER';
const CA = MARKETPLACES.ca.id;

const product = (n: number) => ({ code: `B0000090${String(n).padStart(2, '0')}`, std: 30, min: 25, max: 60 });
const [A, B, C, D] = [product(1), product(2), product(3), product(4)];

/** The model's getListingsItem example 18155: the minimum above the price, the listing suppressed. */
const MIN_ABOVE_PRICE: ListingIssue = {
  code: '18155',
  message:
    "The 'minimum price' is greater than the selling price (excluding shipping) for the listing. Review and update your price and/or minimum price.",
  severity: 'ERROR',
  categories: ['INVALID_PRICE'],
  enforcements: { actions: [{ action: 'LISTING_SUPPRESSED' }], exemption: { status: 'NOT_EXEMPT' } },
};
/** The model's example 18027: a search suppression Amazon does not apply yet (exempt until a date). */
const EXEMPT_IMAGE: ListingIssue = {
  code: '18027',
  message:
    'We believe the main image has text, logo, graphic, or watermark that is not permitted for this product type. Submit a compliant image to lift the suppression. Also refer to Product image requirements.',
  severity: 'WARNING',
  categories: ['INVALID_IMAGE'],
  enforcements: {
    actions: [{ action: 'SEARCH_SUPPRESSED' }],
    exemption: { status: 'EXEMPT_UNTIL_EXPIRY_DATE', expiryDate: '2099-05-28T00:36:48.914Z' },
  },
};

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const sku = (code: string) => skuFor(userId, code);
async function publish(codes: string[]) {
  await seedDryRun(database.db, userId, inventoryId, codes);
  const run = await insertRun(database.db, userId, inventoryId, 'publish', codes);
  await runListings(deps, run.id);
}
/** Amazon has had the listings an hour: the follow job reads pending ones again. */
const aged = (codes: string[]) =>
  database.db.execute(sql`update listings set pushed_at = now() - interval '1 hour'
    where inventory_id = ${inventoryId}::uuid and code = any(${sql.param(codes)}::text[])`);

let seller: SpapiSeller;
beforeAll(async () => {
  seller = await spapiSeller(TOKEN, {}, [A, B, C, D]);
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
});
afterAll(() => seller.close());

describe('after Amazon accepted a listing', () => {
  it('is live only when Amazon says BUYABLE; a pending one is read again later and turns live', async () => {
    // Amazon takes A but does not make it buyable yet; B is buyable with an exempt warning.
    stand.listings.afterAcceptance(SELLER, CA, sku(A.code), { status: ['DISCOVERABLE'] });
    stand.listings.afterAcceptance(SELLER, CA, sku(B.code), { issues: [EXEMPT_IMAGE] });
    await publish([A.code, B.code]);
    let v = await view();
    expect(listing(v, A.code)).toMatchObject({ state: 'pending', price: A.std });
    expect(listing(v, B.code)).toMatchObject({ state: 'live' });
    expect(listing(v, B.code).issues).toEqual([expect.objectContaining({ code: '18027' })]);

    // Read again only once Amazon has had time: not seconds after the put.
    const searches = stand.arrivals.searchListingsItems.length;
    await followListingFeeds(deps);
    expect(stand.arrivals.searchListingsItems.length).toBe(searches);
    stand.listings.afterAcceptance(SELLER, CA, sku(A.code), undefined);
    await aged([A.code]);
    await followListingFeeds(deps);
    v = await view();
    expect(stand.arrivals.searchListingsItems.length).toBe(searches + 1);
    expect(listing(v, A.code)).toMatchObject({ state: 'live', price: A.std });
  });

  it('an enforcement Amazon applies after acceptance makes the listing need attention, in Amazon words', async () => {
    stand.listings.afterAcceptance(SELLER, CA, sku(C.code), { status: ['DISCOVERABLE'] });
    await publish([C.code]);
    expect(listing(await view(), C.code).state).toBe('pending');
    // Amazon suppresses it (a warning, but an enforcement it applies, not exempt).
    const suppressed: ListingIssue = {
      ...EXEMPT_IMAGE,
      enforcements: { actions: [{ action: 'LISTING_SUPPRESSED' }], exemption: { status: 'NOT_EXEMPT' } },
    };
    stand.listings.afterAcceptance(SELLER, CA, sku(C.code), {
      status: ['DISCOVERABLE'],
      issues: [suppressed],
    });
    await aged([C.code]);
    await followListingFeeds(deps);
    expect(listing(await view(), C.code)).toMatchObject({
      state: 'needs_attention',
      issues: [expect.objectContaining({ code: '18027', message: suppressed.message })],
    });
  });

  it('a price Amazon refused later is not shown as the seller’s own edit', async () => {
    await publish([D.code]);
    expect(listing(await view(), D.code).state).toBe('live');
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
    );
    // Amazon refuses the price after acceptance and shows another; our source price then moves.
    stand.listings.editInSellerCentral(SELLER, CA, sku(D.code), { price: D.std - 4 });
    stand.listings.afterAcceptance(SELLER, CA, sku(D.code), { issues: [MIN_ABOVE_PRICE] });
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...D, std: D.std + 2 }]);
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    const after = listing(await view(), D.code);
    expect(after.drift).toBeNull();
    expect(after).toMatchObject({
      state: 'needs_attention',
      issues: [expect.objectContaining({ code: '18155', message: MIN_ABOVE_PRICE.message })],
    });
  });
});
