// Keeping listings in step at scale: 10,000 changed SKUs of one inventory pushed by `sync-listings` to a
// local server enforcing Amazon's documented default limits. Each SKU is read back first (drift,
// searchListingsItems 20 SKUs a call at 5/s burst 5: 100 SKUs/s), then all go as one JSON_LISTINGS_FEED
// followed to its processing report. Judged by the read-back's steady rate as a share of its allowance
// (target ≥ 90 %) with no 429, and by the whole push rate against the 100 SKUs/s that allowance permits.
import { defaultReportSettings } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { inventories } from '../apps/server/src/db/schema';
import { keepListingsInStep } from '../apps/server/src/features/listings/keep-in-step';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiSellerStore } from '../apps/server/src/providers/marketplace/spapi/listings-items';
import { startingTokens } from '../apps/server/src/providers/marketplace/spapi/pacing';
import { MARKETPLACES } from '../apps/server/src/providers/marketplace/spapi/regions';
import { purchasableOffer } from '../apps/server/src/features/listings/offer-body';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase, benchIds } from './bench-db';

const SKUS = Number(process.env.BENCH_LISTINGS_SKUS ?? 10_000);
const SELLER = 'ABENCHSELLER';
const own = { sellingPartnerId: SELLER, refreshToken: 'Atzr|bench-seller' };
const { rate, burst } = AMAZON_DEFAULT_LIMITS.searchListingsItems;
const perCall = 20;
const marketplaceId = MARKETPLACES.ca.id;

const db = await benchDatabase();
const stand = await startSpapiStandIn();
try {
  const [inventory] = await db.db
    .insert(inventories)
    .values({
      userId: db.userId,
      title: 'Bench listings',
      fromCountry: 'us',
      toCountry: 'ca',
      settings: defaultReportSettings(1.35),
      listingSyncEnabled: true,
    })
    .returning({ id: inventories.id });
  const id = inventory!.id;
  const codes = benchIds(SKUS, 'L');
  // Every product priced a little above what was last pushed (well inside the safety hold), same stock.
  await db.db.execute(sql`
    insert into inventory_products (inventory_id, user_id, code, snapshot, available, min_price, std_price,
                                    max_price, stock, updated_at)
    select ${id}::uuid, ${db.userId}, code, '{"row_cross":{"status":"ok"},"row_to":{"status":"ok"}}'::jsonb,
           true, 20, 31, 60, 5, now()
      from unnest(${sql.param(codes)}::text[]) as code`);
  await db.db.execute(sql`
    insert into listings (inventory_id, user_id, code, sku, marketplace_id, state, pushed_price,
                          pushed_min_price, pushed_max_price, pushed_quantity, pushed_at)
    select ${id}::uuid, ${db.userId}, code, 'SKU-' || code, ${marketplaceId}, 'live', 30, 20, 60, 5, now()
      from unnest(${sql.param(codes)}::text[]) as code`);
  for (const code of codes)
    stand.listings.seed(SELLER, marketplaceId, `SKU-${code}`, {
      merchant_suggested_asin: [{ value: code, marketplace_id: marketplaceId }],
      purchasable_offer: purchasableOffer('ca', { price: 30, min: 20, max: 60 }),
      fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 5 }],
    });

  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: {} },
    endpoints: { na: stand.url },
    lwaUrl: stand.lwaUrl,
  });
  const deps = {
    db: db.db,
    logger: db.logger,
    store: createSpapiSellerStore(client),
    accounts: {
      forUser: async () => ({ kind: 'own' as const, account: { own, tenant: db.userId } }),
      revoked: async () => {},
    },
    feedPollMs: 500,
  };
  const t0 = performance.now();
  const outcome = await keepListingsInStep(deps, id);
  const seconds = (performance.now() - t0) / 1000;
  if (outcome !== 'done') throw new Error(`sync ended ${outcome}`);
  const [pushed] = await db.db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from listings where inventory_id = ${id}::uuid and pushed_price = 31`,
    )
    .then((r) => r.rows);
  if (Number(pushed!.n) !== SKUS) throw new Error(`pushed ${pushed!.n} of ${SKUS}`);

  const searches = stand.arrivals.searchListingsItems;
  const steady = searches.slice(startingTokens(burst));
  const achieved = (steady.length - 1) / ((steady.at(-1)! - steady[0]!) / 1000);
  const percent = (achieved / rate) * 100;
  const allowed = rate * perCall;
  const pushRate = SKUS / seconds;
  const throttled = Object.values(stand.throttled).reduce((a, b) => a + b, 0);
  console.log(
    `BENCH listings.sync_${SKUS} ${seconds.toFixed(1)} s (${stand.feeds.size} feed, ${searches.length} read-backs)`,
  );
  console.log(`BENCH listings.sync_rate ${pushRate.toFixed(1)} SKUs/s (allowed ${allowed} by the read-back)`);
  console.log(`BENCH listings.sync_rate_ratio_to_allowance ${(pushRate / allowed).toFixed(2)} x`);
  console.log(`BENCH listings.sync_readback_utilisation ${percent.toFixed(1)} %`);
  console.log(`BENCH listings.sync_throttled ${throttled} responses`);
  console.log(`BENCH listings.sync_utilisation_ratio_to_target ${(percent / 90).toFixed(2)} x`);
} finally {
  await stand.close();
  await db.close();
}
