import {
  changePaymentMethodBody,
  confirmPaymentBody,
  couponSchema,
  createSubscriptionBody,
  payInvoiceBody,
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
import { changePaymentMethod, payInvoice, previewUpgrade, upgrade } from './charges';
import { once } from './idempotency';
import { renderInvoicePdf } from './invoice-pdf';
import {
  confirmPayment,
  createSubscription,
  findCoupon,
  listPayments,
  listPrices,
  setAutopay,
} from './sandbox';

/** The specification's app-server billing calls (POST with JSON), identity from the session only. */
export function registerBillingRoutes(
  app: App,
  { db, guard, queue, sandbox }: { db: Db; guard: Guard; queue: JobQueue; sandbox: boolean },
) {
  app.post('/api/get-products', async (request) => {
    await guard(request, { allowLocked: true });
    return { price_ids: await listPrices(db) };
  });

  app.post('/api/check-coupon', { schema: { body: couponSchema } }, async (request) => {
    await guard(request, { allowLocked: true });
    const coupon = await findCoupon(db, request.body.coupon_code);
    return coupon ? { result: true, coupon } : { result: false, coupon: null };
  });

  app.post('/api/create-subscription', { schema: { body: createSubscriptionBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    const b = request.body;
    return once(db, userId, b.idempotency_key, 'create-subscription', async () => {
      const created = await createSubscription(db, userId, {
        priceId: b.price_id,
        couponCode: b.active_coupon,
      });
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
    return setAutopay(db, userId, false);
  });

  app.post('/api/unpause-subscription', { schema: { body: subscriptionActionBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return setAutopay(db, userId, true);
  });

  app.post('/api/preview-new-subscription', { schema: { body: upgradeSchema } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    const { proration } = await previewUpgrade(db, userId, request.body.price_id);
    return { result: true, data: proration };
  });

  app.post('/api/upgrade-subscription', { schema: { body: upgradeBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return once(db, userId, request.body.idempotency_key, 'upgrade-subscription', () =>
      upgrade(db, userId, request.body.price_id),
    );
  });

  app.post('/api/change-payment-method', { schema: { body: changePaymentMethodBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return changePaymentMethod(db, userId, request.body);
  });

  app.post('/api/pay-invoice', { schema: { body: payInvoiceBody } }, async (request) => {
    const { userId } = await guard(request, { allowLocked: true });
    return payInvoice(db, userId, request.body.invoice_id);
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
