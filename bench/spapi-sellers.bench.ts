// Whose allowance pays, against the SP-API stand-in at scaled Amazon-style limits (one bucket per
// authorisation, as Amazon keeps them):
// - spapi.sellers_aggregate: four sellers with their own authorisations send 200-product reports at once;
//   aggregate products/s ÷ one seller's alone (target ≥ 3.6: each seller brings their own allowance).
// - spapi.cache_saved: a second user's report shares half its products with a report another user just
//   made; Amazon calls for it ÷ the calls it makes without the lookup cache (target ≤ 0.55).
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { postgresLookupCache } from '../apps/server/src/providers/marketplace/spapi/lookup-cache';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import type { LookupAccount, MarketplaceProvider } from '../apps/server/src/providers/marketplace/types';
import { startSpapiStandIn, type SpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase, benchIds } from './bench-db';

// Twenty times Amazon's offers rate: short runs, yet four sellers' lookups stay well within one core.
const LIMITS = { searchCatalogItems: { rate: 4, burst: 2 }, getItemOffersBatch: { rate: 2, burst: 1 } };
const PRODUCTS = 200;

const marketplaceAt = (stand: SpapiStandIn, options: Parameters<typeof createSpapiMarketplace>[1] = {}) =>
  createSpapiMarketplace(
    createSpapiClient({
      credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: { na: 'Atzr|bench-shared' } },
      endpoints: { na: stand.url },
      lwaUrl: stand.lwaUrl,
      // The back-off scaled with the limits: a tenth of an offers interval, as 1 s is at Amazon's 0.1/s.
      backoffMs: 50,
    }),
    options,
  );

/** A report's lookups: both sides of each batch at once, batch after batch, as the worker makes them. */
async function report(marketplace: MarketplaceProvider, ids: string[], account?: LookupAccount) {
  let cached = 0;
  for (let i = 0; i < ids.length; i += marketplace.batchSize) {
    const batch = ids.slice(i, i + marketplace.batchSize);
    const [cross, to] = await Promise.all([
      marketplace.lookup(batch, 'us', { shipTo: 'ca', account }),
      marketplace.lookup(batch, 'ca', { shipTo: 'ca', account }),
    ]);
    cached += cross.filter((c, j) => c.cached && to[j]!.cached).length;
  }
  return cached;
}

const seller = (n: number): LookupAccount => ({
  own: { sellingPartnerId: `A1BENCHSELLER${n}`, refreshToken: `Atzr|bench-seller-${n}` },
  tenant: `user-${n}`,
});
const calls = (stand: SpapiStandIn) =>
  stand.arrivals.getItemOffersBatch.length + stand.arrivals.searchCatalogItems.length;

// Four sellers, each with their own authorisation.
{
  const stand = await startSpapiStandIn(LIMITS);
  try {
    const marketplace = marketplaceAt(stand);
    let t0 = performance.now();
    await report(marketplace, benchIds(PRODUCTS, 'ONE'), seller(0));
    const alone = PRODUCTS / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    await Promise.all([1, 2, 3, 4].map((n) => report(marketplace, benchIds(PRODUCTS, `S${n}X`), seller(n))));
    const together = (4 * PRODUCTS) / ((performance.now() - t0) / 1000);
    const throttled = stand.throttled.getItemOffersBatch + stand.throttled.searchCatalogItems;
    console.log(`BENCH spapi.seller_alone ${alone.toFixed(2)} products/s (one seller, own authorisation)`);
    console.log(`BENCH spapi.sellers_together ${together.toFixed(2)} products/s (four sellers at once)`);
    console.log(`BENCH spapi.sellers_throttled ${throttled} responses`);
    console.log(`BENCH spapi.sellers_aggregate ${(together / alone).toFixed(2)} x (target ≥ 3.6)`);
  } finally {
    await stand.close();
  }
}

// Two users, half their products in common: the second one's calls with the cache and without.
{
  const db = await benchDatabase();
  const withCache = await startSpapiStandIn(LIMITS);
  const without = await startSpapiStandIn(LIMITS);
  try {
    const first = benchIds(PRODUCTS, 'FIRST');
    const second = [...first.slice(0, PRODUCTS / 2), ...benchIds(PRODUCTS / 2, 'SECOND')];
    const cached = marketplaceAt(withCache, { cache: postgresLookupCache(db.db, 900) });
    await report(cached, first, seller(1));
    const before = calls(withCache);
    const served = await report(cached, second, seller(2));
    const secondCalls = calls(withCache) - before;
    await report(marketplaceAt(without), second, seller(2));
    const baseline = calls(without);
    console.log(
      `BENCH spapi.cache_calls ${secondCalls} Amazon calls for the second report (${baseline} without the cache)`,
    );
    console.log(`BENCH spapi.cache_served ${served} of ${PRODUCTS} products from recent lookups`);
    console.log(
      `BENCH spapi.cache_both_reports ${((before + secondCalls) / (2 * baseline)).toFixed(2)} x (both reports' calls ÷ without)`,
    );
    console.log(`BENCH spapi.cache_saved ${(secondCalls / baseline).toFixed(2)} x (target ≤ 0.55)`);
  } finally {
    await withCache.close();
    await without.close();
    await db.close();
  }
}
