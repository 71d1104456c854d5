import fs from 'node:fs';
import path from 'node:path';
import { priceProduct, type ProductSnapshot } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { CROSS_BORDER_TRANSIT_DAYS, TRANSIT_DAYS } from '../src/providers/marketplace/delivery';
import { chooseBuyBoxWinner, toSnapshot } from '../src/providers/marketplace/spapi/mapping';
import type { CountedCall } from '../src/providers/marketplace/spapi/call-counter';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { localPacing } from '../src/providers/marketplace/spapi/pacing';
import { createSpapiMarketplace } from '../src/providers/marketplace/spapi/provider';
import { productIds } from './helpers/reports';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';
import { LIMITS, noteGrants, provider } from './helpers/spapi-client';

const DAY = 86_400_000;
const today = () => Math.floor(Date.now() / DAY) * DAY;
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));

/**
 * One product through one client per stand-in, as a worker keeps its client: it learns the stand-in's rate
 * from the first answer. (A fresh client whose first request meets a 429, which carries no rate, waits a
 * full interval at Amazon's documented 0.1/s.)
 */
const clients = new WeakMap<SpapiStandIn, ReturnType<typeof provider>>();
function sharedClient(stand: SpapiStandIn) {
  let client = clients.get(stand);
  if (!client) clients.set(stand, (client = provider(stand)));
  return client;
}
async function lookupOne(stand: SpapiStandIn, id: string, region: 'us' | 'ca', shipTo: 'us' | 'ca' | 'mx') {
  return (await sharedClient(stand).marketplace.lookup([id], region, { shipTo }))[0]!;
}
/** Lets the stand-in's offers bucket fill again before a fresh client's first request. */
const settle = () => new Promise((r) => setTimeout(r, 1000 / LIMITS.getItemOffersBatch.rate));

describe('the SP-API provider against a stand-in answering with Amazon-shaped responses', () => {
  let stand: Awaited<ReturnType<typeof startSpapiStandIn>>;
  beforeAll(async () => {
    stand = await startSpapiStandIn(LIMITS);
  });
  afterAll(() => stand.close());

  it('maps the catalogue item and offers into a product side and its seller list', async () => {
    const { marketplace } = sharedClient(stand);
    const [found, missing] = await marketplace.lookup(['B07N4M94X4', 'BDOG000001'], 'us', { shipTo: 'mx' });
    expect(missing!.side.status).toBe('dog');
    const side = found!.side;
    expect(side).toMatchObject({
      status: 'ok',
      brand: 'Amazon Basics',
      title: 'Amazon Basics Quick-Dry Bath Towels, 100% Cotton, 2-Pack, White',
      categories: ['Home & Kitchen', 'Bath Towels'],
      sales_rank: { rank: 4123, category: 'Home & Kitchen', level: 'top' },
      total_prices_count: 3,
      fba_prices_count: 2,
      is_prime: true,
      is_sba: true,
      has_buybox: true,
      weight: { value: 2.05, unit: 'lb' },
      product_size: { package_name: 'large-standard-size' },
      image: 'https://m.media-amazon.com/images/I/81abcdefghL.jpg',
    });
    expect(side.buybox).toMatchObject({ seller_id: 'ATVPDKIKX0DER', buy_price: 24.99, is_fba: true });
    expect(side.lowest).toMatchObject({ buy_price: 24.99, shipping_fee: 0 });
    // Shipped to Mexico: the import fee is computed (SP-API has none), 16 % of the price.
    expect(side.buybox!.import_fee).toBe(4);
    expect(found!.offers).toHaveLength(3);
    expect(found!.offers[2]).toMatchObject({
      seller_id: 'A3MERCHANT77',
      shipping_by: 'merchant',
      rating_count: 212,
    });
  });

  it('takes seller ratings as the percentage Amazon gives, and 0 % of no feedback as no rating yet', async () => {
    const found = await lookupOne(stand, 'B07N4RATE1', 'us', 'us');
    // Amazon itself answers 0 % of 0 ratings: no rating yet; the others 96 % and 91 %.
    expect(found.offers.map((o) => [o.seller_id, o.rating_percent, o.rating_count])).toEqual([
      ['ATVPDKIKX0DER', null, 0],
      ['A2FBASELLER9', 96, 1840],
      ['A3MERCHANT77', 91, 212],
    ]);
  });

  it("counts new offers only: Amazon's own example of 4,286 offers has 15 new ones", async () => {
    const used = fixture('item-offers-used.json');
    expect(used.Summary.TotalOfferCount).toBe(4286);
    const { side, offers } = await lookupOne(stand, 'BUSED00001', 'us', 'us');
    expect(side).toMatchObject({
      status: 'ok',
      total_prices_count: 15,
      fba_prices_count: 1,
      has_buybox: true,
    });
    expect(offers).toHaveLength(15);
    expect(side.buybox).toMatchObject({ seller_id: 'A1EZPZGQPCQEQR', buy_price: 10, is_fba: false });
    // No feedback in Amazon's example: no rating, not 0 %.
    expect(offers.every((o) => o.rating_percent === null)).toBe(true);
  });

  it('a product with only used and collectible offers is not available', async () => {
    const { side, offers } = await lookupOne(stand, 'BONLYUSED1', 'us', 'us');
    expect(side).toMatchObject({
      status: 'nostock',
      total_prices_count: 0,
      fba_prices_count: 0,
      has_buybox: false, // the used buy box price is not a new offer's
      buybox: null,
      lowest: null,
    });
    expect(offers).toEqual([]);
    const buying = await lookupOne(stand, 'BONLYUSED2', 'us', 'ca');
    const fbm = priceProduct(
      { row_cross: buying.side, row_to: (await lookupOne(stand, 'BONLYUSED2', 'ca', 'ca')).side },
      makeSettings({}),
      { toRegion: 'ca' },
    );
    expect(fbm).toMatchObject({ available: false, reason: 'nostock' });
  });

  it('of two buy box winners takes the Prime one at home and the non-Prime one shipped abroad', async () => {
    const home = await lookupOne(stand, 'BTWOWIN001', 'us', 'us');
    expect(home.side.buybox).toMatchObject({ seller_id: 'A2PRIMEFBA01', buy_price: 31.99, is_fba: true });
    const abroad = await lookupOne(stand, 'BTWOWIN001', 'us', 'ca');
    expect(abroad.side.buybox).toMatchObject({ seller_id: 'A3MERCHANT02', buy_price: 25.49, is_fba: false });
    // One winner is that winner wherever it goes; none is none.
    const one = [{ IsBuyBoxWinner: true, PrimeInformation: { IsPrime: true } }, { IsBuyBoxWinner: false }];
    expect(chooseBuyBoxWinner(one, false)).toBe(one[0]);
    expect(chooseBuyBoxWinner([{ IsBuyBoxWinner: false }], true)).toBeUndefined();
  });

  it('delivery is shipping time plus transit: an FBA offer shipping in 0 hours does not arrive today', async () => {
    const home = await lookupOne(stand, 'BTWOWIN002', 'us', 'us');
    const [fewest, most] = TRANSIT_DAYS.us.amazon;
    expect(fewest).toBeGreaterThan(0);
    // ShippingTime 0–0 hours, FBA in the US.
    expect(home.side.buybox!.s_dates).toEqual({ min_days: fewest, max_days: most });
    const fbaOffer = home.offers.find((o) => o.seller_id === 'A2PRIMEFBA01')!;
    expect(fbaOffer.delivery_date).toBe(new Date(today() + fewest * DAY).toISOString().slice(0, 10));
    // The non-Prime merchant winner ships in 24–48 hours, then crosses the border to Canada.
    const abroad = await lookupOne(stand, 'BTWOWIN002', 'us', 'ca');
    const [cbFewest, cbMost] = CROSS_BORDER_TRANSIT_DAYS.merchant;
    expect(abroad.side.buybox!.s_dates).toEqual({ min_days: 1 + cbFewest, max_days: 2 + cbMost });
  });

  it('converts ounces and millimetres, and leaves a unit it does not know empty', async () => {
    const { side } = await lookupOne(stand, 'BMETRIC001', 'us', 'us');
    // 12.8 oz package, 310 × 210 × 15 mm.
    expect(side.weight).toEqual({ value: 0.8, unit: 'lb' });
    expect(side.package_dimensions).toEqual({ length: 12.2, width: 8.27, height: 0.59, unit: 'in' });
    expect(side.product_size).toEqual({ package_name: 'small-standard-size' });

    const item = fixture('catalog-item.json');
    item.dimensions[0].package.weight = { unit: 'stone', value: 2 };
    item.dimensions[0].package.height = { unit: 'cubits', value: 1 };
    const context = { importRate: 0, today: today(), region: 'us', shipTo: 'us' } as const;
    const odd: ProductSnapshot = toSnapshot('B07N4M94X4', item, fixture('item-offers.json'), context);
    expect(odd.side.weight).toBeNull();
    expect(odd.side.package_dimensions).toBeNull();
    expect(odd.side.product_size).toBeNull();
  });

  it('asks again for items a batch did not answer, and marks those never answered, not out of stock', async () => {
    const fresh = await startSpapiStandIn(LIMITS);
    try {
      const grants: number[] = [];
      const started = performance.now();
      const { marketplace, client } = provider(fresh, undefined, noteGrants(localPacing, grants));
      const [failing, flaky, fine, unknown] = await marketplace.lookup(
        ['BFAIL00001', 'BFLAKY0001', 'B07N4M94X4', 'BDOG000003'],
        'us',
        { shipTo: 'us' },
      );
      expect(failing!.side).toMatchObject({
        status: 'noanswer',
        title: 'Amazon Basics Quick-Dry Bath Towels, 100% Cotton, 2-Pack, White',
        total_prices_count: null,
        buybox: null,
      });
      expect(flaky!.side.status).toBe('ok');
      expect(fine!.side.status).toBe('ok');
      expect(unknown!.side.status).toBe('dog');
      // The first batch, then two retries of the failed item (the flaky one only once more).
      expect(fresh.offersAsked('BFAIL00001')).toBe(3);
      expect(fresh.offersAsked('BFLAKY0001')).toBe(2);
      expect(fresh.offersAsked('B07N4M94X4')).toBe(1);
      expect(fresh.offersAsked('BDOG000003')).toBe(1);
      expect(client.stats).toMatchObject({ itemRetries: 3, unanswered: 1 });
      // Retries are paced like every other call: each of the three batches (and any request the stand-in
      // refused and the client sent again) took a token, and the tokens fit the burst plus the rate. Timed
      // from before the first take to after each grant, so a busy machine can only widen the allowance
      // seen; arrivals at the stand-in are not checked, since load bunches them on the way.
      expect(grants).toHaveLength(3 + client.stats.throttled);
      const { rate, burst } = LIMITS.getItemOffersBatch;
      grants.forEach((at, i) => {
        expect(i + 1, `grant ${i + 1} at ${Math.round(at - started)} ms`).toBeLessThanOrEqual(
          burst + (rate * (at - started)) / 1000,
        );
      });
    } finally {
      await fresh.close();
    }
  });

  it("counts each request under a seller's own authorisation for its owner, none under the shared one", async () => {
    await settle();
    const counted: CountedCall[] = [];
    const client = createSpapiClient({
      credentials: {
        clientId: 'amzn1.application-oa2-client.test',
        clientSecret: 'secret',
        refreshTokens: { na: 'Atzr|na-refresh' },
      },
      endpoints: { na: stand.url },
      lwaUrl: stand.lwaUrl,
      backoffMs: 20,
      countCall: (call) => counted.push(call),
    });
    const marketplace = createSpapiMarketplace(client);
    const own = { sellingPartnerId: 'A1OWN', refreshToken: 'Atzr|own-refresh' };
    await marketplace.lookup(['B07N4M94X4'], 'us', { shipTo: 'us', account: { own, tenant: 'user-1' } });
    expect(counted.length).toBe(client.stats.requests);
    expect(counted.every((c) => c.userId === 'user-1' && c.region === 'na')).toBe(true);
    expect(new Set(counted.map((c) => c.operation))).toContain('getItemOffersBatch');
    await marketplace.lookup(['B07N4M94X4'], 'us', { shipTo: 'us', account: { tenant: 'user-2' } });
    expect(counted.length).toBeLessThan(client.stats.requests);
    expect(counted.some((c) => c.userId === 'user-2')).toBe(false);
  });

  it('exchanges the refresh token once and reuses the access token', async () => {
    await settle();
    const before = stand.tokenExchanges();
    const { marketplace } = provider(stand);
    await marketplace.lookup(productIds(60, 'TOK'), 'ca', { shipTo: 'ca' });
    expect(stand.tokenExchanges() - before).toBe(1);
  });

  it('paces itself to the rate Amazon announces: no 429 storm, offers tokens within the rate', async () => {
    const fresh = await startSpapiStandIn(LIMITS);
    try {
      const grants: number[] = [];
      const started = performance.now();
      const { marketplace, client } = provider(fresh, undefined, noteGrants(localPacing, grants));
      await marketplace.lookup(productIds(120, 'PACE'), 'us', { shipTo: 'uk' });
      // Six batches. A client that did not pace would meet a 429 on nearly every one after the first; a
      // stalled event loop on a shared machine can bunch a paced request with the next on the way.
      expect(client.stats.throttled).toBeLessThanOrEqual(2);
      expect(grants.length).toBeGreaterThanOrEqual(6);
      const { rate, burst } = LIMITS.getItemOffersBatch;
      grants.forEach((at, i) => {
        expect(i + 1, `grant ${i + 1} at ${Math.round(at - started)} ms`).toBeLessThanOrEqual(
          burst + (rate * (at - started)) / 1000,
        );
      });
    } finally {
      await fresh.close();
    }
  });

  it('backs off and retries after 429s, and still answers every product', async () => {
    const throttling = await startSpapiStandIn(LIMITS, { throttleFirst: 3 });
    try {
      const { marketplace, client } = provider(throttling);
      const snapshots = await marketplace.lookup(productIds(20, 'RETRY'), 'us', { shipTo: 'ca' });
      expect(snapshots.every((s) => s.side.status === 'ok')).toBe(true);
      expect(client.stats.throttled).toBe(3);
    } finally {
      await throttling.close();
    }
  });

  it('never sends a request the stand-in refuses', () => {
    expect(stand.refused).toEqual([]);
  });

  it('names the missing authorisation for a region it has no token for', async () => {
    const { marketplace } = provider(stand, { na: 'Atzr|na-refresh' });
    await expect(marketplace.lookup(['B07N4M94X4'], 'uk', { shipTo: 'uk' })).rejects.toThrow(
      /SPAPI_REFRESH_TOKEN_EU/,
    );
  });
});

describe('SP-API configuration', () => {
  it('names what is missing; the shared authorisation is optional', () => {
    expect(() => loadConfig({ MARKETPLACE_PROVIDER: 'spapi' })).toThrow(
      /SPAPI_CLIENT_ID: is required[\s\S]*SPAPI_CLIENT_SECRET: is required/,
    );
    expect(() =>
      loadConfig({
        MARKETPLACE_PROVIDER: 'spapi',
        SPAPI_CLIENT_ID: 'a',
        SPAPI_CLIENT_SECRET: 'b',
        SPAPI_REFRESH_TOKEN_EU: 'c',
      }),
    ).not.toThrow();
    // Without a shared authorisation every seller connects their own (Settings → Amazon account).
    expect(() =>
      loadConfig({ MARKETPLACE_PROVIDER: 'spapi', SPAPI_CLIENT_ID: 'a', SPAPI_CLIENT_SECRET: 'b' }),
    ).not.toThrow();
  });
});
