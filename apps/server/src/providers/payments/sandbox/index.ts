import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { changePaymentMethod, payInvoice, previewUpgrade, upgrade } from './charges';
import { extendSubscription } from './extend';
import { confirmPayment, createSubscription, findCoupon, listPrices, setAutopay } from './engine';
import { queueReceipt } from '../receipt-job';
import type { Outcome, PaymentsProvider } from '../types';

/** The default provider: our own billing engine in PostgreSQL (features/billing), no network. */
export function createSandboxPayments(db: Db, queue: JobQueue): PaymentsProvider {
  // After the charge's transaction: a job queued inside it could run before the invoice reads as paid.
  const withReceipt = async (charged: Promise<Outcome & { paidInvoice?: string }>): Promise<Outcome> => {
    const { result, msg, paidInvoice } = await charged;
    if (paidInvoice) await queueReceipt(queue, paidInvoice);
    return { result, msg };
  };
  return {
    name: 'sandbox',
    listPrices: () => listPrices(db),
    findCoupon: (code) => findCoupon(db, code),
    createSubscription: (user, input) => createSubscription(db, user.id, input),
    setAutopay: (userId, on) => setAutopay(db, userId, on),
    previewUpgrade: async (userId, priceId) => (await previewUpgrade(db, userId, priceId)).proration,
    upgrade: (userId, priceId) => withReceipt(upgrade(db, userId, priceId)),
    changePaymentMethod: async (userId, card) =>
      // The route's schema sends the sandbox typed cards only; a SetupIntent is Stripe's.
      'setup_intent_id' in card
        ? { result: false, msg: 'Your card details are incomplete or invalid.' }
        : changePaymentMethod(db, userId, card),
    payInvoice: (userId, invoiceId) => withReceipt(payInvoice(db, userId, invoiceId)),
    confirmCardPayment: (userId, input) => confirmPayment(db, queue, userId, input),
    extendSubscription: (userId, days) => extendSubscription(db, userId, days),
  };
}
