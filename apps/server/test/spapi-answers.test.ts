import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpapiClient } from '../src/providers/marketplace/spapi/client';
import { MARKETPLACES } from '../src/providers/marketplace/spapi/regions';
import { LIMITS, provider } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// What the provider does with the answers Amazon gives that are not plain offers (docs/decisions.md).
/** A seller's own authorisation (the stand-in's Login with Amazon takes any refresh token). */
const SELLER = { sellingPartnerId: 'A1MYSELLER', refreshToken: 'Atzr|na-refresh' };

describe('SP-API answers a lookup cannot use as they come', () => {
  let stand: SpapiStandIn;
  let client: ReturnType<typeof provider>;
  beforeAll(async () => {
    stand = await startSpapiStandIn(
      {
        ...LIMITS,
        getCompetitivePricing: { rate: 10, burst: 2 },
        getCompetitiveSummary: { rate: 10, burst: 2 },
      },
      // The seller lists its products in Canada only: Amazon's competitive pricing is empty elsewhere.
      { listed: (_asin, marketplaceId) => marketplaceId === MARKETPLACES.ca.id },
    );
    client = provider(stand, { na: 'Atzr|na-refresh', eu: 'Atzr|eu-refresh' });
  });
  afterAll(() => stand.close());

  it('an item not processed yet, or priced in another currency, is no answer: not asked again, not stock', async () => {
    const [soon, foreign, fine] = await client.marketplace.lookup(
      ['BSOON00001', 'BFOREIGN01', 'B07N4M94X4'],
      'us',
      { shipTo: 'us' },
    );
    expect(soon!.side.status).toBe('noanswer');
    expect(foreign!.side.status).toBe('noanswer');
    expect(fine!.side.status).toBe('ok');
    // Asked once: asking again at once would find the same answer.
    expect(stand.offersAsked('BSOON00001')).toBe(1);
    expect(stand.offersAsked('BFOREIGN01')).toBe(1);
    expect(client.client.stats.unusable).toBe(2);
  });

  it("Amazon's own NoBuyableOffers answer (its example, verbatim) is no offers: out of stock, used, asked once", async () => {
    const unusable = client.client.stats.unusable;
    const [nobody] = await client.marketplace.lookup(['B00KFRNZY6'], 'us', { shipTo: 'us' });
    expect(nobody!.side).toMatchObject({ status: 'nostock', total_prices_count: 0, buybox: null });
    expect(stand.offersAsked('B00KFRNZY6')).toBe(1);
    expect(client.client.stats.unusable).toBe(unusable);
  });

  it("the seller's own offer, as Amazon marks it for their authorisation, is theirs and not the buy box", async () => {
    const own = SELLER;
    const [mine] = await client.marketplace.lookup(['BMINE00001'], 'us', {
      shipTo: 'us',
      account: { own, tenant: 'seller-1' },
    });
    expect(mine!.offers[0]).toMatchObject({ is_own: true });
    expect(mine!.side.buybox).toBeNull();
    expect(mine!.side.lowest!.seller_id).not.toBe(mine!.offers[0]!.seller_id);
  });

  it("with more than the 20 listed offers, the lowest new FBA and merchant prices come from Amazon's summary", async () => {
    const [many] = await client.marketplace.lookup(['BMANY00001'], 'us', { shipTo: 'us' });
    expect(many!.offers).toHaveLength(20);
    expect(many!.side.total_prices_count).toBe(35);
    // Below every listed offer (30.00 and up): the summary's, with an unknown seller and delivery.
    expect(many!.side.lowest_fba).toMatchObject({
      is_fba: true,
      buy_price: 19.99,
      seller_id: null,
      s_dates: null,
    });
    expect(many!.side.lowest).toMatchObject({ is_fba: false, buy_price: 17.5, shipping_fee: 1.5 });
    expect(many!.side.buybox).toMatchObject({ buy_price: 30 });
  });

  it("a featured offer's coupon is part of the price the buyer pays, and fills the coupon", async () => {
    // The buying side shipped abroad is checked with getCompetitiveSummary: 24.99 less its 2.00 coupon.
    const [check] = await client.marketplace.refreshPrices!(['BPROMO0001'], 'us', { shipTo: 'ca' });
    expect(check).toMatchObject({
      status: 'ok',
      buybox: { buy_price: 22.99 },
      coupon: { type: 'dollar', value: 2 },
    });
  });

  it('each marketplace answers in its own currency, which the provider accepts', async () => {
    const [uk] = await client.marketplace.lookup(['B07N4M94X4'], 'uk', { shipTo: 'uk' });
    expect(uk!.side.status).toBe('ok');
    expect(uk!.side.buybox!.buy_price).toBe(24.99);
    const [check] = await client.marketplace.refreshPrices!(['B07N4M94X4'], 'ca', {
      shipTo: 'ca',
      account: { own: SELLER },
      listed: new Set(['B07N4M94X4']),
    });
    expect(check).toMatchObject({ status: 'ok', buybox: { seller_id: 'A2NEWWINNER1', buy_price: 124.99 } });
  });

  it("getCompetitivePricing answers only the seller's listings; every other side asks the summary, which answers", async () => {
    const ids = ['B000000001', 'B000000002'];
    const mine = new Set(ids);
    const pricingBefore = ids.map(stand.pricingAsked);
    const [listed, gone, unlisted, shared, buying] = await Promise.all([
      // Listed in Canada by this seller (their own authorisation): getCompetitivePricing answers.
      client.marketplace.refreshPrices!(ids, 'ca', { shipTo: 'ca', account: { own: SELLER }, listed: mine }),
      // Thought listed in the US, where this seller lists nothing (any more): answered empty, unknown.
      client.marketplace.refreshPrices!(ids, 'us', { shipTo: 'us', account: { own: SELLER }, listed: mine }),
      // Not listed: the competitive summary, which answers for any ASIN (at home, the Prime offer).
      client.marketplace.refreshPrices!(ids, 'us', {
        shipTo: 'us',
        account: { own: SELLER },
        listed: new Set(),
      }),
      // The shared authorisation lists nothing of this seller's: the summary too.
      client.marketplace.refreshPrices!(ids, 'ca', { shipTo: 'ca', listed: mine }),
      // Bought in the US for Canada: getCompetitiveSummary.
      client.marketplace.refreshPrices!(ids, 'us', { shipTo: 'ca', account: { own: SELLER }, listed: mine }),
    ]);
    expect(listed.map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(gone.map((c) => c.status)).toEqual(['unknown', 'unknown']);
    expect(ids.map(stand.pricingAsked)).toEqual(pricingBefore.map((n) => n + 2));
    for (const checks of [unlisted, shared]) expect(checks.map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(unlisted.map((c) => c.buybox?.import_fee)).toEqual([0, 0]);
    expect(buying.map((c) => c.buybox)).toEqual(
      ids.map(() => ({
        seller_id: 'ATVPDKIKX0DER',
        is_fba: true,
        buy_price: 24.99,
        shipping_fee: 0,
        import_fee: 3.25,
      })),
    );
    expect(ids.map(stand.summaryAsked)).toEqual([3, 3]);
  });

  it('pre-orders and a winner outside the listed offers come through the stand-in as the rules say', async () => {
    const [later, outside] = await client.marketplace.lookup(['BLATER0001', 'BOUTSIDE01'], 'us', {
      shipTo: 'us',
    });
    expect(later!.side.buybox).toMatchObject({ available_later: true, s_dates: null });
    expect(outside!.side.buybox).toMatchObject({ seller_id: 'A1OUTSIDE020', is_fba: null });
  });
});

describe('the SP-API client and an access token Amazon stops taking', () => {
  it('exchanges again after a 403 that follows a 429, and reads the token after waiting its turn', async () => {
    let exchanges = 0;
    const answers = [429, 403, 200];
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      if (req.url === '/auth/o2/token') {
        exchanges += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: `Atza|${exchanges}`, expires_in: 3600 }));
      }
      seen.push(String(req.headers['x-amz-access-token']));
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { items: [] } : { errors: [{ code: String(status) }] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const spapi = createSpapiClient({
        credentials: {
          clientId: 'amzn1.application-oa2-client.test',
          clientSecret: 's',
          refreshTokens: { na: 'Atzr|x' },
        },
        endpoints: { na: url },
        lwaUrl: `${url}/auth/o2/token`,
        backoffMs: 1,
      });
      await expect(
        spapi.call('na', 'searchCatalogItems', '/catalog/2022-04-01/items', { method: 'GET' }),
      ).resolves.toEqual({
        items: [],
      });
      // The 403 came on the second attempt, and still got one new exchange; the last call used it.
      expect(exchanges).toBe(2);
      expect(seen).toEqual(['Atza|1', 'Atza|1', 'Atza|2']);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
