import type { RegionCode } from '@crossmarket/domain';
import { hash } from './seed';

const DAY = 86_400_000;

/**
 * The day the sandbox's answers are its baseline (issue 59): on it every product answers exactly what the
 * sandbox answered before it moved by day, and every other day moves away from it. Tests and e2e journeys
 * that assert sandbox figures pin the sandbox to it (`SANDBOX_DAY`, `createSandboxMarketplace({ day })`).
 */
export const SANDBOX_BASELINE_DAY = Date.UTC(2026, 10, 29);
const BASE = SANDBOX_BASELINE_DAY / DAY;

/** lowbias32 (Wellons): a well-mixed 32-bit integer from three, without building a string per day. */
function mix(a: number, b: number, c: number): number {
  let x = (a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

// Streams: each figure draws from its own, so a change to one never moves another.
const PRICE = 1;
const PRICE_SIZE = 2;
const SELLER = 3;
const SELLER_SIGN = 4;
const RANK = 5;
const OUT = 7;
const OUT_LENGTH = 8;
const DEAL = 9;

const uniform = (key: number, stream: number, n: number) => mix(key, stream, n) / 4_294_967_296;
/** A standard normal draw of a day (Box–Muller over two of its uniforms). */
const normal = (key: number, stream: number, n: number) =>
  Math.sqrt(-2 * Math.log(1 - uniform(key, stream, n))) *
  Math.cos(2 * Math.PI * uniform(key, stream + 100, n));

/** The day of the year (0–365) of a UTC day number. */
const dayOfYear = (n: number) => {
  const ms = n * DAY;
  return Math.floor((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY);
};

/**
 * How prices and ranks lean on a day of the year: prices a little higher in the summer lull and, for the
 * products on a deal, lowest in Black Friday's and Prime Day's weeks; ranks best (lowest) from Black Friday
 * to Christmas, when everything sells.
 */
function season(n: number, onDeal: boolean) {
  const doy = dayOfYear(n);
  const deal = onDeal && ((doy >= 327 && doy <= 334) || (doy >= 191 && doy <= 193));
  const price = (1 + 0.035 * Math.cos((2 * Math.PI * (doy - 200)) / 365)) * (deal ? 0.88 : 1);
  const rank = doy >= 327 && doy <= 358 ? 0.55 : doy >= 191 && doy <= 193 ? 0.75 : 1;
  return { price, rank };
}

/**
 * A bounded walk on day `n` against the baseline: the sum of the events of the last `window` days, less the
 * baseline's. It moves only on a day an event comes in or an old one drops out, and never strays further
 * than `window` events, so a figure drifts and comes back instead of wandering off; each day is computed
 * on its own, never walked from a start.
 */
function walked(walk: number, key: number, n: number, window: number) {
  let sum = 0;
  for (let m = n - window + 1; m <= n; m++) sum += event(walk, key, m);
  return sum - baseline(walk, key, window);
}

// The baseline's sums of the last product asked about: a chart asks about one product 365 times in a row.
let baseKey = -1;
const baseSums = new Map<number, number>();
function baseline(walk: number, key: number, window: number) {
  if (key !== baseKey) {
    baseKey = key;
    baseSums.clear();
  }
  let sum = baseSums.get(walk);
  if (sum === undefined) {
    sum = 0;
    for (let m = BASE - window + 1; m <= BASE; m++) sum += event(walk, key, m);
    baseSums.set(walk, sum);
  }
  return sum;
}

/**
 * How often the stock flips and for how long: a product sold at baseline runs out on about one day in
 * 150, for 2–9 days (a few percent of days); one nobody sells at baseline is restocked on about one day
 * in 25, for 3–12 days, and sells out again.
 */
const STOCK_OUT = { rate: 1 / 150, shortest: 2, span: 8 };
const RESTOCK = { rate: 1 / 25, shortest: 3, span: 10 };

/** Whether the stock is flipped on day `n`: a flip that started within its longest run and still lasts. */
function flippedOn(key: number, n: number, flip: typeof STOCK_OUT): boolean {
  for (let back = 0; back < flip.shortest + flip.span - 1; back++) {
    const start = n - back;
    if (uniform(key, OUT, start) >= flip.rate) continue;
    const length = flip.shortest + Math.floor(uniform(key, OUT_LENGTH, start) * flip.span);
    // One running over the baseline day never happened: the baseline answers stay what they were.
    if (back < length && !(start <= BASE && BASE < start + length)) return true;
  }
  return false;
}

/** How a product's market differs on a day from its baseline (the same day always moves the same). */
export interface MarketMove {
  /** Every offer's price, times this. */
  price: number;
  /** Sellers who joined (positive) or left (negative) since the baseline. */
  sellers: number;
  /**
   * For a product with offers at baseline: nobody sells it new today (a stock-out). For one without:
   * it is back in stock today (a restock), with `1 + max(0, sellers)` offers.
   */
  flipped: boolean;
  /** Days in a row it has been out of stock, today included (its rank drifts worse each). */
  soldOutDays: number;
  /** Its sales rank, times this. */
  rank: number;
}

const STILL: MarketMove = { price: 1, sellers: 0, flipped: false, soldOutDays: 0, rank: 1 };

/** The event of day `m` of one figure's walk: a repricing, a seller joining (+1) or leaving (-1), a rank move. */
function event(walk: number, key: number, m: number): number {
  if (walk === PRICE) return uniform(key, PRICE, m) < 0.3 ? 0.025 * normal(key, PRICE_SIZE, m) : 0;
  if (walk === SELLER)
    return uniform(key, SELLER, m) < 0.08 ? (uniform(key, SELLER_SIGN, m) < 0.5 ? 1 : -1) : 0;
  return 0.07 * normal(key, RANK, m);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * A product's market in a marketplace on a UTC day (ms), against its baseline: a pure function of the
 * product, the marketplace and the day (`stocked`: whether anyone sells it new at baseline). Prices drift
 * by a few percent on about half of the days (a repricer, a seller's sale) and follow the season; sellers
 * join and leave; now and then nobody sells it for a few days, and a product nobody sells at baseline is
 * restocked now and then; its rank walks every day and drifts worse while it cannot be bought. Bounded: prices within ±16 % of the seasonal level, offers
 * within a few of the baseline's.
 */
export function sandboxMarketMove(
  productId: string,
  region: RegionCode,
  day: number,
  stocked = true,
): MarketMove {
  const n = Math.floor(day / DAY);
  if (n === BASE) return STILL;
  const key = hash(`${productId}:${region}:market`);
  const onDeal = uniform(key, DEAL, 0) < 0.35;
  const s = season(n, onDeal);
  const s0 = season(BASE, onDeal);
  const price = Math.exp(clamp(walked(PRICE, key, n, 21), -0.16, 0.16)) * (s.price / s0.price);
  const sellers = walked(SELLER, key, n, 14);
  const flip = stocked ? STOCK_OUT : RESTOCK;
  const flipped = flippedOn(key, n, flip);
  let soldOutDays = 0;
  if (flipped && stocked) while (soldOutDays < 30 && flippedOn(key, n - soldOutDays, flip)) soldOutDays++;
  const rank = Math.exp(clamp(walked(RANK, key, n, 30), -1.2, 1.2)) * (s.rank / s0.rank);
  return { price, sellers, flipped, soldOutDays, rank };
}
