import {
  changePaymentMethodBody,
  confirmPaymentBody,
  couponSchema,
  createSubscriptionBody,
  payInvoiceBody,
  stripeChangePaymentMethodBody,
  subscriptionActionBody,
  upgradeBody,
  upgradeSchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { billingInvoices } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Guard } from '../auth/guard';
import type { PaymentsProvider } from '../../providers/payments/types';
import { once } from './idempotency';
import { renderInvoicePdf } from './invoice-pdf';
import { confirmPayment, listPayments } from './sandbox';

/** The specification's app-server billing calls (POST with JSON), identity from the session only. */
export function registerBillingRoutes(
  app: App,
  { db, guard, queue, payments }: { db: Db; guard: Guard; queue: JobQueue; payments: PaymentsProvider },
) {
  const sandbox = payments.name === 'sandbox';
  app.post('/api/get-products', async (request) => {
    await guard(request, { allowLocked: true });
    return { price_ids: await payments.listPrices() };
  });

  app.post('/api/check-coupon', { schema: { body: couponSchema } }, async (request) => {
    await guard(request, { allowLocked: true });
    const coupon = await payments.findCoupon(request.body.coupon_code);
    return coupon ? { result: true, coupon } : { result: false, coupon: null };
  });

  app.post('/api/create-subscription', { schema: { body: createSubscriptionBody } }, async (request) => {
    const { userId, email } = await guard(request, { allowLocked: true });
    const b = request.body;
    return once(db, userId, b.idempotency_key, 'create-subscription', async () => {
      const created = await payments.createSubscription(
        { id: userId, email },
        { priceId: b.price_id, couponCode: b.active_coupon, idempotencyKey: b.idempotency_key },
      );
      return { result: true, client_secret: created.clientSecret, msg: '' };
    });
  });

  // The sandbox's card confirmation; with Stripe the card goes to Stripe Elements and never reaches us.
  if (sandbox) {
    app.post('/api/sandbox/confirm-payment', { schema: { body: confirmPaymentBody } }, async (request) => {
      const { userId } = await guard(request, { allowLocked: true });
      return confirmPayment(db, queue, userId, request.body);
    });
  }

  app.post('/api/pause-subscription', { schema: { body: subscriptionActionBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return payments.setAutopay(userId, false);
  });

  app.post('/api/unpause-subscription', { schema: { body: subscriptionActionBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return payments.setAutopay(userId, true);
  });

  app.post('/api/preview-new-subscription', { schema: { body: upgradeSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return { result: true, data: await payments.previewUpgrade(userId, request.body.price_id) };
  });

  app.post('/api/upgrade-subscription', { schema: { body: upgradeBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return once(db, userId, request.body.idempotency_key, 'upgrade-subscription', () =>
      payments.upgrade(userId, request.body.price_id, request.body.idempotency_key),
    );
  });

  // Sandbox: the typed card. Stripe: the id of a SetupIntent confirmed in Stripe Elements.
  const cardBody = sandbox ? changePaymentMethodBody : stripeChangePaymentMethodBody;
  app.post('/api/change-payment-method', { schema: { body: cardBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return payments.changePaymentMethod(userId, request.body);
  });

  const { createSetupIntent } = payments;
  if (createSetupIntent) {
    app.post('/api/stripe/setup-intent', async (request) => {
      const { userId, email } = await guard(request, { allowLocked: true });
      const { clientSecret } = await createSetupIntent({ id: userId, email });
      return { result: true, client_secret: clientSecret };
    });
  }

  app.post('/api/pay-invoice', { schema: { body: payInvoiceBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return payments.payInvoice(userId, request.body.invoice_id);
  });

  app.get(
    '/api/invoices/:id/pdf',
    { schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const { userId, email } = await guard(request, { allowLocked: true });
      const [invoice] = await db
        .select()
        .from(billingInvoices)
        .where(and(eq(billingInvoices.id, request.params.id), eq(billingInvoices.userId, userId)));
      if (!invoice) throw notFound('This invoice was not found.');
      const pdf = await renderInvoicePdf(invoice, email);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/payments',
    {
      schema: {
        querystring: z.object({ status: z.enum(['paid', 'open', 'uncollectible', 'void']).optional() }),
      },
    },
    async (request) => {
      const { userId } = await guard(request, { allowLocked: true });
      return listPayments(db, userId, request.query.status);
    },
  );
}
