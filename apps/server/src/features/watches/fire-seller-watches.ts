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
 * - a whole inventory's `out_of_stock`: within the hour after the inventory's update finished today, how
 *   many of its products the source (its buying country) last showed out of stock today after showing
 *   them in stock before today (the observations of features/history, up to 35 days back); one alert
 *   "N products sold out at the source today" when N > 0.
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
    sold as (
      select w.id, w.user_id, w.marketplace, w.inventory_id, w.condition, count(*)::int as n
      from watches w
      join inventories i on i.id = w.inventory_id
      join inventory_products ip on ip.inventory_id = i.id
      cross join lateral (
        select o.in_stock from product_observations o
        where o.marketplace = i.from_country and o.asin = ip.code and o.in_stock is not null
          and o.observed_at >= (now() at time zone 'UTC')::date at time zone 'UTC'
        order by o.observed_at desc limit 1) today
      cross join lateral (
        select o.in_stock from product_observations o
        where o.marketplace = i.from_country and o.asin = ip.code and o.in_stock is not null
          and o.observed_at < (now() at time zone 'UTC')::date at time zone 'UTC'
          and o.observed_at >= (now() at time zone 'UTC')::date at time zone 'UTC' - interval '35 days'
        order by o.observed_at desc limit 1) before
      where w.inventory_id is not null and w.condition = 'out_of_stock'
        and i.update_status = 'done'
        and i.update_finished_at >= greatest((now() at time zone 'UTC')::date at time zone 'UTC',
                                             now() - interval '1 hour')
        and not exists (select 1 from notifications n
                        where n.watch_id = w.id and n.fired_on = (now() at time zone 'UTC')::date)
        and today.in_stock = false and before.in_stock = true
      group by w.id, w.user_id, w.marketplace, w.inventory_id, w.condition
    ),
    fired as (
      insert into notifications
        (user_id, watch_id, fired_on, marketplace, asin, condition, currency, profit_percent, restriction,
         inventory_id, product_count)
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, asin, condition, ${currencyOf},
             round(percent::numeric, 2), null::text, null::uuid, null::int
      from profit
      union all
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, asin, condition, ${currencyOf}, null, state, null, null
      from seen where state is not null and last_restriction is not null and state <> last_restriction
      union all
      select user_id, id, (now() at time zone 'UTC')::date, marketplace, null, condition, ${currencyOf},
             null, null, inventory_id, n
      from sold
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
