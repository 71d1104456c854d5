import { addMonths, cardBrand, cardSchema, prorate, sandboxCardOutcome } from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../../db/client';
import {
  billingInvoices,
  billingPaymentMethods,
  billingSubscriptions,
  payments,
  userData,
} from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { planByCode } from '../../../db/plans';
import { purchasablePlan } from '../purchasable-plan';
import { newId } from './ids';
import { findLiveSubscription, type Subscription } from './subscriptions';
import { DECLINE_MESSAGES, invoicePdfPath, nextInvoiceNumber } from './engine';

export async function activeSubscription(db: Db, userId: string): Promise<Subscription> {
  const sub = await findLiveSubscription(db, userId);
  if (!sub || !sub.currentPeriodEnd || !sub.currentPeriodStart) {
    throw new HttpError(400, 'no_subscription', 'There is no active subscription. Choose a plan instead.');
  }
  return sub;
}

async function currentPlan(db: Db, sub: Subscription) {
  const plan = await planByCode(db, sub.planCode);
  if (!plan) throw new HttpError(400, 'unknown_price', 'This plan is not available.');
  return plan;
}

/** Charges the subscription's saved card in the sandbox: its test-card behaviour decides. */
async function chargeSavedCard(
  db: Db,
  sub: Subscription,
): Promise<{ ok: true } | { ok: false; msg: string }> {
  if (!sub.defaultPaymentMethodId) return { ok: false, msg: 'There is no saved card.' };
  const [method] = await db
    .select()
    .from(billingPaymentMethods)
    .where(eq(billingPaymentMethods.id, sub.defaultPaymentMethodId));
  if (!method || method.outcome === 'succeeded')
    return method ? { ok: true } : { ok: false, msg: 'There is no saved card.' };
  return {
    ok: false,
    msg: DECLINE_MESSAGES[method.outcome as keyof typeof DECLINE_MESSAGES] ?? 'Your card was declined.',
  };
}

async function openInvoice(
  db: Db,
  sub: Subscription,
  kind: string,
  planCode: string,
  amount: number,
  description: string,
) {
  const id = newId('in');
  await db.insert(billingInvoices).values({
    id,
    number: await nextInvoiceNumber(db),
    userId: sub.userId,
    subscriptionId: sub.id,
    kind,
    planCode,
    status: 'open',
    amountDue: amount,
    description,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
  });
  await db.insert(payments).values({
    id,
    userId: sub.userId,
    status: 'open',
    amountCents: amount,
    invoiceId: id,
    invoicePdf: invoicePdfPath(id),
  });
  return id;
}

async function markPaid(db: Db, invoiceId: string) {
  const [inv] = await db
    .update(billingInvoices)
    .set({ status: 'paid', amountPaid: sql`${billingInvoices.amountDue}`, paidAt: new Date() })
    .where(eq(billingInvoices.id, invoiceId))
    .returning();
  await db
    .update(payments)
    .set({ status: 'paid', invoiceNumber: inv!.number })
    .where(eq(payments.invoiceId, invoiceId));
  return inv!;
}

/** What an upgrade costs now: unused time of the current plan credited, the new plan charged, by the second. */
export async function previewUpgrade(db: Db, userId: string, priceId: string, now = new Date()) {
  const sub = await activeSubscription(db, userId);
  const current = await currentPlan(db, sub);
  // Only a plan still sold, as with Stripe: a retired price is refused, not upgraded to.
  const next = await purchasablePlan(db, priceId);
  if (next.dailyReportQuota <= current.dailyReportQuota) {
    throw new HttpError(400, 'not_an_upgrade', 'Select a plan with a higher daily quota.');
  }
  const proration = prorate({
    currentPriceCents: current.monthlyPriceCents,
    newPriceCents: next.monthlyPriceCents,
    periodStart: sub.currentPeriodStart!,
    periodEnd: sub.currentPeriodEnd!,
    now,
  });
  return { sub, current, next, proration };
}

/**
 * Moves the subscription to a bigger plan: the prorated difference is invoiced and charged to the saved
 * card now; the period end (the invoice date) stays, and the next cycle bills the full new price. Answers
 * the invoice it marked paid, for its receipt (queued once the transaction has committed).
 */
export async function upgrade(db: Db, userId: string, priceId: string) {
  return withTx(db, async (t) => {
    const { sub, next, proration } = await previewUpgrade(t, userId, priceId);
    const invoiceId = await openInvoice(
      t,
      sub,
      'upgrade',
      next.code,
      proration.you_pay_total_price,
      `Upgrade to ${next.name} (prorated)`,
    );
    const charge =
      proration.you_pay_total_price > 0 ? await chargeSavedCard(t, sub) : ({ ok: true } as const);
    if (!charge.ok) return { result: false, msg: charge.msg };
    await markPaid(t, invoiceId);
    await t
      .update(billingSubscriptions)
      .set({ planCode: next.code })
      .where(eq(billingSubscriptions.id, sub.id));
    await t.update(userData).set({ planCode: next.code }).where(eq(userData.userId, userId));
    return { result: true, msg: '', paidInvoice: invoiceId };
  });
}

/** A new card for the subscription (sandbox: checked and classified here; only brand and last 4 kept). */
export async function changePaymentMethod(db: Db, userId: string, card: unknown) {
  const parsed = cardSchema().safeParse(card);
  if (!parsed.success) return { result: false, msg: 'Your card details are incomplete or invalid.' };
  const outcome = sandboxCardOutcome(parsed.data.number);
  if (outcome !== 'succeeded') return { result: false, msg: DECLINE_MESSAGES[outcome] };
  const sub = await activeSubscription(db, userId);
  const id = newId('pm');
  const last4 = parsed.data.number.replace(/\D/g, '').slice(-4);
  const brand = cardBrand(parsed.data.number)!;
  await db.insert(billingPaymentMethods).values({
    id,
    customerId: sub.customerId,
    brand,
    last4,
    expMonth: parsed.data.exp_month,
    expYear: parsed.data.exp_year,
    outcome,
  });
  await db
    .update(billingSubscriptions)
    .set({ defaultPaymentMethodId: id })
    .where(eq(billingSubscriptions.id, sub.id));
  await db.update(userData).set({ cardBrand: brand, cardLast4: last4 }).where(eq(userData.userId, userId));
  return { result: true, msg: '' };
}

/** Pays an open invoice with the saved card; a paid renewal invoice renews the subscription. Answers the paid invoice, as `upgrade`. */
export async function payInvoice(db: Db, userId: string, invoiceId: string) {
  return withTx(db, async (t) => {
    const [inv] = await t
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.userId, userId)))
      .for('update');
    if (!inv) throw new HttpError(404, 'not_found', 'This invoice was not found.');
    if (inv.status !== 'open') return { result: false, msg: 'This invoice is not open.' };
    const [sub] = await t
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, inv.subscriptionId));
    const charge = await chargeSavedCard(t, sub!);
    if (!charge.ok) return { result: false, msg: charge.msg };
    await markPaid(t, inv.id);
    if (inv.kind === 'renewal') await advancePeriod(t, sub!);
    return { result: true, msg: '', paidInvoice: inv.id };
  });
}

/** The next period, counted from the anchor so that the renewal day never drifts. */
export async function advancePeriod(db: Db, sub: Subscription) {
  const index = sub.periodIndex + 1;
  const end = addMonths(sub.anchor!, index);
  await db
    .update(billingSubscriptions)
    .set({
      status: 'active',
      periodIndex: index,
      currentPeriodStart: sub.currentPeriodEnd,
      currentPeriodEnd: end,
    })
    .where(eq(billingSubscriptions.id, sub.id));
  await db
    .update(userData)
    .set({ subscriptionEnd: end, planCode: sub.planCode })
    .where(eq(userData.userId, sub.userId));
}

export { chargeSavedCard, markPaid, openInvoice };
