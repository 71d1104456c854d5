import { createSpapiClient } from '../../src/providers/marketplace/spapi/client';
import type { PacerFactory, PacerKey } from '../../src/providers/marketplace/spapi/pacing';
import { createSpapiMarketplace } from '../../src/providers/marketplace/spapi/provider';
import type { SpapiStandIn } from './spapi-stand-in';

/** The stand-in's default allowance in these tests: fast enough to run, slow enough to need pacing. */
export const LIMITS = {
  searchCatalogItems: { rate: 10, burst: 2 },
  getItemOffersBatch: { rate: 5, burst: 1 },
};

/** An SP-API client and marketplace provider pointed at a stand-in, with a short back-off. */
export function provider(
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
 * A pacing factory that notes when each token of a bucket was granted, as an upper bound (the moment
 * `take` resolved here, never earlier than the grant itself). `grantsOf` names the list a bucket's grants
 * go to, or none for a bucket not watched.
 */
export const recordGrants =
  (factory: PacerFactory, grantsOf: (key: PacerKey) => number[] | undefined): PacerFactory =>
  (key, limits) => {
    const pacer = factory(key, limits);
    const grants = grantsOf(key);
    if (!grants) return pacer;
    return {
      take: async (tenant) => {
        await pacer.take(tenant);
        grants.push(performance.now());
      },
      setRate: (rate) => pacer.setRate(rate),
      drain: () => pacer.drain(),
    };
  };

/** The offers buckets' grants (every authorisation's), in one list. */
export const noteGrants = (factory: PacerFactory, grants: number[]): PacerFactory =>
  recordGrants(factory, (key) => (key.operation === 'getItemOffersBatch' ? grants : undefined));
