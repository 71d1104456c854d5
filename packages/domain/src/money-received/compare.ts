import { toCents } from '../landed/cents';
import type { MoneyBreakdown, MoneyKey } from '../landed/types';
import type { OrderActual } from './actual';

/** A line whose actual differs from the estimate by more than this share of the sale price is flagged. */
export const DEFAULT_FLAG_PERCENT = 5;

/** The rows of an order's estimate against its actual, in this order. */
export const COMPARE_ROWS = [
  'sale_price',
  'tax_kept_by_amazon',
  'promotions',
  'referral_fee',
  'closing_fee',
  'digital_services_fee',
  'tax_on_fees',
  'other_amazon',
  'refunds',
  'refund_fees',
  'payout',
  'conversion_fee',
  'source_purchase',
  'international_shipping',
  'duty',
  'import_tax',
  'clearance_fee',
  'profit',
] as const;
export type CompareRow = (typeof COMPARE_ROWS)[number];

export interface CompareLine {
  row: CompareRow;
  /** Cents in the selling currency; deductions and costs positive, as the money model shows them. */
  estimate: number | null;
  /** Null: nothing recorded yet (Amazon does not report it, or the seller has not entered it). */
  actual: number | null;
  difference: number | null;
  flagged: boolean;
  /** The rule (or lane setting) the estimate line came from, named when flagged so it can be corrected. */
  rule: string | null;
}

export interface CompareInput {
  estimate: MoneyBreakdown | null;
  actual: OrderActual;
  /** The selling marketplace shows prices with the tax inside (UK, AU, SG, AE, MX: landed rules). */
  price_includes_tax: boolean;
  /** What the seller recorded paying at the source, in cents of the selling currency; null: not yet. */
  purchase_cents?: number | null;
  /** Border costs the seller entered (the forwarder's bill, its clearance, duty, import tax), in cents of the selling currency. */
  international_cents?: number | null;
  clearance_cents?: number | null;
  duty_cents?: number | null;
  import_tax_cents?: number | null;
  flag_percent?: number;
}

const SOURCE_KEYS: readonly MoneyKey[] = ['buy_price', 'buy_tax', 'source_shipping'];
/**
 * What comes off the payout before profit: tax on fees too, which Amazon invoices apart from the order's
 * events (so the payout read does not hold it), at the estimate until something better is recorded.
 */
const PROFIT_COSTS: readonly CompareRow[] = [
  'tax_on_fees',
  'conversion_fee',
  'source_purchase',
  'international_shipping',
  'duty',
  'import_tax',
  'clearance_fee',
];

/**
 * Estimate against actual, line by line (issue 61, reference §4.5): Amazon's lines mapped onto the money
 * model's, with a difference and a flag per line. Every figure is whole cents, so the rows add up.
 */
export function compareOrder(input: CompareInput): CompareLine[] {
  const { estimate, actual } = input;
  const est = new Map<MoneyKey, { cents: number; rule: string | null }>();
  for (const l of estimate?.lines ?? []) est.set(l.key, { cents: toCents(l.amount), rule: l.rule });
  const e = (k: MoneyKey) => est.get(k)?.cents ?? (estimate ? 0 : null);
  const rule = (k: MoneyKey) => est.get(k)?.rule ?? null;
  const k = actual.by_kind;
  // Comparable only in one currency, the estimate's.
  const comparable =
    !actual.mixed_currency && (!estimate || !actual.currency || actual.currency === estimate.currency);
  const a = (v: number) => (comparable && actual.currency ? v : null);

  const taxOnTop = input.price_includes_tax ? 0 : k.tax_charged;
  const sale = a(k.principal + k.shipping + (input.price_includes_tax ? k.tax_charged : 0));
  const sourceEst = estimate ? SOURCE_KEYS.reduce((s, key) => s + (est.get(key)?.cents ?? 0), 0) : null;
  const sourceRule = rule('buy_price');
  const purchase = input.purchase_cents ?? null;
  const payout = a(actual.net);

  const rows: [CompareRow, number | null, number | null, string | null][] = [
    ['sale_price', e('sale_price'), sale, null],
    [
      'tax_kept_by_amazon',
      e('tax_kept_by_amazon'),
      a(-k.tax_withheld - taxOnTop),
      rule('tax_kept_by_amazon'),
    ],
    ['promotions', estimate ? 0 : null, a(-k.promotion), null],
    ['referral_fee', e('referral_fee'), a(-k.referral_fee), rule('referral_fee')],
    ['closing_fee', e('closing_fee'), a(-k.closing_fee), rule('closing_fee')],
    [
      'digital_services_fee',
      e('digital_services_fee'),
      a(-k.digital_services_fee),
      rule('digital_services_fee'),
    ],
    // Tax on fees is invoiced by Amazon apart from the order's events: not in what we read.
    ['tax_on_fees', e('tax_on_fees'), null, rule('tax_on_fees')],
    ['other_amazon', estimate ? 0 : null, a(-(k.other_fee + k.other_charge)), null],
    ['refunds', estimate ? 0 : null, a(-actual.refunds), null],
    ['refund_fees', estimate ? 0 : null, a(-actual.refund_fees), null],
    ['payout', e('payout'), payout, null],
    ['conversion_fee', e('conversion_fee'), null, rule('conversion_fee')],
    ['source_purchase', sourceEst, purchase, sourceRule],
    [
      'international_shipping',
      e('international_shipping'),
      input.international_cents ?? null,
      rule('international_shipping'),
    ],
    ['duty', e('duty'), input.duty_cents ?? null, rule('duty')],
    ['import_tax', e('import_tax'), input.import_tax_cents ?? null, rule('import_tax')],
    ['clearance_fee', e('clearance_fee'), input.clearance_cents ?? null, rule('clearance_fee')],
  ];
  // Profit: the actual payout less every cost, actual where recorded, else the estimate's.
  let profit: number | null = null;
  if (payout !== null) {
    const costs = rows
      .filter(([r]) => PROFIT_COSTS.includes(r))
      .reduce((s, [, est2, act]) => s + (act ?? est2 ?? 0), 0);
    profit = payout - costs;
  }
  rows.push(['profit', e('profit'), profit, null]);

  const limit = estimate
    ? (Math.abs(e('sale_price') ?? 0) * (input.flag_percent ?? DEFAULT_FLAG_PERCENT)) / 100
    : null;
  return rows.map(([row, estimateCents, actualCents, ruleId]) => {
    const difference = estimateCents !== null && actualCents !== null ? actualCents - estimateCents : null;
    const flagged = difference !== null && limit !== null && Math.abs(difference) > limit;
    return { row, estimate: estimateCents, actual: actualCents, difference, flagged, rule: ruleId };
  });
}
