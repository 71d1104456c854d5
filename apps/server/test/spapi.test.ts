import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { reportProducts, reports, user } from '../src/db/schema';
import { processReport } from '../src/features/reports/process-report';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { createSpapiMarketplace } from '../src/providers/marketplace/spapi/provider';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { productIds } from './helpers/reports';
import { startSpapiStandIn } from './helpers/spapi-stand-in';

const LIMITS = { searchCatalogItems: { rate: 10, burst: 2 }, getItemOffersBatch: { rate: 5, burst: 1 } };

function provider(stand: Awaited<ReturnType<typeof startSpapiStandIn>>, tokens = { na: 'Atzr|na-refresh' }) {
  const client = createSpapiClient({
    credentials: {
      clientId: 'amzn1.application-oa2-client.test',
      clientSecret: 'secret',
      refreshTokens: tokens,
    },
    endpoints: { na: stand.url, eu: stand.url, fe: stand.url },
    lwaUrl: stand.lwaUrl,
    backoffMs: 20,
  });
  return { client, marketplace: createSpapiMarketplace(client) };
}

describe('the SP-API provider against a stand-in answering with Amazon-shaped responses', () => {
  let stand: Awaited<ReturnType<typeof startSpapiStandIn>>;
  beforeAll(async () => {
    stand = await startSpapiStandIn(LIMITS);
  });
  afterAll(() => stand.close());

  it('maps the catalogue item and offers into a product side and its seller list', async () => {
    const { marketplace } = provider(stand);
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

  it('exchanges the refresh token once and reuses the access token', async () => {
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

  it('names the missing authorisation for a region it has no token for', async () => {
    const { marketplace } = provider(stand, { na: 'Atzr|na-refresh' });
    await expect(marketplace.lookup(['B07N4M94X4'], 'uk', { shipTo: 'uk' })).rejects.toThrow(
      /SPAPI_REFRESH_TOKEN_EU/,
    );
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
    await database.db.insert(user).values({
      id: 'spapi-owner',
      name: 'Owner',
      email: 'spapi@example.com',
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  });
  afterAll(async () => {
    await stand.close();
    await database.destroy();
  });

  it('ends finalized with one row per product, unknown ones marked dog', async () => {
    const content = [...productIds(38, 'SP'), 'BDOG000001', 'BDOG000002'];
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
    expect(Object.fromEntries(counts.map((c) => [c.status, c.n]))).toEqual({ ok: 38, dog: 2 });
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
