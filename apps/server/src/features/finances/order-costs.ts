import type { MoneyBreakdown, OrderCostsInput } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderCosts } from '../../db/schema';
import { fieldError } from '../../http/errors';
import type { OrderLink } from './order-links';
import { refreshOrderMoney } from './refresh-order-money';

/** The border costs the seller entered for an order, as kept (amounts in `currency`). */
export interface EnteredCosts {
  currency: string;
  forwarder: number | null;
  clearance: number | null;
  duty: number | null;
  import_tax: number | null;
  updated_at: Date;
}

/**
 * `amount` of `currency` in cents of the selling currency: as it is in that currency, else at the rate the
 * order's estimate converted with (the buy price first, then any line paid in that currency); null when
 * the estimate never used that currency. No outside rate: the comparison stays in the estimate's terms.
 */
export function inSellingCents(
  amount: number,
  currency: string,
  selling: string | null,
  estimate: MoneyBreakdown | null,
): number | null {
  if (currency === (estimate?.currency ?? selling)) return Math.round(amount * 100);
  const lines = estimate?.lines ?? [];
  const paid = [lines.find((l) => l.key === 'buy_price'), ...lines].find(
    (l) => l?.paid && l.paid.currency === currency && l.paid.amount > 0 && l.amount > 0,
  );
  return paid?.paid ? Math.round(amount * (paid.amount / paid.paid.amount) * 100) : null;
}

/** The currencies costs can be entered in for an order: the selling one and those its estimate paid in. */
export function costCurrencies(selling: string | null, estimate: MoneyBreakdown | null): string[] {
  const all = [estimate?.currency ?? selling, ...(estimate?.lines ?? []).map((l) => l.paid?.currency)];
  return [...new Set(all.filter((c): c is string => !!c))];
}

/** The entered costs as the comparison takes them (cents of the selling currency; null: not entered). */
export function costsCents(
  link: OrderLink | undefined,
  selling: string | null,
  estimate: MoneyBreakdown | null,
) {
  const c = link?.costs;
  const at = (v: number | null | undefined) =>
    c && v !== null && v !== undefined ? inSellingCents(v, c.currency, selling, estimate) : null;
  return {
    international_cents: at(c?.forwarder),
    clearance_cents: at(c?.clearance),
    duty_cents: at(c?.duty),
    import_tax_cents: at(c?.import_tax),
  };
}

/**
 * Keeps what the seller paid at the border for their order `link` (replacing what was there), then sums
 * the order's money again. A currency the comparison cannot convert is refused naming those it can.
 */
export async function saveOrderCosts(
  db: Db,
  userId: string,
  link: OrderLink,
  estimate: MoneyBreakdown | null,
  input: OrderCostsInput,
): Promise<void> {
  const allowed = costCurrencies(link.currency, estimate);
  if (!allowed.includes(input.currency))
    throw fieldError('currency', 'validation.money.costCurrency', { currencies: allowed.join(', ') });
  const values = {
    currency: input.currency,
    forwarder: input.forwarder,
    clearance: input.clearance ?? null,
    duty: input.duty,
    importTax: input.import_tax ?? null,
  };
  await db
    .insert(orderCosts)
    .values({ orderId: link.order_id, userId, ...values })
    .onConflictDoUpdate({ target: orderCosts.orderId, set: { ...values, updatedAt: sql`now()` } });
  await refreshOrderMoney(db, userId, [link.amazon_order_id]);
}
