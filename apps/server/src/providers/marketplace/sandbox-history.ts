import type { ProductSnapshot, RegionCode } from '@crossmarket/domain';
import { hash } from './seed';
import type { PastDay } from './types';

const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** A draw in [0, 1) from a name alone: the same day of the same product always draws the same. */
const draw = (key: string) => hash(key) / 4_294_967_296;

/** The day of the year (0–365) of a UTC day. */
const dayOfYear = (day: number) => {
  const d = new Date(day);
  return Math.floor((day - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY);
};

/**
 * How a product's price and rank lean on a day of the year: prices a little higher in the summer lull and
 * lowest around Black Friday and Prime Day's deals; ranks best (lowest) from Black Friday to Christmas,
 * when everything sells.
 */
function season(day: number) {
  const doy = dayOfYear(day);
  const deal = (doy >= 327 && doy <= 334) || (doy >= 191 && doy <= 193);
  const price = (1 + 0.035 * Math.cos((2 * Math.PI * (doy - 200)) / 365)) * (deal ? 0.88 : 1);
  const rank = doy >= 327 && doy <= 358 ? 0.55 : doy >= 191 && doy <= 193 ? 0.75 : 1;
  return { price, rank };
}

/**
 * A smooth product-own wobble: a few waves of a product's own periods and phases, plus a level that
 * steps each fortnight (a repricer, a new seller). Stateless in the day, so any range draws the same days.
 */
function wobble(key: string, day: number, size: number) {
  const t = day / DAY;
  let x = 0;
  for (let k = 1; k <= 3; k++) {
    const period = 9 + 60 * draw(`${key}:p${k}`);
    x += (size / k) * Math.sin((2 * Math.PI * t) / period + 2 * Math.PI * draw(`${key}:f${k}`));
  }
  const fortnight = Math.floor(t / 14);
  return x + size * 1.5 * (draw(`${key}:step:${fortnight}`) - 0.5);
}

/** Whether a product is out of stock on a day: a stock-out starts on about one day in 90 and lasts 2–9 days. */
function outOfStock(key: string, day: number) {
  for (let back = 0; back < 9; back++) {
    const start = day - back * DAY;
    if (draw(`${key}:out:${start}`) < 1 / 90 && back < 2 + Math.floor(draw(`${key}:len:${start}`) * 8))
      return true;
  }
  return false;
}

/**
 * The sandbox's past of a product in a marketplace (issue 49): the `days` whole UTC days before `today`,
 * generated from the product's ID alone, around what the sandbox answers for it (`now`, the same every
 * day) — so a fresh start shows real charts near today's lookup. A product the sandbox does not know has
 * no past. Days are independent draws of a smooth function, never a walk from a start, so a day looks the
 * same in the 30-, 90- and 365-day ranges, and again tomorrow. A product out of stock now has the same
 * kind of past as any other: the sandbox's stock does not change from day to day.
 */
export function sandboxHistory(
  product: { asin: string; region: RegionCode; now: ProductSnapshot; basePrice: number },
  days: number,
  today: number,
): PastDay[] {
  const { side } = product.now;
  if (side.status === 'dog') return [];
  const key = `${product.asin}:${product.region}:history`;
  const todayPrice = side.buybox?.buy_price ?? side.lowest?.buy_price ?? product.basePrice;
  const offersNow = Math.max(1, side.total_prices_count ?? 1);
  const fbaShare = side.total_prices_count ? (side.fba_prices_count ?? 0) / side.total_prices_count : 0.4;
  const amazonHolds = side.is_sba && side.buybox?.seller_id === 'ATVPDKIKX0DER';
  const out: PastDay[] = [];
  for (let i = days; i >= 1; i--) {
    const day = today - i * DAY;
    const gone = outOfStock(key, day);
    const s = season(day);
    const price = round2(todayPrice * s.price * Math.exp(wobble(`${key}:price`, day, 0.05)));
    const offers = gone
      ? 0
      : Math.max(1, Math.round(offersNow * Math.exp(wobble(`${key}:offers`, day, 0.25))));
    const fba = Math.round(offers * fbaShare);
    // A rank drifts worse each day a product cannot be bought, and recovers once it can.
    let soldOutDays = 0;
    while (soldOutDays < 30 && outOfStock(key, day - soldOutDays * DAY)) soldOutDays++;
    const wave = Math.exp(wobble(`${key}:rank`, day, 0.35));
    const rank = side.sales_rank
      ? Math.max(1, Math.round(side.sales_rank.rank * s.rank * wave * 1.12 ** soldOutDays))
      : null;
    out.push({
      day,
      buybox: gone ? null : price,
      buybox_is_amazon: gone ? null : amazonHolds && draw(`${key}:amz:${day}`) < 0.85,
      lowest_new: gone ? null : round2(price * (0.94 + 0.05 * draw(`${key}:low:${day}`))),
      lowest_fba: gone || fba === 0 ? null : round2(price * (0.98 + 0.04 * draw(`${key}:fba:${day}`))),
      new_offers: offers,
      fba_offers: fba,
      sales_rank: rank,
      rank_category: side.sales_rank?.category ?? null,
      in_stock: !gone,
    });
  }
  return out;
}
