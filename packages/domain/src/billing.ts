/**
 * Billing arithmetic shared by the sandbox engine, the Stripe adapter's previews and the screens.
 * Amounts are integer cents (USD).
 */

export interface BillingCoupon {
  id: string;
  code: string;
  percent_off: number | null;
  /** Cents. */
  amount_off: number | null;
  duration_in_months: number | null;
  is_code_applicable: boolean;
}

/** The price after a coupon: percent_off first if set, else amount_off; never below zero. */
export function applyCoupon(
  amountCents: number,
  coupon: Pick<BillingCoupon, 'percent_off' | 'amount_off'> | null | undefined,
): number {
  if (!coupon) return amountCents;
  if (coupon.percent_off) return Math.max(0, Math.round(amountCents * (1 - coupon.percent_off / 100)));
  if (coupon.amount_off) return Math.max(0, amountCents - coupon.amount_off);
  return amountCents;
}

export interface ProrationInput {
  currentPriceCents: number;
  newPriceCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}

export interface Proration {
  /** Credit for the unused time of the current plan. */
  current_plan_remaining: number;
  /** Cost of the new plan for the same remaining time. */
  new_plan_remaining: number;
  /** What the upgrade charges now; the invoice date stays and the next cycle bills the full new price. */
  you_pay_total_price: number;
}

/** Proration by the second (Stripe's way): both sides scaled by remaining ÷ period length. */
export function prorate({
  currentPriceCents,
  newPriceCents,
  periodStart,
  periodEnd,
  now,
}: ProrationInput): Proration {
  const total = Math.floor((periodEnd.getTime() - periodStart.getTime()) / 1000);
  const remaining = Math.min(total, Math.max(0, Math.floor((periodEnd.getTime() - now.getTime()) / 1000)));
  const share = total > 0 ? remaining / total : 0;
  const current = Math.round(currentPriceCents * share);
  const next = Math.round(newPriceCents * share);
  return {
    current_plan_remaining: current,
    new_plan_remaining: next,
    you_pay_total_price: Math.max(0, next - current),
  };
}

/**
 * One month after `date`, on the same day of the month, clamped to the month's last day (31 Jan → 28/29
 * Feb), in UTC: the subscription stays anchored to its first payment.
 */
export function addMonths(date: Date, months = 1): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The `n`-th period end after `anchor` (n ≥ 1), always computed from the anchor, so days never drift. */
export function periodEndAfter(anchor: Date, n: number): Date {
  return addMonths(anchor, n);
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

/** The billing tab's invoice row: Paid (green check), Open, or Unpaid; Pay Now and View only when they apply. */
export function invoiceDisplay(invoice: {
  status: InvoiceStatus | string;
  amount: number;
  invoice_pdf?: string | null;
}) {
  const label = invoice.status === 'paid' ? 'paid' : invoice.status === 'open' ? 'open' : 'unpaid';
  return {
    label: label as 'paid' | 'open' | 'unpaid',
    payNow: invoice.status === 'open' && invoice.amount > 0,
    view: !!invoice.invoice_pdf,
  };
}

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type SandboxCardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds' | 'incorrect_number';

/** Stripe's documented test cards: 4000 0000 0000 0002 declines, …9995 lacks funds, others succeed. */
export function sandboxCardOutcome(number: string): SandboxCardOutcome {
  const digits = number.replace(/\D/g, '');
  if (!luhnValid(digits)) return 'incorrect_number';
  if (digits === '4000000000000002') return 'card_declined';
  if (digits === '4000000000009995') return 'insufficient_funds';
  return 'succeeded';
}
