import { emptyState, evaluateLanded, type FixedCosts } from './evaluate';
import type { ResolvedLane } from './resolve';
import type { ProductCosts } from './types';

/** Prices are searched up to this many cents (10 million units). */
const MAX_CENTS = 1_000_000_000;
/** Cents scanned each side of a breakpoint: its exact cent is within one or two of the computed one. */
const EDGE = 4;
/** Cap on a scan where the model is flat: past it we accept the line's answer. */
const MAX_SCAN = 20_000;

/**
 * Prices where the model changes piece (reference §3, pricing/commission.ts): the sale-tax collection and
 * border thresholds on the customs value, Mexico's bands, the referral tiers and the minimum fee.
 */
export function breakpoints(r: ResolvedLane, p: ProductCosts, minimumReferral: number): number[] {
  const gross = r.priceTax.includes ? 1 + r.priceTax.rate / 100 : 1;
  const out: number[] = [];
  if (r.collection && Number.isFinite(r.collection.upTo)) out.push(r.collection.upTo * gross);
  const b = r.border;
  if (b && r.lane.route === 'reship') {
    for (const t of [b.duty_free_up_to, b.tax_free_up_to, ...(b.global_bands ?? []).map((x) => x.up_to)])
      if (Number.isFinite(t)) out.push((t / r.borderFx) * gross);
  }
  const s = p.schedule;
  if (s.kind === 'estimate') {
    if (s.rate > 0) out.push(s.minimum / s.rate);
  } else {
    if (s.kind !== 'flat') out.push(s.upTo);
    const rates = s.kind === 'flat' ? [s.rate] : [s.below, s.above];
    for (const x of rates) if (x > 0) out.push(minimumReferral / x);
  }
  return out.filter((x) => x > 0 && x * 100 < MAX_CENTS).sort((x, y) => x - y);
}

/**
 * The lowest price, to the cent, whose profit is at least `ratePercent` % of the landed cost at that price,
 * or null when no price reaches it. Between breakpoints the model is linear but for each line's rounding
 * to the cent (at most `slack` cents in all): the answer lies where the line through two exact points is
 * within that slack of zero, and each candidate cent is checked with the exact model. Cents near each
 * breakpoint are checked one by one.
 */
export function priceForRateLanded(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  ratePercent: number,
): number | null {
  const k = ratePercent / 100;
  const st = emptyState();
  const g = (c: number): number => {
    evaluateLanded(r, p, f, c, st);
    // In cents, from whole cents: the same test as LaneModel.rateAt, so "exactly r" agrees.
    return (Math.round(st.profit * 100) * 100 - ratePercent * Math.round(st.landed * 100)) / 100;
  };
  const slack = 2 * (6 + 3 * Math.abs(k));
  const bps = breakpoints(r, p, r.minimumReferral).map((x) => Math.round(x * 100));
  const starts = [1, ...bps.filter((c) => c > 1)];
  let scanned = 0; // every cent below this has been checked or ruled out
  for (let i = 0; i < starts.length; i++) {
    const lo = starts[i]!;
    const hi = i + 1 < starts.length ? starts[i + 1]! - 1 : MAX_CENTS;
    if (hi < lo) continue;
    // The breakpoint's neighbourhood, cent by cent.
    for (let c = Math.max(scanned, lo - EDGE, 1); c <= Math.min(lo + EDGE, hi); c++) if (g(c) >= 0) return c;
    scanned = Math.max(scanned, Math.min(lo + EDGE, hi) + 1);
    const a = lo + EDGE + 1;
    const z = hi - EDGE - 1;
    if (a > z) continue;
    // Short pieces are scanned whole; the rest through the line.
    if (z - a < 4 * EDGE) {
      for (let c = a; c <= z; c++) if (g(c) >= 0) return c;
      scanned = z + 1;
      continue;
    }
    const ga = g(a);
    if (ga >= 0) return a;
    const gz = g(z);
    const slope = (gz - ga) / (z - a);
    const line = (c: number) => ga + slope * (c - a);
    let from: number;
    let to: number;
    if (slope > 0) {
      from = Math.max(a + 1, Math.floor(a + (-slack - ga) / slope));
      to = Math.min(z, Math.ceil(a + (slack - ga) / slope));
    } else {
      if (line(a) < -slack) {
        scanned = hi + 1;
        continue;
      }
      from = a + 1;
      to = slope === 0 ? z : Math.min(z, Math.ceil(a + (-slack - ga) / slope));
    }
    to = Math.min(to, from + MAX_SCAN);
    for (let c = from; c <= to; c++) if (g(c) >= 0) return c;
    if (slope > 0 && gz >= 0) {
      // Past `to` the line is above the slack, so every cent there qualifies: the first is `to + 1`.
      return to + 1 <= z ? to + 1 : z;
    }
    scanned = Math.max(scanned, z + 1);
    // The top edge belongs to the next breakpoint's neighbourhood.
    for (let c = z + 1; c <= hi; c++) if (g(c) >= 0) return c;
    scanned = hi + 1;
  }
  return null;
}
