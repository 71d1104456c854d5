import { emptyState, evaluateLanded, landedCents, type FixedCosts, type MoneyState } from './evaluate';
import type { ResolvedLane } from './resolve';
import type { ProductCosts } from './types';

/** Prices are searched up to this many cents (10 million units). */
const MAX_CENTS = 1_000_000_000;
/** Cents scanned each side of a breakpoint: its exact cent is within one or two of the computed one. */
const EDGE = 4;
/** Cap on a scan where the model is flat: past it we accept the line's answer. */
const MAX_SCAN = 200_000;
/**
 * Cents one search may check one by one, over all its scans (issue 56). A real lane's lines are steep
 * enough that a search checks a few dozen; a near-flat profit line (lane settings no real lane has, e.g.
 * a 99.999 % conversion fee) would scan hundreds of thousands per rate on the API's event loop. Past the
 * budget the search gives up: no price reaches the rate, and the product says so.
 */
export const SCAN_BUDGET = 5_000;
// The budget left to the search under way, and whether it ran out: module state, not a closure, as the
// helpers below (the search is synchronous, so one runs at a time).
let budget = SCAN_BUDGET;
let exhausted = false;

/** How many cents the last search checked one by one (tests and benchmarks). */
export const lastSearchChecked = () => SCAN_BUDGET - budget;

/**
 * Prices where the model changes piece (reference §3, pricing/commission.ts): the sale-tax collection and
 * border thresholds on the customs value, Mexico's bands, the referral tiers and the minimum fee. A CIF
 * customs value (`freightCents`, the UAE) reaches each border threshold that much earlier.
 */
export function breakpoints(
  r: ResolvedLane,
  p: ProductCosts,
  minimumReferral: number,
  freightCents = 0,
): number[] {
  const gross = r.priceTax.includes ? 1 + r.priceTax.rate / 100 : 1;
  const out: number[] = [];
  if (r.collection && Number.isFinite(r.collection.upTo)) out.push(r.collection.upTo * gross);
  const b = r.border;
  if (b && r.lane.route === 'reship') {
    for (const t of [b.duty_free_up_to, b.tax_free_up_to, ...(b.global_bands ?? []).map((x) => x.up_to)])
      if (Number.isFinite(t)) out.push((t / r.borderFx - freightCents / 100) * gross);
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

/** One piece of the model between breakpoints, with its exact lines (cents) and rounding slack. */
export interface Piece {
  lo: number;
  hi: number;
  /** False for a piece too short to fit: its cents are checked one by one. */
  linear: boolean;
  /** Profit = p0 + p1·c and landed cost = l0 + l1·c, unrounded, in cents. */
  p0: number;
  p1: number;
  l0: number;
  l1: number;
  /** The most the rounded revenue and cost lines can stray from the lines (cents). */
  eRev: number;
  eCost: number;
}

/**
 * The model's pieces for a product: between breakpoints every line is linear in the price but for its
 * rounding to the cent, so two unrounded evaluations give each piece's exact lines, and the rounded model
 * strays from them by at most the sum of its roundings (half a cent each, plus a share for lines computed
 * from rounded lines; import tax rates are at most 50 %).
 */
export function piecesOf(r: ResolvedLane, p: ProductCosts, f: FixedCosts, st = emptyState()): Piece[] {
  const bps = breakpoints(r, p, r.minimumReferral, f.freight).map((x) => Math.round(x * 100));
  const starts = [1, ...bps.filter((c) => c > 1)];
  const pieces: Piece[] = [];
  for (let i = 0; i < starts.length; i++) {
    const lo = starts[i]!;
    const hi = i + 1 < starts.length ? starts[i + 1]! - 1 : MAX_CENTS;
    if (hi < lo) continue;
    const a = lo + EDGE + 1;
    const z = hi - EDGE - 1;
    const piece: Piece = { lo, hi, linear: z - a >= 2, p0: 0, p1: 0, l0: 0, l1: 0, eRev: 0, eCost: 0 };
    if (piece.linear) {
      evaluateLanded(r, p, f, z, st, true);
      const [pz, lz] = [st.profit * 100, st.landed * 100];
      evaluateLanded(r, p, f, a, st, true);
      piece.p1 = (pz - st.profit * 100) / (z - a);
      piece.l1 = (lz - st.landed * 100) / (z - a);
      piece.p0 = st.profit * 100 - piece.p1 * a;
      piece.l0 = st.landed * 100 - piece.l1 * a;
      // Each rounding is at most half a cent; a line computed from rounded lines carries its share of theirs.
      const ref = 0.5;
      const dsf = st.dsf !== 0 ? 0.5 + (r.dsf!.rate / 100) * ref : 0;
      const feeTax = st.feeTax !== 0 ? 0.5 + (r.feeTax!.rate / 100) * (ref + dsf) : 0;
      const payout = (st.taxKept !== 0 ? 0.5 : 0) + ref + dsf + feeTax;
      const conversion = st.conversion !== 0 ? 0.5 + (r.conversion.rate / 100) * payout : 0;
      const value = r.priceTax.includes ? 0.5 : 0;
      const duty = st.duty !== 0 ? 0.5 + (f.duty.rate / 100) * value : 0;
      const tax = st.importTax !== 0 && f.checkoutTax < 0 ? 0.5 + 0.5 * (value + duty) : 0;
      piece.eRev = payout + conversion + 0.01;
      piece.eCost = duty + tax + 0.01;
    }
    pieces.push(piece);
  }
  return pieces;
}

/** A product's pieces: `shift` (cents) is its fixed costs, not yet in the shared pieces' lines. */
export interface ProductPieces {
  pieces: readonly Piece[];
  shift: number;
}

/**
 * The pieces for a product. On a reship lane with the category table's schedule, the fixed costs (goods,
 * purchase tax, both legs) only move the lines' offsets, so the pieces are fitted once per schedule and
 * duty rate without them (`pieceCache`) and the product's costs are applied as a shift: the lines differ
 * from a product's own fit by float noise far inside the 0.01-cent margin of the slack, so the cents the
 * search checks, and its answer, are the same. When the source ships (the purchase is the customs value),
 * when the customs value includes the freight, or with Amazon's estimate (a schedule per product), each
 * product is fitted on its own.
 */
export function productPieces(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  st: MoneyState,
): ProductPieces {
  // A CIF customs value moves the border's breakpoints by the product's own freight: fitted on its own too.
  if (r.lane.route !== 'reship' || p.schedule.kind === 'estimate' || f.freight > 0)
    return { pieces: piecesOf(r, p, f, st), shift: 0 };
  let byDuty = r.pieceCache.get(p.schedule);
  if (!byDuty) r.pieceCache.set(p.schedule, (byDuty = new Map()));
  let pieces = byDuty.get(f.duty.rate);
  if (!pieces) {
    pieces = piecesOf(r, p, { ...f, buy: 0, buyTax: 0, sourceShipping: 0, intl: 0 }, st);
    byDuty.set(f.duty.rate, pieces);
  }
  return { pieces, shift: f.buy + f.buyTax + f.sourceShipping + f.intl };
}

// The search's helpers are module functions, not closures: it runs three times for each of 50,000
// products in a recompute.

/** Profit minus the rate's share of the landed cost at `c` (cents); >= 0 where the rate is reached. */
function gap(r: ResolvedLane, p: ProductCosts, f: FixedCosts, ratePercent: number, c: number) {
  const m = landedCents(r, p, f, c);
  // In whole cents: the same test as LaneModel.rateAt, so "exactly r" agrees.
  return ((m.net - m.landed) * 100 - ratePercent * m.landed) / 100;
}

/** The most the gap can be at `c` on a piece, by its exact lines and their rounding slack. */
function reach(piece: Piece | undefined, k: number, shift: number, c: number): number {
  return !piece || !piece.linear
    ? Infinity
    : piece.p0 -
        shift -
        k * (piece.l0 + shift) +
        (piece.p1 - k * piece.l1) * c +
        piece.eRev +
        (1 + Math.abs(k)) * piece.eCost;
}

/** The first cent in [from, to] (at most MAX_SCAN of them) where the rate is reached. */
function scan(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  ratePercent: number,
  from: number,
  to: number,
): number | null {
  const capped = Math.min(to, from + MAX_SCAN);
  const end = Math.min(capped, from + budget - 1);
  if (end < capped) exhausted = true;
  for (let c = from; c <= end; c++) {
    budget--;
    if (gap(r, p, f, ratePercent, c) >= 0) {
      exhausted = false;
      return c;
    }
  }
  return null;
}

/**
 * The lowest price, to the cent, whose profit is at least `ratePercent` % of the landed cost at that price,
 * or null when no price reaches it (and for rates of -100 % or less). Within a piece only the cents where
 * its exact line is within the rounding slack of the target are checked with the rounded model; cents near
 * each breakpoint are checked one by one unless both neighbouring lines are out of reach there. Null too
 * when the cents to check one by one run past SCAN_BUDGET: no price found within the budget.
 */
export function priceForRateLanded(
  r: ResolvedLane,
  p: ProductCosts,
  f: FixedCosts,
  pieces: readonly Piece[],
  ratePercent: number,
  shift = 0,
): number | null {
  if (!(ratePercent > -100)) return null;
  budget = SCAN_BUDGET;
  exhausted = false;
  const k = ratePercent / 100;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const prev = pieces[i - 1];
    const e0 = Math.max(piece.lo - EDGE, 1);
    const e1 = Math.min(piece.lo + EDGE, piece.hi);
    // The first piece starts at one cent: no other regime below it.
    const before = i === 0 ? -Infinity : Math.max(reach(prev, k, shift, e0), reach(prev, k, shift, e1));
    const near = Math.max(before, reach(piece, k, shift, e0), reach(piece, k, shift, e1));
    if (near >= 0) {
      const found = scan(r, p, f, ratePercent, e0, e1);
      if (found !== null) return found;
      if (exhausted) return null;
    }
    const a = e1 + 1;
    const z = i + 1 < pieces.length ? piece.hi - EDGE : piece.hi;
    if (a > z) continue;
    if (!piece.linear) {
      const found = scan(r, p, f, ratePercent, a, z);
      if (found !== null || exhausted) return found;
      continue;
    }
    const slack = piece.eRev + (1 + Math.abs(k)) * piece.eCost;
    const g0 = piece.p0 - shift - k * (piece.l0 + shift);
    const slope = piece.p1 - k * piece.l1;
    let from = a;
    let to = z;
    if (slope > 0) {
      from = Math.max(a, Math.floor((-slack - g0) / slope));
      to = Math.min(z, Math.ceil((slack - g0) / slope));
    } else if (slope < 0) {
      to = Math.min(z, Math.ceil((-slack - g0) / slope));
    } else if (g0 < -slack) continue;
    if (from > to) continue;
    const found = scan(r, p, f, ratePercent, from, to);
    if (found !== null || exhausted) return found;
  }
  return null;
}
