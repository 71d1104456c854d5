import {
  addMonths,
  applyCoupon,
  cardBrand,
  cardSchema,
  JOB_NAMES,
  sandboxCardOutcome,
} from '@crossmarket/domain';
import { and, eq, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../../db/client';
import {
  billingCoupons,
  billingCustomers,
  billingInvoices,
  billingPaymentIntents,
  billingPaymentMethods,
  billingSubscriptions,
  payments,
  plans,
  userData,
  userProfiles,
} from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/queue';
import { purchasablePlan } from '../purchasable-plan';
import { newClientSecret, newId } from './ids';
import { findLiveSubscription } from './subscriptions';

/** Stripe's messages for its test cards, which the checkout shows in its error alert. */
export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  incorrect_number: 'Your card number is incorrect.',
} as const;

export async function listPrices(db: Db) {
  const rows = await db
    .select({ code: plans.code, price_id: plans.priceId })
    .from(plans)
    .where(eq(plans.visible, true));
  return rows.flatMap((r) => (r.price_id ? [{ code: r.code, price_id: r.price_id }] : []));
}

export async function findCoupon(db: Db, code: string) {
  const [c] = await db
    .select()
    .from(billingCoupons)
    .where(and(sql`upper(${billingCoupons.code}) = upper(${code.trim()})`, eq(billingCoupons.active, true)));
  if (!c) return null;
  return {
    id: c.id,
    code: c.code,
    percent_off: c.percentOff,
    amount_off: c.amountOff,
    duration_in_months: c.durationInMonths,
    is_code_applicable: true,
  };
}

/** A visible plan by its provider price id; an unknown one is the client's error. */
async function customerOf(db: Db, userId: string) {
  await db
    .insert(billingCustomers)
    .values({ id: newId('cus'), userId })
    .onConflictDoNothing();
  const [c] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return c!;
}

/** Where the invoice's PDF is served (rendered on request, only to its owner). */ export const invoicePdfPath =
  (invoiceId: string) => `/api/invoices/${invoiceId}/pdf`;

export const nextInvoiceNumber = async (db: Db) => {
  const r = await db.execute<{ n: string }>(sql`select nextval('billing_invoice_number_seq')::text as n`);
  return `CM-${r.rows[0]!.n.padStart(6, '0')}`;
};

/**
 * Starts a subscription the way Stripe does with `payment_behavior: default_incomplete`: an incomplete
 * subscription, an open first invoice (coupon applied on the server), and a payment intent whose client
 * secret the checkout confirms.
 */
export async function createSubscription(
  db: Db,
  userId: string,
  input: { priceId: string; couponCode?: string | null },
) {
  const plan = await purchasablePlan(db, input.priceId);
  const coupon = input.couponCode ? await findCoupon(db, input.couponCode) : null;
  if (input.couponCode && !coupon) throw new HttpError(400, 'coupon_not_found', 'Coupon not found.');
  return withTx(db, async (t) => {
    const [current] = await t
      .select()
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.status, 'active')));
    if (current && current.currentPeriodEnd && current.currentPeriodEnd > new Date()) {
      throw new HttpError(
        409,
        'already_subscribed',
        'You already have an active subscription. Upgrade it instead.',
      );
    }
    // An abandoned checkout leaves an incomplete subscription behind; a new attempt replaces it.
    await t
      .update(billingSubscriptions)
      .set({ status: 'incomplete_expired' })
      .where(and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.status, 'incomplete')));
    const customer = await customerOf(t, userId);
    const subscriptionId = newId('sub');
    await t.insert(billingSubscriptions).values({
      id: subscriptionId,
      customerId: customer.id,
      userId,
      planCode: plan.code,
      status: 'incomplete',
      couponId: coupon?.id ?? null,
    });
    const amount = applyCoupon(plan.monthlyPriceCents, coupon);
    const invoiceId = newId('in');
    await t.insert(billingInvoices).values({
      id: invoiceId,
      number: await nextInvoiceNumber(t),
      userId,
      subscriptionId,
      kind: 'subscription_create',
      planCode: plan.code,
      status: 'open',
      amountDue: amount,
      description: `${plan.name} plan, 1 month${coupon ? ` (coupon ${coupon.code})` : ''}`,
    });
    await t
      .insert(payments)
      .values({
        id: invoiceId,
        userId,
        status: 'open',
        amountCents: amount,
        invoiceId,
        invoicePdf: invoicePdfPath(invoiceId),
      })
      .onConflictDoNothing();
    const intentId = newId('pi');
    const clientSecret = newClientSecret(intentId);
    await t
      .insert(billingPaymentIntents)
      .values({ id: intentId, invoiceId, userId, clientSecret, amount, status: 'requires_payment_method' });
    return { clientSecret, intentId, amount, subscriptionId };
  });
}

/**
 * The sandbox's stand-in for Stripe.js `confirmCardPayment`: checks the card like the form does, charges it
 * by the test-card rules, keeps only brand and last 4, and records success through a job (as a webhook
 * would), so the checkout's polling of a paid Payments row is real.
 */
export async function confirmPayment(
  db: Db,
  queue: JobQueue,
  userId: string,
  input: {
    client_secret: string;
    card: { number: string; exp_month: unknown; exp_year: unknown; cvc: string };
  },
) {
  const [intent] = await db
    .select()
    .from(billingPaymentIntents)
    .where(
      and(
        eq(billingPaymentIntents.clientSecret, input.client_secret),
        eq(billingPaymentIntents.userId, userId),
      ),
    );
  if (!intent) throw new HttpError(404, 'not_found', 'This payment was not found.');
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    return { result: true, status: 'succeeded' as const, msg: '' };
  }
  const card = cardSchema().safeParse(input.card);
  if (!card.success) {
    return {
      result: false,
      status: 'requires_payment_method' as const,
      msg: 'Your card details are incomplete or invalid.',
    };
  }
  const outcome = sandboxCardOutcome(card.data.number);
  if (outcome !== 'succeeded') {
    const msg = DECLINE_MESSAGES[outcome];
    await db
      .update(billingPaymentIntents)
      .set({ lastError: msg })
      .where(eq(billingPaymentIntents.id, intent.id));
    return { result: false, status: 'requires_payment_method' as const, msg };
  }
  const [invoice] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, intent.invoiceId));
  const customer = await customerOf(db, userId);
  const methodId = newId('pm');
  await db.insert(billingPaymentMethods).values({
    id: methodId,
    customerId: customer.id,
    brand: cardBrand(card.data.number)!,
    last4: card.data.number.replace(/\D/g, '').slice(-4),
    expMonth: card.data.exp_month,
    expYear: card.data.exp_year,
    outcome,
  });
  await db
    .update(billingSubscriptions)
    .set({ defaultPaymentMethodId: methodId })
    .where(eq(billingSubscriptions.id, invoice!.subscriptionId));
  await db
    .update(billingPaymentIntents)
    .set({ status: 'processing', lastError: null })
    .where(eq(billingPaymentIntents.id, intent.id));
  await queue.send(JOB_NAMES.paymentSucceeded, { payment_intent_id: intent.id });
  return { result: true, status: 'succeeded' as const, msg: '' };
}

/**
 * The payment went through: invoice paid, subscription active for a month from now, account updated.
 * Answers the invoice this call marked paid (null when it was already), for its receipt.
 */
export async function recordPaymentSucceeded(db: Db, paymentIntentId: string): Promise<string | null> {
  return withTx(db, async (t) => {
    const [intent] = await t
      .select()
      .from(billingPaymentIntents)
      .where(eq(billingPaymentIntents.id, paymentIntentId))
      .for('update');
    if (!intent || intent.status === 'succeeded') return null; // jobs may run twice; the second changes nothing
    const now = new Date();
    const [invoice] = await t.select().from(billingInvoices).where(eq(billingInvoices.id, intent.invoiceId));
    const [sub] = await t
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, invoice!.subscriptionId));
    await t
      .update(billingPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(billingPaymentIntents.id, intent.id));
    await t
      .update(billingInvoices)
      .set({ status: 'paid', amountPaid: invoice!.amountDue, paidAt: now })
      .where(eq(billingInvoices.id, invoice!.id));
    await t
      .update(payments)
      .set({ status: 'paid', invoiceNumber: invoice!.number })
      .where(eq(payments.invoiceId, invoice!.id));
    let periodEnd = sub!.currentPeriodEnd;
    if (sub!.status === 'incomplete') {
      periodEnd = addMonths(now, 1);
      await t
        .update(billingSubscriptions)
        .set({
          status: 'active',
          anchor: now,
          periodIndex: 1,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
        })
        .where(eq(billingSubscriptions.id, sub!.id));
    }
    const [method] = sub!.defaultPaymentMethodId
      ? await t
          .select()
          .from(billingPaymentMethods)
          .where(eq(billingPaymentMethods.id, sub!.defaultPaymentMethodId))
      : [];
    await t
      .update(userData)
      .set({
        planCode: sub!.planCode,
        subscriptionId: sub!.id,
        subscriptionEnd: periodEnd,
        welcomeDone: true,
        ...(method ? { cardBrand: method.brand, cardLast4: method.last4 } : {}),
      })
      .where(eq(userData.userId, sub!.userId));
    return invoice!.id;
  });
}

export async function setAutopay(db: Db, userId: string, on: boolean) {
  const sub = await findLiveSubscription(db, userId);
  if (!sub) throw new HttpError(404, 'not_found', 'There is no subscription to change.');
  await db
    .update(billingSubscriptions)
    .set({ cancelAtPeriodEnd: !on })
    .where(eq(billingSubscriptions.id, sub.id));
  await db.update(userProfiles).set({ autopay: on }).where(eq(userProfiles.userId, userId));
  return { result: true };
}
