import { applyCoupon } from '@crossmarket/domain';
import { and, eq, lte } from 'drizzle-orm';
import { withTx, type Db } from '../../../db/client';
import { billingCoupons, billingSubscriptions } from '../../../db/schema';
import { planByCode } from '../../../db/plans';
import { advancePeriod, chargeSavedCard, markPaid, openInvoice } from './charges';

/**
 * Renews every subscription whose period has ended (a scheduled job): one paused by autopay-off ends;
 * the others are invoiced at the full price (less a coupon still in its months) and charged to the saved
 * card. A declined card leaves the invoice open and the subscription past due; paying it renews.
 * Answers the counts and the invoices it marked paid (their receipts are the caller's, after commit).
 */
export async function renewDueSubscriptions(db: Db, now = new Date()) {
  const due = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.status, 'active'), lte(billingSubscriptions.currentPeriodEnd, now)));
  const outcome = { renewed: 0, ended: 0, pastDue: 0, paidInvoices: [] as string[] };
  for (const sub of due) {
    await withTx(db, async (t) => {
      if (sub.cancelAtPeriodEnd) {
        await t
          .update(billingSubscriptions)
          .set({ status: 'canceled' })
          .where(eq(billingSubscriptions.id, sub.id));
        outcome.ended += 1;
        return;
      }
      const plan = await planByCode(t, sub.planCode);
      const [coupon] = sub.couponId
        ? await t.select().from(billingCoupons).where(eq(billingCoupons.id, sub.couponId))
        : [];
      const couponApplies =
        coupon && (coupon.durationInMonths === null || sub.periodIndex < coupon.durationInMonths);
      const amount = applyCoupon(
        plan!.monthlyPriceCents,
        couponApplies ? { percent_off: coupon.percentOff, amount_off: coupon.amountOff } : null,
      );
      const advanced = { ...sub, currentPeriodStart: sub.currentPeriodEnd };
      const invoiceId = await openInvoice(
        t,
        advanced,
        'renewal',
        sub.planCode,
        amount,
        `${plan!.name} plan, 1 month (renewal)`,
      );
      const charge = await chargeSavedCard(t, sub);
      if (!charge.ok) {
        await t
          .update(billingSubscriptions)
          .set({ status: 'past_due' })
          .where(eq(billingSubscriptions.id, sub.id));
        outcome.pastDue += 1;
        return;
      }
      await markPaid(t, invoiceId);
      await advancePeriod(t, sub);
      outcome.renewed += 1;
      outcome.paidInvoices.push(invoiceId);
    });
  }
  return outcome;
}
