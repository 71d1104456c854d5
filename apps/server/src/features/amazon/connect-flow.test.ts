import { AMAZON_REGIONS, amazonRegionOfCountry, REGION_CODES } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { MARKETPLACES } from '../../providers/marketplace/spapi/regions';
import { createConnectFlow, SANDBOX_APP_ID } from './connect-flow';

describe('the region catalogue', () => {
  it('puts every marketplace in the SP-API region the SP-API client calls for it, once', () => {
    for (const country of REGION_CODES)
      expect(amazonRegionOfCountry(country)).toBe(MARKETPLACES[country].region);
    expect(AMAZON_REGIONS.flatMap((r) => r.countries).sort()).toEqual([...REGION_CODES].sort());
    for (const region of AMAZON_REGIONS) {
      expect(region.seller_central_hosts).toContain(new URL(region.seller_central).hostname);
      // Every marketplace has its Seller Central, one of the region's hosts.
      expect(Object.keys(region.seller_centrals).sort()).toEqual([...region.countries].sort());
      for (const url of Object.values(region.seller_centrals))
        expect(region.seller_central_hosts).toContain(new URL(url!).hostname);
    }
  });
});

describe('the connect flow', () => {
  const sandbox = createConnectFlow(loadConfig({ APP_URL: 'https://app.example.com' }));

  it('sends sandbox sellers to the local consent page, and back to our callback', () => {
    const url = new URL(sandbox.authorizeUrl('na', 'the-state'));
    expect(`${url.origin}${url.pathname}`).toBe('https://app.example.com/dev/amazon/consent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      seller_central: 'https://sellercentral.amazon.com',
      application_id: SANDBOX_APP_ID,
      state: 'the-state',
      redirect_uri: 'https://app.example.com/api/amazon/callback',
    });
    expect(sandbox.available).toBe(true);
    // Production never serves /dev pages, so the sandbox cannot connect there.
    const production = loadConfig({ NODE_ENV: 'production', DEMO: 'true' });
    expect(createConnectFlow(production).available).toBe(false);
  });

  it("opens the Seller Central of the marketplace the seller's account lives in, the region's first by default", () => {
    const spapi = createConnectFlow(
      loadConfig({
        APP_URL: 'https://app.example.com',
        MARKETPLACE_PROVIDER: 'spapi',
        SPAPI_APP_ID: 'amzn1.sp.solution.x',
        SPAPI_CLIENT_ID: 'id',
        SPAPI_CLIENT_SECRET: 'secret',
      }),
    );
    const host = (...args: Parameters<typeof spapi.authorizeUrl>) =>
      new URL(spapi.authorizeUrl(...args)).host;
    expect(host('fe', 's', 'sg')).toBe('sellercentral.amazon.sg');
    expect(host('fe', 's')).toBe('sellercentral.amazon.com.au');
    expect(host('eu', 's', 'ae')).toBe('sellercentral.amazon.ae');
    expect(host('eu', 's', 'uk')).toBe('sellercentral-europe.amazon.com');
    expect(host('na', 's', 'ca')).toBe('sellercentral.amazon.ca');
    expect(new URL(spapi.authorizeUrl('fe', 's', 'sg')).pathname).toBe('/apps/authorize/consent');
    // The sandbox's page names the Seller Central the real link would open.
    expect(new URL(sandbox.authorizeUrl('fe', 's', 'sg')).searchParams.get('seller_central')).toBe(
      'https://sellercentral.amazon.sg',
    );
  });

  it("knows Amazon's Seller Central hosts by region, over HTTPS and the default port only", () => {
    const region = (url: string) => sandbox.regionOfCallback(new URL(url));
    expect(region('https://sellercentral.amazon.com/apps/authorize/confirm/x')).toBe('na');
    expect(region('https://SellerCentral.Amazon.com.mx/x')).toBe('na');
    expect(region('https://sellercentral.amazon.ae/x')).toBe('eu');
    expect(region('https://sellercentral.amazon.sg/x')).toBe('fe');
    for (const url of [
      'http://sellercentral.amazon.com/x',
      'https://sellercentral.amazon.com:444/x',
      'https://user:pw@sellercentral.amazon.com/x',
      'https://sellercentral.amazon.com.attacker.example/x',
      'https://amazon.com/x',
    ])
      expect(region(url), url).toBeNull();
  });
});
