import { REGIONS, type RegionCode } from '../regions';
// What Amazon really paid for an order, line by line (issue 61). Reference: orders-fulfilment.md §4.1,
// §4.2, §4.4, §4.5 (compiled 2026-11-26), checked against amzn/selling-partner-api-models at 34dc93f
// (2026-08-05): financesV0.json, finances_2024-06-19.json, reports_2021-06-30.json.

/** Where a line was read: Finances v0 events, Finances 2024-06-19 transactions, or a V2 settlement file. */
export const ACTUAL_SOURCES = ['fin_v0', 'transactions', 'settlement_v2'] as const;
export type ActualSource = (typeof ACTUAL_SOURCES)[number];

/**
 * What a line is, in the order an order's lines are shown. `tax_withheld`: the tax Amazon kept and
 * remitted as marketplace facilitator (negative); `other_charge`: gift wrap, goodwill, return shipping and
 * the like; `other_fee`: any fee not named above (shipping holdback, refund administration kept on a
 * refund, sales-tax collection fees).
 */
export const ACTUAL_KINDS = [
  'principal',
  'shipping',
  'tax_charged',
  'tax_withheld',
  'promotion',
  'other_charge',
  'referral_fee',
  'closing_fee',
  'digital_services_fee',
  'other_fee',
] as const;
export type ActualKind = (typeof ACTUAL_KINDS)[number];

export const FEE_KINDS: ReadonlySet<ActualKind> = new Set([
  'referral_fee',
  'closing_fee',
  'digital_services_fee',
  'other_fee',
]);

/**
 * The event a line came from. A refund, an A-to-z guarantee claim and a chargeback take money back:
 * their lines are `refund` lines (reference §4.5).
 */
export const ACTUAL_EVENTS = ['shipment', 'refund', 'guarantee_claim', 'chargeback', 'adjustment'] as const;
export type ActualEvent = (typeof ACTUAL_EVENTS)[number];

export const isRefundEvent = (e: ActualEvent) =>
  e === 'refund' || e === 'guarantee_claim' || e === 'chargeback';

/** One signed amount Amazon booked against an order, in the currency Amazon booked it in. */
export interface ActualLine {
  source: ActualSource;
  /**
   * Unique per seller and source: the same event read twice is one line. Built from what identifies
   * the amount in Amazon's answer (order, event, posting time, item, the list and type it sits in, and
   * its place among equal types).
   */
  key: string;
  amazon_order_id: string;
  order_item_id: string | null;
  sku: string | null;
  event: ActualEvent;
  /** Amazon's identifier of the event where it has one: transactionId, settlement-id, adjustment-id. */
  event_ref: string | null;
  kind: ActualKind;
  /** Amazon's own name of the amount: ChargeType, FeeType, PromotionType, breakdownType, amount-description. */
  amazon_type: string;
  /** Signed, as Amazon gives it (charges positive, fees and withheld tax negative), in cents. */
  amount_cents: number;
  currency: string;
  posted_at: string;
  /** DEFERRED: held (the delivery-date reserve, DD+7), released on `maturity_at`. */
  status: 'DEFERRED' | 'RELEASED';
  maturity_at: string | null;
  settlement_id: string | null;
  group_id: string | null;
  /** The marketplace as Amazon named it (marketplace name or id). */
  marketplace: string | null;
}

/** A decimal amount Amazon wrote (number or text, a comma decimal in EU settlement files) as cents. */
export function amazonCents(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  let n: number;
  if (typeof value === 'number') n = value;
  else {
    const t = value.trim();
    // "1.234,56" and "95,00" (EU locales) as well as "1,234.56".
    const normal = /,\d{1,2}$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
    n = Number(normal);
  }
  if (!Number.isFinite(n)) return 0;
  // Half away from zero, ignoring binary noise (0.285 * 100 = 28.499999999999996).
  const scaled = Math.abs(n) * 100;
  return Math.sign(n) * Math.floor(scaled + 0.5 + 1e-6);
}

/**
 * The kind of a `ChargeType` (financesV0.json ChargeComponent; reference §4.1): the item price, the
 * shipping charged, tax charged, the facilitator tax withheld, discounts, or another charge.
 */
export function chargeKind(chargeType: string): ActualKind {
  if (chargeType === 'Principal') return 'principal';
  if (chargeType === 'ShippingCharge' || chargeType === 'Shipping') return 'shipping';
  if (/^MarketplaceFacilitator/i.test(chargeType)) return 'tax_withheld';
  if (chargeType === 'Discount' || chargeType === 'TaxDiscount') return 'promotion';
  if (/Tax$/.test(chargeType) || chargeType === 'Tax') return 'tax_charged';
  return 'other_charge';
}

/**
 * The kind of a `FeeType`. The model leaves it free text (it points to the fee schedule); the names are
 * those integrations and settlement files use (reference §4.1, §7 item 12).
 */
export function feeKind(feeType: string): ActualKind {
  if (feeType === 'Commission') return 'referral_fee';
  if (feeType === 'FixedClosingFee' || feeType === 'VariableClosingFee') return 'closing_fee';
  if (/^DigitalServicesFee/.test(feeType)) return 'digital_services_fee';
  return 'other_fee';
}

/** The country of a marketplace as Amazon names it in finance answers (`Amazon.co.uk`), by its domain. */
export function countryOfMarketplaceName(name: string | null | undefined): RegionCode | null {
  const n = (name ?? '').trim().toLowerCase();
  return REGIONS.find((r) => r.domain === n)?.code ?? null;
}

/** How finance answers name a country's marketplace (`Amazon.co.uk`). */
export const marketplaceNameOf = (country: RegionCode) => {
  const d = REGIONS.find((r) => r.code === country)!.domain;
  return `A${d.slice(1)}`;
};
