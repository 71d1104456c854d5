import {
  regionByCode,
  type HistoryPoint,
  type HistoryRange,
  type HistorySignals,
  type ProductHistory,
  type RegionCode,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MarketplaceProvider, PastDay } from '../../providers/marketplace/types';
import { bucketed, bucketOf, HOUR, UTC_DAY, type Bucket } from './buckets';
import { ROLL_UP_DAYS, utcDayStart } from './roll-up';

const DAY = 86_400_000;
const price = (cents: number | null) => (cents == null ? null : cents / 100);

/** A point with what the signals need beside it: the rank it began with and the improvements inside it. */
interface Counted {
  point: HistoryPoint;
  rankFirst: number | null;
  rankImprovements: number;
  outOfStock: boolean;
  low: number | null;
  high: number | null;
}

const observed = (b: Bucket): Counted => ({
  point: {
    at: b.at.toISOString(),
    source: 'observed',
    buybox_price: price(b.buyboxLastCents),
    buybox_is_amazon: b.buyboxIsAmazonLast,
    lowest_new_price: price(b.lowestNewMinCents),
    lowest_fba_price: price(b.lowestFbaMinCents),
    new_offers: b.newOffersLast,
    fba_offers: b.fbaOffersLast,
    sales_rank: b.rankLast,
    rank_category: b.rankCategory,
    in_stock: b.outOfStock > 0 ? false : b.observations > 0 ? true : null,
  },
  rankFirst: b.rankFirst,
  rankImprovements: b.rankImprovements,
  outOfStock: b.outOfStock > 0,
  low: price(b.buyboxMinCents ?? b.lowestNewMinCents),
  high: price(b.buyboxMaxCents ?? b.lowestNewMaxCents),
});

const generated = (d: PastDay): Counted => ({
  point: {
    at: new Date(d.day).toISOString(),
    source: 'sandbox',
    buybox_price: d.buybox,
    buybox_is_amazon: d.buybox_is_amazon,
    lowest_new_price: d.lowest_new,
    lowest_fba_price: d.lowest_fba,
    new_offers: d.new_offers,
    fba_offers: d.fba_offers,
    sales_rank: d.sales_rank,
    rank_category: d.rank_category,
    in_stock: d.in_stock,
  },
  rankFirst: d.sales_rank,
  rankImprovements: 0,
  outOfStock: !d.in_stock,
  low: d.buybox ?? d.lowest_new,
  high: d.buybox ?? d.lowest_new,
});

/** The signals of a range's points, oldest first (read-history's only arithmetic, kept pure to test). */
export function signalsOf(points: readonly Counted[]): HistorySignals {
  let lowest: HistorySignals['lowest_price'] = null;
  let highest: HistorySignals['highest_price'] = null;
  const outDays = new Set<string>();
  let improvements = 0;
  let sandboxDays = 0;
  let previous: { rank: number; category: string | null } | null = null;
  for (const c of points) {
    const { point } = c;
    const day = point.at.slice(0, 10);
    if (c.low != null && (!lowest || c.low < lowest.price)) lowest = { price: c.low, at: point.at };
    if (c.high != null && (!highest || c.high > highest.price)) highest = { price: c.high, at: point.at };
    if (c.outOfStock) outDays.add(day);
    if (point.source === 'sandbox') sandboxDays += 1;
    improvements += c.rankImprovements;
    // Across points: the rank the point began with against the one the last ranked point ended with.
    if (
      c.rankFirst != null &&
      previous &&
      previous.category === point.rank_category &&
      c.rankFirst < previous.rank
    )
      improvements += 1;
    if (point.sales_rank != null) previous = { rank: point.sales_rank, category: point.rank_category };
  }
  return {
    lowest_price: lowest,
    highest_price: highest,
    days_out_of_stock: outDays.size,
    rank_improvements: improvements,
    sandbox_days: sandboxDays,
  };
}

const asDate = (bucket: unknown) =>
  bucket instanceof Date
    ? bucket
    : new Date(/^\d{4}-\d{2}-\d{2}$/.test(String(bucket)) ? `${bucket}T00:00:00Z` : String(bucket));

/** Raw observations folded by hour (30 and 90 days) or by UTC day from `from`. */
async function rawBuckets(db: Db, marketplace: RegionCode, asin: string, from: Date, byDay: boolean) {
  const found = await db.execute(
    sql`${bucketed(
      byDay ? UTC_DAY : HOUR,
      sql`o.marketplace = ${marketplace} and o.asin = ${asin} and o.observed_at >= ${from.toISOString()}::timestamptz`,
    )} order by 1`,
  );
  return found.rows.map((r) => bucketOf(r, asDate(r.bucket)));
}

/** The roll-ups of whole days in [from, to). */
async function rolledUp(db: Db, marketplace: RegionCode, asin: string, from: Date, to: Date) {
  const found = await db.execute(sql`
    select * from product_observation_days
    where marketplace = ${marketplace} and asin = ${asin}
      and day >= ${from.toISOString().slice(0, 10)}::date and day < ${to.toISOString().slice(0, 10)}::date
    order by day`);
  return found.rows.map((r) => bucketOf(r, asDate(r.day)));
}

async function seenBefore(db: Db, marketplace: RegionCode, asin: string, from: Date) {
  const rows = await db.execute<{ seen: boolean }>(sql`select
      exists (select 1 from product_observations where marketplace = ${marketplace} and asin = ${asin}
                 and observed_at < ${from.toISOString()}::timestamptz)
      or exists (select 1 from product_observation_days where marketplace = ${marketplace} and asin = ${asin}
                    and day < ${from.toISOString()}::timestamptz) as seen`);
  return rows.rows[0]?.seen === true;
}

/**
 * A product's history in one marketplace over the last `days` (`GET /v1/products/:marketplace/:asin/history`):
 * public data, the same for every seller. Up to 90 days, each hour's observations; 365 days, the daily
 * roll-ups, with the last days the nightly roll-up may not have folded yet read from the raw rows. Where
 * the provider tells a past (the sandbox), its days before the first observation fill the range,
 * labelled `sandbox`.
 */
export async function productHistory(
  db: Db,
  provider: Pick<MarketplaceProvider, 'history'>,
  q: { marketplace: RegionCode; asin: string; days: HistoryRange },
  now = new Date(),
): Promise<ProductHistory> {
  const from = new Date(now.getTime() - q.days * DAY);
  const byDay = q.days > 90;
  let buckets: Bucket[];
  if (!byDay) buckets = await rawBuckets(db, q.marketplace, q.asin, from, false);
  else {
    const cutoff = new Date(
      Math.max(utcDayStart(now).getTime() - ROLL_UP_DAYS * DAY, utcDayStart(from).getTime()),
    );
    const [folded, recent] = await Promise.all([
      rolledUp(db, q.marketplace, q.asin, utcDayStart(from), cutoff),
      rawBuckets(db, q.marketplace, q.asin, cutoff, true),
    ]);
    buckets = [...folded, ...recent];
  }
  const points = buckets.map(observed);
  // Observed before the range too: the sandbox tells no past of a product we have seen (its market moves
  // by day, and a made-up day between two real ones would read as what the product did).
  if (provider.history && !(await seenBefore(db, q.marketplace, q.asin, from))) {
    const today = utcDayStart(now).getTime();
    const firstSeen = buckets[0] ? utcDayStart(buckets[0].at).getTime() : today;
    // Only the days before the first observation are built: a year observed every day builds none.
    const past = provider.history(q.asin, q.marketplace, q.days, today, firstSeen);
    points.unshift(...past.map(generated));
  }
  return {
    marketplace: q.marketplace,
    asin: q.asin,
    currency: buckets[0]?.currency ?? regionByCode(q.marketplace).currency.code,
    days: q.days,
    resolution: byDay ? 'day' : 'hour',
    points: points.map((c) => c.point),
    signals: signalsOf(points),
  };
}
