import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { changePaymentMethod, payInvoice, previewUpgrade, upgrade } from './charges';
import { extendSubscription } from './extend';
import { confirmPayment, createSubscription, findCoupon, listPrices, setAutopay } from './engine';
import type { PaymentsProvider } from '../types';

/** The default provider: our own billing engine in PostgreSQL (features/billing), no network. */
export function createSandboxPayments(db: Db, queue: JobQueue): PaymentsProvider {
  return {
    name: 'sandbox',
    listPrices: () => listPrices(db),
    findCoupon: (code) => findCoupon(db, code),
    createSubscription: (user, input) => createSubscription(db, user.id, input),
    setAutopay: (userId, on) => setAutopay(db, userId, on),
    previewUpgrade: async (userId, priceId) => (await previewUpgrade(db, userId, priceId)).proration,
    upgrade: (userId, priceId) => upgrade(db, userId, priceId),
    changePaymentMethod: async (userId, card) =>
      // The route's schema sends the sandbox typed cards only; a SetupIntent is Stripe's.
      'setup_intent_id' in card
        ? { result: false, msg: 'Your card details are incomplete or invalid.' }
        : changePaymentMethod(db, userId, card),
    payInvoice: (userId, invoiceId) => payInvoice(db, userId, invoiceId),
    confirmCardPayment: (userId, input) => confirmPayment(db, queue, userId, input),
    extendSubscription: (userId, days) => extendSubscription(db, userId, days),
  };
}
