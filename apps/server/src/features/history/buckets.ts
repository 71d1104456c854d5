import { sql, type SQL } from 'drizzle-orm';

/** One product's observations folded over a bucket of time (an hour for the charts, a UTC day for roll-ups). */
export interface Bucket {
  at: Date;
  currency: string;
  observations: number;
  outOfStock: number;
  buyboxMinCents: number | null;
  buyboxMaxCents: number | null;
  buyboxLastCents: number | null;
  lowestNewMinCents: number | null;
  lowestNewMaxCents: number | null;
  lowestFbaMinCents: number | null;
  newOffersLast: number | null;
  fbaOffersLast: number | null;
  buyboxIsAmazonLast: boolean | null;
  rankFirst: number | null;
  rankLast: number | null;
  rankBest: number | null;
  rankImprovements: number;
  rankCategory: string | null;
}

const last = (column: string) =>
  sql.raw(`(array_agg(${column} order by observed_at desc) filter (where ${column} is not null))[1]`);
const first = (column: string) =>
  sql.raw(`(array_agg(${column} order by observed_at) filter (where ${column} is not null))[1]`);

/**
 * The observations of `where` folded per product and `bucket` (an SQL expression over `observed_at`), in
 * the roll-up table's column order after `day, marketplace, asin`. A rank improvement is a ranked
 * observation whose rank is lower than the ranked one before it in the same bucket and category (light
 * checks carry no rank and are skipped, not counted as a change).
 */
export function bucketed(bucket: SQL, where: SQL): SQL {
  return sql`
    select ${bucket} as bucket, marketplace, asin,
      max(currency) as currency,
      count(*)::int as observations,
      (count(*) filter (where in_stock = false))::int as out_of_stock,
      min(buybox_cents) as buybox_min_cents, max(buybox_cents) as buybox_max_cents,
      ${last('buybox_cents')} as buybox_last_cents,
      min(lowest_new_cents) as lowest_new_min_cents, max(lowest_new_cents) as lowest_new_max_cents,
      min(lowest_fba_cents) as lowest_fba_min_cents,
      ${last('new_offers')} as new_offers_last, ${last('fba_offers')} as fba_offers_last,
      ${last('buybox_is_amazon')} as buybox_is_amazon_last,
      ${first('sales_rank')} as rank_first, ${last('sales_rank')} as rank_last,
      min(sales_rank) as rank_best,
      (count(*) filter (where improved))::int as rank_improvements,
      ${last('rank_category')} as rank_category
    from (
      select o.*, o.sales_rank < lag(o.sales_rank) over w and o.rank_category = lag(o.rank_category) over w
        as improved
      from product_observations o
      where ${where}
      window w as (partition by o.marketplace, o.asin, ${bucket}, (o.sales_rank is null) order by o.observed_at)
    ) s
    group by 1, marketplace, asin`;
}

/** A UTC day of `observed_at`, as roll-ups count days. */
export const UTC_DAY = sql`(observed_at at time zone 'UTC')::date`;
/** An hour of `observed_at`. */
export const HOUR = sql`date_trunc('hour', observed_at)`;

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? null : Number(v));

/** A bucket row as read back (node-postgres gives dates and timestamps as strings or Dates). */
export function bucketOf(row: Row, at: Date): Bucket {
  return {
    at,
    currency: String(row.currency),
    observations: Number(row.observations),
    outOfStock: Number(row.out_of_stock),
    buyboxMinCents: num(row.buybox_min_cents),
    buyboxMaxCents: num(row.buybox_max_cents),
    buyboxLastCents: num(row.buybox_last_cents),
    lowestNewMinCents: num(row.lowest_new_min_cents),
    lowestNewMaxCents: num(row.lowest_new_max_cents),
    lowestFbaMinCents: num(row.lowest_fba_min_cents),
    newOffersLast: num(row.new_offers_last),
    fbaOffersLast: num(row.fba_offers_last),
    buyboxIsAmazonLast: (row.buybox_is_amazon_last as boolean | null) ?? null,
    rankFirst: num(row.rank_first),
    rankLast: num(row.rank_last),
    rankBest: num(row.rank_best),
    rankImprovements: Number(row.rank_improvements ?? 0),
    rankCategory: (row.rank_category as string | null) ?? null,
  };
}
