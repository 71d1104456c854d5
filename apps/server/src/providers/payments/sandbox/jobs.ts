import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../../jobs/types';
import { queueReceipt } from '../receipt-job';
import { recordPaymentSucceeded } from './engine';
import { renewDueSubscriptions } from './renewals';

/** The sandbox engine's own work, which Stripe does on its side: monthly renewals and confirmed payments. */
export const sandboxPaymentJobs: JobHandlers = {
  [JOB_NAMES.renewals]: async (_data, { db, queue }) => {
    const outcome = await renewDueSubscriptions(db);
    for (const invoiceId of outcome.paidInvoices) await queueReceipt(queue, invoiceId);
    return outcome;
  },
  [JOB_NAMES.paymentSucceeded]: async ({ payment_intent_id }, { db, queue }) => {
    const paid = await recordPaymentSucceeded(db, payment_intent_id);
    // A second run of this job marks nothing paid; the receipt job itself mails once per invoice.
    if (paid) await queueReceipt(queue, paid);
    return paid;
  },
};
