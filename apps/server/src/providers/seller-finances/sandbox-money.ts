import { createHash } from 'node:crypto';
import { collectionRule, priceTaxRule, roundHalfUp, type RegionCode } from '@crossmarket/domain';

// What the sandbox marketplace pays for one of its orders (issue 61, offline parity): close to the landed
// model (the same price-tax rules, a 15 % referral fee, the 2 % DSF in the UK store for a seller
// established elsewhere) but not identical to it, as Amazon is not: some orders carry a promotion, some
// a higher referral fee, some are refunded. Decided by the order id, so every answer is the same.

const DAY = 86_400_000;

/** A sandbox order as the finances see it. */
export interface SandboxSale {
  orderId: string;
  orderItemId: string;
  marketplaceId: string;
  country: RegionCode;
  sku: string;
  quantity: number;
  /** Per unit, as the buyer saw it (tax inside where the store shows prices with tax). */
  unitPrice: number;
  currency: string;
  createdAt: number;
}

/** The sandbox's invented sales tax on top in the US store, withheld by Amazon as facilitator. */
export const SANDBOX_US_SALES_TAX_PERCENT = 7;
/** The referral fee the sandbox charges, and the higher one of a "changed fee" order. */
export const SANDBOX_REFERRAL_PERCENT = 15;
export const SANDBOX_CHANGED_REFERRAL_PERCENT = 25;
/** Shipped two days after the sale; delivered by day 14; released seven days later (DD+7). */
export const SANDBOX_POSTED_AFTER_MS = 2 * DAY;
export const SANDBOX_RELEASE_AFTER_MS = 21 * DAY;
export const SANDBOX_REFUND_AFTER_MS = 24 * DAY;

/** A number in [0, 1) from the order id and a salt: the order's fate, the same every time. */
const fate = (orderId: string, salt: string) =>
  createHash('sha256').update(`${salt}:${orderId}`).digest().readUInt32BE(0) / 2 ** 32;

export interface SandboxMoney {
  /** Cents, signed as Amazon books them. */
  principal: number;
  tax: number;
  withheld: number;
  promotion: number;
  referral: number;
  dsf: number;
  refunded: boolean;
  feeChanged: boolean;
  postedAt: number;
  releaseAt: number;
  refundAt: number;
}

export function sandboxMoney(sale: SandboxSale): SandboxMoney {
  const day = new Date(sale.createdAt).toISOString().slice(0, 10);
  const gross = roundHalfUp(sale.unitPrice * sale.quantity * 100);
  const rule = priceTaxRule(sale.country, day);
  let principal = gross;
  let tax = 0;
  if (rule?.price_includes_tax && rule.rate > 0) {
    tax = roundHalfUp((gross * rule.rate) / (100 + rule.rate));
    principal = gross - tax;
  } else if (sale.country === 'us') {
    tax = roundHalfUp((gross * SANDBOX_US_SALES_TAX_PERCENT) / 100);
  }
  // Amazon keeps the tax where the landed model's collection rule says it does (and the sandbox's US tax).
  const collect = collectionRule(sale.country, day);
  const kept = sale.country === 'us' || (!!collect && principal / 100 <= collect.up_to);
  const withheld = kept ? -tax : 0;
  const promotion = fate(sale.orderId, 'promotion') < 0.08 ? -roundHalfUp(principal * 0.1) : 0;
  const feeChanged = fate(sale.orderId, 'fee') < 0.1;
  const base = principal + (rule?.price_includes_tax ? tax : 0) + promotion;
  const pct = feeChanged ? SANDBOX_CHANGED_REFERRAL_PERCENT : SANDBOX_REFERRAL_PERCENT;
  const referral = -roundHalfUp((base * pct) / 100);
  const dsf = sale.country === 'uk' ? -roundHalfUp((-referral * 2) / 100) : 0;
  return {
    principal,
    tax,
    withheld,
    promotion,
    referral,
    dsf,
    refunded: fate(sale.orderId, 'refund') < 0.06,
    feeChanged,
    postedAt: sale.createdAt + SANDBOX_POSTED_AFTER_MS,
    releaseAt: sale.createdAt + SANDBOX_RELEASE_AFTER_MS,
    refundAt: sale.createdAt + SANDBOX_REFUND_AFTER_MS,
  };
}

/** A refund's fees: 80 % of the referral fee back, Amazon's refund administration fee (20 %, at most 5.00) kept. */
export function refundFees(m: SandboxMoney): { commission: number; refundCommission: number } {
  const fee = -m.referral;
  return {
    commission: roundHalfUp(fee * 0.8),
    refundCommission: -Math.min(500, roundHalfUp(fee * 0.2)),
  };
}
