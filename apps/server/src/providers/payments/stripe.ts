import type { BillingCoupon } from '@crossmarket/domain';
import { and, eq, gt } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { billingCustomers, payments, plans, userData, userProfiles } from '../../db/schema';
import { planByCode } from '../../db/plans';
import { purchasablePlan } from './purchasable-plan';
import { HttpError, notFound } from '../../http/errors';
import { noSubscription } from './refusals';
import { upsertStripeInvoice } from './stripe-records';
import type { Outcome, PaymentsProvider, Proration } from './types';

/** Each paid plan's Stripe price carries this lookup key, so no price id is configured by hand. */
export const priceLookupKey = (planCode: string) => `crossmarket_${planCode.toLowerCase()}`;

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  // apiBase points the SDK at another server speaking Stripe's API (stripe-mock, or a test's stand-in).
  const url = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Crossmarket' },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** A card problem Stripe reports (declined, insufficient funds…): shown to the user, not a server error. */
const cardFailure = (error: unknown): Outcome | null =>
  error instanceof Stripe.errors.StripeCardError ? { result: false, msg: error.message } : null;

const idempotency = (scope: string, userId: string, key?: string) =>
  key ? { idempotencyKey: `${scope}:${userId}:${key}` } : undefined;

/** The `stripe` provider: the same calls over Stripe's API; Stripe's webhooks keep our rows in step. */
export function createStripePayments(db: Db, stripe: Stripe): PaymentsProvider {
  /** Looks the paid plans' prices up by lookup key and stores their ids on the plans. */
  async function listPrices() {
    const paid = await db
      .select({ code: plans.code })
      .from(plans)
      .where(and(eq(plans.visible, true), gt(plans.monthlyPriceCents, 0)));
    const found = await stripe.prices.list({
      lookup_keys: paid.map((p) => priceLookupKey(p.code)),
      active: true,
      limit: 100,
    });
    const out: { code: string; price_id: string }[] = [];
    for (const plan of paid) {
      const price = found.data.find((p) => p.lookup_key === priceLookupKey(plan.code));
      if (!price) continue;
      await db.update(plans).set({ priceId: price.id }).where(eq(plans.code, plan.code));
      out.push({ code: plan.code, price_id: price.id });
    }
    return out;
  }

  async function customerId(user: { id: string; email: string }) {
    const [known] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    if (known) return known.id;
    const created = await stripe.customers.create(
      { email: user.email, metadata: { user_id: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    await db.insert(billingCustomers).values({ id: created.id, userId: user.id }).onConflictDoNothing();
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    return row!.id;
  }

  async function findPromotion(code: string) {
    const list = await stripe.promotionCodes.list({
      code: code.trim(),
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    const promotion = list.data[0];
    const coupon = promotion?.promotion.coupon;
    if (!promotion || !coupon || typeof coupon === 'string' || !coupon.valid) return null;
    return { promotion, coupon };
  }

  async function findCoupon(code: string): Promise<BillingCoupon | null> {
    const found = await findPromotion(code);
    if (!found) return null;
    return {
      id: found.promotion.id,
      code: found.promotion.code,
      percent_off: found.coupon.percent_off,
      amount_off: found.coupon.amount_off,
      duration_in_months: found.coupon.duration_in_months,
      is_code_applicable: true,
    };
  }

  async function account(userId: string) {
    const [row] = await db.select().from(userData).where(eq(userData.userId, userId));
    return row;
  }

  /** The user's running Stripe subscription, its one item, and the current and requested plans. */
  async function upgradeTarget(userId: string, priceId: string) {
    const data = await account(userId);
    const live = data?.subscriptionId && data.subscriptionEnd && data.subscriptionEnd > new Date();
    if (!live) {
      throw new HttpError(400, 'no_subscription', 'There is no active subscription. Choose a plan instead.');
    }
    const subscription = await stripe.subscriptions.retrieve(data.subscriptionId!);
    const item = subscription.items.data[0]!;
    const current = await planByCode(db, data.planCode!);
    const next = await purchasablePlan(db, priceId);
    if (next.dailyReportQuota <= current!.dailyReportQuota) {
      throw new HttpError(400, 'not_an_upgrade', 'Select a plan with a higher daily quota.');
    }
    return { subscription, item, next };
  }

  return {
    name: 'stripe',
    listPrices,
    findCoupon,

    async createSubscription(user, input) {
      const plan = await purchasablePlan(db, input.priceId);
      const found = input.couponCode ? await findPromotion(input.couponCode) : null;
      if (input.couponCode && !found) throw new HttpError(400, 'coupon_not_found', 'Coupon not found.');
      const data = await account(user.id);
      if (data?.subscriptionId && data.subscriptionEnd && data.subscriptionEnd > new Date()) {
        throw new HttpError(
          409,
          'already_subscribed',
          'You already have an active subscription. Upgrade it instead.',
        );
      }
      const customer = await customerId(user);
      const subscription = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price: plan.priceId! }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: ['card'],
          },
          ...(found ? { discounts: [{ promotion_code: found.promotion.id }] } : {}),
          metadata: { user_id: user.id, plan_code: plan.code },
          expand: ['latest_invoice.confirmation_secret'],
        },
        idempotency('create-subscription', user.id, input.idempotencyKey),
      );
      const invoice = subscription.latest_invoice as Stripe.Invoice | null;
      if (invoice) await upsertStripeInvoice(db, user.id, invoice);
      // A 100% coupon leaves nothing to pay: the subscription is active at once and the webhook records it.
      return { clientSecret: invoice?.confirmation_secret?.client_secret ?? '' };
    },

    async extendSubscription(userId, days) {
      const data = await account(userId);
      if (!data?.subscriptionId) {
        throw noSubscription();
      }
      const subscription = await stripe.subscriptions.retrieve(data.subscriptionId);
      const periodEnd = subscription.items.data[0]?.current_period_end;
      if (!periodEnd || !['active', 'trialing', 'past_due'].includes(subscription.status)) {
        throw noSubscription();
      }
      // Stripe's way to push the next invoice out without charging: a trial until the new date.
      const end = periodEnd + days * 86_400;
      await stripe.subscriptions.update(data.subscriptionId, { trial_end: end, proration_behavior: 'none' });
      const subscriptionEnd = new Date(end * 1000);
      await db.update(userData).set({ subscriptionEnd }).where(eq(userData.userId, userId));
      return { subscriptionEnd };
    },

    async setAutopay(userId, on) {
      const data = await account(userId);
      if (!data?.subscriptionId) throw notFound('There is no subscription to change.');
      await stripe.subscriptions.update(data.subscriptionId, { cancel_at_period_end: !on });
      await db.update(userProfiles).set({ autopay: on }).where(eq(userProfiles.userId, userId));
      return { result: true };
    },

    async previewUpgrade(userId, priceId): Promise<Proration> {
      const { subscription, item } = await upgradeTarget(userId, priceId);
      const preview = await stripe.invoices.createPreview({
        customer: subscription.customer as string,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(Date.now() / 1000),
        },
      });
      let credit = 0;
      let charge = 0;
      for (const line of preview.lines.data) {
        if (line.amount < 0) credit -= line.amount;
        else charge += line.amount;
      }
      return {
        current_plan_remaining: credit,
        new_plan_remaining: charge,
        you_pay_total_price: Math.max(0, preview.amount_due),
      };
    },

    async upgrade(userId, priceId, idempotencyKey) {
      const { subscription, item, next } = await upgradeTarget(userId, priceId);
      try {
        await stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: item.id, price: priceId }],
            // The difference is invoiced and charged now; the billing date does not move.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            metadata: { user_id: userId, plan_code: next.code },
          },
          idempotency('upgrade-subscription', userId, idempotencyKey),
        );
      } catch (error) {
        const failed = cardFailure(error);
        if (failed) return failed;
        throw error;
      }
      await db.update(userData).set({ planCode: next.code }).where(eq(userData.userId, userId));
      return { result: true, msg: '' };
    },

    async createSetupIntent(user) {
      const intent = await stripe.setupIntents.create({
        customer: await customerId(user),
        usage: 'off_session',
        metadata: { user_id: user.id },
      });
      return { clientSecret: intent.client_secret! };
    },

    async changePaymentMethod(userId, card) {
      if (!('setup_intent_id' in card)) {
        return { result: false, msg: 'Your card details are incomplete or invalid.' };
      }
      const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
      const intent = await stripe.setupIntents
        .retrieve(card.setup_intent_id, { expand: ['payment_method'] })
        .catch((error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
          throw error;
        });
      // Another customer's SetupIntent is answered as if it did not exist.
      if (!intent || !customer || intent.customer !== customer.id) throw notFound('This card was not found.');
      if (intent.status !== 'succeeded' || !intent.payment_method) {
        return { result: false, msg: 'The card was not confirmed. Please try again.' };
      }
      const method = intent.payment_method as Stripe.PaymentMethod;
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: method.id },
      });
      const data = await account(userId);
      if (data?.subscriptionId) {
        await stripe.subscriptions.update(data.subscriptionId, { default_payment_method: method.id });
      }
      await db
        .update(userData)
        .set({ cardBrand: method.card?.brand ?? null, cardLast4: method.card?.last4 ?? null })
        .where(eq(userData.userId, userId));
      return { result: true, msg: '' };
    },

    async payInvoice(userId, invoiceId) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.invoiceId, invoiceId), eq(payments.userId, userId)));
      if (!row) throw notFound('This invoice was not found.');
      if (row.status !== 'open') return { result: false, msg: 'This invoice is not open.' };
      try {
        const invoice = await stripe.invoices.pay(invoiceId);
        await upsertStripeInvoice(db, userId, invoice);
      } catch (error) {
        const failed = cardFailure(error);
        if (failed) return failed;
        throw error;
      }
      return { result: true, msg: '' };
    },
  };
}
