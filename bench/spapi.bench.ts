// SP-API pacing: the provider looks 400 products up against a local server that enforces Amazon-style
// limits (scaled up from the documented defaults so the run is short) and announces them in
// `x-amzn-RateLimit-Limit`. Judged by utilisation of the allowed rate (target ≥ 90 %) with no 429 storm.
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import { startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchIds } from './bench-db';

const LIMITS = { searchCatalogItems: { rate: 10, burst: 2 }, getItemOffersBatch: { rate: 5, burst: 1 } };
const stand = await startSpapiStandIn(LIMITS);
try {
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: { na: 'Atzr|bench' } },
    endpoints: { na: stand.url },
    lwaUrl: stand.lwaUrl,
  });
  const marketplace = createSpapiMarketplace(client);
  const t0 = performance.now();
  const snapshots = await marketplace.lookup(benchIds(400, 'SP'), 'us', { shipTo: 'ca' });
  const seconds = (performance.now() - t0) / 1000;
  const offers = stand.arrivals.getItemOffersBatch;
  // Steady state: requests after the first, over the time they took (the burst is not a rate).
  const achieved = (offers.length - 1) / ((offers.at(-1)! - offers[0]!) / 1000);
  const utilisation = (achieved / LIMITS.getItemOffersBatch.rate) * 100;
  const throttled = stand.throttled.getItemOffersBatch + stand.throttled.searchCatalogItems;
  console.log(`BENCH spapi.products ${snapshots.length} products in ${seconds.toFixed(2)} s`);
  console.log(
    `BENCH spapi.offers_rate ${achieved.toFixed(2)} req/s (allowed ${LIMITS.getItemOffersBatch.rate})`,
  );
  console.log(`BENCH spapi.utilisation ${utilisation.toFixed(1)} %`);
  console.log(`BENCH spapi.throttled ${throttled} responses`);
  console.log(`BENCH spapi.utilisation_ratio_to_target ${(utilisation / 90).toFixed(2)} x`);
} finally {
  await stand.close();
}
