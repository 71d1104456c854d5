import { REGIONS, type RegionCode } from '../regions';
import { prepare, similarityOf } from './similarity';

/** A referral-fee schedule: the share of the sell price Amazon keeps. Rates are fractions (0.15). */
export type FeeSchedule =
  | { kind: 'flat'; rate: number }
  /** One rate for the whole price, chosen by the price: `below` up to `upTo`, `above` past it. */
  | { kind: 'threshold'; upTo: number; below: number; above: number }
  /** `below` on the part of the price up to `upTo`, `above` on the part past it. */
  | { kind: 'marginal'; upTo: number; below: number; above: number }
  /**
   * Amazon's own estimate re-used at another price (fee-estimate.ts): its rate on the whole price, never
   * less than the minimum referral fee, plus the fixed closing fee.
   */
  | { kind: 'estimate'; rate: number; minimum: number; closing: number };

interface CategoryFee {
  name: string;
  aliases: string[];
  /** Thresholds in US dollars; converted to the selling currency per region. */
  schedule: FeeSchedule;
}

const flat = (pct: number): FeeSchedule => ({ kind: 'flat', rate: pct / 100 });
const threshold = (upTo: number, below: number, above: number): FeeSchedule => ({
  kind: 'threshold',
  upTo,
  below: below / 100,
  above: above / 100,
});
const marginal = (upTo: number, below: number, above: number): FeeSchedule => ({
  kind: 'marginal',
  upTo,
  below: below / 100,
  above: above / 100,
});
const c = (name: string, schedule: FeeSchedule, ...aliases: string[]): CategoryFee => ({
  name,
  aliases,
  schedule,
});

/** amazon.com referral fees (shared/reference/amazon.md, 2026). */
export const US_CATEGORY_FEES: readonly CategoryFee[] = [
  c('Home & Kitchen', flat(15), 'Kitchen & Dining', 'Home'),
  c('Toys & Games', flat(15), 'Toys'),
  c('Sports & Outdoors', flat(15), 'Sports'),
  c('Pet Supplies', flat(15)),
  c('Tools & Home Improvement', flat(15), 'Home Improvement'),
  c('Office Products', flat(15), 'Office Supplies'),
  c('Lawn & Garden', flat(15), 'Patio, Lawn & Garden', 'Garden'),
  c('Musical Instruments', flat(15)),
  c('Books', flat(15)),
  c('Footwear', flat(15), 'Shoes'),
  c('Eyewear', flat(15)),
  c('Backpacks, Handbags & Luggage', flat(15), 'Luggage & Travel Gear', 'Handbags'),
  c('Computers', flat(8), 'Computers & Accessories'),
  c('Consumer Electronics', flat(8), 'Electronics'),
  c('Camera & Photo', flat(8), 'Camera'),
  c('Cell Phone Devices', flat(8), 'Cell Phones'),
  c('Full-Size Appliances', flat(8), 'Appliances'),
  c('Automotive & Powersports', flat(12), 'Automotive'),
  c('Business, Industrial & Scientific', flat(12), 'Industrial & Scientific'),
  c('Base Equipment Power Tools', flat(12), 'Power Tools'),
  c('Clothing & Accessories', flat(17), 'Clothing, Shoes & Jewelry', 'Clothing'),
  c('Gift Cards', flat(20)),
  c('Amazon Device Accessories', flat(45)),
  c('Baby Products', threshold(10, 8, 15), 'Baby'),
  c('Beauty & Personal Care', threshold(10, 8, 15), 'Health & Household', 'Health & Personal Care', 'Beauty'),
  c('Grocery & Gourmet Food', threshold(15, 8, 15), 'Grocery'),
  c('Electronics Accessories', marginal(100, 15, 8), 'Cell Phones & Accessories'),
  c('Furniture', marginal(200, 15, 10)),
  c('Jewelry', marginal(250, 20, 5)),
  c('Watches', marginal(1500, 16, 3)),
];

export const SIMILARITY_THRESHOLD = 0.45;

/**
 * The schedule for a selling region. We have amazon.com's table only; the other marketplaces use it with
 * dollar thresholds converted at the fixed rate (see pricing/README.md).
 */
function scaleSchedule(schedule: FeeSchedule, rate: number): FeeSchedule {
  return schedule.kind === 'threshold' || schedule.kind === 'marginal'
    ? { ...schedule, upTo: schedule.upTo * rate }
    : schedule;
}

export interface CommissionMatch {
  category: string | null;
  score: number;
  schedule: FeeSchedule;
}

/** Best-scoring table entry for any of the product's category names; the default rate below 0.45. */
const CANDIDATES = US_CATEGORY_FEES.flatMap((entry) =>
  [entry.name, ...entry.aliases].map((n) => ({ entry, name: prepare(n) })),
);

// Reports repeat a few hundred category names across tens of thousands of products: remember answers.
const cache = new Map<string, CommissionMatch>();
const CACHE_LIMIT = 20_000;

export function matchCommission(
  categories: readonly string[],
  region: RegionCode,
  defaultRatePercent: number,
): CommissionMatch {
  const key = `${region}\u0000${defaultRatePercent}\u0000${categories.join('\u0000')}`;
  const known = cache.get(key);
  if (known) return known;
  const match = computeMatch(categories, region, defaultRatePercent);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, match);
  return match;
}

function computeMatch(
  categories: readonly string[],
  region: RegionCode,
  defaultRatePercent: number,
): CommissionMatch {
  let best: { entry: CategoryFee; score: number } | undefined;
  for (const name of categories) {
    const prepared = prepare(name);
    for (const candidate of CANDIDATES) {
      const score = similarityOf(prepared, candidate.name);
      if (!best || score > best.score) best = { entry: candidate.entry, score };
    }
  }
  if (!best || best.score < SIMILARITY_THRESHOLD) {
    return { category: null, score: best?.score ?? 0, schedule: flat(defaultRatePercent) };
  }
  const rate = REGIONS.find((r) => r.code === region)!.currency.rate;
  return { category: best.entry.name, score: best.score, schedule: scaleSchedule(best.entry.schedule, rate) };
}

export function feeAt(price: number, s: FeeSchedule): number {
  switch (s.kind) {
    case 'flat':
      return price * s.rate;
    case 'threshold':
      return price * (price <= s.upTo ? s.below : s.above);
    case 'marginal':
      return Math.min(price, s.upTo) * s.below + Math.max(0, price - s.upTo) * s.above;
    case 'estimate':
      return Math.max(price * s.rate, s.minimum) + s.closing;
  }
}

/** The lowest sell price whose proceeds after the referral fee reach `net`. */
export function priceForNet(net: number, s: FeeSchedule): number {
  if (s.kind === 'flat') return net / (1 - s.rate);
  if (s.kind === 'estimate') {
    // S − max(r·S, m) − C = N: the rate's answer where the rate reaches the minimum, else the minimum's.
    const byRate = (net + s.closing) / (1 - s.rate);
    return byRate * s.rate >= s.minimum ? byRate : net + s.closing + s.minimum;
  }
  const low = net / (1 - s.below);
  if (low <= s.upTo) return low;
  if (s.kind === 'threshold') return Math.max(net / (1 - s.above), s.upTo + 0.01);
  // price·(1 − above) − upTo·(below − above) = net
  return (net + s.upTo * (s.below - s.above)) / (1 - s.above);
}
