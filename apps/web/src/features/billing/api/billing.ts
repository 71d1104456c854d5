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
