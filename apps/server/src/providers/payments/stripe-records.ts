import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { billingCustomers, payments, userData, userProfiles } from '../../db/schema';
import { planByAnyPriceId } from '../../db/plans';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

export async function userOfCustomer(db: Db, customer: Stripe.Invoice['customer']) {
  const id = idOf(customer);
  if (!id) return undefined;
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.id, id));
  return row?.userId;
}

/**
 * One Payments row per Stripe invoice (drafts are not shown). Webhooks may arrive out of order, so a
 * settled status (paid, void) is never moved back to open by a late event.
 */
export async function upsertStripeInvoice(db: Db, userId: string, invoice: Stripe.Invoice) {
  if (!invoice.id || !invoice.status || invoice.status === 'draft') return;
  await db
    .insert(payments)
    .values({
      id: invoice.id,
      userId,
      status: invoice.status,
      amountCents: invoice.amount_due,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoicePdf: invoice.invoice_pdf ?? null,
      createdAt: new Date(invoice.created * 1000),
    })
    .onConflictDoUpdate({
      target: payments.id,
      set: {
        status: sql`case when ${payments.status} in ('paid', 'void') then ${payments.status} else excluded.status end`,
        amountCents: sql`excluded.amount_cents`,
        invoiceNumber: sql`coalesce(excluded.invoice_number, ${payments.invoiceNumber})`,
        invoicePdf: sql`coalesce(excluded.invoice_pdf, ${payments.invoicePdf})`,
      },
    });
}

const RUNNING = new Set(['active', 'past_due', 'trialing']);

/** Mirrors a Stripe subscription onto the account: plan, period end, autopay, and the card on file. */
export async function applyStripeSubscription(
  db: Db,
  subscription: Stripe.Subscription,
  card?: { brand: string; last4: string } | null,
) {
  const userId = await userOfCustomer(db, subscription.customer);
  if (!userId) return;
  const item = subscription.items.data[0];
  if (!item) return;
  const [account] = await db.select().from(userData).where(eq(userData.userId, userId));
  if (RUNNING.has(subscription.status)) {
    const plan = await planByAnyPriceId(db, item.price.id);
    await db
      .update(userData)
      .set({
        ...(plan ? { planCode: plan.code } : {}),
        subscriptionId: subscription.id,
        subscriptionEnd: new Date(item.current_period_end * 1000),
        welcomeDone: true,
        ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
      })
      .where(eq(userData.userId, userId));
    await db
      .update(userProfiles)
      .set({ autopay: !subscription.cancel_at_period_end })
      .where(eq(userProfiles.userId, userId));
  } else if (subscription.status === 'canceled' && account?.subscriptionId === subscription.id) {
    // An ended subscription: the account keeps its history and falls back to the free limits.
    const ended = subscription.ended_at ? new Date(subscription.ended_at * 1000) : new Date();
    await db.update(userData).set({ subscriptionEnd: ended }).where(eq(userData.userId, userId));
  }
}
