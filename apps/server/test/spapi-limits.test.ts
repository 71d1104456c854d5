import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProducts, reports } from '../src/db/schema';
import { processReport } from '../src/features/reports/process-report';
import { localPacing } from '../src/providers/marketplace/spapi/pacing';
import { postgresPacing } from '../src/providers/marketplace/spapi/shared-pacing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertReportOwner, productIds } from './helpers/reports';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';
import { LIMITS, noteGrants, provider } from './helpers/spapi-client';

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
      getCompetitiveSummary: { rate: 0.033, burst: 1 },
      getListingsRestrictions: { rate: 5, burst: 10 },
      getMyFeesEstimates: { rate: 0.5, burst: 1 },
      getMarketplaceParticipations: { rate: 0.016, burst: 15 },
      // listingsItems_2021-08-01.json and feeds_2021-06-30.json
      putListingsItem: { rate: 5, burst: 10 },
      patchListingsItem: { rate: 5, burst: 5 },
      deleteListingsItem: { rate: 5, burst: 5 },
      getListingsItem: { rate: 5, burst: 10 },
      searchListingsItems: { rate: 5, burst: 5 },
      // definitionsProductTypes_2020-09-01.json
      getDefinitionsProductType: { rate: 5, burst: 10 },
      createFeedDocument: { rate: 0.5, burst: 15 },
      createFeed: { rate: 0.0083, burst: 15 },
      getFeed: { rate: 2, burst: 15 },
      getFeedDocument: { rate: 0.0222, burst: 10 },
      // orders_2026-01-01.json and ordersV0.json (confirmShipment)
      searchOrders: { rate: 0.0056, burst: 20 },
      getOrder: { rate: 0.5, burst: 30 },
      confirmShipment: { rate: 2, burst: 10 },
      // finances_2024-06-19.json, financesV0.json, reports_2021-06-30.json
      listTransactions: { rate: 0.5, burst: 10 },
      listFinancialEventsByOrderId: { rate: 0.5, burst: 30 },
      getReports: { rate: 0.0222, burst: 10 },
      getReportDocument: { rate: 0.0167, burst: 15 },
    });
    try {
      const grants: number[] = [];
      const started = performance.now();
      const { marketplace, client } = provider(amazon, undefined, noteGrants(localPacing, grants));
      const snapshots = await marketplace.lookup(productIds(40, 'AMZ'), 'us', { shipTo: 'us' });
      expect(snapshots.every((s) => s.side.status === 'ok')).toBe(true);
      expect(client.stats.throttled).toBe(0);
      expect(amazon.refused).toEqual([]);
      // Two batches, the second granted no sooner than a full interval at 0.1/s after the first take.
      expect(grants).toHaveLength(2);
      expect(grants[1]! - started).toBeGreaterThanOrEqual(10_000);
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
