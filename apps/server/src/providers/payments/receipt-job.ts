import { JOB_NAMES } from '@crossmarket/domain';
import type { JobQueue } from '../../jobs/queue';

/**
 * Queues billing's receipt for a paid invoice. Safe to call more than once for one invoice: the job claims
 * the invoice id before mailing, so a payment gets one receipt however often it is queued.
 */
export async function queueReceipt(queue: JobQueue, invoiceId: string) {
  await queue.send(JOB_NAMES.paymentReceipt, { invoice_id: invoiceId }, { singletonKey: invoiceId });
}
