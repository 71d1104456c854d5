// Listing restrictions: one getListingsRestrictions call per product under a seller's own authorisation,
// against a local server enforcing Amazon's documented default (5 requests/s, burst 10). Judged by the
// steady-state rate after the burst as a share of the allowance (target ≥ 90 %) with no 429.
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { startingTokens } from '../apps/server/src/providers/marketplace/spapi/pacing';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchIds } from './bench-db';

const { rate, burst } = AMAZON_DEFAULT_LIMITS.getListingsRestrictions;
const PRODUCTS = 70;
const stand = await startSpapiStandIn();
try {
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: {} },
    endpoints: { na: stand.url },
    lwaUrl: stand.lwaUrl,
  });
  const marketplace = createSpapiMarketplace(client);
  const own = { sellingPartnerId: 'ABENCHSELLER', refreshToken: 'Atzr|bench-seller' };
  const t0 = performance.now();
  const answers = await marketplace.listingRestrictions!(benchIds(PRODUCTS, 'LR'), 'us', { own });
  const seconds = (performance.now() - t0) / 1000;
  // After the client's opening burst: calls per second over the time they took.
  const steady = stand.arrivals.getListingsRestrictions.slice(startingTokens(burst));
  const achieved = (steady.length - 1) / ((steady.at(-1)! - steady[0]!) / 1000);
  const percent = (achieved / rate) * 100;
  console.log(
    `BENCH spapi.restrictions_products ${answers.filter(Boolean).length} products in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `BENCH spapi.restrictions_rate ${achieved.toFixed(2)} products/s (allowed ${rate} per authorisation)`,
  );
  console.log(`BENCH spapi.restrictions_utilisation ${percent.toFixed(1)} %`);
  console.log(`BENCH spapi.restrictions_throttled ${stand.throttled.getListingsRestrictions} responses`);
  console.log(`BENCH spapi.restrictions_utilisation_ratio_to_target ${(percent / 90).toFixed(2)} x`);
} finally {
  await stand.close();
}
