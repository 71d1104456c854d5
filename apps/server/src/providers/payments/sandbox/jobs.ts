import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../../jobs/types';
import { recordPaymentSucceeded } from './engine';
import { renewDueSubscriptions } from './renewals';

/** The sandbox engine's own work, which Stripe does on its side: monthly renewals and confirmed payments. */
export const sandboxPaymentJobs: JobHandlers = {
  [JOB_NAMES.renewals]: async (_data, { db }) => renewDueSubscriptions(db),
  [JOB_NAMES.paymentSucceeded]: async ({ payment_intent_id }, { db, queue }) => {
    const paid = await recordPaymentSucceeded(db, payment_intent_id);
    // Once per invoice: a second run of this job marks nothing paid, and the key holds a retried send.
    if (paid) await queue.send(JOB_NAMES.paymentReceipt, { invoice_id: paid }, { singletonKey: paid });
    return paid;
  },
};
