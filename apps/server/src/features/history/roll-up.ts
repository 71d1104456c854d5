import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bucketed, UTC_DAY } from './buckets';

const DAY = 86_400_000;

/** Days the nightly roll-up folds again: yesterday and the two before, for answers written late. */
export const ROLL_UP_DAYS = 3;

/**
 * Folds each product's observations of the UTC days [`from`, `to`) into `product_observation_days`, one
 * statement; a day folded again is replaced, so the nightly run may overlap the last. Answers the rows.
 */
export async function rollUpDays(db: Db, from: Date, to: Date): Promise<number> {
  const done = await db.execute(sql`
    insert into product_observation_days (day, marketplace, asin, currency, observations, out_of_stock,
      buybox_min_cents, buybox_max_cents, buybox_last_cents, lowest_new_min_cents, lowest_new_max_cents,
      lowest_fba_min_cents, new_offers_last, fba_offers_last, buybox_is_amazon_last,
      rank_first, rank_last, rank_best, rank_improvements, rank_category)
    ${bucketed(UTC_DAY, sql`o.observed_at >= ${from.toISOString()}::timestamptz and o.observed_at < ${to.toISOString()}::timestamptz`)}
    on conflict (marketplace, asin, day) do update set
      currency = excluded.currency, observations = excluded.observations,
      out_of_stock = excluded.out_of_stock, buybox_min_cents = excluded.buybox_min_cents,
      buybox_max_cents = excluded.buybox_max_cents, buybox_last_cents = excluded.buybox_last_cents,
      lowest_new_min_cents = excluded.lowest_new_min_cents,
      lowest_new_max_cents = excluded.lowest_new_max_cents,
      lowest_fba_min_cents = excluded.lowest_fba_min_cents, new_offers_last = excluded.new_offers_last,
      fba_offers_last = excluded.fba_offers_last, buybox_is_amazon_last = excluded.buybox_is_amazon_last,
      rank_first = excluded.rank_first, rank_last = excluded.rank_last, rank_best = excluded.rank_best,
      rank_improvements = excluded.rank_improvements, rank_category = excluded.rank_category`);
  return done.rowCount ?? 0;
}

/** The start of the UTC day of `at`. */
export const utcDayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);

/** Days one roll-up statement folds at most, so a long catch-up stays a row of short statements. */
const CATCH_UP_STEP_DAYS = 7;

/**
 * The nightly roll-up: the last `ROLL_UP_DAYS` whole UTC days before `now`, and every day since the last
 * day already folded (a worker down for a week left days that the server's lookups observed, which three
 * days would never reach), as far back as raw observations are kept (`rawDays`).
 */
export async function rollUpRecent(db: Db, now = new Date(), rawDays = 100): Promise<number> {
  const to = utcDayStart(now).getTime();
  const earliest = new Date(to - rawDays * DAY).toISOString();
  // Bounded below too, so the roll-ups' monthly partitions older than the raw ones are pruned from the scan.
  const found = await db.execute<{ last: string | null }>(
    sql`select max(day)::text as last from product_observation_days
         where day >= ${earliest}::date and day < ${new Date(to).toISOString()}::date`,
  );
  const last = found.rows[0]?.last;
  let from = to - ROLL_UP_DAYS * DAY;
  if (last) from = Math.min(from, Date.parse(`${last}T00:00:00Z`) + DAY);
  else from = to - rawDays * DAY;
  from = Math.max(from, to - rawDays * DAY);
  let rows = 0;
  for (let at = from; at < to; at += CATCH_UP_STEP_DAYS * DAY)
    rows += await rollUpDays(db, new Date(at), new Date(Math.min(at + CATCH_UP_STEP_DAYS * DAY, to)));
  return rows;
}
