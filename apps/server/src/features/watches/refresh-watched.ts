import type { RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LookupAccounts, MarketplaceProvider } from '../../providers/marketplace/types';
import { watchingAccount } from './watching-accounts';
import { watchLimitOf } from './watches';

type Watched = {
  user_id: string;
  marketplace: RegionCode;
  asin: string;
};

/**
 * The daily refresh of watched products (the `watch-refresh` job): each product a seller watches that no
 * lookup has observed today (UTC) is checked once, so its watches fire even when no report or inventory
 * update sees it. Light lane first (`refreshPrices`: the cheapest call that says price and stock), a full
 * lookup only for what the light check could not tell; under the seller's own authorisation for the
 * marketplace's region where they have one, else the shared one (`accounts`), within their plan's watch
 * limit (the oldest watches first). The marketplace given is the worker's, whose answers are kept as
 * history and fire the watches (`recordingHistory`); a product watched by several sellers is checked once.
 * Only for accounts watches work for (`watchingAccount`): a lapsed or suspended seller's watches cost nothing.
 */
export async function refreshWatched(
  deps: { db: Db; marketplace: MarketplaceProvider; accounts?: LookupAccounts },
  now = new Date(),
) {
  const today = now.toISOString().slice(0, 10);
  const found = await deps.db.execute<Watched>(sql`
    select w.user_id, w.marketplace, w.asin
    from (select user_id, marketplace, asin, min(created_at) as since from watches
          where asin is not null and ${watchingAccount(sql.raw('watches.user_id'))}
          group by user_id, marketplace, asin) w
    where not exists (select 1 from product_observations o
                      where o.marketplace = w.marketplace and o.asin = w.asin
                        and o.observed_at >= ${today}::date at time zone 'UTC')
    order by w.user_id, w.since`);
  const byUser = new Map<string, Watched[]>();
  for (const row of found.rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const done = new Set<string>();
  let light = 0;
  let full = 0;
  for (const [userId, rows] of byUser) {
    const limit = await watchLimitOf(deps.db, userId);
    const byMarketplace = new Map<RegionCode, string[]>();
    for (const row of rows.slice(0, limit)) {
      const key = `${row.marketplace}:${row.asin}`;
      if (done.has(key)) continue;
      done.add(key);
      byMarketplace.set(row.marketplace, [...(byMarketplace.get(row.marketplace) ?? []), row.asin]);
    }
    for (const [marketplace, asins] of byMarketplace) {
      const resolved = deps.accounts ? await deps.accounts.forUser(userId, marketplace) : undefined;
      if (resolved === null) continue; // no authorisation at all for this region
      const options = { shipTo: marketplace, account: resolved?.account };
      for (let i = 0; i < asins.length; i += deps.marketplace.batchSize) {
        const batch = asins.slice(i, i + deps.marketplace.batchSize);
        let unknown = batch;
        if (deps.marketplace.refreshPrices) {
          const checks = await deps.marketplace.refreshPrices(batch, marketplace, options);
          light += batch.length;
          unknown = checks.filter((c) => c.status === 'unknown').map((c) => c.product_id);
        }
        if (unknown.length > 0) {
          await deps.marketplace.lookup(unknown, marketplace, options);
          full += unknown.length;
        }
      }
    }
  }
  return { products: done.size, light, full };
}
