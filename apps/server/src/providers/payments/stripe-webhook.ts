import { apiErrorSchema, webhookReceivedSchema } from '@crossmarket/domain';
import type Stripe from 'stripe';
import type { App } from '../../http/app-type';
import { withTx, type Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { stripeEvents, stripeSubscriptionVersions } from '../../db/schema';
import { sendError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { queueReceipt } from './receipt-job';
import { applyStripeSubscription, upsertStripeInvoice, userOfCustomer } from './stripe-records';

async function cardOf(stripe: Stripe, subscription: Stripe.Subscription) {
  const ref = subscription.default_payment_method;
  if (!ref) return null;
  const method = typeof ref === 'string' ? await stripe.paymentMethods.retrieve(ref) : ref;
  return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
}

/**
 * Records that an event created at `created` (Stripe's seconds) describes the subscription; false when a
 * newer event has already been applied to it, so this older state must be ignored. Events of the same
 * second are applied in arrival order.
 */
async function newestFor(db: Db, subscriptionId: string, created: number): Promise<boolean> {
  const eventAt = new Date(created * 1000);
  const applied = await db
    .insert(stripeSubscriptionVersions)
    .values({ subscriptionId, eventAt })
    .onConflictDoUpdate({
      target: stripeSubscriptionVersions.subscriptionId,
      set: { eventAt: sql`excluded.event_at` },
      setWhere: sql`${stripeSubscriptionVersions.eventAt} <= excluded.event_at`,
    })
    .returning({ id: stripeSubscriptionVersions.subscriptionId });
  return applied.length > 0;
}

/** The subscription as Stripe has it now: newer than any event so far, so it is always applied. */
async function syncSubscription(db: Db, stripe: Stripe, id: string, created: number) {
  const subscription = await stripe.subscriptions.retrieve(id);
  await newestFor(db, id, created);
  await applyStripeSubscription(db, subscription, await cardOf(stripe, subscription));
}

/**
 * Applies one verified event. The event id is recorded in the same transaction as its effects: a failure
 * rolls both back and Stripe's retry applies it again; a repeat delivery changes nothing.
 */
export async function handleStripeEvent(db: Db, stripe: Stripe, event: Stripe.Event, queue: JobQueue) {
  const outcome = await applyStripeEvent(db, stripe, event);
  // Every payment Stripe takes (the first, a renewal, an upgrade's proration) ends in `invoice.paid`. Its
  // receipt is queued after the commit, and again on a redelivery: should queueing have failed the first
  // time (the answer was then an error and Stripe retries), the retry still mails it; the receipt job
  // mails once per invoice.
  if (event.type === 'invoice.paid' && (outcome === 'processed' || outcome === 'duplicate')) {
    const invoiceId = event.data.object.id;
    if (invoiceId) await queueReceipt(queue, invoiceId);
  }
  return outcome;
}

async function applyStripeEvent(db: Db, stripe: Stripe, event: Stripe.Event) {
  // Stripe stamps every event; one without a stamp (a hand-made test event) counts as just created.
  const created = typeof event.created === 'number' ? event.created : Math.floor(Date.now() / 1000);
  return withTx(db, async (t) => {
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
            created,
          );
        }
        return 'processed' as const;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        // Out of order: an older state than one already applied (say `updated` after `deleted`) is dropped.
        if (!(await newestFor(t, subscription.id, created))) return 'stale' as const;
        await applyStripeSubscription(t, subscription, await cardOf(stripe, subscription));
        return 'processed' as const;
      }
      default:
        return 'ignored' as const;
    }
  });
}

/** `POST /api/stripe/webhook`: the signature over the raw body is checked before anything is read. */
export function registerStripeWebhook(app: App, db: Db, stripe: Stripe, secret: string, queue: JobQueue) {
  void app.register(async (scope) => {
    // The app's JSON parser (http/json-body.ts) is replaced here: the signature needs the raw bytes.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const response = { 200: webhookReceivedSchema, 400: apiErrorSchema };
    scope.post('/api/stripe/webhook', { schema: { response } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        return sendError(reply, 400, 'bad_signature', 'The webhook signature is not valid.');
      }
      const outcome = await handleStripeEvent(db, stripe, event, queue);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true as const };
    });
  });
}
