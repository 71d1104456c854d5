import type Stripe from 'stripe';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { stripeEvents } from '../../db/schema';
import { sendError } from '../../http/errors';
import { applyStripeSubscription, upsertStripeInvoice, userOfCustomer } from './stripe-records';

async function cardOf(stripe: Stripe, subscription: Stripe.Subscription) {
  const ref = subscription.default_payment_method;
  if (!ref) return null;
  const method = typeof ref === 'string' ? await stripe.paymentMethods.retrieve(ref) : ref;
  return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
}

async function syncSubscription(db: Db, stripe: Stripe, id: string) {
  const subscription = await stripe.subscriptions.retrieve(id);
  await applyStripeSubscription(db, subscription, await cardOf(stripe, subscription));
}

/**
 * Applies one verified event. The event id is recorded in the same transaction as its effects: a failure
 * rolls both back and Stripe's retry applies it again; a repeat delivery changes nothing.
 */
export async function handleStripeEvent(db: Db, stripe: Stripe, event: Stripe.Event) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const fresh = await t
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return 'duplicate' as const;
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.finalized':
      case 'invoice.voided':
      case 'invoice.marked_uncollectible': {
        const invoice = event.data.object;
        const userId = await userOfCustomer(t, invoice.customer);
        if (!userId) return 'ignored' as const;
        await upsertStripeInvoice(t, userId, invoice);
        const subscription = invoice.parent?.subscription_details?.subscription;
        if (event.type === 'invoice.paid' && subscription) {
          await syncSubscription(
            t,
            stripe,
            typeof subscription === 'string' ? subscription : subscription.id,
          );
        }
        return 'processed' as const;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        await applyStripeSubscription(t, subscription, await cardOf(stripe, subscription));
        return 'processed' as const;
      }
      default:
        return 'ignored' as const;
    }
  });
}

/** `POST /api/stripe/webhook`: the signature over the raw body is checked before anything is read. */
export function registerStripeWebhook(app: App, db: Db, stripe: Stripe, secret: string) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/stripe/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        return sendError(reply, 400, 'bad_signature', 'The webhook signature is not valid.');
      }
      const outcome = await handleStripeEvent(db, stripe, event);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true };
    });
  });
}
