import fs from 'node:fs';
import path from 'node:path';
import { priceProduct, type ProductSnapshot } from '@crossmarket/domain';
import { makeSettings } from '@crossmarket/domain/testing';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { reportProducts, reports } from '../src/db/schema';
import { processReport } from '../src/features/reports/process-report';
import { CROSS_BORDER_TRANSIT_DAYS, TRANSIT_DAYS } from '../src/providers/marketplace/delivery';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { chooseBuyBoxWinner, toSnapshot } from '../src/providers/marketplace/spapi/mapping';
import type { PacerFactory } from '../src/providers/marketplace/spapi/pacing';
import { createSpapiMarketplace } from '../src/providers/marketplace/spapi/provider';
import { postgresPacing } from '../src/providers/marketplace/spapi/shared-pacing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertReportOwner, productIds } from './helpers/reports';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

const LIMITS = { searchCatalogItems: { rate: 10, burst: 2 }, getItemOffersBatch: { rate: 5, burst: 1 } };
const DAY = 86_400_000;
const today = () => Math.floor(Date.now() / DAY) * DAY;
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));

function provider(
  stand: SpapiStandIn,
  tokens: Record<string, string> = { na: 'Atzr|na-refresh' },
  pacing?: PacerFactory,
) {
  const client = createSpapiClient({
    credentials: {
      clientId: 'amzn1.application-oa2-client.test',
      clientSecret: 'secret',
      refreshTokens: tokens,
    },
    endpoints: { na: stand.url, eu: stand.url, fe: stand.url },
    lwaUrl: stand.lwaUrl,
    backoffMs: 20,
    pacing,
  });
  return { client, marketplace: createSpapiMarketplace(client) };
}

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

  it('takes seller ratings as the percentage Amazon gives, and 0 % as a rating', async () => {
    const found = await lookupOne(stand, 'B07N4RATE1', 'us', 'us');
    // Amazon itself answers 0 % of 0 ratings; the others 96 % and 91 %.
    expect(found.offers.map((o) => [o.seller_id, o.rating_percent, o.rating_count])).toEqual([
      ['ATVPDKIKX0DER', 0, 0],
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
      const { marketplace, client } = provider(fresh);
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
      expect(client.stats).toMatchObject({ itemRetries: 3, unanswered: 1, throttled: 0 });
      // Retries are paced like every other call.
      const offers = fresh.arrivals.getItemOffersBatch;
      expect(offers).toHaveLength(3);
      const gaps = offers.slice(1).map((t, i) => t - offers[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual((1000 / LIMITS.getItemOffersBatch.rate) * 0.9);
    } finally {
      await fresh.close();
    }
  });

  it('exchanges the refresh token once and reuses the access token', async () => {
    await settle();
    const before = stand.tokenExchanges();
    const { marketplace } = provider(stand);
    await marketplace.lookup(productIds(60, 'TOK'), 'ca', { shipTo: 'ca' });
    expect(stand.tokenExchanges() - before).toBe(1);
  });

  it('paces itself to the rate Amazon announces: no 429 storm, offers calls at least 1/rate apart', async () => {
    const fresh = await startSpapiStandIn(LIMITS);
    try {
      const { marketplace, client } = provider(fresh);
      await marketplace.lookup(productIds(120, 'PACE'), 'us', { shipTo: 'uk' });
      // A stalled event loop on a shared machine can bunch two requests once; never more.
      expect(client.stats.throttled).toBeLessThanOrEqual(1);
      const offers = fresh.arrivals.getItemOffersBatch;
      expect(offers.length).toBeGreaterThanOrEqual(6);
      const gaps = offers.slice(1).map((t, i) => t - offers[i]!);
      const spaced = gaps.filter((g) => g >= (1000 / LIMITS.getItemOffersBatch.rate) * 0.9);
      expect(spaced.length).toBeGreaterThanOrEqual(gaps.length - 1);
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

describe('the stand-in says no like Amazon', () => {
  let stand: SpapiStandIn;
  let token: string;
  beforeAll(async () => {
    stand = await startSpapiStandIn(LIMITS);
    const res = await fetch(stand.lwaUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'Atzr|x',
        client_id: 'amzn1.application-oa2-client.test',
        client_secret: 'secret',
      }),
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(() => stand.close());

  const catalog = (query: Record<string, string>) =>
    fetch(`${stand.url}/catalog/2022-04-01/items?${new URLSearchParams(query)}`, {
      headers: { 'x-amz-access-token': token },
    });
  const batch = (requests: unknown[]) =>
    fetch(`${stand.url}/batches/products/pricing/v0/itemOffers`, {
      method: 'POST',
      headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
  const item = {
    uri: '/products/pricing/v0/items/B07N4M94X4/offers',
    method: 'GET',
    MarketplaceId: 'ATVPDKIKX0DER',
    ItemCondition: 'New',
  };
  const refusal = async (res: Response) => ({
    status: res.status,
    code: ((await res.json()) as { errors: { code: string }[] }).errors[0]!.code,
    limit: res.headers.get('x-amzn-ratelimit-limit'),
  });

  it('refuses a catalogue search without marketplaceIds, or identifiers without identifiersType', async () => {
    const invalid = { status: 400, code: 'InvalidInput', limit: String(LIMITS.searchCatalogItems.rate) };
    expect(await refusal(await catalog({ identifiers: 'B07N4M94X4', identifiersType: 'ASIN' }))).toEqual(
      invalid,
    );
    expect(
      await refusal(await catalog({ identifiers: 'B07N4M94X4', marketplaceIds: 'ATVPDKIKX0DER' })),
    ).toEqual(invalid);
    // Refused requests count against the quota, as Amazon's do.
    await new Promise((r) => setTimeout(r, 1000 / LIMITS.searchCatalogItems.rate));
    const ok = await catalog({
      identifiers: 'B07N4M94X4',
      identifiersType: 'ASIN',
      marketplaceIds: 'ATVPDKIKX0DER',
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-amzn-ratelimit-limit')).toBe(String(LIMITS.searchCatalogItems.rate));
  });

  it('refuses an offers batch missing ItemCondition, MarketplaceId, uri or method', async () => {
    for (const missing of ['ItemCondition', 'MarketplaceId', 'uri', 'method'] as const) {
      const { [missing]: _, ...rest } = item;
      await new Promise((r) => setTimeout(r, 1000 / LIMITS.getItemOffersBatch.rate));
      expect(await refusal(await batch([rest]))).toMatchObject({ status: 400, code: 'InvalidInput' });
    }
    await new Promise((r) => setTimeout(r, 1000 / LIMITS.getItemOffersBatch.rate));
    expect((await batch([item])).status).toBe(200);
  });

  it('sends the rate-limit header only where Amazon documents it: not with 403 or 429', async () => {
    const denied = await fetch(`${stand.url}/catalog/2022-04-01/items?marketplaceIds=ATVPDKIKX0DER`);
    expect(denied.status).toBe(403);
    expect(denied.headers.get('x-amzn-ratelimit-limit')).toBeNull();
    const throttling = await startSpapiStandIn(LIMITS, { throttleFirst: 1 });
    try {
      const res = await fetch(`${throttling.url}/batches/products/pricing/v0/itemOffers`, {
        method: 'POST',
        headers: { 'x-amz-access-token': token },
        body: JSON.stringify({ requests: [item] }),
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('x-amzn-ratelimit-limit')).toBeNull();
      expect(res.headers.get('x-amzn-requestid')).toBeTruthy();
    } finally {
      await throttling.close();
    }
  });

  it("at Amazon's default rates (offers 0.1/s burst 1, catalogue 2/s burst 2) the client is never refused", async () => {
    const amazon = await startSpapiStandIn();
    expect(amazon.limits).toEqual({
      searchCatalogItems: { rate: 2, burst: 2 },
      getItemOffersBatch: { rate: 0.1, burst: 1 },
      getCompetitivePricing: { rate: 0.5, burst: 1 },
    });
    try {
      const { marketplace, client } = provider(amazon);
      const snapshots = await marketplace.lookup(productIds(40, 'AMZ'), 'us', { shipTo: 'us' });
      expect(snapshots.every((s) => s.side.status === 'ok')).toBe(true);
      expect(client.stats.throttled).toBe(0);
      expect(amazon.refused).toEqual([]);
      const [first, second] = amazon.arrivals.getItemOffersBatch;
      expect(amazon.arrivals.getItemOffersBatch).toHaveLength(2);
      expect(second! - first!).toBeGreaterThanOrEqual(10_000 * 0.95);
    } finally {
      await amazon.close();
    }
  });
});

describe('pacing shared through PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const SHARED_LIMITS = {
    searchCatalogItems: { rate: 20, burst: 2 },
    getItemOffersBatch: { rate: 4, burst: 1 },
  };

  /**
   * A pacing factory that notes when each offers token was granted, as an upper bound (the moment
   * `take` resolved here, never earlier than the grant itself).
   */
  const noteGrants =
    (factory: PacerFactory, grants: number[]): PacerFactory =>
    (key, limits) => {
      const pacer = factory(key, limits);
      if (key.operation !== 'getItemOffersBatch') return pacer;
      return {
        take: async () => {
          await pacer.take();
          grants.push(performance.now());
        },
        setRate: (rate) => pacer.setRate(rate),
        drain: () => pacer.drain(),
      };
    };

  it("two workers with one seller's authorisation stay within its one allowance", async () => {
    const stand = await startSpapiStandIn(SHARED_LIMITS);
    try {
      // Two clients with their own connections to the bucket row, as two worker processes would have.
      const grants: number[] = [];
      const started = performance.now();
      const workers = [postgresPacing(database.db), postgresPacing(database.db)].map((pacing) =>
        provider(stand, { na: 'Atzr|shared-seller' }, noteGrants(pacing, grants)),
      );
      const [a, b] = await Promise.all(
        workers.map((w, i) => w.marketplace.lookup(productIds(100, `SH${i}`), 'us', { shipTo: 'us' })),
      );
      expect([...a!, ...b!].every((s) => s.side.status === 'ok')).toBe(true);
      // Between them the two workers were granted no more than one allowance holds: the burst, then the
      // rate. Measured from before the first take to after each grant, so a busy machine can only make
      // the allowance look larger, never smaller (arrivals at the stand-in bunch up under load instead).
      grants.sort((x, y) => x - y);
      expect(grants.length).toBeGreaterThanOrEqual(10);
      const { rate, burst } = SHARED_LIMITS.getItemOffersBatch;
      grants.forEach((at, i) => {
        expect(i + 1, `grant ${i + 1} at ${Math.round(at - started)} ms`).toBeLessThanOrEqual(
          burst + (rate * (at - started)) / 1000,
        );
      });
      const row = await database.db.execute<{ rate: number }>(
        sql`select rate from spapi_pacing where operation = 'getItemOffersBatch'`,
      );
      // One row for the seller, at the rate Amazon announced (3 % under it); no refresh token stored.
      expect(row.rows).toEqual([{ rate: SHARED_LIMITS.getItemOffersBatch.rate * 0.97 }]);
      const stored = await database.db.execute(sql`select seller from spapi_pacing`);
      expect(JSON.stringify(stored.rows)).not.toContain('shared-seller');
    } finally {
      await stand.close();
    }
  });

  it('while two workers pacing each on its own would be throttled', async () => {
    const stand = await startSpapiStandIn(SHARED_LIMITS);
    try {
      const workers = [provider(stand), provider(stand)];
      await Promise.all(
        workers.map((w, i) => w.marketplace.lookup(productIds(40, `LO${i}`), 'us', { shipTo: 'us' })),
      );
      expect(stand.throttled.getItemOffersBatch).toBeGreaterThan(0);
    } finally {
      await stand.close();
    }
  });
});

describe('a report processed with the SP-API provider', () => {
  let database: TestDatabase;
  let stand: Awaited<ReturnType<typeof startSpapiStandIn>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    stand = await startSpapiStandIn({
      searchCatalogItems: { rate: 20, burst: 2 },
      getItemOffersBatch: { rate: 20, burst: 1 },
    });
    await insertReportOwner(database.db, 'spapi-owner', 'spapi@example.com');
  });
  afterAll(async () => {
    await stand.close();
    await database.destroy();
  });

  it('ends finalized with one row per product, unknown ones dog, unanswered ones counted', async () => {
    const content = [...productIds(36, 'SP'), 'BDOG000001', 'BDOG000002', 'BFAIL0000A', 'BFAIL0000B'];
    const [report] = await database.db
      .insert(reports)
      .values({
        userId: 'spapi-owner',
        title: 'spapi',
        fromCountry: 'us',
        toCountry: 'ca',
        content,
        size: 80,
      })
      .returning();
    const { marketplace } = provider(stand);
    const outcome = await processReport(
      { db: database.db, marketplace, logger: pino({ level: 'silent' }), leaseSeconds: 30, owner: 't' },
      report!.id,
    );
    expect(outcome).toBe('finalized');
    const counts = await database.db
      .select({ status: reportProducts.crossStatus, n: sql<number>`count(*)::int` })
      .from(reportProducts)
      .where(eq(reportProducts.reportId, report!.id))
      .groupBy(reportProducts.crossStatus);
    expect(Object.fromEntries(counts.map((c) => [c.status, c.n]))).toEqual({ ok: 36, dog: 2, noanswer: 2 });
    // The finish summary counts them; the API's report summary shows it.
    const [finished] = await database.db.select().from(reports).where(eq(reports.id, report!.id));
    expect(finished!.noAnswerCount).toBe(2);
  });
});

describe('SP-API configuration', () => {
  it('names what is missing', () => {
    expect(() => loadConfig({ MARKETPLACE_PROVIDER: 'spapi' })).toThrow(
      /SPAPI_CLIENT_ID: is required[\s\S]*SPAPI_CLIENT_SECRET: is required[\s\S]*SPAPI_REFRESH_TOKEN_NA: a seller authorisation/,
    );
    expect(() =>
      loadConfig({
        MARKETPLACE_PROVIDER: 'spapi',
        SPAPI_CLIENT_ID: 'a',
        SPAPI_CLIENT_SECRET: 'b',
        SPAPI_REFRESH_TOKEN_EU: 'c',
      }),
    ).not.toThrow();
  });
});
