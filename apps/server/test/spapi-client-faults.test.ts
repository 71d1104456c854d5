import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpapiNetworkError } from '../src/providers/marketplace/spapi/client';
import { toSnapshot } from '../src/providers/marketplace/spapi/mapping';
import { createRestrictionChecks } from '../src/providers/marketplace/spapi/listings-restrictions';
import { LIMITS, provider } from './helpers/spapi-client';
import { startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// The SP-API client against the network and the services as they fail: a 401, Login with Amazon's 5xx
// and 429, a connection reset, a seller id the authorisation does not cover (docs/decisions.md).

async function withStandIn(
  options: Parameters<typeof startSpapiStandIn>[1],
  run: (stand: SpapiStandIn) => Promise<void>,
) {
  const stand = await startSpapiStandIn(
    { ...LIMITS, getListingsRestrictions: { rate: 50, burst: 10 } },
    options,
  );
  try {
    await run(stand);
  } finally {
    await stand.close();
  }
}
const ids = ['B07N4M94X4', 'B000000002', 'B000000003'];

describe('the SP-API client when the network and the services fail', () => {
  it('retries a 401 once with a new access token', async () => {
    await withStandIn({ unauthorisedFirst: 1 }, async (stand) => {
      const { marketplace } = provider(stand);
      const found = await marketplace.lookup(ids, 'us', { shipTo: 'us' });
      expect(found.map((p) => p.side.status)).toEqual(['ok', 'ok', 'ok']);
      // The first token, refused once, then one new exchange.
      expect(stand.tokenExchanges()).toBe(2);
    });
  });

  it("retries Login with Amazon's 503 and 429 with backoff", async () => {
    await withStandIn({ lwaFailFirst: { status: 503, count: 2 } }, async (stand) => {
      const { marketplace } = provider(stand);
      const found = await marketplace.lookup(ids, 'us', { shipTo: 'us' });
      expect(found.map((p) => p.side.status)).toEqual(['ok', 'ok', 'ok']);
      expect(stand.tokenExchanges()).toBe(1);
    });
    await withStandIn({ lwaFailFirst: { status: 429, count: 1 } }, async (stand) => {
      const { marketplace } = provider(stand);
      expect((await marketplace.lookup(ids, 'us', { shipTo: 'us' }))[0]!.side.status).toBe('ok');
    });
  });

  it('asks again after a reset connection: one reset does not fail the lookup', async () => {
    // The second request of each operation is reset, after the first answer taught the client the rate.
    await withStandIn(
      { reset: (op, nth) => nth === 2 && op !== 'getListingsRestrictions' },
      async (stand) => {
        const { client, marketplace } = provider(stand);
        await marketplace.lookup(['B000000001'], 'us', { shipTo: 'us' });
        const found = await marketplace.lookup(ids, 'us', { shipTo: 'us' });
        expect(found.map((p) => p.side.status)).toEqual(['ok', 'ok', 'ok']);
        expect(client.stats.networkErrors).toBe(2);
      },
    );
  });

  it('a connection that keeps failing ends in a typed error, and a restriction round gives up only that item', async () => {
    await withStandIn({ reset: () => true }, async (stand) => {
      const { client } = provider(stand);
      const refused = client.call('na', 'searchCatalogItems', '/catalog/2022-04-01/items', { method: 'GET' });
      await expect(refused).rejects.toBeInstanceOf(SpapiNetworkError);
      await expect(refused).rejects.toMatchObject({ status: 0 });
      const checks = createRestrictionChecks(client);
      const own = { refreshToken: 'Atzr|na-refresh', sellingPartnerId: 'A1SELLER' };
      await expect(checks(['B07N4M94X4'], 'us', { own, tenant: 'u1' } as never)).resolves.toEqual([null]);
    });
  });

  it('re-exchanges the token after a 403 at most once a minute per authorisation (a seller id it does not cover)', async () => {
    await withStandIn({ sellerOf: () => 'A1RIGHTSELLER' }, async (stand) => {
      const { client } = provider(stand);
      const checks = createRestrictionChecks(client);
      const own = { refreshToken: 'Atzr|na-refresh', sellingPartnerId: 'A1WRONGSELLER' };
      const account = { own, tenant: 'u1' } as never;
      for (let i = 0; i < 5; i++) expect(await checks(['B07N4M94X4'], 'us', account)).toEqual([null]);
      // The first token and one re-exchange; the four later refusals exchange nothing.
      expect(stand.tokenExchanges()).toBe(2);
    });
  });
});

describe("Amazon's optional SellerId", () => {
  it('an offer without one is an unknown seller, not a crash or a seller named ""', () => {
    const read = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/spapi', name), 'utf8'));
    const offers = read('item-offers.json');
    for (const o of offers.Offers) delete o.SellerId;
    const { side, offers: list } = toSnapshot('B07N4M94X4', read('catalog-item.json'), offers, {
      importRate: 0,
      today: Date.UTC(2026, 10, 24),
      region: 'us',
      shipTo: 'us',
      amazonSellerId: 'ATVPDKIKX0DER',
    });
    expect(side.status).toBe('ok');
    expect(side.buybox).toMatchObject({ seller_id: null, seller_name: null });
    expect(list.every((o) => o.seller_id === '' && !o.is_sba)).toBe(true);
  });
});
