import { REGIONS } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The marketplace's currency, for alerts that carry no price of their own. */
const currencyOf = sql.raw(
  `case marketplace ${REGIONS.map((r) => `when '${r.code}' then '${r.currency.code}'`).join(' ')} else '' end`,
);

/**
 * Fires the watches that rest on the seller's own data rather than on public observations, once a UTC
 * day each (the same unique index as `fireWatches`):
 *
 * - `profit_at_or_above`: the profit the seller's own inventory update priced today for the product in
 *   the watch's marketplace (an inventory selling there holding the ASIN): `std_profit` over the landed
 *   `cost_in_tc`, both from the inventory's settings and lane in force. A product in no inventory of the
 *   seller's, or not updated today, does not fire.
 * - `restriction_changed`: the newest listing restriction kept for the seller in that marketplace
 *   (features/restrictions) differs from the one the watch last saw; the first one seen is only noted.
 *
 * Run by the `watch-alerts` job every few minutes. Answers how many fired.
 */
export async function fireSellerWatches(db: Db): Promise<number> {
  const done = await db.execute<{ fired: number }>(sql`
    with profit as (
      select distinct on (w.id) w.id, w.user_id, w.marketplace, w.asin, w.condition,
             ip.std_profit / ip.cost_in_tc * 100 as percent
      from watches w
      join inventories i on i.user_id = w.user_id and i.to_country = w.marketplace
      join inventory_products ip on ip.inventory_id = i.id and ip.code = w.asin
      where w.condition = 'profit_at_or_above' and ip.cost_in_tc > 0 and ip.std_profit is not null
        and ip.updated_at >= (now() at time zone 'UTC')::date at time zone 'UTC'
        and ip.std_profit / ip.cost_in_tc * 100 >= w.threshold_cents / 100.0
      order by w.id, percent desc
    ),
    seen as (
      select w.id, w.user_id, w.marketplace, w.asin, w.condition, w.last_restriction,
             (select r.state from listing_restrictions r
               where r.user_id = w.user_id and r.country = w.marketplace and r.asin = w.asin
               order by r.checked_at desc limit 1) as state
      from watches w
      where w.condition = 'restriction_changed'
    ),
    fired as (
      insert into notifications
        (user_id, watch_id, fired_on, marketplace, asin, condition, currency, profit_percent, restriction)
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, asin, condition, ${currencyOf},
             round(percent::numeric, 2), null
      from profit
      union all
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, asin, condition, ${currencyOf}, null, state
      from seen where state is not null and last_restriction is not null and state <> last_restriction
      on conflict (watch_id, fired_on) do nothing
      returning id
    ),
    moved as (
      update watches w set last_restriction = seen.state from seen
      where w.id = seen.id and seen.state is not null and seen.state is distinct from w.last_restriction
      returning w.id
    )
    select (select count(*) from fired)::int as fired`);
  return Number(done.rows[0]?.fired ?? 0);
}
