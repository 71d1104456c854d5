import type {
  BillingOutcome,
  CouponCheck,
  PaymentConfirmation,
  PaymentRow,
  ProrationPreview,
  ResultAnswer,
  SetupIntentAnswer,
  SubscriptionCreated,
} from '@crossmarket/domain';
import { api } from '../../../lib/api-client';

export type { PaymentRow, Proration } from '@crossmarket/domain';

export const checkCoupon = (coupon_code: string, product_id?: string) =>
  api<CouponCheck>('/api/check-coupon', {
    body: { coupon_code, product_id },
  });

export const createSubscription = (body: {
  price_id: string;
  active_coupon: string | null;
  free_user: boolean;
  idempotency_key: string;
}) => api<SubscriptionCreated>('/api/create-subscription', { body });

export const confirmSandboxPayment = (
  client_secret: string,
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
) =>
  api<PaymentConfirmation>('/api/sandbox/confirm-payment', {
    body: { client_secret, card },
  });

export const paidPayments = () => api<PaymentRow[]>('/api/payments?status=paid');

type Outcome = BillingOutcome;

export const listPayments = () => api<PaymentRow[]>('/api/payments');
export const previewUpgrade = (price_id: string) =>
  api<ProrationPreview>('/api/preview-new-subscription', { body: { price_id } });
export const upgradeSubscription = (price_id: string, idempotency_key: string) =>
  api<Outcome>('/api/upgrade-subscription', { body: { price_id, idempotency_key } });
export type CardValues = { number: string; exp_month: number; exp_year: number; cvc: string };
/** Sandbox: the typed card. Stripe: the SetupIntent that Stripe Elements confirmed. */
export const changePaymentMethod = (card: CardValues | { setup_intent_id: string }) =>
  api<Outcome>('/api/change-payment-method', { body: card });
export const createSetupIntent = () => api<SetupIntentAnswer>('/api/stripe/setup-intent', { body: {} });
export const payInvoice = (invoice_id: string) => api<Outcome>('/api/pay-invoice', { body: { invoice_id } });
export const setAutopay = (on: boolean) =>
  api<ResultAnswer>(on ? '/api/unpause-subscription' : '/api/pause-subscription', { body: {} });
