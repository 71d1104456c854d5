import type { ListingsView } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { keepListingsInStep } from '../src/features/listings/keep-in-step';
import { followListingFeeds } from '../src/features/listings/late-feeds';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { requestRetry } from '../src/features/listings/retry-listing';
import type { JobQueue } from '../src/jobs/queue';
import { call } from './helpers/amazon';
import { listingsOf, seedDryRun, seedPricedProducts } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// Feeds Amazon finishes after their publish or sync stopped following them, against the SP-API stand-in:
// the `follow-listing-feeds` job reads each once Amazon has ended it and applies the outcome, so listings
// do not stay pending for ever, a late sync is not taken for the seller's edit (drift), and a feed Amazon
// stopped is not taken as listed.

let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na-late';
/** How the stand-in ends the next feeds (undefined: processed, DONE; IN_PROGRESS: until `finishFeed`). */
let feedEnd: 'IN_PROGRESS' | undefined;
/** Feeds from 3 products or changes, followed only 30 ms: every feed here is late unless DONE at once. */
const FAST = { feedFrom: 3, feedPollMs: 5, feedDeadlineMs: 30 };

/** Products in groups of four, one group a test, so no test sees another's listings. */
const group = (g: number) =>
  Array.from({ length: 4 }, (_, i) => ({
    code: `B00000${g}${String(i).padStart(3, '0')}`,
    std: 20 + i,
    min: 15 + i,
    max: 40 + i,
    stock: 1 + i,
  }));
const GATED = 'BGATED0042';

const view = () => listingsOf(app, cookie, inventoryId);
const listing = (v: ListingsView, code: string) => v.listings.find((l) => l.product_id === code)!;
const historyOf = async (code: string) =>
  (await call(app, 'GET', `/api/inventories/${inventoryId}/listings/${code}/history`, cookie)).json<{
    pushes: { reason: string; status: string; submission_id: string | null; new_price: number }[];
  }>().pushes;
async function run(codes: string[], mode: 'publish' | 'preview' = 'publish') {
  if (mode === 'publish') await seedDryRun(database.db, userId, inventoryId, codes);
  const created = await insertRun(database.db, userId, inventoryId, mode, codes);
  await runListings({ ...deps, ...FAST }, created.id);
}
const lastFeed = () => [...stand.feeds.keys()].pop()!;

let seller: SpapiSeller;
beforeAll(async () => {
  seller = await spapiSeller(
    TOKEN,
    { restricted: (asin) => asin.startsWith('BGATED'), feedStatus: () => feedEnd },
    [...[1, 2, 3, 4].flatMap(group), { code: GATED, std: 30, min: 25, max: 50, stock: 2 }],
  );
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
});
afterAll(() => seller.close());

describe('a publish whose feed Amazon finished late', () => {
  it('changes nothing while the feed runs; once DONE, the refused one needs attention and the others go live', async () => {
    feedEnd = 'IN_PROGRESS';
    const products = group(1);
    await run([...products.map((p) => p.code), GATED]);
    const feedId = lastFeed();
    const before = await view();
    for (const code of [...products.map((p) => p.code), GATED])
      expect(listing(before, code)).toMatchObject({ state: 'pending' });

    // Still running: asked once, nothing changes.
    const searches = stand.arrivals.searchListingsItems.length;
    expect(await followListingFeeds(deps)).toBe('0/1');
    expect((await view()).listings).toEqual(before.listings);
    expect((await historyOf(GATED))[0]).toMatchObject({ status: 'IN_PROGRESS', submission_id: feedId });
    expect(stand.arrivals.searchListingsItems.length).toBe(searches);

    // Each push knows its message in the feed: how the report, read later, leads back to it.
    const gatedSku = listing(before, GATED).sku;
    const kept = await database.db.execute<{ message_id: number }>(sql`select h.message_id
      from listing_pushes h join listings l on l.id = h.listing_id where l.sku = ${gatedSku}`);
    expect(kept.rows).toEqual([
      { message_id: stand.feeds.get(feedId)!.messages.find((m) => m.sku === gatedSku)!.messageId },
    ]);

    // Amazon finishes it, refusing the gated product's message.
    stand.finishFeed(feedId, 'DONE');
    expect(await followListingFeeds(deps)).toBe('1/1');
    const after = await view();
    expect(listing(after, GATED)).toMatchObject({
      state: 'needs_attention',
      price: null,
      pushed_at: null,
      issues: [
        expect.objectContaining({ code: '5665', message: 'You need approval to list in this brand.' }),
      ],
    });
    expect(await historyOf(GATED)).toEqual([
      expect.objectContaining({ reason: 'publish', status: 'INVALID', submission_id: feedId }),
    ]);
    // The run that sent it no longer says it waits on Amazon, and says what the report made of each.
    expect(before.last_run).toMatchObject({ feeds: [{ id: feedId, status: 'IN_PROGRESS', waiting: true }] });
    expect(after.last_run).toMatchObject({
      feeds: [{ id: feedId, status: 'DONE', products: 5, waiting: false }],
    });
    for (const r of after.last_run!.results)
      expect(r).toMatchObject(
        r.product_id === GATED
          ? { outcome: 'invalid', issues: [expect.objectContaining({ code: '5665' })] }
          : { outcome: 'accepted', issues: [] },
      );
    // The others were read back (one search of 20 SKUs) and Amazon shows them.
    expect(stand.arrivals.searchListingsItems.length).toBe(searches + 1);
    for (const p of products) {
      expect(listing(after, p.code)).toMatchObject({ state: 'live', price: p.std, quantity: p.stock });
      expect(await historyOf(p.code)).toEqual([
        expect.objectContaining({ reason: 'publish', status: 'ACCEPTED', submission_id: feedId }),
      ]);
    }
    // Applied once: the feed has nothing waiting any more.
    expect(await followListingFeeds(deps)).toBe('0/0');
  });

  it('a feed Amazon cancelled needs attention, is cleared of what was pushed, and a retry publishes it again', async () => {
    feedEnd = undefined;
    const products = group(3);
    const codes = products.map((p) => p.code);
    await run(codes, 'preview');
    feedEnd = 'IN_PROGRESS';
    await run(codes);
    const feedId = lastFeed();
    // CANCELLED applied nothing (feeds model); FATAL is read back first (listings-confirmed-feeds.test.ts).
    stand.finishFeed(feedId, 'CANCELLED');
    expect(await followListingFeeds(deps)).toBe('1/1');
    const after = await view();
    for (const p of products) {
      expect(listing(after, p.code)).toMatchObject({
        state: 'needs_attention',
        price: null,
        quantity: null,
        pushed_at: null,
        issues: [expect.objectContaining({ code: 'FEED_FAILED', severity: 'ERROR' })],
      });
      expect((await historyOf(p.code))[0]).toMatchObject({ status: 'CANCELLED', submission_id: feedId });
    }
    expect(after.last_run).toMatchObject({ feeds: [{ id: feedId, status: 'CANCELLED', waiting: false }] });
    expect(after.last_run!.results.map((r) => r.outcome)).toEqual(codes.map(() => 'failed'));
    // A retry publishes it again (not a patch of an offer Amazon never took).
    const sent: unknown[] = [];
    const queue = { send: async (_n: string, data: unknown) => sent.push(data) } as unknown as JobQueue;
    const retry = await requestRetry(database.db, queue, userId, inventoryId, products[0]!.code);
    expect(retry).toMatchObject({ product_id: products[0]!.code, action: 'publish' });
    feedEnd = undefined;
    await runListings({ ...deps, ...FAST }, (retry as { run_id: string }).run_id);
    expect(listing(await view(), products[0]!.code)).toMatchObject({
      state: 'live',
      price: products[0]!.std,
    });
  });
});

describe('a sync whose feed Amazon finished late', () => {
  it('is in flight until it ends; then its figures are ours, and the next sync sees no drift', async () => {
    feedEnd = undefined;
    const products = group(2);
    const codes = products.map((p) => p.code);
    await run(codes);
    expect((await view()).listings.filter((l) => codes.includes(l.product_id)).map((l) => l.state)).toEqual(
      codes.map(() => 'live'),
    );
    await database.db.execute(
      sql`update inventories set listing_sync_enabled = true where id = ${inventoryId}::uuid`,
    );
    const skus = (await view()).listings.filter((l) => codes.includes(l.product_id)).map((l) => l.sku);

    // Every price moves by 1: a feed. The sync submits it and returns without asking about it (it does not
    // hold the inventory's claim while Amazon works); the job follows it, two minutes on.
    const moved = products.map((p) => ({ ...p, std: p.std + 1 }));
    await seedPricedProducts(database.db, inventoryId, userId, moved);
    feedEnd = 'IN_PROGRESS';
    const asked = stand.arrivals.getFeed.length;
    const queued: { name: string; startAfter?: number }[] = [];
    const queue = {
      send: async (name: string, _data: unknown, o?: { startAfter?: number }) =>
        queued.push({ name, startAfter: o?.startAfter }),
    } as unknown as JobQueue;
    expect(await keepListingsInStep({ ...deps, ...FAST, queue }, inventoryId)).toBe('feed-submitted');
    expect(stand.arrivals.getFeed.length).toBe(asked);
    expect(queued).toEqual([{ name: 'follow-listing-feeds', startAfter: 120 }]);
    const feedId = lastFeed();
    expect((await historyOf(products[0]!.code))[0]).toMatchObject({
      status: 'SUBMITTED',
      submission_id: feedId,
    });
    for (const p of products) expect(listing(await view(), p.code).price).toBe(p.std);

    // In flight: the next sync neither reads these listings back nor sends them again.
    const [feeds, calls] = [stand.feeds.size, stand.listings.calls.length];
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    expect(stand.feeds.size).toBe(feeds);
    expect(stand.listings.calls.slice(calls).filter((c) => skus.some((sku) => c.sku.includes(sku)))).toEqual(
      [],
    );

    // Amazon applies it; the job takes its figures as pushed.
    stand.finishFeed(feedId, 'DONE');
    expect(await followListingFeeds(deps)).toBe('1/1');
    const after = await view();
    const ids = await database.db.execute<{ sku: string; message_id: number }>(sql`select sku, message_id
      from listing_pushes where submission_id = ${feedId} order by sku`);
    expect(ids.rows).toEqual(
      stand.feeds
        .get(feedId)!
        .messages.map((m) => ({ sku: m.sku, message_id: m.messageId }))
        .sort((a, b) => a.sku.localeCompare(b.sku)),
    );
    for (const p of moved) {
      expect(listing(after, p.code)).toMatchObject({ state: 'live', price: p.std, drift: null });
      expect((await historyOf(p.code))[0]).toMatchObject({
        reason: 'price',
        status: 'ACCEPTED',
        submission_id: feedId,
        new_price: p.std,
      });
    }

    // The next sync reads Amazon's figures (the feed's) as ours: no drift, nothing to send. A price moving
    // again on one product is read back and sent as usual.
    const [one, ...rest] = moved;
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...one!, std: one!.std + 1 }]);
    const before = stand.listings.calls.length;
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    const next = await view();
    expect(listing(next, one!.code)).toMatchObject({ price: one!.std + 1, drift: null });
    for (const p of rest) expect(listing(next, p.code)).toMatchObject({ price: p.std, drift: null });
    expect(
      stand.listings.calls
        .slice(before)
        .filter((c) => c.operation === 'patchListingsItem')
        .map((c) => c.sku),
    ).toEqual([listing(next, one!.code).sku]);
  });
});

describe('a feed still running after three days', () => {
  it('is said once as it leaves the window, then neither asked about nor taken as in flight', async () => {
    feedEnd = 'IN_PROGRESS';
    const products = group(4);
    await run(products.map((p) => p.code));
    const feedId = lastFeed();
    const warned: { msg: string; feedId?: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warned.push(JSON.parse(line)) });
    const age = (interval: string) =>
      database.db.execute(sql`update listing_pushes set at = now() - ${interval}::interval
        where submission_id = ${feedId}`);
    const asked = () => stand.arrivals.getFeed.length;

    // Its last ask, within the job's ten minutes of three days: still running, said so.
    await age('3 days -5 minutes');
    let before = asked();
    expect(await followListingFeeds({ ...deps, logger })).toBe('0/1');
    expect(asked()).toBe(before + 1);
    expect(warned).toEqual([
      expect.objectContaining({
        feedId,
        msg: 'listings feed still running after three days; no longer followed',
      }),
    ]);
    // An hour younger it is asked without a word.
    await age('2 days 23 hours');
    expect(await followListingFeeds({ ...deps, logger })).toBe('0/1');
    expect(warned).toHaveLength(1);

    // Past three days it is left: not asked, its push keeps Amazon's last status, and the listing is
    // kept in step again (it is sent what changed).
    await age('3 days 1 minute');
    before = asked();
    expect(await followListingFeeds({ ...deps, logger })).toBe('0/0');
    expect(asked()).toBe(before);
    expect((await historyOf(products[0]!.code))[0]).toMatchObject({ status: 'IN_PROGRESS' });
    await seedPricedProducts(database.db, inventoryId, userId, [{ ...products[0]!, stock: 9 }]);
    const calls = stand.listings.calls.length;
    feedEnd = undefined;
    expect(await keepListingsInStep({ ...deps, ...FAST }, inventoryId)).toBe('done');
    const sku = listing(await view(), products[0]!.code).sku;
    expect(
      stand.listings.calls
        .slice(calls)
        .filter((c) => c.operation === 'patchListingsItem')
        .map((c) => c.sku),
    ).toEqual([sku]);
  });
});
