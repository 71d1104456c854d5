import { regionByCode, type RegionCode } from '../regions';
import { feeAt, type FeeSchedule } from './commission';

/**
 * Amazon's fee estimate for selling a product merchant-fulfilled in the selling marketplace
 * (getMyFeesEstimates), in the selling currency: what it would charge at `price`.
 */
export interface FeeEstimate {
  /** The listing price Amazon was asked about. */
  price: number;
  /**
   * The shipping asked with it (a merchant-fulfilled referral fee is charged on price plus shipping);
   * absent (0) for estimates asked before shipping was sent.
   */
  shipping?: number;
  referral_fee: number;
  /** The variable closing fee (media); 0 when Amazon names none. */
  closing_fee: number;
  /**
   * The estimate's other fee lines (e.g. a per-item fee), by Amazon's `FeeType`: shown, not counted
   * (they depend on the seller's plan, not the product).
   */
  other_fees?: { type: string; amount: number }[];
}

/** What the referral fee of an estimate was charged on: the price plus the shipping asked with it. */
export const chargedOn = (estimate: FeeEstimate) => estimate.price + (estimate.shipping ?? 0);

/** Amazon's usual minimum referral fee in US dollars (shared/reference/amazon.md); per region at the fixed rate. */
export const MINIMUM_REFERRAL_FEE_USD = 0.3;

/** The highest share of the price read as a referral rate (Amazon's highest is 45 %, device accessories). */
export const MAX_REFERRAL_SHARE = 0.5;

export const minimumReferralFee = (region: RegionCode) =>
  MINIMUM_REFERRAL_FEE_USD * regionByCode(region).currency.rate;

/**
 * The schedule pricing uses with an estimate, at any price (docs/decisions.md, "Amazon's fee estimates:
 * asked once, re-used by arithmetic"): Amazon's referral fee is a share of the price with a minimum, so the
 * estimate's share `referral_fee ÷ price` holds at other prices. When the estimate is the minimum itself
 * (a price so low the share does not show) or more than any referral rate (a minimum we do not know), the
 * share comes from the category table at that price, the estimate's fee is the minimum, and only the
 * closing fee is Amazon's. `referral` names where the share came from.
 */
export function estimateSchedule(
  estimate: FeeEstimate,
  table: FeeSchedule,
  region: RegionCode,
): { schedule: FeeSchedule & { kind: 'estimate' }; referral: 'estimate' | 'table' } {
  const minimum = minimumReferralFee(region);
  const closing = estimate.closing_fee;
  // A cent of slack: Amazon rounds its fee to the cent. A share of half the price or more is no referral
  // rate Amazon has: a minimum fee above ours (marketplaces whose minimum we do not hold) read as a rate.
  const base = chargedOn(estimate);
  const share = base > 0 ? estimate.referral_fee / base : Infinity;
  if (estimate.referral_fee > minimum + 0.01 && share < MAX_REFERRAL_SHARE) {
    return {
      schedule: { kind: 'estimate', rate: share, minimum, closing },
      referral: 'estimate',
    };
  }
  const rate = base > 0 ? feeAt(base, table) / base : 0;
  return {
    schedule: { kind: 'estimate', rate, minimum: Math.max(minimum, estimate.referral_fee), closing },
    referral: 'table',
  };
}
