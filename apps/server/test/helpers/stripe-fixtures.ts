import type { StripeCall, StripeRoute } from './stripe-stand-in';

// Stripe-shaped objects and the stand-in's routes for the Stripe adapter's tests: one customer (alice)
// with one subscription, the test cards' outcomes, and the SetupIntents of her and of someone else.

export const PERIOD_END = Math.floor(Date.UTC(2030, 0, 15) / 1000);
export const now = () => Math.floor(Date.now() / 1000);

export const invoice = (id: string, status: string, amount: number, extra: object = {}) => ({
  object: 'invoice',
  id,
  customer: 'cus_alice',
  status,
  amount_due: amount,
  number: `INV-${id}`,
  invoice_pdf: `https://pay.stripe.com/invoice/${id}/pdf`,
  created: now(),
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_alice' } },
  lines: { object: 'list', data: [] },
  ...extra,
});

export const subscription = (price: string, extra: object = {}) => ({
  object: 'subscription',
  id: 'sub_alice',
  customer: 'cus_alice',
  status: 'active',
  cancel_at_period_end: false,
  default_payment_method: 'pm_visa',
  items: {
    object: 'list',
    data: [{ id: 'si_alice', price: { id: price }, current_period_end: PERIOD_END }],
  },
  ...extra,
});

const cardError = (message: string) => ({
  status: 402,
  body: { error: { type: 'card_error', code: 'card_declined', message } },
});

export function stripeRoutes(): Record<string, StripeRoute> {
  return {
    'GET /v1/prices': () => ({
      object: 'list',
      data: ['s', 'm', 'l', 'xl', '2xl', '3xl'].map((k) => ({
        id: `price_live_${k}`,
        object: 'price',
        lookup_key: `crossmarket_${k}`,
      })),
    }),
    'GET /v1/promotion_codes': (call: StripeCall) => ({
      object: 'list',
      data:
        call.params.get('code') === 'SPRING20'
          ? [
              {
                id: 'promo_spring',
                code: 'SPRING20',
                promotion: {
                  type: 'coupon',
                  coupon: {
                    id: 'co_1',
                    valid: true,
                    percent_off: 20,
                    amount_off: null,
                    duration_in_months: 3,
                  },
                },
              },
            ]
          : [],
    }),
    'POST /v1/customers': () => ({ id: 'cus_alice', object: 'customer' }),
    'POST /v1/subscriptions': () => ({
      ...subscription('price_live_l', { status: 'incomplete' }),
      latest_invoice: invoice('in_first', 'open', 6320, {
        confirmation_secret: { type: 'payment_intent', client_secret: 'pi_first_secret_abc' },
      }),
    }),
    'GET /v1/subscriptions/sub_alice': () => subscription('price_live_l'),
    'GET /v1/payment_methods/pm_visa': () => ({
      id: 'pm_visa',
      object: 'payment_method',
      card: { brand: 'visa', last4: '4242' },
    }),
    'POST /v1/invoices/create_preview': () => ({
      object: 'invoice',
      amount_due: 3010,
      lines: { object: 'list', data: [{ amount: -3950 }, { amount: 6960 }] },
    }),
    'POST /v1/subscriptions/sub_alice': (call: StripeCall) =>
      call.params.get('items[0][price]') === 'price_live_3xl'
        ? cardError('Your card has insufficient funds.')
        : subscription(call.params.get('items[0][price]') ?? 'price_live_l'),
    'POST /v1/setup_intents': () => ({
      id: 'seti_new',
      object: 'setup_intent',
      client_secret: 'seti_new_secret_x',
    }),
    'GET /v1/setup_intents/seti_alice': () => ({
      id: 'seti_alice',
      customer: 'cus_alice',
      status: 'succeeded',
      payment_method: { id: 'pm_master', card: { brand: 'mastercard', last4: '4444' } },
    }),
    'GET /v1/setup_intents/seti_other': () => ({
      id: 'seti_other',
      customer: 'cus_someone_else',
      status: 'succeeded',
      payment_method: { id: 'pm_x', card: { brand: 'visa', last4: '1111' } },
    }),
    'POST /v1/customers/cus_alice': () => ({ id: 'cus_alice' }),
    'POST /v1/invoices/in_renewal/pay': () => cardError('Your card was declined.'),
  };
}
