// Restrictions before offers (issue 63): a 2,000-product US → CA report through the real worker and the
// SP-API provider, for a connected seller who cannot list 30 % of the list, against a local server
// enforcing Amazon's documented rates scaled up `SCALE` times (their proportions kept: getItemOffersBatch
// 0.1/s, searchCatalogItems 2/s, getListingsRestrictions 5/s). Today's order (offers for every product,
// restrictions after) against restrictions first; judged by the ratio of products analysed per second
// (goal ≥ 1.35×). The restriction phase after the lookups is not timed (its answers are kept either way).
import { processReport } from '../apps/server/src/features/reports/process-report';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiMarketplace } from '../apps/server/src/providers/marketplace/spapi/provider';
import type { LookupAccounts } from '../apps/server/src/providers/marketplace/types';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase, insertBenchReport } from './bench-db';

const PRODUCTS = Number(process.env.BENCH_FUNNEL_PRODUCTS ?? 2000);
const SCALE = Number(process.env.BENCH_FUNNEL_SCALE ?? 50);
const CANNOT_SHARE = 0.3;

const scaled = (op: keyof typeof AMAZON_DEFAULT_LIMITS) => ({
  rate: AMAZON_DEFAULT_LIMITS[op].rate * SCALE,
  burst: AMAZON_DEFAULT_LIMITS[op].burst,
});
// Every tenth product's last digit decides: 0, 1 and 2 of every ten cannot be listed (30 %).
const cannotList = (asin: string) => Number(asin.slice(-1)) < CANNOT_SHARE * 10;

const db = await benchDatabase();
const stand = await startSpapiStandIn(
  {
    searchCatalogItems: scaled('searchCatalogItems'),
    getItemOffersBatch: scaled('getItemOffersBatch'),
    getListingsRestrictions: scaled('getListingsRestrictions'),
  },
  { notEligible: (asin) => cannotList(asin) },
);
const own = { sellingPartnerId: 'ABENCHSELLER', refreshToken: 'Atzr|bench-seller' };
const accounts: LookupAccounts = {
  forUser: async (userId) => ({ kind: 'own', account: { own, tenant: userId } }),
  revoked: async () => {},
};

/** One report of PRODUCTS products (`tag` keeps each run's products its own): products per second. */
async function run(tag: string, restrictionsFirst: boolean) {
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: {} },
    endpoints: { na: stand.url },
    lwaUrl: stand.lwaUrl,
    // At the scaled rates a request's few milliseconds of jitter can meet a 429 that Amazon's real
    // intervals (200 ms and more) never would; a short back-off keeps that artifact out of both runs.
    backoffMs: 50,
  });
  const marketplace = createSpapiMarketplace(client);
  const report = await insertBenchReport(db.db, db.userId, PRODUCTS, tag);
  const offersBefore = stand.arrivals.getItemOffersBatch.length;
  const t0 = performance.now();
  const outcome = await processReport(
    {
      db: db.db,
      marketplace,
      logger: db.logger,
      leaseSeconds: 60,
      owner: 'bench',
      accounts,
      restrictionsFirst,
    },
    report.id,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (outcome !== 'finalized') throw new Error(`report ended ${outcome}`);
  return {
    rate: PRODUCTS / seconds,
    seconds,
    offersCalls: stand.arrivals.getItemOffersBatch.length - offersBefore,
  };
}

try {
  const today = await run('QA', false);
  const first = await run('QB', true);
  const ratio = first.rate / today.rate;
  const line = (name: string, r: typeof today) =>
    console.log(
      `BENCH funnel.${name} ${r.rate.toFixed(1)} products/s (${PRODUCTS} in ${r.seconds.toFixed(1)} s, ${r.offersCalls} offers calls, rates ×${SCALE})`,
    );
  line('today_order', today);
  line('restrictions_first', first);
  console.log(
    `BENCH funnel.throttled ${stand.throttled.getItemOffersBatch} offers, ${stand.throttled.getListingsRestrictions} restrictions, ${stand.throttled.searchCatalogItems} catalogue responses 429`,
  );
  console.log(`BENCH funnel.ratio_to_today ${ratio.toFixed(2)} x (goal ≥ 1.35)`);
} finally {
  await stand.close();
  await db.close();
}
