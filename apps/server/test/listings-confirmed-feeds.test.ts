import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { followListingFeeds } from '../src/features/listings/late-feeds';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { storeTarget } from '../src/features/listings/store-target';
import { SpapiNetworkError } from '../src/providers/marketplace/spapi/client';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { FeedSubmissionUnknown } from '../src/providers/seller-store';
import { call, KEY_A } from './helpers/amazon';
import { listingsOf, seedDryRun, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';
import type { FeedFault } from './helpers/spapi-stand-in-feeds';

// What counts as confirmed, against the SP-API stand-in: a feed's messages count as applied only from a
// processing report that accounts for every one of them; FATAL or a bad report is read back first, and a
// quantity 0 Amazon did not confirm is sent again by patch. A feed's pushes are recorded when Amazon takes
// the feed, so a follow that fails leaves them known (no false drift). Following a feed re-checks the
// seller's authorisation before each getFeed.

let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na-confirmed';
const SELLER = 'A1ALICESELLER';
const CA = MARKETPLACES.ca.id;
/** How the stand-in processes the next feeds. */
let fault: FeedFault | undefined;
let feedEnd: 'IN_PROGRESS' | undefined;
/** Which patchListingsItem requests (counted from 1) lose their connection before Amazon sees them. */
const resetPatches = new Set<number>();
/** Feeds from 3 products or changes, followed briefly. */
const FAST = { feedFrom: 3, feedPollMs: 5, feedDeadlineMs: 200 };

/** Products in groups of four, one group a test. */
const group = (g: number) =>
  Array.from({ length: 4 }, (_, i) => ({
    code: `B00000${g}${String(i).padStart(3, '0')}`,
    std: 20 + i,
    min: 15 + i,
    max: 40 + i,
    stock: 3 + i,
  }));

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const historyOf = async (code: string) =>
  (await call(app, 'GET', `/api/inventories/${inventoryId}/listings/${code}/history`, cookie)).json<{
    pushes: {
      reason: string;
      status: string;
      submission_id: string | null;
      new_price: number;
      new_quantity: number;
    }[];
  }>().pushes;
const lastFeed = () => [...stand.feeds.keys()].pop()!;
const patchesOf = (sku: string, since: number) =>
  stand.listings.calls.slice(since).filter((c) => c.operation === 'patchListingsItem' && c.sku === sku);

/** A publish run of these products, with the dry-run verdicts a publish needs (issue 56). */
async function publishRun(products: ReturnType<typeof group>) {
  const codes = products.map((p) => p.code);
  await seedDryRun(database.db, userId, inventoryId, codes);
  return insertRun(database.db, userId, inventoryId, 'publish', codes);
}

/**
 * Publishes the group by single puts (createFeed's allowance, 15 at once then one per two minutes, is kept
 * for the feeds under test) and turns sync on.
 */
async function published(products: ReturnType<typeof group>) {
  fault = undefined;
  feedEnd = undefined;
  const run = await publishRun(products);
  await runListings(deps, run.id);
  const v = await view();
  for (const p of products) expect(listing(v, p.code)).toMatchObject({ state: 'live', price: p.std });
  await database.db.execute(
    sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
  );
  return v;
}
const soldOut = (p: ReturnType<typeof group>[number]) => ({
  ...p,
  stock: 0,
  available: false,
  crossStatus: 'nostock',
});

let seller: SpapiSeller;
beforeAll(async () => {
  seller = await spapiSeller(
    TOKEN,
    {
      feedFault: () => fault,
      feedStatus: () => feedEnd,
      reset: (op, nth) => op === 'patchListingsItem' && resetPatches.has(nth),
    },
    [...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap(group), ...group(0)],
  );
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
});
afterAll(() => seller.close());

/** A sync that goes by feed submits it and returns; the follow-listing-feeds job then reads its end. */
async function syncThenFollow() {
  expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('feed-submitted');
  const feedId = lastFeed();
  await followListingFeeds(deps);
  const waiting = await database.db.execute(sql`select 1 from listing_pushes
    where submission_id = ${feedId} and status = any(array['SUBMITTED', 'IN_QUEUE', 'IN_PROGRESS'])`);
  expect(waiting.rows).toEqual([]);
}

describe('a feed whose report does not account for every message', () => {
  it('a feed DONE without a report records nothing, and the 0 went first, alone, by patch', async () => {
    const products = group(1);
    const before = await published(products);
    // One sells out, three move in price; Amazon ends the feed DONE without a result document, having
    // applied none of it. The quantity-first rule sends the 0 by patch before any feed (push-changes.ts).
    const [a, b, c, d] = products as [(typeof products)[number], ...typeof products];
    await seedPricedProducts(database.db, inventoryId, userId, [
      soldOut(a),
      { ...b!, std: b!.std + 1 },
      { ...c!, std: c!.std + 1 },
      { ...d!, std: d!.std + 1 },
    ]);
    fault = { kind: 'no_document', applies: () => false };
    const calls = stand.listings.calls.length;
    await syncThenFollow();
    const feedId = lastFeed();
    const after = await view();
    // The price moves are not taken as pushed: the listing keeps what Amazon is known to have.
    for (const p of [b!, c!, d!]) {
      expect(listing(after, p.code)).toMatchObject({ price: p.std, state: 'live', drift: null });
      expect(await historyOf(p.code)).toEqual([
        expect.objectContaining({ reason: 'price', status: 'UNCONFIRMED', submission_id: feedId }),
        expect.objectContaining({ reason: 'publish', status: 'ACCEPTED' }),
      ]);
      expect(patchesOf(listing(after, p.code).sku, calls)).toEqual([]);
    }
    // The 0 is not in the feed: it went on its own by patchListingsItem, and Amazon has it.
    const sku = listing(after, a.code).sku;
    expect(stand.feeds.get(feedId)!.messages.map((m) => m.sku)).not.toContain(sku);
    const patches = patchesOf(sku, calls);
    expect(patches).toHaveLength(1);
    expect(JSON.stringify(patches[0]!.body)).not.toContain('purchasable_offer');
    expect(stand.listings.listing(SELLER, CA, sku)!.fulfillment_availability).toEqual([
      expect.objectContaining({ quantity: 0 }),
    ]);
    expect(listing(after, a.code)).toMatchObject({ quantity: 0 });
    expect((await historyOf(a.code))[0]).toMatchObject({
      reason: 'sold_out',
      status: 'ACCEPTED',
      new_quantity: 0,
    });
    expect(before.listings.length).toBeGreaterThan(0);
  });

  it('counts a message the report did not account for only when the read-back shows it', async () => {
    const products = group(2);
    await published(products);
    const moved = products.map((p) => ({ ...p, std: p.std + 2 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    // The summary counts one message short; Amazon applied the first two messages only.
    fault = { kind: 'short_summary', applies: (m) => m.messageId <= 2 };
    await syncThenFollow();
    const feedId = lastFeed();
    const messages = stand.feeds.get(feedId)!.messages;
    const after = await view();
    for (const p of moved) {
      const sku = listing(after, p.code).sku;
      const applied = messages.find((m) => m.sku === sku)!.messageId <= 2;
      expect(listing(after, p.code).price, p.code).toBe(applied ? p.std : p.std - 2);
      expect((await historyOf(p.code))[0]).toMatchObject({
        status: applied ? 'ACCEPTED' : 'UNCONFIRMED',
        submission_id: feedId,
      });
    }
    // The next sync sends what is still not there (by feed: earlier groups' unconfirmed prices go too),
    // and reads none of ours as the seller's edit.
    fault = undefined;
    await syncThenFollow();
    const next = await view();
    for (const p of moved) expect(listing(next, p.code)).toMatchObject({ price: p.std, drift: null });
  });

  it('an unconfirmed push Amazon applies later is ours when read back: no drift, nothing sent again', async () => {
    const products = group(9);
    await published(products);
    const moved = products.map((p) => ({ ...p, std: p.std + 5 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    fault = { kind: 'no_document', applies: () => false };
    await syncThenFollow();
    const feedId = lastFeed();
    // Amazon applies the feed after all, later than our read-back.
    const skus = new Map((await view()).listings.map((l) => [l.product_id, l.sku]));
    for (const p of moved)
      stand.listings.editInSellerCentral(SELLER, CA, skus.get(p.code)!, { price: p.std });
    fault = undefined;
    const [calls, feeds] = [stand.listings.calls.length, stand.feeds.size];
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    expect(stand.feeds.size).toBe(feeds);
    const after = await view();
    for (const p of moved) {
      expect(listing(after, p.code)).toMatchObject({ price: p.std, drift: null, state: 'live' });
      expect(patchesOf(skus.get(p.code)!, calls)).toEqual([]);
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'ACCEPTED', submission_id: feedId });
    }
  });

  it('a feed-level issue in the report: nothing is taken from it; the read-back confirms what Amazon shows', async () => {
    const products = group(3);
    await published(products);
    const moved = products.map((p) => ({ ...p, std: p.std + 3 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    fault = { kind: 'feed_issue' };
    const searches = stand.arrivals.searchListingsItems.length;
    await syncThenFollow();
    // Asked: one search for the drift read-back before the push, one for the feed's read-back.
    expect(stand.arrivals.searchListingsItems.length).toBe(searches + 2);
    const after = await view();
    for (const p of moved) {
      expect(listing(after, p.code)).toMatchObject({ price: p.std, drift: null });
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'ACCEPTED', submission_id: lastFeed() });
    }
  });

  it('a publish whose feed ended FATAL keeps what Amazon shows and watches the rest as pending', async () => {
    const products = group(4);
    fault = { kind: 'fatal', applies: (m) => m.messageId % 2 === 1 };
    const run = await publishRun(products);
    await runListings({ ...deps, ...FAST }, run.id);
    const feedId = lastFeed();
    const messages = stand.feeds.get(feedId)!.messages;
    const after = await view();
    for (const p of products) {
      const sku = listing(after, p.code).sku;
      const applied = messages.find((m) => m.sku === sku)!.messageId % 2 === 1;
      const result = after.last_run!.results.find((r) => r.product_id === p.code)!;
      if (applied) {
        expect(result).toMatchObject({ outcome: 'accepted' });
        expect(listing(after, p.code)).toMatchObject({ state: 'live', price: p.std });
        expect((await historyOf(p.code))[0]).toMatchObject({ status: 'ACCEPTED', submission_id: feedId });
      } else {
        expect(result).toMatchObject({
          outcome: 'failed',
          issues: [expect.objectContaining({ code: 'FEED_UNCONFIRMED' })],
        });
        expect(listing(after, p.code)).toMatchObject({ state: 'pending', price: p.std, quantity: p.stock });
        expect((await historyOf(p.code))[0]).toMatchObject({
          status: 'UNCONFIRMED',
          submission_id: feedId,
        });
      }
    }
  });
});

describe('the stand-in answers as Amazon does', () => {
  it('takes a feed document it cannot use (202) and reports the problem as a feed-level issue', async () => {
    const target = (await storeTarget(deps.store, deps.accounts, userId, 'ca'))!;
    const feedId = await deps.store.submitFeed!(target, []);
    const result = await deps.store.feedResult!(target, feedId);
    expect(result.status).toBe('DONE');
    expect(result.report!.issues).toEqual([
      expect.objectContaining({ severity: 'ERROR', message: 'A feed carries 1 to 25000 messages.' }),
    ]);
    expect(result.report!.issues![0]!.messageId).toBeUndefined();
    expect(stand.refused.filter((r) => r.operation === 'createFeed')).toEqual([]);
  });

  it('accepts a patch of a SKU the seller does not have, without an issue, and lists nothing', async () => {
    const target = (await storeTarget(deps.store, deps.accounts, userId, 'ca'))!;
    const answer = await deps.store.patch(target, 'CM-NOT-LISTED', {
      productType: 'PRODUCT',
      patches: [
        {
          op: 'merge',
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }],
        },
      ],
    });
    expect(answer).toMatchObject({ status: 'ACCEPTED', issues: [] });
    expect(await deps.store.get(target, 'CM-NOT-LISTED')).toBeNull();
  });
});

describe('a push is recorded when it is submitted', () => {
  it('a follow that fails leaves the pushes submitted: no false drift, and the job finishes them', async () => {
    const products = group(5);
    await published(products);
    const moved = products.map((p) => ({ ...p, std: p.std + 1 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    // Amazon takes and applies the feed, but every getFeed of the job's first round goes unanswered.
    const failing: ListingsDeps = {
      ...deps,
      store: {
        ...deps.store,
        feedResult: async () => {
          throw new SpapiNetworkError('getFeed', new Error('socket hang up'));
        },
      },
    };
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('feed-submitted');
    const feedId = lastFeed();
    expect(await followListingFeeds(failing)).toMatch(/^0\//);
    for (const p of moved) {
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'SUBMITTED', submission_id: feedId });
      expect(listing(await view(), p.code).price).toBe(p.std - 1);
    }
    // The next sync leaves them alone: Amazon shows our new prices, which are not the seller's edit.
    const calls = stand.listings.calls.length;
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    const between = await view();
    for (const p of moved) {
      expect(listing(between, p.code).drift).toBeNull();
      expect(patchesOf(listing(between, p.code).sku, calls)).toEqual([]);
    }
    // The follow job reads the feed's end and takes the figures.
    expect(await followListingFeeds(deps)).toBe('1/1');
    const after = await view();
    for (const p of moved) {
      expect(listing(after, p.code)).toMatchObject({ price: p.std, drift: null });
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'ACCEPTED', submission_id: feedId });
    }
  });

  it('a createFeed whose answer was lost is sent once and kept as unknown; shown later, it is ours', async () => {
    const products = group(0);
    await published(products);
    const moved = products.map((p) => ({ ...p, std: p.std + 6 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    // Amazon takes the feed (and applies it); its answer never arrives.
    const lost: ListingsDeps = {
      ...deps,
      store: {
        ...deps.store,
        submitFeed: async (...args) => {
          await deps.store.submitFeed!(...args);
          throw new FeedSubmissionUnknown(new Error('socket hang up'));
        },
      },
    };
    const feeds = stand.feeds.size;
    await expect(keepListingsInStep({ ...lost, ...FAST }, inventoryId)).rejects.toThrow('no answer');
    expect(stand.feeds.size).toBe(feeds + 1);
    for (const p of moved) {
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'UNKNOWN', submission_id: null });
      expect(listing(await view(), p.code).price).toBe(p.std - 6);
    }
    // The next sync finds our figures on Amazon: confirmed, not the seller's edit, not sent again.
    const calls = stand.listings.calls.length;
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    expect(stand.feeds.size).toBe(feeds + 1);
    const after = await view();
    for (const p of moved) {
      expect(listing(after, p.code)).toMatchObject({ price: p.std, drift: null });
      expect(patchesOf(listing(after, p.code).sku, calls)).toEqual([]);
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'ACCEPTED' });
    }
  });

  it('a single patch whose answer was lost is read back, not sent again, and taken as Amazon shows it', async () => {
    const products = group(6);
    await published(products);
    const [p] = products;
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...p!, std: p!.std + 4 }]);
    // Amazon applies the patch; the answer never arrives.
    const lost: ListingsDeps = {
      ...deps,
      store: {
        ...deps.store,
        patch: async (...args) => {
          await deps.store.patch(...args);
          throw new SpapiNetworkError('patchListingsItem', new Error('socket hang up'));
        },
      },
    };
    const sku = listing(await view(), p!.code).sku;
    const calls = stand.listings.calls.length;
    expect(await keepListingsInStep(lost, inventoryId)).toBe('done');
    expect(patchesOf(sku, calls)).toHaveLength(1);
    expect(stand.arrivals.getListingsItem.length).toBeGreaterThan(0);
    expect(listing(await view(), p!.code)).toMatchObject({ price: p!.std + 4 });
    expect((await historyOf(p!.code))[0]).toMatchObject({
      reason: 'price',
      status: 'ACCEPTED',
      submission_id: null,
    });
    // Ours, not the seller's: the next sync sees no drift.
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    expect(listing(await view(), p!.code).drift).toBeNull();
  });
});

describe('a quantity 0 whose connection resets', () => {
  it('is read back, found missing on Amazon, and sent again until Amazon takes it', async () => {
    const products = group(8);
    await published(products);
    const [p] = products;
    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(p!)]);
    // The next patch's connection resets before Amazon sees it (the client does not resend it blind).
    resetPatches.add(stand.arrivals.patchListingsItem.length + 1);
    const sku = listing(await view(), p!.code).sku;
    expect(await keepListingsInStep(deps, inventoryId)).toBe('done');
    expect(stand.listings.listing(SELLER, CA, sku)!.fulfillment_availability).toEqual([
      expect.objectContaining({ quantity: 0 }),
    ]);
    expect(listing(await view(), p!.code)).toMatchObject({ quantity: 0 });
    expect((await historyOf(p!.code))[0]).toMatchObject({ reason: 'sold_out', status: 'ACCEPTED' });
  });

  it('still unanswered after its read-backs, is tried again in minutes, not at the next sync', async () => {
    // The second product of the group the test above published.
    const p = group(8)[1];
    await seedPricedProducts(database.db, inventoryId, userId, [soldOut(p!)]);
    // Every send of the 0 loses its connection: three sends, each read back, and still nothing known.
    const next = stand.arrivals.patchListingsItem.length;
    for (const n of [1, 2, 3]) resetPatches.add(next + n);
    const queued: { name: string; data: unknown; options: unknown }[] = [];
    const queue = {
      send: async (name: string, data: unknown, options: unknown) => {
        queued.push({ name, data, options });
        return 'job';
      },
      retry: async () => false,
    } as unknown as NonNullable<ListingsDeps['queue']>;
    expect(await keepListingsInStep({ ...deps, queue }, inventoryId)).toBe('done');
    expect((await historyOf(p!.code))[0]).toMatchObject({ reason: 'sold_out', status: 'UNKNOWN' });
    expect(queued).toEqual([
      {
        name: 'retry-listing',
        data: { inventory_id: inventoryId, product_id: p!.code },
        options: { startAfter: 300 },
      },
    ]);
  });
});

describe('a follow re-checks the authorisation before each getFeed', () => {
  it('a sync submits its feed and returns; disconnected, the feed is not asked about; nor for another seller', async () => {
    const products = group(7);
    await published(products);
    await seedPricedProducts(
      database.db,
      inventoryId,
      userId,
      products.map((p) => ({ ...p, std: p.std + 1 })),
    );
    feedEnd = 'IN_PROGRESS';
    // The sync does not wait on its feed (it would hold the inventory's claim): the job asks, and the
    // seller disconnects Amazon meanwhile.
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('feed-submitted');
    let asked = 0;
    const disconnecting: ListingsDeps = {
      ...deps,
      store: {
        ...deps.store,
        feedResult: async (...args) => {
          asked += 1;
          const res = await call(app, 'DELETE', '/api/amazon/connections/na', cookie);
          expect(res.statusCode, res.body).toBeLessThan(300);
          return deps.store.feedResult!(...args);
        },
      },
    };
    await followListingFeeds(disconnecting);
    expect(asked).toBe(1);
    // Disconnected: the next round asks nothing.
    const beforeRound = stand.arrivals.getFeed.length;
    await followListingFeeds(deps);
    expect(stand.arrivals.getFeed.length).toBe(beforeRound);
    // What was sent stays recorded as waiting on the feed, and the prices as Amazon is known to have them.
    const feedId = lastFeed();
    expect((await historyOf(products[0]!.code))[0]).toMatchObject({
      status: 'SUBMITTED',
      submission_id: feedId,
    });
    expect(listing(await view(), products[0]!.code).price).toBe(products[0]!.std);

    // Connected again, but to another seller: the feed went to the first one, so it is not asked about.
    const logger = pino({ level: 'silent' });
    await saveConnection(
      database.db,
      userId,
      'na',
      'A2OTHERSELLER',
      tokenBoxFor({ TOKEN_ENCRYPTION_KEY: KEY_A } as never, logger).seal(
        'Atzr|other',
        sealContext(userId, 'na'),
      ),
    );
    const getFeeds = stand.arrivals.getFeed.length;
    expect(await followListingFeeds(deps)).toBe('0/1');
    expect(stand.arrivals.getFeed.length).toBe(getFeeds);
  });
});
