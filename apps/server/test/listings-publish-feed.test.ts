import type { ListingRun, ListingsView } from '@crossmarket/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { FEED_BYTES, FEED_MAX, feedParts, submitAndFollow } from '../src/features/listings/feed-follow';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import type { ListingsFeedMessage } from '../src/providers/seller-store';
import { call } from './helpers/amazon';
import { BODY } from './helpers/inventories';
import { listingsOf, seedDryRun } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// A large publish goes by JSON_LISTINGS_FEED (UPDATE messages carrying the offer-only put), against the
// SP-API stand-in: one feed instead of a put per product, the processing report's refusals, a feed Amazon
// stops, a feed still processing at the deadline, and single puts below the threshold or for a dry run.

let database: SpapiSeller['database'];
let app: App;
let stand: SpapiStandIn;
let cookie: string;
let userId: string;
let inventoryId: string;
let deps: ListingsDeps;
const TOKEN = 'Atzr|alice-na-feed';
const CA = MARKETPLACES.ca.id;
/** How the stand-in ends the next feeds (undefined: processed, DONE). */
let feedEnd: 'FATAL' | 'CANCELLED' | 'IN_PROGRESS' | undefined;

/** Products in groups of five, one group a test, so no test sees another's listings. */
const group = (g: number) =>
  Array.from({ length: 5 }, (_, i) => ({
    code: `B00000${g}${String(i).padStart(3, '0')}`,
    std: 20 + i,
    min: 15 + i,
    max: 40 + i,
    stock: 1 + i,
  }));
const GATED = 'BGATED0042';

/** A publish (or preview) of these products, run by the job's function with feeds from 3 products. */
async function publish(
  codes: string[],
  mode: 'publish' | 'preview' = 'publish',
  more: Partial<ListingsDeps> = {},
) {
  if (mode === 'publish') await seedDryRun(database.db, userId, inventoryId, codes);
  const run = await insertRun(database.db, userId, inventoryId, mode, codes);
  await runListings({ ...deps, feedFrom: 3, feedPollMs: 5, ...more }, run.id);
  const view = await listingsOf(app, cookie, inventoryId);
  expect(view.last_run?.id).toBe(run.id);
  return view as ListingsView & { last_run: ListingRun };
}
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
const counts = () => ({ puts: stand.arrivals.putListingsItem.length, feeds: stand.feeds.size });
const readBacks = () => ({
  gets: stand.arrivals.getListingsItem.length,
  searches: stand.arrivals.searchListingsItems.length,
});

let seller: SpapiSeller;
beforeAll(async () => {
  seller = await spapiSeller(
    TOKEN,
    { restricted: (asin) => asin.startsWith('BGATED'), feedStatus: () => feedEnd },
    [...[1, 2, 3, 4, 5].flatMap(group), { code: GATED, std: 30, min: 25, max: 50, stock: 2 }],
  );
  ({ database, stand, app, cookie, userId, inventoryId, deps } = seller);
});
afterAll(() => seller.close());

describe('a publish from the threshold', () => {
  it('sends one feed of UPDATE messages, not a put per product; a refused message needs attention', async () => {
    feedEnd = undefined;
    const products = group(1);
    const before = counts();
    const read = readBacks();
    const view = await publish([...products.map((p) => p.code), GATED]);
    expect(counts()).toEqual({ puts: before.puts, feeds: before.feeds + 1 });
    // The five taken are read back in one search (20 SKUs a call), not a getListingsItem each.
    expect(readBacks()).toEqual({ gets: read.gets, searches: read.searches + 1 });
    const [feedId, feed] = [...stand.feeds.entries()].pop()!;
    expect(feed.messages.map((m) => m.messageId)).toEqual([1, 2, 3, 4, 5, 6]);
    // The run says it went by feed, which one, and that Amazon finished it.
    expect(view.last_run).toMatchObject({
      status: 'done',
      via: 'feed',
      feeds: [{ id: feedId, status: 'DONE', products: 6, waiting: false }],
    });
    const byAsin = (asin: string) =>
      feed.messages.find(
        (m) =>
          (m as Extract<ListingsFeedMessage, { operationType: 'UPDATE' }>).attributes
            .merchant_suggested_asin?.[0]?.value === asin,
      )!;
    for (const p of products) {
      const sku = view.listings.find((l) => l.product_id === p.code)!.sku;
      expect(byAsin(p.code)).toEqual({
        messageId: expect.any(Number),
        sku,
        operationType: 'UPDATE',
        productType: 'PRODUCT',
        requirements: 'LISTING_OFFER_ONLY',
        attributes: {
          merchant_suggested_asin: [{ value: p.code, marketplace_id: CA }],
          condition_type: [{ value: 'new_new', marketplace_id: CA }],
          purchasable_offer: [
            {
              marketplace_id: CA,
              currency: 'CAD',
              audience: 'ALL',
              our_price: [{ schedule: [{ value_with_tax: p.std }] }],
              minimum_seller_allowed_price: [{ schedule: [{ value_with_tax: p.min }] }],
              maximum_seller_allowed_price: [{ schedule: [{ value_with_tax: p.max }] }],
            },
          ],
          fulfillment_availability: [
            {
              fulfillment_channel_code: 'DEFAULT',
              quantity: p.stock,
              lead_time_to_ship_max_days: BODY.settings.handling_time,
            },
          ],
        },
      });
    }
    // The report refuses the gated product's message: it needs attention with Amazon's own words.
    const results = new Map(view.last_run.results.map((r) => [r.product_id, r]));
    expect(results.get(GATED)).toMatchObject({
      outcome: 'invalid',
      issues: [{ code: '5665', message: 'You need approval to list in this brand.', severity: 'ERROR' }],
    });
    const gated = view.listings.find((l) => l.product_id === GATED)!;
    expect(gated).toMatchObject({ state: 'needs_attention', price: null, pushed_at: null });
    expect(gated.issues[0]).toMatchObject({
      code: '5665',
      message: 'You need approval to list in this brand.',
    });
    // Its push was kept when Amazon took the feed, and finished as the report refused it.
    expect(await historyOf(GATED)).toEqual([
      expect.objectContaining({ reason: 'publish', status: 'INVALID', submission_id: feedId }),
    ]);
    // The others were taken: each kept with what was pushed and its push under the feed's id; the
    // read-back finds them on Amazon.
    for (const p of products) {
      expect(results.get(p.code)).toMatchObject({ outcome: 'accepted', issues: [] });
      expect(view.listings.find((l) => l.product_id === p.code)).toMatchObject({
        state: 'live',
        price: p.std,
        quantity: p.stock,
      });
      expect(await historyOf(p.code)).toEqual([
        expect.objectContaining({
          reason: 'publish',
          status: 'ACCEPTED',
          submission_id: feedId,
          new_price: p.std,
          new_quantity: p.stock,
        }),
      ]);
    }
    expect(stand.refused).toEqual([]);
  });

  it('takes nothing as listed from a feed Amazon stopped (FATAL) that it does not show, and keeps watching it', async () => {
    feedEnd = 'FATAL';
    const products = group(2);
    const before = counts();
    const read = readBacks();
    const view = await publish(products.map((p) => p.code));
    expect(counts()).toEqual({ puts: before.puts, feeds: before.feeds + 1 });
    const feedId = [...stand.feeds.keys()].pop();
    expect(view.last_run.feeds).toEqual([{ id: feedId, status: 'FATAL', products: 5, waiting: false }]);
    // FATAL: "some, none or all" applied, so Amazon is asked before anything is recorded (one search).
    expect(readBacks().searches).toBeGreaterThan(read.searches);
    for (const p of products) {
      expect(view.last_run.results.find((r) => r.product_id === p.code)).toMatchObject({
        outcome: 'failed',
        issues: [expect.objectContaining({ code: 'FEED_UNCONFIRMED', severity: 'WARNING' })],
      });
      // Not shown, not taken as listed; but it may still appear, so it stays pending with what was sent
      // (a sold-out 0 still reaches it) and is read again later.
      expect(view.listings.find((l) => l.product_id === p.code)).toMatchObject({
        state: 'pending',
        price: p.std,
        quantity: p.stock,
      });
      expect(await historyOf(p.code)).toEqual([
        expect.objectContaining({ reason: 'publish', status: 'UNCONFIRMED', submission_id: feedId }),
      ]);
    }
  });

  it('keeps the listings pending with the feed in their history when Amazon is still processing it', async () => {
    feedEnd = 'IN_PROGRESS';
    const products = group(3);
    const view = await publish(
      products.map((p) => p.code),
      'publish',
      { feedDeadlineMs: 30 },
    );
    const feedId = [...stand.feeds.keys()].pop()!;
    // The run says it is waiting on Amazon's feed.
    expect(view.last_run).toMatchObject({
      via: 'feed',
      feeds: [{ id: feedId, status: 'IN_PROGRESS', products: 5, waiting: true }],
    });
    for (const p of products) {
      expect(view.last_run.results.find((r) => r.product_id === p.code)).toMatchObject({
        outcome: 'accepted',
        issues: [expect.objectContaining({ code: 'FEED_PENDING', severity: 'INFO' })],
      });
      // Sent, pending with what was pushed: Amazon does not show it yet, and the follow-listing-feeds job
      // applies the feed's outcome when Amazon ends it (listings-late-feeds.test.ts).
      expect(view.listings.find((l) => l.product_id === p.code)).toMatchObject({
        state: 'pending',
        price: p.std,
        quantity: p.stock,
      });
      expect(await historyOf(p.code)).toEqual([
        expect.objectContaining({ reason: 'publish', status: 'IN_PROGRESS', submission_id: feedId }),
      ]);
    }
  });
});

describe('below the threshold, and a dry run', () => {
  it('puts each product on its own below the threshold', async () => {
    feedEnd = undefined;
    const products = group(4).slice(0, 2);
    const before = counts();
    const view = await publish(products.map((p) => p.code));
    expect(counts()).toEqual({ puts: before.puts + 2, feeds: before.feeds });
    expect(view.last_run).toMatchObject({ via: 'items', feeds: [] });
    for (const p of products) {
      expect(view.listings.find((l) => l.product_id === p.code)).toMatchObject({ state: 'live' });
      expect((await historyOf(p.code))[0]).toMatchObject({ reason: 'publish', status: 'ACCEPTED' });
      expect((await historyOf(p.code))[0]!.submission_id).not.toBe([...stand.feeds.keys()].pop());
    }
  });

  it('previews product by product through VALIDATION_PREVIEW, however many (feeds have no preview)', async () => {
    const products = group(5);
    const before = counts();
    const calls = stand.listings.calls.length;
    const view = await publish(
      products.map((p) => p.code),
      'preview',
    );
    expect(counts()).toEqual({ puts: before.puts + 5, feeds: before.feeds });
    expect(stand.listings.calls.slice(calls).every((c) => c.mode === 'VALIDATION_PREVIEW')).toBe(true);
    expect(view.last_run.results.map((r) => r.outcome)).toEqual(products.map(() => 'valid'));
    expect(view.last_run).toMatchObject({ via: 'items', feeds: [] });
    expect(view.listings.filter((l) => products.some((p) => p.code === l.product_id))).toEqual([]);
  });
});

/** A small PATCH message (a quantity to 0), padded in its SKU to make it larger. */
const patchMessage = (n: number, pad = ''): ListingsFeedMessage => ({
  messageId: n + 1,
  sku: `CM-${n}${pad}`,
  operationType: 'PATCH',
  productType: 'PRODUCT',
  patches: [
    {
      op: 'merge',
      path: '/attributes/fulfillment_availability',
      value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }],
    },
  ],
});

describe('the feed size', () => {
  it("splits at Amazon's 25,000 messages a feed, in order", () => {
    const messages = Array.from({ length: 2 * FEED_MAX + 1 }, (_, n) => patchMessage(n));
    const parts = feedParts(messages);
    expect(FEED_MAX).toBe(25_000);
    expect(parts.map((p) => p.length)).toEqual([25_000, 25_000, 1]);
    expect(parts.flat()).toEqual(messages);
  });

  it('keeps each feed under 10 MiB of messages when they are large', () => {
    const pad = 'x'.repeat(1_000);
    const messages = Array.from({ length: FEED_MAX }, (_, n) => patchMessage(n, pad));
    const parts = feedParts(messages);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(messages);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(FEED_BYTES);
  });
});

describe('several feeds', () => {
  it('submits them all before following; one Amazon refuses to take stops there, and the earlier are still recorded', async () => {
    const events: string[] = [];
    const store = {
      submitFeed: async (_t: unknown, messages: ListingsFeedMessage[]) => {
        if (messages[0]!.messageId === 3) throw new Error('QuotaExceeded');
        events.push(`submit ${messages[0]!.messageId}`);
        return `F${messages[0]!.messageId}`;
      },
      feedResult: async (_t: unknown, feedId: string) => {
        events.push(`follow ${feedId}`);
        return {
          status: 'DONE',
          report: { issues: [], summary: { messagesProcessed: 1, messagesAccepted: 1, messagesInvalid: 0 } },
        };
      },
    } as unknown as ListingsDeps['store'];
    const parts = [[1], [2], [3], [4]].map((ids) => ids.map((n) => patchMessage(n - 1)));
    const followed: string[] = [];
    await expect(
      submitAndFollow(
        { store, logger: pino({ level: 'silent' }), feedPollMs: 1 },
        {} as Parameters<typeof submitAndFollow>[1],
        parts,
        1_000,
        async (messages, feed) => {
          followed.push(`${feed.feedId}:${feed.ended}:${messages.length}`);
        },
      ),
    ).rejects.toThrow('QuotaExceeded');
    expect(events).toEqual(['submit 1', 'submit 2', 'follow F1', 'follow F2']);
    expect(followed).toEqual(['F1:done:1', 'F2:done:1']);
  });
});
