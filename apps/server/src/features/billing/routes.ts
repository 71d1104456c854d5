import {
  billingOutcomeSchema,
  changePaymentMethodBody,
  confirmPaymentBody,
  couponCheckSchema,
  couponSchema,
  createSubscriptionBody,
  payInvoiceBody,
  paymentConfirmationSchema,
  paymentListSchema,
  productPricesSchema,
  prorationPreviewSchema,
  rawBodySchema,
  resultSchema,
  setupIntentSchema,
  stripeChangePaymentMethodBody,
  subscriptionActionBody,
  subscriptionCreatedSchema,
  upgradeBody,
  upgradeSchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../http/app-type';
import { billingInvoices } from '../../db/schema';
import { notFound } from '../../http/errors';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import type { Limiter, Limits } from '../../http/rate-limit';
import { guardedErrors } from '../../http/responses';
import type { Db } from '../../db/client';
import type { Guard } from '../auth';
import type { PaymentsProvider } from '../../providers/payments';
import { once } from './idempotency';
import { billedTo } from './billed-to';
import { renderInvoicePdf } from './invoice-pdf';
import { listPayments } from './payments';

const minutes = (n: number) => n * 60;
/** Guessing coupon codes, or piling up Stripe SetupIntents, is limited per user and per address. */
export const COUPON_LIMITS: Limits = {
  perIp: { name: 'check-coupon', max: 60, windowSeconds: minutes(15) },
  perEmail: { name: 'check-coupon', max: 20, windowSeconds: minutes(15) },
};
export const SETUP_INTENT_LIMITS: Limits = {
  perIp: { name: 'setup-intent', max: 20, windowSeconds: minutes(60) },
  perEmail: { name: 'setup-intent', max: 10, windowSeconds: minutes(60) },
};

const missingInvoice = () => notFound('This invoice was not found.');

export interface BillingRouteDeps {
  db: Db;
  guard: Guard;
  payments: PaymentsProvider;
  limit: Limiter;
}

/**
 * The specification's app-server billing calls (POST with JSON), identity from the session only. One
 * guarded scope that stays open after the 6-hour grace (paying is how a locked-out user gets back in).
 */
export function registerBillingRoutes(app: App, { db, guard, payments, limit }: BillingRouteDeps) {
  registerGuardedScope(
    app,
    guard,
    missingInvoice,
    (scope) => {
      scope.post(
        '/api/get-products',
        { schema: { response: { 200: productPricesSchema, ...guardedErrors() } } },
        async () => ({ price_ids: await payments.listPrices() }),
      );

      const checked = { 200: couponCheckSchema, ...guardedErrors(400, 429) };
      scope.post(
        '/api/check-coupon',
        { schema: { body: couponSchema, response: checked } },
        async (request) => {
          await limit(request, COUPON_LIMITS, callerOf(request).email);
          const coupon = await payments.findCoupon(request.body.coupon_code);
          return coupon ? { result: true, coupon } : { result: false, coupon: null };
        },
      );

      scope.post(
        '/api/create-subscription',
        {
          schema: {
            body: createSubscriptionBody,
            response: { 200: subscriptionCreatedSchema, ...guardedErrors(400, 404, 409) },
          },
        },
        async (request) => {
          const { userId, email } = callerOf(request);
          const b = request.body;
          return once(db, userId, b.idempotency_key, 'create-subscription', async () => {
            const created = await payments.createSubscription(
              { id: userId, email },
              { priceId: b.price_id, couponCode: b.active_coupon, idempotencyKey: b.idempotency_key },
            );
            return { result: true, client_secret: created.clientSecret, msg: '' };
          });
        },
      );

      // The sandbox's card confirmation; with Stripe the card goes to Stripe Elements and never reaches us.
      const { confirmCardPayment } = payments;
      if (confirmCardPayment) {
        scope.post(
          '/api/sandbox/confirm-payment',
          {
            schema: {
              body: confirmPaymentBody,
              response: { 200: paymentConfirmationSchema, ...guardedErrors(400, 404) },
            },
          },
          async (request) => confirmCardPayment(callerOf(request).userId, request.body),
        );
      }

      const autopay = {
        body: subscriptionActionBody,
        response: { 200: resultSchema, ...guardedErrors(400, 404) },
      };
      scope.post('/api/pause-subscription', { schema: autopay }, async (request) =>
        payments.setAutopay(callerOf(request).userId, false),
      );

      scope.post('/api/unpause-subscription', { schema: autopay }, async (request) =>
        payments.setAutopay(callerOf(request).userId, true),
      );

      const preview = {
        body: upgradeSchema,
        response: { 200: prorationPreviewSchema, ...guardedErrors(400, 404) },
      };
      scope.post('/api/preview-new-subscription', { schema: preview }, async (request) => ({
        result: true,
        data: await payments.previewUpgrade(callerOf(request).userId, request.body.price_id),
      }));

      const outcome = { 200: billingOutcomeSchema, ...guardedErrors(400, 404, 409) };
      scope.post(
        '/api/upgrade-subscription',
        { schema: { body: upgradeBody, response: outcome } },
        async (request) => {
          const { userId } = callerOf(request);
          return once(db, userId, request.body.idempotency_key, 'upgrade-subscription', () =>
            payments.upgrade(userId, request.body.price_id, request.body.idempotency_key),
          );
        },
      );

      // A provider that takes cards in its own form (Stripe Elements) is sent the SetupIntent confirmed there;
      // the sandbox is sent the typed card.
      const cardBody = payments.createSetupIntent ? stripeChangePaymentMethodBody : changePaymentMethodBody;
      scope.post(
        '/api/change-payment-method',
        { schema: { body: cardBody, response: outcome } },
        async (request) => payments.changePaymentMethod(callerOf(request).userId, request.body),
      );

      const { createSetupIntent } = payments;
      if (createSetupIntent) {
        const intent = { 200: setupIntentSchema, ...guardedErrors(429) };
        scope.post('/api/stripe/setup-intent', { schema: { response: intent } }, async (request) => {
          const { userId, email } = callerOf(request);
          await limit(request, SETUP_INTENT_LIMITS, email);
          const { clientSecret } = await createSetupIntent({ id: userId, email });
          return { result: true, client_secret: clientSecret };
        });
      }

      scope.post(
        '/api/pay-invoice',
        { schema: { body: payInvoiceBody, response: outcome } },
        async (request) => payments.payInvoice(callerOf(request).userId, request.body.invoice_id),
      );

      // Invoice ids are Stripe's (`in_…`), not UUIDs: the parameter is not the scope's `:id`.
      scope.get(
        '/api/invoices/:invoiceId/pdf',
        {
          schema: {
            params: z.object({ invoiceId: z.string().max(100) }),
            response: {
              200: rawBodySchema('The invoice as a PDF (application/pdf).'),
              ...guardedErrors(404),
            },
          },
        },
        async (request, reply) => {
          const { userId, email } = callerOf(request);
          const [invoice] = await db
            .select()
            .from(billingInvoices)
            .where(and(eq(billingInvoices.id, request.params.invoiceId), eq(billingInvoices.userId, userId)));
          if (!invoice) throw missingInvoice();
          const pdf = await renderInvoicePdf(invoice, await billedTo(db, userId, email));
          return reply
            .type('application/pdf')
            .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
            .header('cache-control', 'private, no-store')
            .send(pdf);
        },
      );

      scope.get(
        '/api/payments',
        {
          schema: {
            querystring: z.object({ status: z.enum(['paid', 'open', 'uncollectible', 'void']).optional() }),
            response: { 200: paymentListSchema, ...guardedErrors(400) },
          },
        },
        async (request) => listPayments(db, callerOf(request).userId, request.query.status),
      );
    },
    { allowLocked: true },
  );
}
