// Orders intake (issue 60) against the SP-API stand-in at Amazon's own limits (searchOrders 0.0056/s,
// burst 20; the stand-in answers 429 beyond them), through the shared PostgreSQL buckets:
// - orders.intake: 5,000 merchant-fulfilled orders across three regions (NA, EU, FE) of one seller, each
//   region read in one run by pages of 100, every order kept once;
// - the share of the region's searchOrders allowance the run used (calls ÷ what the bucket allowed over
//   the run: its burst plus what refilled), and throttled answers (target 0).
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { AMAZON_REGION_CODES, type AmazonRegionCode } from '@crossmarket/domain';
import { createTokenBox } from '../apps/server/src/features/amazon/token-box';
import type { OrdersDeps } from '../apps/server/src/features/orders';
import { takeInOrders } from '../apps/server/src/features/orders/intake';
import { createSpapiClient } from '../apps/server/src/providers/marketplace/spapi/client';
import { createSpapiSellerOrders } from '../apps/server/src/providers/marketplace/spapi/orders';
import { MARKETPLACES } from '../apps/server/src/providers/marketplace/spapi/regions';
import { postgresPacing } from '../apps/server/src/providers/marketplace/spapi/shared-pacing';
import { amazonOrder } from '../apps/server/test/helpers/order-fixtures';
import { startSpapiStandIn } from '../apps/server/test/helpers/spapi-stand-in';
import { benchDatabase } from './bench-db';

const ORDERS = 5_000;
const MARKETPLACE: Record<AmazonRegionCode, string> = {
  na: MARKETPLACES.ca.id,
  eu: MARKETPLACES.uk.id,
  fe: MARKETPLACES.au.id,
};
const token = (region: AmazonRegionCode) => `Atzr|bench-orders-${region}`;
const sellerOf = (region: AmazonRegionCode) => `A1BENCHORDERS${region.toUpperCase()}`;

const db = await benchDatabase();
const stand = await startSpapiStandIn(undefined, {
  sellerOf: (t) => AMAZON_REGION_CODES.map((r) => (t === token(r) ? sellerOf(r) : undefined)).find(Boolean),
});
try {
  const now = Date.now();
  for (let i = 0; i < ORDERS; i++) {
    const region = AMAZON_REGION_CODES[i % 3]!;
    const order = amazonOrder({ updated: now - 3 * 3_600_000 + i * 1000 });
    order.salesChannel.marketplaceId = MARKETPLACE[region];
    stand.orders.put(sellerOf(region), order);
  }
  const client = createSpapiClient({
    credentials: { clientId: 'bench', clientSecret: 'bench', refreshTokens: {} },
    endpoints: { na: stand.url, eu: stand.url, fe: stand.url },
    lwaUrl: stand.lwaUrl,
    pacing: postgresPacing(db.db),
  });
  const logger = pino({ level: 'silent' });
  const deps: OrdersDeps = {
    db: db.db,
    logger,
    orders: createSpapiSellerOrders(client),
    box: createTokenBox({ current: Buffer.alloc(32, 7), old: [] }),
    accounts: {
      forUser: async (_user, country) => {
        const region = MARKETPLACES[country].region;
        return {
          kind: 'own',
          account: {
            own: { sellingPartnerId: sellerOf(region), refreshToken: token(region) },
            tenant: db.userId,
          },
        };
      },
      revoked: async () => undefined,
    },
  };
  const t0 = performance.now();
  const runs = await Promise.all(AMAZON_REGION_CODES.map((r) => takeInOrders(deps, db.userId, r)));
  const seconds = (performance.now() - t0) / 1000;
  const kept = await db.db.execute<{ n: number; distinct: number }>(
    sql`select count(*)::int as n, count(distinct amazon_order_id)::int as distinct from orders`,
  );
  const { rate, burst } = stand.limits.searchOrders;
  const shares = AMAZON_REGION_CODES.map((r, i) => {
    const allowed = burst + rate * seconds;
    return { region: r, calls: runs[i]!.pages, share: runs[i]!.pages / allowed };
  });
  const share = Math.max(...shares.map((s) => s.share));
  console.log(
    `BENCH orders.intake ${kept.rows[0]!.n} orders (${kept.rows[0]!.distinct} distinct; target ${ORDERS})`,
  );
  console.log(`BENCH orders.intake_seconds ${seconds.toFixed(1)} s (three regions at once)`);
  for (const s of shares) console.log(`BENCH orders.intake_calls_${s.region} ${s.calls} searchOrders calls`);
  console.log(
    `BENCH orders.intake_allowance_used ${share.toFixed(2)} share of a region's searchOrders allowance (≤ 1)`,
  );
  console.log(`BENCH orders.intake_throttled ${stand.throttled.searchOrders} responses (target 0)`);
} finally {
  await stand.close();
  await db.close();
}
