import { JOB_NAMES } from '@crossmarket/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, plans, user, userData, userProfiles } from '../../db/schema';
import type { JobHandlers } from '../../jobs/types';
import type { Mail } from '../../providers/mail/transport';
import { renderReceipt } from '../mail';
import { once } from './idempotency';

/**
 * The receipt of a paid invoice, from the stored rows (the Payments row the checkout polls, the plan and
 * renewal on the account); null when the row is not paid or not there. Nothing of the card is in it.
 */
export async function receiptMail(db: Db, invoiceId: string): Promise<{ userId: string; mail: Mail } | null> {
  const [row] = await db
    .select({
      userId: payments.userId,
      email: user.email,
      lang: userProfiles.commLang,
      planName: plans.name,
      amountCents: payments.amountCents,
      invoiceNumber: payments.invoiceNumber,
      renewsAt: userData.subscriptionEnd,
    })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .innerJoin(userData, eq(userData.userId, payments.userId))
    .leftJoin(plans, eq(plans.code, userData.planCode))
    .leftJoin(userProfiles, eq(userProfiles.userId, payments.userId))
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'paid')));
  if (!row) return null;
  const mail = renderReceipt(row.lang === 'tr' ? 'tr' : 'en', row.email, {
    planName: row.planName ?? 'Crossmarket',
    amountCents: row.amountCents,
    invoiceNumber: row.invoiceNumber,
    renewsAt: row.renewsAt,
  });
  return { userId: row.userId, mail };
}

/**
 * Billing's jobs: the receipt is delivered by the worker, so a slow mail server never holds a payment.
 * Every path that marks a payment paid queues this job (the checkout, a renewal, an upgrade, Stripe's
 * `invoice.paid` and its redeliveries), some more than once; the claim on the invoice id makes it one mail.
 * A failed delivery gives the claim back, so pg-boss's retry still sends it.
 */
export const billingJobs: JobHandlers = {
  [JOB_NAMES.paymentReceipt]: async ({ invoice_id: invoiceId }, ctx) => {
    const receipt = await receiptMail(ctx.db, invoiceId);
    if (!receipt) return 'not paid';
    return once(ctx.db, receipt.userId, `receipt:${invoiceId}`, JOB_NAMES.paymentReceipt, async () => {
      await ctx.mail.deliver(receipt.mail);
      return 'sent';
    });
  },
};
