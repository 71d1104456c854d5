import type { ProductSide, RegionCode } from '@crossmarket/domain';
import type { PastDay } from './types';

const DAY = 86_400_000;

/** A day's answer as a point of the past, read as `features/history` reads an observed lookup. */
export function pastDayOf(side: ProductSide, day: number): PastDay {
  const box = side.buybox;
  return {
    day,
    buybox: box?.buy_price ?? null,
    buybox_is_amazon: box ? box.seller_id === 'ATVPDKIKX0DER' : null,
    lowest_new: side.lowest?.buy_price ?? null,
    lowest_fba: side.lowest_fba?.buy_price ?? null,
    new_offers: side.total_prices_count ?? 0,
    fba_offers: side.fba_prices_count ?? 0,
    sales_rank: side.sales_rank?.rank ?? null,
    rank_category: side.sales_rank?.category ?? null,
    in_stock: side.status !== 'nostock',
  };
}

/** How many products' days a provider keeps (each at most a year and a day: about 50 kB a product). */
const PRODUCTS_KEPT = 256;
const DAYS_KEPT = 366;

/**
 * The sandbox's past of products (issue 49), one day at a time: the point of a day is what the sandbox
 * answered for the product in its marketplace on that day (`answer`, a pure function of the product, the
 * marketplace and the day), so yesterday's point is yesterday's lookup and a day looks the same in the
 * 30-, 90- and 365-day ranges, and again tomorrow. Built days are kept per product, the most recently
 * charted products first, so a chart opened again builds only the days it has not built (issue 59).
 */
export function sandboxPast(answer: (asin: string, region: RegionCode, day: number) => PastDay | null) {
  const kept = new Map<string, Map<number, PastDay | null>>();
  return {
    /**
     * The `days` whole UTC days before `today`, oldest first, only those before `before` (the first day
     * observations cover: only the days nobody observed are built). A product the sandbox does not know
     * has no past.
     */
    days(asin: string, region: RegionCode, days: number, today: number, before = today): PastDay[] {
      const key = `${region}:${asin}`;
      let byDay = kept.get(key);
      if (byDay) kept.delete(key);
      else byDay = new Map();
      kept.set(key, byDay);
      if (kept.size > PRODUCTS_KEPT) kept.delete(kept.keys().next().value!);
      const out: PastDay[] = [];
      const end = Math.min(today, before);
      for (let day = today - days * DAY; day < end; day += DAY) {
        let point = byDay.get(day);
        if (point === undefined) {
          point = answer(asin, region, day);
          byDay.set(day, point);
        }
        if (point) out.push(point);
      }
      // Days older than any range a chart asks for fall out first.
      if (byDay.size > DAYS_KEPT)
        for (const day of byDay.keys()) if (day < today - DAYS_KEPT * DAY) byDay.delete(day);
      return out;
    },
  };
}
