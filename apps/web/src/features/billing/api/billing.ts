import type { BillingCoupon } from '@crossmarket/domain';
import { api } from '../../../lib/api-client';

export interface PaymentRow {
  id: string;
  status: 'paid' | 'open' | 'uncollectible' | 'void';
  amount: number;
  invoice_id: string;
  invoice_number: string | null;
  invoice_pdf: string | null;
  created_at: string;
}

export const checkCoupon = (coupon_code: string, product_id?: string) =>
  api<{ result: boolean; coupon: BillingCoupon | null }>('/api/check-coupon', {
    body: { coupon_code, product_id },
  });

export const createSubscription = (body: {
  price_id: string;
  active_coupon: string | null;
  free_user: boolean;
  idempotency_key: string;
}) => api<{ result: boolean; client_secret: string; msg: string }>('/api/create-subscription', { body });

export const confirmSandboxPayment = (
  client_secret: string,
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
) =>
  api<{ result: boolean; status: string; msg: string }>('/api/sandbox/confirm-payment', {
    body: { client_secret, card },
  });

export const paidPayments = () => api<PaymentRow[]>('/api/payments?status=paid');

export interface Proration {
  current_plan_remaining: number;
  new_plan_remaining: number;
  you_pay_total_price: number;
}

type Outcome = { result: boolean; msg: string };

export const listPayments = () => api<PaymentRow[]>('/api/payments');
export const previewUpgrade = (price_id: string) =>
  api<{ result: boolean; data: Proration }>('/api/preview-new-subscription', { body: { price_id } });
export const upgradeSubscription = (price_id: string, idempotency_key: string) =>
  api<Outcome>('/api/upgrade-subscription', { body: { price_id, idempotency_key } });
export type CardValues = { number: string; exp_month: number; exp_year: number; cvc: string };
/** Sandbox: the typed card. Stripe: the SetupIntent that Stripe Elements confirmed. */
export const changePaymentMethod = (card: CardValues | { setup_intent_id: string }) =>
  api<Outcome>('/api/change-payment-method', { body: card });
export const createSetupIntent = () =>
  api<{ result: boolean; client_secret: string }>('/api/stripe/setup-intent', { body: {} });
export const payInvoice = (invoice_id: string) => api<Outcome>('/api/pay-invoice', { body: { invoice_id } });
export const setAutopay = (on: boolean) =>
  api<{ result: boolean }>(on ? '/api/unpause-subscription' : '/api/pause-subscription', { body: {} });
